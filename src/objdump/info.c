/* Opening a file; -f, -h, -t, -r, -s in GNU objdump's formats. */
#include <stdlib.h>
#include <string.h>

#include "objdump/objdump.h"

char *od_hex(u128 v, unsigned digits, char *buf)
{
    for (unsigned i = 0; i < digits; i++) {
        unsigned d = (unsigned)((v >> (4 * (digits - 1 - i))) & 15);
        buf[i] = "0123456789abcdef"[d];
    }
    buf[digits] = 0;
    return buf;
}

const char *od_format_name(const struct od_file *F)
{
    return F->cls == ELFCLASS32 ? "elf32-littleriscv"
         : F->cls == ELFCLASS64 ? "elf64-littleriscv" : "elf128-littleriscv";
}

int od_open(struct od_file *F, const char *path, FILE *out)
{
    memset(F, 0, sizeof *F);
    F->path = path;
    F->out = out;
    struct elf_err err;
    F->f = elf_open(path, 0, &err);
    if (!F->f) {
        fprintf(stderr, "zl-objdump: %s: %s\n", path, err.msg);
        return -1;
    }
    const struct elf_ehdr *h = elf_header(F->f);
    if (h->machine != EM_RISCV) {
        fprintf(stderr, "zl-objdump: %s: not a RISC-V file (e_machine %u)\n", path, h->machine);
        elf_close(F->f);
        F->f = NULL;
        return -1;
    }
    F->cls = h->cls;
    F->xlen = (int)elf_class_bits(h->cls);
    F->addr_digits = (unsigned)F->xlen / 4;
    F->exts = ~0u;
    F->symtab = elf_section_by_type(F->f, SHT_SYMTAB);
    u32 n = F->symtab ? elf_sym_count(F->f, F->symtab) : 0;
    if (n) {
        F->syms = calloc(n, sizeof *F->syms);
        if (!F->syms) { fputs("zl-objdump: out of memory\n", stderr); exit(1); }
        for (u32 i = 0; i < n; i++) {
            struct elf_sym s;
            if (elf_sym(F->f, F->symtab, i, &s) != 0) continue;
            F->syms[i].name = s.name;
            F->syms[i].value = s.value;
            F->syms[i].size = s.size;
            F->syms[i].shndx = s.shndx;
            F->syms[i].info = s.info;
            F->syms[i].other = s.other;
            F->syms[i].index = i;
        }
        F->nsyms = n;
    }
    return 0;
}

void od_close(struct od_file *F)
{
    free(F->syms);
    if (F->f) elf_close(F->f);
    F->f = NULL;
}

bool od_section_selected(const struct od_opts *o, const char *name)
{
    if (!o->nonly) return true;
    for (usize i = 0; i < o->nonly; i++)
        if (!strcmp(o->only[i], name)) return true;
    return false;
}

/* Sections objdump shows: not the ELF bookkeeping ones. */
static bool listed(const struct elf_shdr *sh)
{
    switch (sh->type) {
    case SHT_NULL: case SHT_SYMTAB: case SHT_STRTAB: case SHT_RELA: case SHT_REL:
    case SHT_GROUP: case SHT_SYMTAB_SHNDX:
        return false;
    default:
        return true;
    }
}

bool od_has_relocs(const struct od_file *F, u32 sec)
{
    u32 n = elf_shnum(F->f);
    for (u32 i = 1; i < n; i++) {
        const struct elf_shdr *sh = elf_shdr(F->f, i);
        if ((sh->type == SHT_RELA || sh->type == SHT_REL) && sh->info == sec &&
            elf_rel_count(F->f, i))
            return true;
    }
    return false;
}

void od_file_header(struct od_file *F)
{
    const struct elf_ehdr *h = elf_header(F->f);
    char b[40];
    static const char *const types[] = { "", "HAS_RELOC", "EXEC_P", "DYNAMIC" };
    fprintf(F->out, "architecture: riscv:rv%d, flags 0x%08x:\n", F->xlen,
            h->type == ET_REL ? 0x11 : h->type == ET_EXEC ? 0x112 : 0x150);
    (void)types;
    if (h->type == ET_REL) fputs("HAS_RELOC, HAS_SYMS\n", F->out);
    else if (h->type == ET_EXEC) fputs("EXEC_P, HAS_SYMS, D_PAGED\n", F->out);
    else fputs("HAS_SYMS, DYNAMIC, D_PAGED\n", F->out);
    fprintf(F->out, "start address 0x%s\n\n", od_hex(h->entry, F->addr_digits, b));
}

