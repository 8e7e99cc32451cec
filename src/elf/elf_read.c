/* elf_read.c — validating parser of an untrusted ELF image in memory, and accessors.
 *
 * Every check happens in elf_read(): once a file has opened, each accessor only indexes
 * arrays whose bounds were proven here.  Rules (all arithmetic in u128, so no offset or
 * size can wrap):
 *   - header: magic, class, little endian, version, e_ehsize = the class's size;
 *   - tables: entry sizes equal the class's, table inside the file, counts bounded by the
 *     file size (so allocations stay proportional to the input);
 *   - segments: file bytes inside the file (an empty one may point anywhere); PT_LOAD: p_filesz <= p_memsz, p_align 0 or a
 *     power of two, p_vaddr + p_memsz inside the class's address space;
 *   - sections: contents inside the file (except SHT_NOBITS and empty sections), sh_addralign 0 or a power of
 *     two, sh_link < shnum, typed links (symtab -> strtab, rel -> symtab or 0, ...),
 *     entry sizes of symbol/relocation/dynamic tables, sh_info of symbol tables;
 *   - names: referenced string tables end in NUL, every name offset inside its table;
 *   - symbols: section index valid (SHN_XINDEX through SHT_SYMTAB_SHNDX);
 *   - relocations: symbol index inside the linked symbol table (types are not judged:
 *     an unknown type is the consumer's business).
 * Not checked here (semantics for the consumer): r_offset against the target section,
 * overlap of sections or segments, p_offset/p_vaddr congruence.
 */
#include <stdlib.h>
#include <string.h>
#include "common/le.h"
#include "elf_internal.h"

struct sec_extra {
    u32 count;               /* entries of a SYMTAB/DYNSYM/REL/RELA/DYNAMIC section */
    u32 xndx;                /* SYMTAB: its SHT_SYMTAB_SHNDX section, 0 if none */
};

struct elf_file {
    const u8 *data;
    usize size;
    void *owned;             /* buffer freed by elf_close (elf_open) */
    const struct elf_geom *g;
    struct elf_ehdr eh;
    struct elf_phdr *ph;
    struct elf_shdr *sh;
    struct sec_extra *sx;
};

/* [off, off+len) inside the file? */
static int in_file(const struct elf_file *f, u128 off, u128 len)
{
    return off <= f->size && len <= f->size - off;
}

static int is_strtab(const struct elf_file *f, u32 i)
{
    return i != 0 && i < f->eh.shnum && f->sh[i].type == SHT_STRTAB;
}

static int is_symtab(const struct elf_file *f, u32 i)
{
    return i != 0 && i < f->eh.shnum &&
           (f->sh[i].type == SHT_SYMTAB || f->sh[i].type == SHT_DYNSYM);
}

/* String at `off` of string table `st` (already known to end in NUL). */
static const char *strtab_at(const struct elf_file *f, u32 st, u128 off)
{
    const struct elf_shdr *s = &f->sh[st];
    if (off == 0 && s->size == 0)
        return "";
    if (off >= s->size)
        return NULL;
    return (const char *)f->data + (usize)s->offset + (usize)off;
}

static int strtab_terminated(const struct elf_file *f, u32 st)
{
    const struct elf_shdr *s = &f->sh[st];
    return s->size == 0 || f->data[(usize)(s->offset + s->size - 1)] == '\0';
}

/* Free a half-built file and return NULL; `err` was filled by elf_errf. */
static struct elf_file *fail_close(struct elf_file *f)
{
    elf_close(f);
    return NULL;
}
#define fail(f, err, ...) (elf_errf((err), __VA_ARGS__), fail_close(f))

static struct elf_file *read_header(struct elf_file *f, struct elf_err *err)
{
    const u8 *d = f->data;
    if (f->size < 4 || d[EI_MAG0] != ELFMAG0 || d[EI_MAG1] != ELFMAG1 ||
        d[EI_MAG2] != ELFMAG2 || d[EI_MAG3] != ELFMAG3)
        return fail(f, err, "not an ELF file");
    if (f->size < EI_NIDENT)
        return fail(f, err, "truncated ELF header");
    f->g = elf_geom(d[EI_CLASS]);
    if (!f->g)
        return fail(f, err, "unsupported ELF class %u", d[EI_CLASS]);
    if (d[EI_DATA] == ELFDATA2MSB)
        return fail(f, err, "big-endian ELF files are not supported");
    if (d[EI_DATA] != ELFDATA2LSB)
        return fail(f, err, "unsupported ELF data encoding %u", d[EI_DATA]);
    if (d[EI_VERSION] != EV_CURRENT)
        return fail(f, err, "unsupported ELF version %u", d[EI_VERSION]);
    if (f->size < f->g->ehsize)
        return fail(f, err, "truncated ELF header");
    elf_decode_ehdr(d[EI_CLASS], d, &f->eh);
    if (f->eh.version != EV_CURRENT)
        return fail(f, err, "unsupported ELF version %u", f->eh.version);
    if (f->eh.ehsize != f->g->ehsize)
        return fail(f, err, "bad ELF header size %u (expected %u)", f->eh.ehsize,
                    f->g->ehsize);
    return f;
}

