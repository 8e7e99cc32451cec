/* elf_write.c — build a complete ELF image of any class from the class-neutral model.
 *
 * The caller adds sections, symbols, relocation sections and program headers; the writer
 * owns copies of everything, and at elf_writer_finish() lays the file out:
 *
 *   [ELF header][program headers][section contents in order][.symtab .strtab .shstrtab]
 *   [section header table]
 *
 * Section contents start at multiples of sh_addralign.  A section inside a PT_LOAD
 * segment that has sections is placed so that file offset and address agree modulo the
 * segment's p_align (the first section of the segment) and so that the address gaps
 * between its sections are reproduced in the file (the others); SHT_NOBITS sections take
 * no file space and must end their segment.  Every value is range-checked against the
 * class when encoded.
 */
#include <stdlib.h>
#include <string.h>
#include "elf_internal.h"

#define MAX_SECTIONS (SHN_LORESERVE - 1)   /* no extended numbering on output */
#define MAX_SEGMENTS (PN_XNUM - 1)

enum { WK_USER, WK_REL };

struct wsec {
    struct elf_shdr sh;      /* name unused (name_off in .shstrtab) */
    u8 *data;                /* sh.size bytes, NULL for NOBITS */
    int kind;
    int rela;
    struct elf_rel *rels;
    usize nrels;
    u32 seg;                 /* 1 + index of the PT_LOAD segment placing it, 0 = none */
    u128 off;                /* layout result */
};

struct wseg {
    struct elf_phdr ph;
    u32 first, nsec;         /* sections [first, first + nsec), 1-based */
    unsigned flags;
    /* layout state */
    int placed, seen_nobits;
    u128 off0, addr0;        /* file offset and address of its first placed section */
};

struct elf_writer {
    struct elf_ehdr eh;
    const struct elf_geom *g;
    struct wsec *secs;       /* secs[0] is section 1 */
    u32 nsecs, capsecs;
    struct elf_sym *syms;    /* syms[0] is the null symbol; names via name_off */
    usize nsyms, capsyms;
    int seen_nonlocal;
    u32 nlocals;
    struct wseg *segs;
    u32 nsegs, capsegs;
    struct elf_strtab strtab, shstrtab;
    int failed;
    struct elf_err err;
};

static u32 werr(struct elf_writer *w, const char *msg, const char *name)
{
    if (!w->failed) {
        if (name)
            elf_errf(&w->err, "%s: %s", name, msg);
        else
            elf_errf(&w->err, "%s", msg);
    }
    w->failed = 1;
    return 0;
}

/* Grow an array to hold at least n+1 elements. */
static int grow(void **arr, usize *cap, usize n, usize elsize)
{
    if (n < *cap)
        return 0;
    usize ncap = *cap ? *cap * 2 : 16;
    if (ncap > (usize)-1 / elsize)
        return -1;
    void *p = realloc(*arr, ncap * elsize);
    if (!p)
        return -1;
    *arr = p;
    *cap = ncap;
    return 0;
}

struct elf_writer *elf_writer_new(const struct elf_ehdr *proto)
{
    const struct elf_geom *g = elf_geom(proto->cls);
    if (!g)
        return NULL;
    struct elf_writer *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->g = g;
    w->eh.cls = proto->cls;
    w->eh.ident[EI_OSABI] = proto->ident[EI_OSABI];
    w->eh.ident[EI_ABIVERSION] = proto->ident[EI_ABIVERSION];
    w->eh.type = proto->type;
    w->eh.machine = proto->machine;
    w->eh.version = EV_CURRENT;
    w->eh.flags = proto->flags;
    w->eh.entry = proto->entry;
    elf_strtab_init(&w->strtab);
    elf_strtab_init(&w->shstrtab);
    u32 zero;
    if (elf_strtab_add(&w->strtab, "", &zero) != 0 ||
        elf_strtab_add(&w->shstrtab, "", &zero) != 0) {
        elf_strtab_free(&w->strtab);
        elf_strtab_free(&w->shstrtab);
        free(w);
        return NULL;
    }
    usize cap = 0;
    void *syms = NULL;
    if (grow(&syms, &cap, 0, sizeof(struct elf_sym)) != 0) {
        elf_strtab_free(&w->strtab);
        elf_strtab_free(&w->shstrtab);
        free(w);
        return NULL;
    }
    w->syms = syms;
    w->capsyms = cap;
    memset(&w->syms[0], 0, sizeof w->syms[0]);
    w->nsyms = 1;
    w->nlocals = 1;
    return w;
}