/* ---- -p: program headers ----------------------------------------------------------- */

void od_private_headers(struct od_file *F)
{
    u32 n = elf_phnum(F->f);
    if (!n) return;
    unsigned w = F->addr_digits;
    char b1[40], b2[40], b3[40];
    fputs("Program Header:\n", F->out);
    for (u32 i = 0; i < n; i++) {
        const struct elf_phdr *p = elf_phdr(F->f, i);
        const char *t = NULL;
        switch (p->type) {
        case PT_LOAD: t = "LOAD"; break;
        case PT_DYNAMIC: t = "DYNAMIC"; break;
        case PT_INTERP: t = "INTERP"; break;
        case PT_NOTE: t = "NOTE"; break;
        case PT_SHLIB: t = "SHLIB"; break;
        case PT_PHDR: t = "PHDR"; break;
        case PT_TLS: t = "TLS"; break;
        case PT_GNU_EH_FRAME: t = "EH_FRAME"; break;
        case PT_GNU_STACK: t = "STACK"; break;
        case PT_GNU_RELRO: t = "RELRO"; break;
        case PT_GNU_PROPERTY: t = "PROPERTY"; break;
        default: break;
        }
        char tb[16];
        if (!t) { snprintf(tb, sizeof tb, "0x%08x", p->type); t = tb; }
        unsigned lg = 0;
        while (lg < 127 && ((u128)1 << lg) < p->align) lg++;
        fprintf(F->out, "%8s off    0x%s vaddr 0x%s paddr 0x%s align 2**%u\n", t,
                od_hex(p->offset, w, b1), od_hex(p->vaddr, w, b2), od_hex(p->paddr, w, b3), lg);
        fprintf(F->out, "         filesz 0x%s memsz 0x%s flags %c%c%c\n", od_hex(p->filesz, w, b1),
                od_hex(p->memsz, w, b2), (p->flags & PF_R) ? 'r' : '-', (p->flags & PF_W) ? 'w' : '-',
                (p->flags & PF_X) ? 'x' : '-');
    }
    fputc('\n', F->out);
}

/* ---- -h ---------------------------------------------------------------------------- */

static bool is_debug(const char *name)
{
    return !strncmp(name, ".debug", 6) || !strncmp(name, ".zdebug", 7) ||
           !strncmp(name, ".gnu.linkonce.wi.", 17) || !strcmp(name, ".line") ||
           !strncmp(name, ".stab", 5);
}

void od_headers(struct od_file *F, const struct od_opts *o)
{
    unsigned w = F->addr_digits;
    char b1[40], b2[40], b3[40];
    fprintf(F->out, "Sections:\nIdx Name          Size      %-*s  %-*s  File off  Algn\n", (int)w,
            "VMA", (int)w, "LMA");
    u32 n = elf_shnum(F->f);
    int idx = 0;
    for (u32 i = 1; i < n; i++) {
        const struct elf_shdr *sh = elf_shdr(F->f, i);
        if (!listed(sh)) continue;
        if (!od_section_selected(o, sh->name)) { idx++; continue; }
        unsigned lg = 0;
        while (lg < 127 && ((u128)1 << lg) < sh->addralign) lg++;
        /* the load address is the virtual one (objdump shows the segment's physical
           address for executables; zl-ld writes p_paddr = p_vaddr) */
        fprintf(F->out, "%3d %-13s %s  %s  %s  %s  2**%u\n", idx, sh->name,
                od_hex(sh->size, w < 16 ? 8 : w == 16 ? 8 : 16, b1), od_hex(sh->addr, w, b2),
                od_hex(sh->addr, w, b3), od_hex(sh->offset, 8, b1 + 20), lg);
        char flags[200] = "";
        usize fl = 0;
#define FLAG(s) fl += (usize)snprintf(flags + fl, sizeof flags - fl, "%s%s", fl ? ", " : "", s)
        bool nobits = sh->type == SHT_NOBITS;
        if (!nobits) FLAG("CONTENTS");
        if (sh->flags & SHF_ALLOC) FLAG("ALLOC");
        if ((sh->flags & SHF_ALLOC) && !nobits) FLAG("LOAD");
        if (od_has_relocs(F, i)) FLAG("RELOC");
        if (!(sh->flags & SHF_WRITE) && !nobits) FLAG("READONLY");
        if (sh->flags & SHF_EXECINSTR) FLAG("CODE");
        else if ((sh->flags & SHF_ALLOC) && !nobits) FLAG("DATA");
        if (sh->flags & SHF_TLS) FLAG("THREAD_LOCAL");
        if (is_debug(sh->name)) { FLAG("DEBUGGING"); FLAG("OCTETS"); }
        if (sh->flags & SHF_EXCLUDE) FLAG("EXCLUDE");
        if (sh->flags & SHF_GROUP) FLAG("GROUP");
#undef FLAG
        fprintf(F->out, "                  %s\n", flags);
        idx++;
    }
}

