/* elf_reserved.c — find ELFCLASS128 reserved bytes that are not zero (docs/abi.md §8.2:
 * writers zero them, readers ignore them, zl-readelf reports them).  Uses only the public
 * reader API. */
#include <stdio.h>
#include "elf.h"

static int nonzero(const u8 *p, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (p[i])
            return 1;
    return 0;
}

u32 elf_reserved_nonzero(const struct elf_file *f, char *where, usize n)
{
    const struct elf_ehdr *eh = elf_header(f);
    const struct elf_geom *g = elf_geom(eh->cls);
    const u8 *d = elf_data(f);
    u32 count = 0;
    if (n)
        where[0] = '\0';
    if (eh->cls != ELFCLASS128)
        return 0;
#define NOTE(...) do { if (count++ == 0 && n) snprintf(where, n, __VA_ARGS__); } while (0)
    if (nonzero(d + 88, 8))
        NOTE("ELF header");
    for (u32 i = 0; i < elf_phnum(f); i++)
        if (nonzero(d + (usize)eh->phoff + (usize)i * g->phentsize + 8, 8))
            NOTE("program header %u", i);
    for (u32 s = 1; s < elf_shnum(f); s++) {
        const struct elf_shdr *sh = elf_shdr(f, s);
        u32 cnt = elf_sym_count(f, s);
        for (u32 k = 0; k < cnt; k++)
            if (nonzero(d + (usize)sh->offset + (usize)k * g->symsize + 8, 8))
                NOTE("symbol %u in section %u", k, s);
    }
#undef NOTE
    return count;
}
