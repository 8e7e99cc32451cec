/* zl-strip — remove symbols and debugging sections from ELF32/ELF64/ELF128 files
 * (docs/binutils.md).
 *
 * The output keeps the input's bytes up to the end of its last segment, so every loaded
 * section stays where it was; the kept sections outside the segments, the rebuilt
 * .symtab/.strtab, the relocation sections (symbol indices renumbered) and a new
 * .shstrtab follow, then the section header table.  A relocatable input always keeps the
 * symbols its relocations name. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/outfile.h"
#include "elf/elf.h"
#include "common/version.h"

#define TOOL "zl-strip"

enum mode { STRIP_ALL, STRIP_DEBUG, STRIP_UNNEEDED };

struct opts {
    enum mode mode;
    const char *out;
    const char **keep, **drop;
    int nkeep, ndrop;
};

static void usage(FILE *fp)
{
    fprintf(fp,
            "Usage: " TOOL " <option(s)> in-file(s)\n"
            " Removes symbols and sections from files\n"
            " The options are:\n"
            "  -s --strip-all                   Remove all symbol and relocation information\n"
            "  -g -S -d --strip-debug           Remove all debugging symbols & sections\n"
            "     --strip-unneeded              Remove all symbols not needed by relocations\n"
            "  -K --keep-symbol=<name>          Do not strip symbol <name>\n"
            "  -N --strip-symbol=<name>         Do not copy symbol <name>\n"
            "  -o <file>                        Place stripped output into <file>\n"
            "  -h --help                        Display this output\n"
            "  -V --version                     Display this program's version number\n");
}

struct buf {
    u8 *p;
    usize len, cap;
    bool oom;
};

/* Append n bytes (NULL: zeros) at an offset aligned to `align`; returns that offset. */
static usize put(struct buf *b, const void *data, usize n, u128 align)
{
    usize a = align > 1 && align < ((u128)1 << 20) ? (usize)align : 1;
    usize off = (b->len + a - 1) / a * a;
    if (off + n > b->cap) {
        usize cap = b->cap ? b->cap : 4096;
        while (cap < off + n)
            cap *= 2;
        u8 *p = realloc(b->p, cap);
        if (!p) {
            b->oom = true;
            return 0;
        }
        b->p = p;
        b->cap = cap;
    }
    memset(b->p + b->len, 0, off - b->len);
    if (data)
        memcpy(b->p + off, data, n);
    else
        memset(b->p + off, 0, n);
    b->len = off + n;
    return off;
}

static bool is_debug(const char *n)
{
    return !strncmp(n, ".debug", 6) || !strncmp(n, ".zdebug", 7) || !strncmp(n, ".line", 5) ||
           !strncmp(n, ".stab", 5) || !strncmp(n, ".gnu.linkonce.wi.", 17) ||
           !strncmp(n, ".gnu.debuglto_", 14);
}

static bool listed(const char **v, int n, const char *s)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(v[i], s))
            return true;
    return false;
}

/* Rebuilt contents of one section, or NULL to copy the input's. */
struct sec {
    bool keep;
    u32 newidx;
    u8 *data;
    usize size;
    struct elf_shdr sh;
};

