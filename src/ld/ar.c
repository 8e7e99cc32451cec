/* ar.c — archives for the linker: the members (through src/elf's archive reader), the
 * symbols they define, and the data of thin archives' members.
 *
 * The index is optional: members it does not mention (all of them when there is no index)
 * are scanned for their defined global symbols.  That is also how ELFCLASS128 members work
 * in an archive whose index was written by a tool that does not understand the class (the
 * host's `ar rcs` stores them but indexes none of their symbols). */
#include <string.h>
#include "ld.h"

struct arscan {
    u64 *hdr_off;            /* header offset of member i */
    const u8 *symidx;
    usize symidx_size;
    int sym64;
};

static const char *dirname_of(struct ld *L, const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return "";
    return ld_strndup(L, path, (usize)(slash - path) + 1);
}

struct archive *ar_parse(struct ld *L, const char *path, const u8 *data, usize size)
{
    if (!ar_is_archive(data, size)) {
        ld_error(L, "%s: not an archive", path);
        return NULL;
    }
    struct archive *a = ld_alloc(L, sizeof *a);
    a->path = path;
    a->data = data;
    a->size = size;
    struct ar_walk w;
    ar_walk_init(&w, data, size);
    a->thin = w.thin;
    struct vec mems = { 0 }, offs = { 0 };
    const u8 *symidx = NULL;
    usize symidx_size = 0;
    int sym64 = 0;
    struct ar_entry e;
    const char *why;
    int r;
    while ((r = ar_walk_next(&w, &e, &why)) > 0) {
        if (e.kind == AR_SYMTAB || e.kind == AR_SYMTAB64) {
            symidx = e.data;
            symidx_size = (usize)e.size;
            sym64 = e.kind == AR_SYMTAB64;
        }
        if (e.kind != AR_MEMBER)
            continue;
        struct ar_member *m = ld_alloc(L, sizeof *m);
        const char *name = ld_strndup(L, e.name, e.name_len);
        m->name = name[0] ? name : "?";
        m->size = (usize)e.size;
        if (a->thin)
            m->path = (name[0] == '/') ? name : ld_sprintf(L, "%s%s", dirname_of(L, path), name);
        else
            m->data = e.data;
        vec_push(L, &mems, m);
        vec_push(L, &offs, (void *)e.hdr_off);
    }
    if (r < 0) {
        ld_error(L, "%s: %s at offset %zu", path, why, e.hdr_off);
        return NULL;
    }
    a->nmem = mems.n;
    a->mem = ld_alloc_array(L, a->nmem ? a->nmem : 1, sizeof *a->mem);
    for (u32 i = 0; i < a->nmem; i++)
        a->mem[i] = *(struct ar_member *)mems.v[i];

    /* Index entries: remember which members the index names (ar_symbols). */
    struct arscan *sc = ld_alloc(L, sizeof *sc);
    sc->hdr_off = ld_alloc_array(L, a->nmem ? a->nmem : 1, sizeof *sc->hdr_off);
    for (u32 i = 0; i < a->nmem; i++)
        sc->hdr_off[i] = (u64)(usize)offs.v[i];
    sc->symidx = symidx;
    sc->symidx_size = symidx_size;
    sc->sym64 = sym64;
    a->scan = sc;
    return a;
}

static int find_member(const struct arscan *sc, u32 n, u64 off, u32 *out)
{
    u32 lo = 0, hi = n;
    while (lo < hi) {
        u32 mid = lo + (hi - lo) / 2;
        if (sc->hdr_off[mid] < off)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < n && sc->hdr_off[lo] == off) {
        *out = lo;
        return 0;
    }
    return -1;
}

const u8 *ar_member_data(struct ld *L, struct archive *a, u32 i, usize *size)
{
    struct ar_member *m = &a->mem[i];
    if (!m->data && m->path) {
        const char *why;
        usize n;
        u8 *d = ld_read_file(L, m->path, &n, &why);
        if (!d) {
            ld_error(L, "%s: cannot read thin archive member %s: %s", a->path, m->path, why);
            return NULL;
        }
        m->data = d;
        m->size = n;
    }
    *size = m->size;
    return m->data;
}

/* Defined global symbols of an ELF member (for members the index does not cover). */
static void scan_member(struct ld *L, struct archive *a, u32 i,
                        void (*fn)(struct ld *, struct archive *, u32, const char *))
{
    usize size;
    const u8 *d = ar_member_data(L, a, i, &size);
    if (!d || size < 4 || d[0] != 0x7f || d[1] != 'E' || d[2] != 'L' || d[3] != 'F')
        return;
    struct elf_err err;
    struct elf_file *f = elf_read(d, size, 0, &err);
    if (!f) {
        ld_error(L, "%s(%s): %s", a->path, a->mem[i].name, err.msg);
        return;
    }
    u32 st = elf_section_by_type(f, SHT_SYMTAB);
    u32 n = elf_sym_count(f, st);
    struct vec names = { 0 };
    for (u32 k = 1; k < n; k++) {
        struct elf_sym s;
        if (elf_sym(f, st, k, &s) != 0)
            break;
        if (ELF_ST_BIND(s.info) == STB_LOCAL || s.shndx == SHN_UNDEF || !s.name[0])
            continue;
        vec_push(L, &names, ld_strdup(L, s.name));
    }
    elf_close(f);
    for (u32 k = 0; k < names.n; k++)
        fn(L, a, i, names.v[k]);
}

void ar_symbols(struct ld *L, struct archive *a,
                void (*fn)(struct ld *L, struct archive *a, u32 member, const char *name))
{
    struct arscan *sc = a->scan;
    if (sc->symidx) {
        const u8 *p = sc->symidx;
        usize n = sc->symidx_size, w = sc->sym64 ? 8 : 4;
        if (n < w) {
            ld_error(L, "%s: truncated archive symbol index", a->path);
            return;
        }
        u64 count = 0;                  /* the count and offsets are big-endian */
        for (usize k = 0; k < w; k++)
            count = count << 8 | p[k];
        if (count > (n - w) / w) {
            ld_error(L, "%s: bad archive symbol index", a->path);
            return;
        }
        const u8 *names = p + w + count * w, *end = p + n;
        for (u64 k = 0; k < count; k++) {
            u64 off = 0;
            for (usize b = 0; b < w; b++)
                off = off << 8 | p[w + k * w + b];
            const u8 *e = memchr(names, 0, (usize)(end - names));
            if (!e) {
                ld_error(L, "%s: bad archive symbol index", a->path);
                return;
            }
            u32 mi;
            if (find_member(sc, a->nmem, off, &mi) == 0) {
                a->mem[mi].indexed = 1;
                fn(L, a, mi, (const char *)names);
            } else {
                ld_error(L, "%s: archive symbol index names a missing member", a->path);
                return;
            }
            names = e + 1;
        }
    }
    for (u32 i = 0; i < a->nmem; i++)
        if (!a->mem[i].indexed)
            scan_member(L, a, i, fn);
}