/* Section 0 holds the real counts when they overflow the 16-bit header fields. */
static struct elf_file *read_section0(struct elf_file *f, struct elf_shdr *sh0,
                                      struct elf_err *err)
{
    if (f->eh.shoff == 0)
        return fail(f, err, "extended numbering without section headers");
    if (f->eh.shentsize != f->g->shentsize)
        return fail(f, err, "bad section header entry size %u (expected %u)",
                    f->eh.shentsize, f->g->shentsize);
    if (!in_file(f, f->eh.shoff, f->g->shentsize))
        return fail(f, err, "section header table beyond end of file");
    elf_decode_shdr(f->eh.cls, f->data + (usize)f->eh.shoff, sh0);
    return f;
}

static struct elf_file *read_phdrs(struct elf_file *f, u128 phnum, struct elf_err *err)
{
    const struct elf_geom *g = f->g;
    if (phnum == 0) {
        f->eh.phnum = 0;
        return f;
    }
    if (f->eh.phentsize != g->phentsize)
        return fail(f, err, "bad program header entry size %u (expected %u)",
                    f->eh.phentsize, g->phentsize);
    if (f->eh.phoff == 0)
        return fail(f, err, "bad program header table offset 0");
    if (phnum > f->size / g->phentsize || !in_file(f, f->eh.phoff, phnum * g->phentsize))
        return fail(f, err, "program header table beyond end of file");
    f->eh.phnum = (u32)phnum;
    f->ph = calloc((usize)phnum, sizeof *f->ph);
    if (!f->ph)
        return fail(f, err, "out of memory");
    u128 max = elf_class_max(f->eh.cls);
    for (u32 i = 0; i < f->eh.phnum; i++) {
        struct elf_phdr *p = &f->ph[i];
        elf_decode_phdr(f->eh.cls, f->data + (usize)f->eh.phoff + (usize)i * g->phentsize, p);
        if (p->filesz != 0 && !in_file(f, p->offset, p->filesz))
            return fail(f, err, "segment %u extends beyond end of file", i);
        if (p->type == PT_LOAD) {
            if (p->filesz > p->memsz)
                return fail(f, err, "segment %u: p_filesz greater than p_memsz", i);
            if (!elf_is_pow2_or_zero(p->align))
                return fail(f, err, "segment %u: bad alignment", i);
            if (p->memsz != 0 && p->memsz - 1 > max - p->vaddr)
                return fail(f, err, "segment %u wraps around the address space", i);
        }
    }
    return f;
}

static struct elf_file *check_table(struct elf_file *f, u32 i, unsigned want,
                                    struct elf_err *err)
{
    struct elf_shdr *s = &f->sh[i];
    if (s->entsize != want)
        return fail(f, err, "section %u: bad entry size (expected %u)", i, want);
    if (s->size % want != 0)
        return fail(f, err, "section %u: size not a multiple of the entry size", i);
    if (s->size / want > 0xffffffffu)
        return fail(f, err, "section %u: too many entries", i);
    f->sx[i].count = (u32)(s->size / want);
    return f;
}