static int strip_image(const struct opts *o, const char *name, struct elf_file *f, struct buf *out)
{
    int cls = elf_cls(f);
    const struct elf_geom *g = elf_geom(cls);
    const struct elf_ehdr *eh = elf_header(f);
    u32 n = elf_shnum(f);
    struct sec *s = calloc(n + 1, sizeof *s);
    u32 symtab = elf_section_by_type(f, SHT_SYMTAB);
    u32 strtab = symtab ? elf_shdr(f, symtab)->link : 0;
    u32 nsym = symtab ? elf_sym_count(f, symtab) : 0;
    u8 *needed = calloc(nsym + 1, 1), *keepsym = calloc(nsym + 1, 1);
    u32 *symmap = calloc(nsym + 1, sizeof *symmap);
    struct elf_strtab shstr, str;
    elf_strtab_init(&shstr);
    elf_strtab_init(&str);
    int rc = 1;
    if (!s || !needed || !keepsym || !symmap)
        goto out;
    bool rel = eh->type == ET_REL;

    /* sections */
    for (u32 i = 0; i < n; i++) {
        s[i].sh = *elf_shdr(f, i);
        s[i].keep = i == 0 || !is_debug(s[i].sh.name);
        if (i == eh->shstrndx)
            s[i].keep = true;
    }
    for (u32 i = 1; i < n; i++)
        if ((s[i].sh.type == SHT_REL || s[i].sh.type == SHT_RELA) && s[i].sh.info &&
            s[i].sh.info < n && !s[s[i].sh.info].keep && !(s[i].sh.flags & SHF_ALLOC))
            s[i].keep = false;
    if (symtab && o->mode != STRIP_DEBUG && !rel)
        s[symtab].keep = s[strtab].keep = false;

    /* symbols: the ones kept relocation sections name are needed */
    for (u32 i = 1; i < n; i++) {
        if (!s[i].keep || (s[i].sh.type != SHT_REL && s[i].sh.type != SHT_RELA) ||
            s[i].sh.link != symtab || !symtab)
            continue;
        for (u32 k = 0; k < elf_rel_count(f, i); k++) {
            struct elf_rel r;
            if (!elf_rel(f, i, k, &r) && r.sym < nsym)
                needed[r.sym] = 1;
        }
    }
    u32 kept = 0, locals = 1;
    if (symtab && s[symtab].keep) {
        for (u32 i = 1; i < nsym; i++) {
            struct elf_sym y;
            if (elf_sym(f, symtab, i, &y))
                continue;
            u8 bind = ELF_ST_BIND(y.info), type = ELF_ST_TYPE(y.info);
            bool k;
            bool in_dropped = y.shndx && y.shndx < n && !s[y.shndx].keep;
            if (o->mode == STRIP_DEBUG)
                k = type != STT_FILE && (type != STT_SECTION || needed[i] || !rel);
            else    /* unneeded, and "all" for a relocatable file */
                k = bind != STB_LOCAL || needed[i];
            if (in_dropped)
                k = false;
            if (listed(o->keep, o->nkeep, y.name) && !in_dropped)
                k = true;
            if (listed(o->drop, o->ndrop, y.name)) {
                if (needed[i])
                    fprintf(stderr, TOOL ": %s: not stripping symbol `%s' because it is named in a relocation\n",
                            name, y.name);
                else
                    k = false;
            }
            if (needed[i])
                k = true;
            keepsym[i] = k;
            if (k) {
                symmap[i] = ++kept;
                if (bind == STB_LOCAL)
                    locals = kept + 1;
            }
        }
        if (!kept && !rel)
            s[symtab].keep = s[strtab].keep = false;
    }

    if (symtab && !s[symtab].keep)
        for (u32 i = 1; i < n; i++)
            if ((s[i].sh.type == SHT_REL || s[i].sh.type == SHT_RELA) && s[i].sh.link == symtab &&
                !(s[i].sh.flags & SHF_ALLOC))
                s[i].keep = false;

    /* new section numbers */
    u32 nn = 0;
    for (u32 i = 0; i < n; i++)
        if (s[i].keep)
            s[i].newidx = nn++;

    /* rebuilt .symtab / .strtab */
    if (symtab && s[symtab].keep) {
        usize sz = (usize)(kept + 1) * g->symsize;
        u8 *d = calloc(sz, 1);
        if (!d)
            goto out;
        s[symtab].data = d;
        s[symtab].size = sz;
        s[symtab].sh.info = locals;
        for (u32 i = 1; i < nsym; i++) {
            struct elf_sym y;
            if (!keepsym[i] || elf_sym(f, symtab, i, &y))
                continue;
            if (elf_strtab_add(&str, y.name, &y.name_off) < 0)
                goto out;
            if (y.shndx && y.shndx < SHN_LORESERVE)
                y.shndx = y.shndx < n ? s[y.shndx].newidx : SHN_ABS;
            elf_encode_sym(cls, &y, d + (usize)symmap[i] * g->symsize);
        }
        s[strtab].data = (u8 *)str.buf;
        s[strtab].size = str.len;
    }
    /* relocation sections: renumbered symbols */
    for (u32 i = 1; i < n; i++) {
        if (!s[i].keep || (s[i].sh.type != SHT_REL && s[i].sh.type != SHT_RELA) ||
            !symtab || s[i].sh.link != symtab)
            continue;
        int rela = s[i].sh.type == SHT_RELA;
        u32 cnt = elf_rel_count(f, i);
        usize es = rela ? g->relasize : g->relsize;
        u8 *d = calloc(cnt ? cnt : 1, es);
        if (!d)
            goto out;
        s[i].data = d;
        s[i].size = (usize)cnt * es;
        for (u32 k = 0; k < cnt; k++) {
            struct elf_rel r;
            if (elf_rel(f, i, k, &r))
                continue;
            r.sym = r.sym < nsym ? symmap[r.sym] : 0;
            elf_encode_rel(cls, &r, rela, d + (usize)k * es);
        }
    }
    /* .shstrtab */
    for (u32 i = 0; i < n; i++)
        if (s[i].keep && elf_strtab_add(&shstr, s[i].sh.name, &s[i].sh.name_off) < 0)
            goto out;
    if (eh->shstrndx && eh->shstrndx < n) {
        s[eh->shstrndx].data = (u8 *)shstr.buf;
        s[eh->shstrndx].size = shstr.len;
    }

    /* layout: the input up to the end of its segments, then the other sections */
    usize base = (usize)eh->ehsize;
    for (u32 i = 0; i < elf_phnum(f); i++) {
        const struct elf_phdr *ph = elf_phdr(f, i);
        if ((usize)(ph->offset + ph->filesz) > base)
            base = (usize)(ph->offset + ph->filesz);
    }
    if (elf_phnum(f) && (usize)(eh->phoff + (u128)eh->phnum * eh->phentsize) > base)
        base = (usize)(eh->phoff + (u128)eh->phnum * eh->phentsize);
    put(out, elf_data(f), base, 1);
    for (u32 i = 1; i < n; i++) {
        struct sec *x = &s[i];
        if (!x->keep)
            continue;
        bool inseg = elf_phnum(f) && (x->sh.flags & SHF_ALLOC) && !x->data &&
                     x->sh.offset + (x->sh.type == SHT_NOBITS ? 0 : x->sh.size) <= base;
        if (inseg)
            continue;
        if (x->sh.type == SHT_NOBITS) {
            x->sh.offset = out->len;
            continue;
        }
        const u8 *d = x->data;
        usize sz = x->data ? x->size : 0;
        if (!x->data)
            elf_section_data(f, i, &d, &sz);
        x->sh.size = sz;
        x->sh.offset = put(out, d, sz, x->sh.addralign);
    }
    usize shoff = put(out, NULL, (usize)nn * g->shentsize, g->word);
    for (u32 i = 0; i < n; i++) {
        struct sec *x = &s[i];
        if (!x->keep || !i)
            continue;
        struct elf_shdr h = x->sh;
        if (h.link && h.link < n)
            h.link = s[h.link].newidx;
        if ((h.type == SHT_REL || h.type == SHT_RELA || (h.flags & SHF_INFO_LINK)) && h.info &&
            h.info < n)
            h.info = s[h.info].newidx;
        if (!out->oom && elf_encode_shdr(cls, &h, out->p + shoff + (usize)x->newidx * g->shentsize)) {
            fprintf(stderr, TOOL ": %s: section %s does not fit the class\n", name, h.name);
            goto out;
        }
    }
    if (out->oom) {
        fprintf(stderr, TOOL ": out of memory\n");
        goto out;
    }
    struct elf_ehdr h = *eh;
    h.shoff = nn > 1 ? shoff : 0;
    h.shnum = nn > 1 ? nn : 0;
    h.shstrndx = eh->shstrndx < n ? s[eh->shstrndx].newidx : 0;
    if (nn >= SHN_LORESERVE || elf_encode_ehdr(cls, &h, out->p)) {
        fprintf(stderr, TOOL ": %s: too many sections\n", name);
        goto out;
    }
    rc = 0;
out:
    if (s)
        for (u32 i = 0; i < n; i++)
            if (i != strtab && i != eh->shstrndx)
                free(s[i].data);
    elf_strtab_free(&str);
    elf_strtab_free(&shstr);
    free(s);
    free(needed);
    free(keepsym);
    free(symmap);
    return rc;
}