void elf_writer_free(struct elf_writer *w)
{
    if (!w)
        return;
    for (u32 i = 0; i < w->nsecs; i++) {
        free(w->secs[i].data);
        free(w->secs[i].rels);
    }
    free(w->secs);
    free(w->syms);
    free(w->segs);
    elf_strtab_free(&w->strtab);
    elf_strtab_free(&w->shstrtab);
    free(w);
}

static unsigned default_entsize(const struct elf_geom *g, u32 type)
{
    switch (type) {
    case SHT_SYMTAB:
    case SHT_DYNSYM: return g->symsize;
    case SHT_REL: return g->relsize;
    case SHT_RELA: return g->relasize;
    case SHT_DYNAMIC: return g->dynsize;
    case SHT_SYMTAB_SHNDX: return 4;
    default: return 0;
    }
}

/* Append a section entry; returns it, or NULL (error recorded). */
static struct wsec *new_section(struct elf_writer *w, const char *name)
{
    if (w->failed)
        return NULL;
    if (w->nsecs >= MAX_SECTIONS - 3) {
        werr(w, "too many sections", name);
        return NULL;
    }
    usize cap = w->capsecs;
    void *arr = w->secs;
    if (grow(&arr, &cap, w->nsecs, sizeof *w->secs) != 0) {
        werr(w, "out of memory", NULL);
        return NULL;
    }
    w->secs = arr;
    w->capsecs = (u32)cap;
    struct wsec *s = &w->secs[w->nsecs];
    memset(s, 0, sizeof *s);
    if (elf_strtab_add(&w->shstrtab, name, &s->sh.name_off) != 0) {
        werr(w, "out of memory", NULL);
        return NULL;
    }
    return s;
}

u32 elf_writer_add_section(struct elf_writer *w, const struct elf_shdr *sh, const void *data)
{
    const char *name = sh->name ? sh->name : "";
    struct wsec *s = new_section(w, name);
    if (!s)
        return 0;
    if (sh->type == SHT_NULL)
        return werr(w, "cannot add a SHT_NULL section", name);
    if (!elf_is_pow2_or_zero(sh->addralign))
        return werr(w, "section alignment is not a power of two", name);
    if (sh->type != SHT_NOBITS) {
        if (sh->size > (u128)(usize)-1)
            return werr(w, "section too large", name);
        if (sh->size != 0) {
            s->data = malloc((usize)sh->size);
            if (!s->data)
                return werr(w, "out of memory", NULL);
            if (data)
                memcpy(s->data, data, (usize)sh->size);
            else
                memset(s->data, 0, (usize)sh->size);
        }
    }
    u32 name_off = s->sh.name_off;
    s->sh = *sh;
    s->sh.name = NULL;
    s->sh.name_off = name_off;
    s->sh.offset = 0;
    if (s->sh.entsize == 0)
        s->sh.entsize = default_entsize(w->g, sh->type);
    s->kind = WK_USER;
    return ++w->nsecs;
}