static struct elf_file *read_shdrs(struct elf_file *f, const struct elf_shdr *sh0,
                                   struct elf_err *err)
{
    const struct elf_geom *g = f->g;
    struct elf_ehdr *eh = &f->eh;
    u128 shnum = eh->shnum, shstrndx = eh->shstrndx;
    if (shnum == 0 && eh->shoff != 0)
        shnum = sh0->size;
    if (shstrndx == SHN_XINDEX)
        shstrndx = sh0->link;
    if (shnum == 0) {
        eh->shnum = 0;
        if (shstrndx != 0)
            return fail(f, err, "bad section header string table index %u",
                        (unsigned)shstrndx);
        eh->shstrndx = 0;
        return f;
    }
    if (eh->shentsize != g->shentsize)
        return fail(f, err, "bad section header entry size %u (expected %u)", eh->shentsize,
                    g->shentsize);
    if (eh->shoff == 0)
        return fail(f, err, "bad section header table offset 0");
    if (shnum > f->size / g->shentsize || !in_file(f, eh->shoff, shnum * g->shentsize))
        return fail(f, err, "section header table beyond end of file");
    if (shnum >= 0xffffffffu)
        return fail(f, err, "too many sections");
    eh->shnum = (u32)shnum;
    if (shstrndx >= shnum)
        return fail(f, err, "bad section header string table index %u",
                    (unsigned)shstrndx);
    eh->shstrndx = (u32)shstrndx;
    f->sh = calloc((usize)shnum, sizeof *f->sh);
    f->sx = calloc((usize)shnum, sizeof *f->sx);
    if (!f->sh || !f->sx)
        return fail(f, err, "out of memory");

    /* Pass 1: each header on its own. */
    for (u32 i = 0; i < eh->shnum; i++) {
        struct elf_shdr *s = &f->sh[i];
        elf_decode_shdr(eh->cls, f->data + (usize)eh->shoff + (usize)i * g->shentsize, s);
        s->name = "";
        if (i == 0)
            continue;        /* reserved entry: only extended-numbering fields */
        if (s->type != SHT_NOBITS && s->type != SHT_NULL && s->size != 0 &&
            !in_file(f, s->offset, s->size))
            return fail(f, err, "section %u extends beyond end of file", i);
        if (!elf_is_pow2_or_zero(s->addralign))
            return fail(f, err, "section %u: bad alignment", i);
        if (s->link >= eh->shnum)
            return fail(f, err, "section %u: bad sh_link %u", i, s->link);
    }

    /* Pass 2: typed links and tables. */
    for (u32 i = 1; i < eh->shnum; i++) {
        struct elf_shdr *s = &f->sh[i];
        switch (s->type) {
        case SHT_SYMTAB:
        case SHT_DYNSYM:
            if (!check_table(f, i, g->symsize, err))
                return NULL;
            if (!is_strtab(f, s->link))
                return fail(f, err, "section %u: bad sh_link %u", i, s->link);
            if (s->info > f->sx[i].count)
                return fail(f, err, "section %u: bad sh_info %u", i, s->info);
            break;
        case SHT_REL:
        case SHT_RELA:
            if (!check_table(f, i, s->type == SHT_RELA ? g->relasize : g->relsize, err))
                return NULL;
            if (s->link != 0 && !is_symtab(f, s->link))
                return fail(f, err, "section %u: bad sh_link %u", i, s->link);
            if (s->info >= eh->shnum)
                return fail(f, err, "section %u: bad sh_info %u", i, s->info);
            break;
        case SHT_DYNAMIC:
            if (!check_table(f, i, g->dynsize, err))
                return NULL;
            if (s->link != 0 && !is_strtab(f, s->link))
                return fail(f, err, "section %u: bad sh_link %u", i, s->link);
            break;
        case SHT_SYMTAB_SHNDX:
        case SHT_HASH:
        case SHT_GNU_HASH:
        case SHT_GNU_versym:
        case SHT_GROUP:
            if (!is_symtab(f, s->link))
                return fail(f, err, "section %u: bad sh_link %u", i, s->link);
            break;
        default:
            break;
        }
    }

    /* SHT_SYMTAB_SHNDX: one 32-bit word per symbol of its symbol table. */
    for (u32 i = 1; i < eh->shnum; i++) {
        struct elf_shdr *s = &f->sh[i];
        if (s->type != SHT_SYMTAB_SHNDX)
            continue;
        if (s->size != (u128)f->sx[s->link].count * 4)
            return fail(f, err, "section %u: bad size for its symbol table", i);
        if (f->sh[s->link].type != SHT_SYMTAB || f->sx[s->link].xndx != 0)
            return fail(f, err, "section %u: bad sh_link %u", i, s->link);
        f->sx[s->link].xndx = i;
    }