/* ---- -t ---------------------------------------------------------------------------- */

static bool hidden_sym(const struct od_sym *s)
{
    if (ELF_ST_TYPE(s->info) == STT_FILE && !s->name[0]) return true;
    if (ELF_ST_BIND(s->info) != STB_LOCAL) return false;
    const char *n = s->name;
    if (n[0] == '$' && (n[1] == 'x' || n[1] == 'd') ) return true;   /* mapping symbols */
    if (n[0] == '.' && n[1] == 'L') return true;                     /* local labels */
    return false;
}

const char *od_sym_name(const struct od_file *F, u32 symidx)
{
    if (symidx == 0 || symidx >= F->nsyms) return "*ABS*";
    const struct od_sym *s = &F->syms[symidx];
    if (ELF_ST_TYPE(s->info) == STT_SECTION) {
        const struct elf_shdr *sh = elf_shdr(F->f, s->shndx);
        return sh ? sh->name : "";
    }
    return s->name;
}

static const char *sec_label(const struct od_file *F, u32 shndx)
{
    if (shndx == SHN_UNDEF) return "*UND*";
    if (shndx == SHN_ABS) return "*ABS*";
    if (shndx == SHN_COMMON) return "*COM*";
    const struct elf_shdr *sh = elf_shdr(F->f, shndx);
    return sh ? sh->name : "*UND*";
}

/* Symbol names as objdump prints them: control characters in caret notation (the
 * \002 of GNU as's local labels shows as ^B). */
void od_put_name(FILE *out, const char *name)
{
    for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
        if (*p < 0x20 || *p == 0x7f) { fputc('^', out); fputc(*p == 0x7f ? '?' : *p + 0x40, out); }
        else fputc(*p, out);
    }
}

void od_symbols(struct od_file *F)
{
    fputs("SYMBOL TABLE:\n", F->out);
    if (!F->nsyms) {
        fputs("no symbols\n", F->out);
        return;
    }
    unsigned w = F->addr_digits;
    char b1[40], b2[40];
    for (u32 i = 1; i < F->nsyms; i++) {
        const struct od_sym *s = &F->syms[i];
        if (hidden_sym(s)) continue;
        u8 bind = ELF_ST_BIND(s->info), type = ELF_ST_TYPE(s->info);
        bool undef = s->shndx == SHN_UNDEF, common = s->shndx == SHN_COMMON;
        char c1 = ' ';
        if (bind == STB_LOCAL) c1 = 'l';
        else if (bind == STB_GNU_UNIQUE) c1 = 'u';
        else if (bind == STB_GLOBAL && !undef && !common) c1 = 'g';
        char c2 = bind == STB_WEAK ? 'w' : ' ';
        char c5 = type == STT_GNU_IFUNC ? 'i' : ' ';
        char c6 = (type == STT_SECTION || type == STT_FILE) ? 'd' : ' ';
        char c7 = type == STT_FUNC || type == STT_GNU_IFUNC ? 'F' : type == STT_FILE ? 'f'
                : (type == STT_OBJECT || type == STT_COMMON) ? 'O' : ' ';
        u128 value = common ? s->size : s->value;
        u128 size = common ? s->value : s->size;
        const char *vis = "";
        switch (ELF_ST_VISIBILITY(s->other)) {
        case STV_HIDDEN: vis = ".hidden "; break;
        case STV_PROTECTED: vis = ".protected "; break;
        case STV_INTERNAL: vis = ".internal "; break;
        default: break;
        }
        const char *name = type == STT_SECTION ? sec_label(F, s->shndx) : s->name;
        fprintf(F->out, "%s %c%c  %c%c%c ", od_hex(value, w, b1), c1, c2, c5, c6, c7);
        od_put_name(F->out, sec_label(F, s->shndx));
        fprintf(F->out, "\t%s %s", od_hex(size, w, b2), vis);
        od_put_name(F->out, name);
        fputc('\n', F->out);
    }
    fputs("\n\n", F->out);
}