u32 elf_writer_add_symbol(struct elf_writer *w, const struct elf_sym *sym)
{
    const char *name = sym->name ? sym->name : "";
    if (w->failed)
        return 0;
    if (ELF_ST_BIND(sym->info) == STB_LOCAL) {
        if (w->seen_nonlocal)
            return werr(w, "local symbol added after a global one", name);
    } else {
        w->seen_nonlocal = 1;
    }
    if (w->nsyms >= 0xfffffffeu)
        return werr(w, "too many symbols", name);
    void *arr = w->syms;
    if (grow(&arr, &w->capsyms, w->nsyms, sizeof *w->syms) != 0)
        return werr(w, "out of memory", NULL);
    w->syms = arr;
    struct elf_sym *s = &w->syms[w->nsyms];
    *s = *sym;
    s->name = NULL;
    if (elf_strtab_add(&w->strtab, name, &s->name_off) != 0)
        return werr(w, "out of memory", NULL);
    if (ELF_ST_BIND(sym->info) == STB_LOCAL)
        w->nlocals++;
    return (u32)w->nsyms++;
}

u32 elf_writer_add_relocs(struct elf_writer *w, const char *name, u32 target, int rela,
                          const struct elf_rel *rels, usize n)
{
    char buf[256];
    if (w->failed)
        return 0;
    if (target > w->nsecs)
        return werr(w, "relocation section for a missing section", name);
    if (!name) {
        const char *tn = target ? w->shstrtab.buf + w->secs[target - 1].sh.name_off : "";
        int len = snprintf(buf, sizeof buf, "%s%s", rela ? ".rela" : ".rel", tn);
        if (len < 0 || (usize)len >= sizeof buf)
            return werr(w, "section name too long", tn);
        name = buf;
    }
    const struct elf_geom *g = w->g;
    unsigned esz = rela ? g->relasize : g->relsize;
    if (n > (usize)-1 / esz)
        return werr(w, "too many relocations", name);
    struct wsec *s = new_section(w, name);
    if (!s)
        return 0;
    if (n) {
        s->rels = malloc(n * sizeof *rels);
        if (!s->rels)
            return werr(w, "out of memory", NULL);
        memcpy(s->rels, rels, n * sizeof *rels);
    }
    s->nrels = n;
    s->rela = rela != 0;
    s->kind = WK_REL;
    s->sh.type = rela ? SHT_RELA : SHT_REL;
    s->sh.flags = target ? SHF_INFO_LINK : 0;
    s->sh.info = target;
    s->sh.size = (u128)n * esz;
    s->sh.addralign = g->word;
    s->sh.entsize = esz;
    return ++w->nsecs;
}

u128 elf_headers_size(int cls, u32 nseg)
{
    const struct elf_geom *g = elf_geom(cls);
    return g ? (u128)g->ehsize + (u128)nseg * g->phentsize : 0;
}

u32 elf_writer_add_segment(struct elf_writer *w, const struct elf_phdr *ph, u32 first,
                           u32 nsec, unsigned flags)
{
    if (w->failed)
        return 0;
    if (w->nsegs >= MAX_SEGMENTS)
        return werr(w, "too many program headers", NULL);
    if (nsec && (first == 0 || first > w->nsecs || nsec > w->nsecs - first + 1))
        return werr(w, "segment covers missing sections", NULL);
    if (!elf_is_pow2_or_zero(ph->align))
        return werr(w, "segment alignment is not a power of two", NULL);
    usize cap = w->capsegs;
    void *arr = w->segs;
    if (grow(&arr, &cap, w->nsegs, sizeof *w->segs) != 0)
        return werr(w, "out of memory", NULL);
    w->segs = arr;
    w->capsegs = (u32)cap;
    struct wseg *s = &w->segs[w->nsegs];
    memset(s, 0, sizeof *s);
    s->ph = *ph;
    s->first = first;
    s->nsec = nsec;
    s->flags = flags;
    return ++w->nsegs;
}

/* ---------------------------------------------------------------------------------- */
/* Layout                                                                             */
/* ---------------------------------------------------------------------------------- */

struct layout {
    u32 shnum, symtab, strtab, shstrtab;     /* indices, symtab/strtab 0 if absent */
    u32 symtab_name, strtab_name, shstrtab_name;
    u128 phoff, hdr_end, symtab_off, strtab_off, shstrtab_off, shoff, total;
    u8 *symtab_bytes;
    usize symtab_size;
    u8 **rel_bytes;                          /* per user section (WK_REL) */
};