static int strip_file(const struct opts *o, const char *in)
{
    usize size = 0;
    u8 *data = elf_input_load(TOOL, in, &size);
    if (!data)
        return 1;
    if (ar_is_archive(data, size)) {
        fprintf(stderr, TOOL ": %s: archives are not supported\n", in);
        free(data);
        return 1;
    }
    struct elf_err err = { "" };
    struct elf_file *f = elf_read(data, size, 0, &err);
    if (!f) {
        if (size < 4 || memcmp(data, "\177ELF", 4))
            fprintf(stderr, TOOL ": %s: file format not recognized\n", in);
        else
            fprintf(stderr, TOOL ": %s: %s\n", in, err.msg);
        free(data);
        return 1;
    }
    struct buf out = { 0 };
    int rc = strip_image(o, in, f, &out);
    elf_close(f);
    free(data);
    if (!rc) {
        struct stat st;
        unsigned mode = stat(in, &st) == 0 ? (unsigned)st.st_mode & 07777 : 0666;
        const char *dst = o->out ? o->out : in;
        int e = zl_write_file(dst, out.p, out.len, mode);
        if (e) {
            fprintf(stderr, TOOL ": %s: %s\n", dst, strerror(e));
            rc = 1;
        }
    }
    free(out.p);
    return rc;
}