    /* Section names. */
    if (eh->shstrndx != 0) {
        if (f->sh[eh->shstrndx].type != SHT_STRTAB)
            return fail(f, err, "bad section header string table index %u", eh->shstrndx);
        if (!strtab_terminated(f, eh->shstrndx))
            return fail(f, err, "section %u: string table not NUL-terminated", eh->shstrndx);
        for (u32 i = 0; i < eh->shnum; i++) {
            const char *n = strtab_at(f, eh->shstrndx, f->sh[i].name_off);
            if (!n)
                return fail(f, err, "section %u: name offset out of range", i);
            f->sh[i].name = n;
        }
    }
    return f;
}

static struct elf_file *check_symbols(struct elf_file *f, struct elf_err *err)
{
    for (u32 i = 1; i < f->eh.shnum; i++) {
        const struct elf_shdr *s = &f->sh[i];
        if (s->type == SHT_SYMTAB || s->type == SHT_DYNSYM) {
            if (!strtab_terminated(f, s->link))
                return fail(f, err, "section %u: string table not NUL-terminated", s->link);
            for (u32 k = 0; k < f->sx[i].count; k++) {
                struct elf_sym sym;
                elf_decode_sym(f->eh.cls, f->data + (usize)s->offset + (usize)k * f->g->symsize,
                               &sym);
                if (!strtab_at(f, s->link, sym.name_off))
                    return fail(f, err, "symbol %u in section %u: name offset out of range",
                                k, i);
                u32 x = sym.shndx;
                if (x == SHN_XINDEX && f->sx[i].xndx != 0) {
                    const struct elf_shdr *xs = &f->sh[f->sx[i].xndx];
                    x = get_le32(f->data + (usize)xs->offset + (usize)k * 4);
                    if (x >= f->eh.shnum)
                        return fail(f, err, "symbol %u in section %u: bad section index %u",
                                    k, i, x);
                } else if (x == SHN_XINDEX || (x < SHN_LORESERVE && x >= f->eh.shnum)) {
                    return fail(f, err, "symbol %u in section %u: bad section index %u", k,
                                i, x);
                }
            }
        } else if (s->type == SHT_REL || s->type == SHT_RELA) {
            int rela = s->type == SHT_RELA;
            u32 esz = rela ? f->g->relasize : f->g->relsize;
            u32 nsym = s->link ? f->sx[s->link].count : 1;
            for (u32 k = 0; k < f->sx[i].count; k++) {
                const u8 *p = f->data + (usize)s->offset + (usize)k * esz;
                u128 info = get_le(p + f->g->word, f->g->word);
                if (elf_r_sym(f->eh.cls, info) >= nsym)
                    return fail(f, err, "relocation %u in section %u: bad symbol index", k,
                                i);
            }
        }
    }
    return f;
}

struct elf_file *elf_read(const void *data, usize size, unsigned flags, struct elf_err *err)
{
    struct elf_file *f = calloc(1, sizeof *f);
    if (!f) {
        elf_errf(err, "out of memory");
        return NULL;
    }
    f->data = data;
    f->size = data ? size : 0;
    if (!read_header(f, err))
        return NULL;

    struct elf_ehdr *eh = &f->eh;
    struct elf_shdr sh0;
    memset(&sh0, 0, sizeof sh0);
    int want_sections = !(flags & ELF_READ_PHDRS_ONLY);
    int need_sh0 = eh->phnum == PN_XNUM ||
                   (want_sections && ((eh->shnum == 0 && eh->shoff != 0) ||
                                      eh->shstrndx == SHN_XINDEX));
    if (need_sh0 && !read_section0(f, &sh0, err))
        return NULL;

    if (!read_phdrs(f, eh->phnum == PN_XNUM ? (u128)sh0.info : (u128)eh->phnum, err))
        return NULL;
    if (!want_sections) {
        eh->shnum = 0;
        eh->shstrndx = 0;
        return f;
    }
    if (!read_shdrs(f, &sh0, err) || !check_symbols(f, err))
        return NULL;
    return f;
}

void elf_close(struct elf_file *f)
{
    if (!f)
        return;
    free(f->ph);
    free(f->sh);
    free(f->sx);
    free(f->owned);
    free(f);
}

void elf_file_own_(struct elf_file *f, void *buf)
{
    f->owned = buf;
}

const u8 *elf_data(const struct elf_file *f) { return f->data; }
usize elf_size(const struct elf_file *f) { return f->size; }
const struct elf_ehdr *elf_header(const struct elf_file *f) { return &f->eh; }
int elf_cls(const struct elf_file *f) { return f->eh.cls; }
u32 elf_phnum(const struct elf_file *f) { return f->eh.phnum; }
u32 elf_shnum(const struct elf_file *f) { return f->eh.shnum; }