static u128 align_up(u128 v, u128 a)
{
    if (a <= 1)
        return v;
    return (v + a - 1) & ~(a - 1);
}

/* sh_link / sh_info placeholders of elf.h -> final indices; returns -1 if absent. */
static int resolve_index(const struct layout *L, u32 *v)
{
    if (*v == ELF_WRITER_SYMTAB || *v == ELF_WRITER_STRTAB) {
        *v = *v == ELF_WRITER_SYMTAB ? L->symtab : L->strtab;
        return *v ? 0 : -1;
    }
    return *v < L->shnum ? 0 : -1;
}

static const char *sec_name(const struct elf_writer *w, const struct wsec *s)
{
    return w->shstrtab.buf + s->sh.name_off;
}

/* Effective alignment of a section-covering segment: p_align, or else the largest
 * alignment among its sections. */
static u128 seg_align(const struct elf_writer *w, const struct wseg *s)
{
    if (s->ph.align)
        return s->ph.align;
    u128 a = 1;
    for (u32 k = 0; k < s->nsec; k++) {
        u128 sa = w->secs[s->first + k - 1].sh.addralign;
        if (sa > a)
            a = sa;
    }
    return a;
}

static int place_sections(struct elf_writer *w, struct layout *L)
{
    /* Which PT_LOAD segment places each section. */
    for (u32 i = 0; i < w->nsecs; i++)
        w->secs[i].seg = 0;
    for (u32 j = 0; j < w->nsegs; j++) {
        struct wseg *sg = &w->segs[j];
        sg->placed = sg->seen_nobits = 0;
        if (sg->nsec == 0)
            continue;                       /* written as given (PT_PHDR: computed) */
        sg->ph.align = seg_align(w, sg);
        if (sg->ph.type != PT_LOAD)
            continue;
        for (u32 k = 0; k < sg->nsec; k++) {
            struct wsec *s = &w->secs[sg->first + k - 1];
            if (s->seg)
                return werr(w, "section is in two PT_LOAD segments", sec_name(w, s)), -1;
            s->seg = j + 1;
        }
    }

    u128 cur = L->hdr_end;
    for (u32 i = 0; i < w->nsecs; i++) {
        struct wsec *s = &w->secs[i];
        const char *nm = sec_name(w, s);
        int nobits = s->sh.type == SHT_NOBITS;
        u128 off;
        if (s->sh.addr + s->sh.size < s->sh.addr)
            return werr(w, "address range wraps around", nm), -1;
        if (s->seg) {
            struct wseg *sg = &w->segs[s->seg - 1];
            u128 A = sg->ph.align ? sg->ph.align : 1;
            if (!sg->placed) {
                off = cur + ((s->sh.addr - cur) & (A - 1));
                if ((sg->flags & ELF_SEG_HEADERS) && s->sh.addr < off)
                    return werr(w, "address too low to map the headers in its segment", nm),
                           -1;
                sg->placed = 1;
                sg->off0 = off;
                sg->addr0 = s->sh.addr;
            } else {
                if (s->sh.addr < sg->addr0)
                    return werr(w, "address below the start of its segment", nm), -1;
                off = sg->off0 + (s->sh.addr - sg->addr0);
                if (off < sg->off0)
                    return werr(w, "file offset overflow", nm), -1;
                if (!nobits && sg->seen_nobits)
                    return werr(w, "section with contents after a NOBITS section in its segment",
                                nm), -1;
                if (!nobits && off < cur)
                    return werr(w, "overlaps the previous section of its segment", nm), -1;
            }
            if (nobits)
                sg->seen_nobits = 1;
        } else {
            off = align_up(cur, s->sh.addralign);
        }
        if (off < cur && !nobits)
            return werr(w, "file offset overflow", nm), -1;
        s->off = off;
        if (!nobits) {
            cur = off + s->sh.size;
            if (cur < off)
                return werr(w, "file offset overflow", nm), -1;
        }
    }
    if (L->symtab) {
        L->symtab_off = align_up(cur, w->g->word);
        cur = L->symtab_off + L->symtab_size;
        L->strtab_off = cur;
        cur += w->strtab.len;
    }
    L->shstrtab_off = cur;
    cur += w->shstrtab.len;
    L->shoff = align_up(cur, w->g->word);
    L->total = L->shoff + (u128)L->shnum * w->g->shentsize;
    if (L->total < L->shoff || L->total > elf_class_max(w->eh.cls) ||
        L->total > (u128)(usize)-1)
        return werr(w, "file too large for its class", NULL), -1;
    return 0;
}