int main(int argc, char **argv)
{
    enum { OPT_UNNEEDED = 256 };
    static const struct option longs[] = {
        { "strip-all", no_argument, NULL, 's' },
        { "strip-debug", no_argument, NULL, 'g' },
        { "strip-unneeded", no_argument, NULL, OPT_UNNEEDED },
        { "keep-symbol", required_argument, NULL, 'K' },
        { "strip-symbol", required_argument, NULL, 'N' },
        { "output-file", required_argument, NULL, 'o' },
        { "help", no_argument, NULL, 'h' },
        { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 },
    };
    struct opts o = { .mode = STRIP_ALL };
    o.keep = calloc((usize)argc + 1, sizeof *o.keep);
    o.drop = calloc((usize)argc + 1, sizeof *o.drop);
    int rc = 0;
    if (!o.keep || !o.drop) {
        rc = 1;
        goto done;
    }
    argv[0] = (char *)TOOL;
    int c;
    while ((c = getopt_long(argc, argv, "sgSdK:N:o:hHV", longs, NULL)) != -1) {
        switch (c) {
        case 's': o.mode = STRIP_ALL; break;
        case 'g': case 'S': case 'd': o.mode = STRIP_DEBUG; break;
        case OPT_UNNEEDED: o.mode = STRIP_UNNEEDED; break;
        case 'K': o.keep[o.nkeep++] = optarg; break;
        case 'N': o.drop[o.ndrop++] = optarg; break;
        case 'o': o.out = optarg; break;
        case 'h': case 'H': usage(stdout); goto done;
        case 'V': printf(ZL_VERSION_LINE(TOOL) " — RISC-V ELF32/ELF64/ELF128\n"); goto done;
        default: usage(stderr); rc = 1; goto done;
        }
    }
    if (optind >= argc) {
        usage(stderr);
        rc = 1;
        goto done;
    }
    if (o.out && argc - optind > 1) {
        fprintf(stderr, TOOL ": multiple input files cannot be used with -o\n");
        rc = 1;
        goto done;
    }
    for (int i = optind; i < argc; i++)
        if (strip_file(&o, argv[i]))
            rc = 1;
done:
    free(o.keep);
    free(o.drop);
    return rc;
}