const struct elf_phdr *elf_phdr(const struct elf_file *f, u32 i)
{
    return i < f->eh.phnum ? &f->ph[i] : NULL;
}

int elf_segment_data(const struct elf_file *f, u32 i, const u8 **data, usize *size)
{
    *data = NULL;
    *size = 0;
    if (i >= f->eh.phnum)
        return -1;
    if (f->ph[i].filesz != 0) {
        *data = f->data + (usize)f->ph[i].offset;
        *size = (usize)f->ph[i].filesz;
    }
    return 0;
}

const struct elf_shdr *elf_shdr(const struct elf_file *f, u32 i)
{
    return i < f->eh.shnum ? &f->sh[i] : NULL;
}

u32 elf_section_by_name(const struct elf_file *f, const char *name)
{
    for (u32 i = 1; i < f->eh.shnum; i++)
        if (strcmp(f->sh[i].name, name) == 0)
            return i;
    return 0;
}

u32 elf_section_by_type(const struct elf_file *f, u32 type)
{
    for (u32 i = 1; i < f->eh.shnum; i++)
        if (f->sh[i].type == type)
            return i;
    return 0;
}

int elf_section_data(const struct elf_file *f, u32 i, const u8 **data, usize *size)
{
    *data = NULL;
    *size = 0;
    if (i >= f->eh.shnum)
        return -1;
    const struct elf_shdr *s = &f->sh[i];
    if (i != 0 && s->type != SHT_NOBITS && s->type != SHT_NULL && s->size != 0) {
        *data = f->data + (usize)s->offset;
        *size = (usize)s->size;
    }
    return 0;
}

static u32 count_of(const struct elf_file *f, u32 sec, u32 t1, u32 t2)
{
    if (sec == 0 || sec >= f->eh.shnum)
        return 0;
    u32 t = f->sh[sec].type;
    return (t == t1 || t == t2) ? f->sx[sec].count : 0;
}

u32 elf_sym_count(const struct elf_file *f, u32 sec)
{
    return count_of(f, sec, SHT_SYMTAB, SHT_DYNSYM);
}

int elf_sym(const struct elf_file *f, u32 sec, u32 i, struct elf_sym *out)
{
    if (i >= elf_sym_count(f, sec))
        return -1;
    const struct elf_shdr *s = &f->sh[sec];
    elf_decode_sym(f->eh.cls, f->data + (usize)s->offset + (usize)i * f->g->symsize, out);
    out->name = strtab_at(f, s->link, out->name_off);
    if (out->shndx == SHN_XINDEX && f->sx[sec].xndx != 0) {
        const struct elf_shdr *xs = &f->sh[f->sx[sec].xndx];
        out->shndx = get_le32(f->data + (usize)xs->offset + (usize)i * 4);
    }
    return 0;
}

u32 elf_rel_count(const struct elf_file *f, u32 sec)
{
    return count_of(f, sec, SHT_REL, SHT_RELA);
}

int elf_rel(const struct elf_file *f, u32 sec, u32 i, struct elf_rel *out)
{
    if (i >= elf_rel_count(f, sec))
        return -1;
    const struct elf_shdr *s = &f->sh[sec];
    int rela = s->type == SHT_RELA;
    u32 esz = rela ? f->g->relasize : f->g->relsize;
    elf_decode_rel(f->eh.cls, f->data + (usize)s->offset + (usize)i * esz, rela, out);
    return 0;
}

u32 elf_dyn_count(const struct elf_file *f, u32 sec)
{
    return count_of(f, sec, SHT_DYNAMIC, SHT_DYNAMIC);
}

int elf_dyn(const struct elf_file *f, u32 sec, u32 i, struct elf_dyn *out)
{
    if (i >= elf_dyn_count(f, sec))
        return -1;
    const struct elf_shdr *s = &f->sh[sec];
    elf_decode_dyn(f->eh.cls, f->data + (usize)s->offset + (usize)i * f->g->dynsize, out);
    return 0;
}

const char *elf_string(const struct elf_file *f, u32 strsec, u128 off)
{
    if (!is_strtab(f, strsec))
        return NULL;
    const struct elf_shdr *s = &f->sh[strsec];
    if (off >= s->size)
        return NULL;
    const char *p = (const char *)f->data + (usize)(s->offset + off);
    if (!memchr(p, 0, (usize)(s->size - off)))
        return NULL;
    return p;
}