/* Program header values of a section-covering segment. */
static void fill_segment(const struct elf_writer *w, const struct layout *L, struct wseg *sg)
{
    const struct wsec *first = &w->secs[sg->first - 1];
    struct elf_phdr *ph = &sg->ph;
    if (sg->flags & ELF_SEG_HEADERS) {
        ph->offset = 0;
        ph->vaddr = first->sh.addr - first->off;
    } else {
        ph->offset = first->off;
        ph->vaddr = first->sh.addr;
    }
    ph->paddr = ph->vaddr;
    u128 fend = (sg->flags & ELF_SEG_HEADERS) ? L->hdr_end : ph->offset;
    u128 mend = ph->vaddr;
    for (u32 k = 0; k < sg->nsec; k++) {
        const struct wsec *s = &w->secs[sg->first + k - 1];
        if (s->sh.type != SHT_NOBITS && s->off + s->sh.size > fend)
            fend = s->off + s->sh.size;
        if (s->sh.addr + s->sh.size > mend)
            mend = s->sh.addr + s->sh.size;
    }
    ph->filesz = fend - ph->offset;
    ph->memsz = mend - ph->vaddr;
    if (ph->memsz < ph->filesz)
        ph->memsz = ph->filesz;
}

static int encode_tables(struct elf_writer *w, struct layout *L)
{
    const struct elf_geom *g = w->g;
    if (L->symtab) {
        L->symtab_size = w->nsyms * g->symsize;
        L->symtab_bytes = calloc(w->nsyms, g->symsize);
        if (!L->symtab_bytes)
            return werr(w, "out of memory", NULL), -1;
        for (usize i = 0; i < w->nsyms; i++) {
            const struct elf_sym *s = &w->syms[i];
            const char *nm = w->strtab.buf + s->name_off;
            if (s->shndx >= L->shnum && s->shndx < SHN_LORESERVE)
                return werr(w, "symbol refers to a missing section", nm), -1;
            if (s->shndx > 0xffff)
                return werr(w, "bad symbol section index", nm), -1;
            if (elf_encode_sym(w->eh.cls, s, L->symtab_bytes + i * g->symsize) != 0)
                return werr(w, "symbol value or size does not fit the ELF class", nm), -1;
        }
    }
    L->rel_bytes = calloc(w->nsecs ? w->nsecs : 1, sizeof *L->rel_bytes);
    if (!L->rel_bytes)
        return werr(w, "out of memory", NULL), -1;
    for (u32 i = 0; i < w->nsecs; i++) {
        struct wsec *s = &w->secs[i];
        if (s->kind != WK_REL || s->nrels == 0)
            continue;
        const char *nm = w->shstrtab.buf + s->sh.name_off;
        unsigned esz = s->rela ? g->relasize : g->relsize;
        L->rel_bytes[i] = calloc(s->nrels, esz);
        if (!L->rel_bytes[i])
            return werr(w, "out of memory", NULL), -1;
        for (usize k = 0; k < s->nrels; k++) {
            const struct elf_rel *r = &s->rels[k];
            if (r->sym >= w->nsyms)
                return werr(w, "relocation refers to a missing symbol", nm), -1;
            if (!s->rela && r->addend != 0)
                return werr(w, "non-zero addend in a REL section", nm), -1;
            if (elf_encode_rel(w->eh.cls, r, s->rela, L->rel_bytes[i] + k * esz) != 0)
                return werr(w, "relocation does not fit the ELF class", nm), -1;
        }
    }
    return 0;
}