/* ---- -r ---------------------------------------------------------------------------- */

void od_relocs(struct od_file *F, const struct od_opts *o)
{
    u32 n = elf_shnum(F->f);
    unsigned w = F->addr_digits;
    const struct elf_ehdr *h = elf_header(F->f);
    for (u32 i = 1; i < n; i++) {
        const struct elf_shdr *rs = elf_shdr(F->f, i);
        if (rs->type != SHT_RELA && rs->type != SHT_REL) continue;
        const struct elf_shdr *tgt = elf_shdr(F->f, rs->info);
        const char *tname = tgt && rs->info ? tgt->name : rs->name;
        if (!od_section_selected(o, tname)) continue;
        u32 cnt = elf_rel_count(F->f, i);
        if (!cnt) continue;
        fprintf(F->out, "RELOCATION RECORDS FOR [%s]:\n%-*s %-16s  VALUE\n", tname, (int)w,
                "OFFSET", "TYPE");
        for (u32 k = 0; k < cnt; k++) {
            struct elf_rel r;
            if (elf_rel(F->f, i, k, &r) != 0) continue;
            char b[40], tb[32];
            const char *tn = elf_reloc_name(h->machine, r.type);
            if (!tn) { snprintf(tb, sizeof tb, "*unknown*"); tn = tb; }
            fprintf(F->out, "%s %-16s  ", od_hex(r.offset, w, b), tn);
            od_put_name(F->out, od_sym_name(F, r.sym));
            /* objdump -r pads the addend to the address width */
            if (r.addend > 0) fprintf(F->out, "+0x%s", od_hex((u128)r.addend, w, b));
            else if (r.addend < 0) fprintf(F->out, "-0x%s", od_hex((u128)0 - (u128)r.addend, w, b));
            fputc('\n', F->out);
        }
        fputs("\n\n", F->out);
    }
}

/* ---- -s ---------------------------------------------------------------------------- */

static unsigned hex_digits(u128 v)
{
    unsigned n = 1;
    while (v >>= 4) n++;
    return n;
}

void od_contents(struct od_file *F, const struct od_opts *o)
{
    u32 n = elf_shnum(F->f);
    for (u32 i = 1; i < n; i++) {
        const struct elf_shdr *sh = elf_shdr(F->f, i);
        if (!listed(sh) || sh->type == SHT_NOBITS) continue;
        if (!od_section_selected(o, sh->name)) continue;
        const u8 *d;
        usize size;
        elf_section_data(F->f, i, &d, &size);
        if (!size) continue;
        fprintf(F->out, "Contents of section %s:\n", sh->name);
        unsigned w = hex_digits(sh->addr);
        unsigned w2 = hex_digits(sh->addr + size - 1);
        if (w2 > w) w = w2;
        if (w < 4) w = 4;
        for (usize off = 0; off < size; off += 16) {
            char b[40];
            fprintf(F->out, " %s ", od_hex(sh->addr + off, w, b));
            char hexs[40], asc[17];
            usize hl = 0;
            for (usize k = 0; k < 16; k++) {
                if (off + k < size) {
                    hl += (usize)snprintf(hexs + hl, sizeof hexs - hl, "%02x", d[off + k]);
                    u8 c = d[off + k];
                    asc[k] = (c >= 0x20 && c < 0x7f) ? (char)c : '.';
                } else {
                    hl += (usize)snprintf(hexs + hl, sizeof hexs - hl, "  ");
                    asc[k] = ' ';
                }
                if (k % 4 == 3 && k != 15) hexs[hl++] = ' ';
            }
            hexs[hl] = 0;
            asc[16] = 0;
            fprintf(F->out, "%s  %s\n", hexs, asc);
        }
    }
}
