/* dwarf_sym.c — the function around an address from the symbol table, by the rules of
 * GNU BFD's _bfd_elf_find_function, for code without DWARF subprograms (zl-as's
 * compile units, hand-written assembly, C libraries built without -g). */
#include <string.h>

#include "elf/dwarf.h"

/* Candidates: any symbol of the section but section, file, object and TLS symbols,
 * RISC-V mapping symbols and hidden zero-size local NOTYPE symbols (a size of 0 counts
 * as 1).  The best is the closest one at or below `off`; among those at one address the
 * one that reaches `off`, then a function rather than not, a typed symbol rather than
 * NOTYPE, the smaller.  A later symbol inside the best one's extent shortens it. */
const char *elf_find_function(const struct elf_file *f, u32 symtab, u32 sec, u128 off,
                              struct elf_func_cache *cache, const char **file)
{
    if (cache->name && cache->sec == sec && off >= cache->lo && off < cache->hi) {
        *file = cache->file;
        return cache->name;
    }
    struct elf_sym s, best = { 0 };
    u128 best_size = 0;
    bool have = false;
    const char *cur_file = NULL, *best_file = NULL;
    enum { NOTHING, SYMBOL, FILE_AFTER_SYMBOL } state = NOTHING;
    for (u32 i = 1; symtab && i < elf_sym_count(f, symtab); i++) {
        if (elf_sym(f, symtab, i, &s) < 0)
            continue;
        u8 type = ELF_ST_TYPE(s.info), bind = ELF_ST_BIND(s.info);
        if (type == STT_FILE) {
            cur_file = s.name;
            if (state == SYMBOL)
                state = FILE_AFTER_SYMBOL;
            continue;
        }
        if (state == NOTHING)
            state = SYMBOL;
        if (type == STT_SECTION || type == STT_OBJECT || type == STT_COMMON ||
            type == STT_TLS || s.shndx != sec)
            continue;
        if (bind == STB_LOCAL && s.name[0] == '$' && (s.name[1] == 'x' || s.name[1] == 'd'))
            continue;
        if (s.size == 0 && bind == STB_LOCAL && type == STT_NOTYPE &&
            ELF_ST_VISIBILITY(s.other) == STV_HIDDEN)
            continue;
        u128 size = s.size ? s.size : 1;
        bool better;
        if (s.value > off || (have && s.value < best.value))
            better = false;                     /* beyond off, or further than the best */
        else if (!have || s.value > best.value)
            better = true;                      /* closer */
        else if (best.value + best_size <= off)
            better = size > best_size;          /* the best does not reach off */
        else if (s.value + size <= off)
            better = false;                     /* this one does not */
        else if ((type == STT_FUNC) != (ELF_ST_TYPE(best.info) == STT_FUNC))
            better = type == STT_FUNC;          /* a function over a non-function */
        else if ((type == STT_NOTYPE) != (ELF_ST_TYPE(best.info) == STT_NOTYPE))
            better = type != STT_NOTYPE;        /* a typed symbol over an untyped one */
        else
            better = size < best_size;          /* the smaller */
        if (better) {
            best = s;
            best_size = size;
            have = true;
            best_file = cur_file && (bind == STB_LOCAL || state != FILE_AFTER_SYMBOL)
                        ? cur_file : NULL;
        } else if (have && s.value > off && s.value > best.value &&
                   s.value < best.value + best_size) {
            best_size = s.value - best.value;
        }
    }
    if (!have)
        return NULL;
    cache->sec = sec;
    cache->lo = best.value;
    cache->hi = best.value + (best.size ? best.size : 1);
    cache->name = best.name;
    cache->file = *file = best_file;
    return best.name;
}