static int emit(struct elf_writer *w, struct layout *L, u8 *img)
{
    const struct elf_geom *g = w->g;
    struct elf_ehdr eh = w->eh;
    eh.ehsize = (u16)g->ehsize;
    eh.phentsize = w->nsegs ? (u16)g->phentsize : 0;
    eh.phnum = w->nsegs;
    eh.phoff = L->phoff;
    eh.shentsize = (u16)g->shentsize;
    eh.shnum = L->shnum;
    eh.shoff = L->shoff;
    eh.shstrndx = L->shstrtab;
    if (elf_encode_ehdr(w->eh.cls, &eh, img) != 0)
        return werr(w, "entry point does not fit the ELF class", NULL), -1;
    for (u32 j = 0; j < w->nsegs; j++)
        if (elf_encode_phdr(w->eh.cls, &w->segs[j].ph,
                            img + (usize)L->phoff + (usize)j * g->phentsize) != 0)
            return werr(w, "program header value does not fit the ELF class", NULL), -1;

    u8 *sht = img + (usize)L->shoff;
    struct elf_shdr sh;
    memset(&sh, 0, sizeof sh);
    elf_encode_shdr(w->eh.cls, &sh, sht);                    /* section 0 */
    for (u32 i = 0; i < w->nsecs; i++) {
        struct wsec *s = &w->secs[i];
        const char *nm = w->shstrtab.buf + s->sh.name_off;
        sh = s->sh;
        sh.offset = s->off;
        if (s->kind == WK_REL)
            sh.link = L->symtab;
        else if (resolve_index(L, &sh.link) != 0)
            return werr(w, "sh_link refers to a missing section", nm), -1;
        if ((sh.type == SHT_REL || sh.type == SHT_RELA || (sh.flags & SHF_INFO_LINK)) &&
            resolve_index(L, &sh.info) != 0)
            return werr(w, "sh_info refers to a missing section", nm), -1;
        if (s->kind == WK_REL && s->nrels)
            memcpy(img + (usize)s->off, L->rel_bytes[i], (usize)s->sh.size);
        else if (s->data)
            memcpy(img + (usize)s->off, s->data, (usize)s->sh.size);
        if (elf_encode_shdr(w->eh.cls, &sh, sht + (usize)(i + 1) * g->shentsize) != 0)
            return werr(w, "section value does not fit the ELF class", nm), -1;
    }
    u32 idx = w->nsecs + 1;
    if (L->symtab) {
        memset(&sh, 0, sizeof sh);
        sh.name_off = L->symtab_name;
        sh.type = SHT_SYMTAB;
        sh.offset = L->symtab_off;
        sh.size = L->symtab_size;
        sh.link = L->strtab;
        sh.info = w->nlocals;
        sh.addralign = g->word;
        sh.entsize = g->symsize;
        memcpy(img + (usize)sh.offset, L->symtab_bytes, L->symtab_size);
        elf_encode_shdr(w->eh.cls, &sh, sht + (usize)idx++ * g->shentsize);

        memset(&sh, 0, sizeof sh);
        sh.name_off = L->strtab_name;
        sh.type = SHT_STRTAB;
        sh.offset = L->strtab_off;
        sh.size = w->strtab.len;
        sh.addralign = 1;
        memcpy(img + (usize)sh.offset, w->strtab.buf, w->strtab.len);
        elf_encode_shdr(w->eh.cls, &sh, sht + (usize)idx++ * g->shentsize);
    }
    memset(&sh, 0, sizeof sh);
    sh.name_off = L->shstrtab_name;
    sh.type = SHT_STRTAB;
    sh.offset = L->shstrtab_off;
    sh.size = w->shstrtab.len;
    sh.addralign = 1;
    memcpy(img + (usize)sh.offset, w->shstrtab.buf, w->shstrtab.len);
    elf_encode_shdr(w->eh.cls, &sh, sht + (usize)idx * g->shentsize);
    return 0;
}

int elf_writer_finish(struct elf_writer *w, u8 **out, usize *size, struct elf_err *err)
{
    struct layout L;
    u8 *img = NULL;
    *out = NULL;
    *size = 0;
    memset(&L, 0, sizeof L);
    if (w->failed)
        goto fail;

    int have_symtab = w->nsyms > 1;
    for (u32 i = 0; i < w->nsecs; i++)
        if (w->secs[i].kind == WK_REL)
            have_symtab = 1;
    u32 idx = w->nsecs + 1;
    if (have_symtab) {
        L.symtab = idx++;
        L.strtab = idx++;
        if (elf_strtab_add(&w->shstrtab, ".symtab", &L.symtab_name) != 0 ||
            elf_strtab_add(&w->shstrtab, ".strtab", &L.strtab_name) != 0) {
            werr(w, "out of memory", NULL);
            goto fail;
        }
    }
    L.shstrtab = idx++;
    L.shnum = idx;
    if (elf_strtab_add(&w->shstrtab, ".shstrtab", &L.shstrtab_name) != 0) {
        werr(w, "out of memory", NULL);
        goto fail;
    }
    L.phoff = w->nsegs ? w->g->ehsize : 0;
    L.hdr_end = elf_headers_size(w->eh.cls, w->nsegs);

    if (encode_tables(w, &L) != 0 || place_sections(w, &L) != 0)
        goto fail;
    for (u32 j = 0; j < w->nsegs; j++) {
        struct wseg *sg = &w->segs[j];
        if (sg->nsec)
            fill_segment(w, &L, sg);
    }
    for (u32 j = 0; j < w->nsegs; j++) {
        struct wseg *sg = &w->segs[j];
        if (sg->nsec || sg->ph.type != PT_PHDR)
            continue;
        const struct wseg *hs = NULL;
        for (u32 k = 0; k < w->nsegs && !hs; k++)
            if (w->segs[k].nsec && (w->segs[k].flags & ELF_SEG_HEADERS))
                hs = &w->segs[k];
        if (!hs) {
            werr(w, "PT_PHDR without a segment that maps the headers", NULL);
            goto fail;
        }
        sg->ph.offset = L.phoff;
        sg->ph.vaddr = sg->ph.paddr = hs->ph.vaddr + L.phoff;
        sg->ph.filesz = sg->ph.memsz = (u128)w->nsegs * w->g->phentsize;
        sg->ph.align = w->g->word;
    }

    img = calloc(1, (usize)L.total);
    if (!img) {
        werr(w, "out of memory", NULL);
        goto fail;
    }
    if (emit(w, &L, img) != 0)
        goto fail;
    free(L.symtab_bytes);
    for (u32 i = 0; L.rel_bytes && i < w->nsecs; i++)
        free(L.rel_bytes[i]);
    free(L.rel_bytes);
    *out = img;
    *size = (usize)L.total;
    return 0;

fail:
    if (err)
        *err = w->err;
    free(img);
    free(L.symtab_bytes);
    for (u32 i = 0; L.rel_bytes && i < w->nsecs; i++)
        free(L.rel_bytes[i]);
    free(L.rel_bytes);
    return -1;
}

int elf_writer_write(struct elf_writer *w, FILE *fp, struct elf_err *err)
{
    u8 *img;
    usize n;
    if (elf_writer_finish(w, &img, &n, err) != 0)
        return -1;
    int ok = fwrite(img, 1, n, fp) == n && fflush(fp) == 0;
    free(img);
    if (!ok) {
        elf_errf(err, "write error");
        return -1;
    }
    return 0;
}
