/* elf_arwrite.c — the one writer of `ar` archives (zl-ar, zl-ranlib), in GNU ar's
 * deterministic layout: "!<arch>\n", the "/" symbol index ("/SYM64/" when a member header
 * lies beyond 4 GiB), the "//" long-name table for names longer than 15 bytes, then the
 * members with date, uid and gid 0 (elf_ar.c reads it back; the layout is described
 * there).  The index lists, per member in order, the defined global, weak and common
 * symbols of its ELF symbol table (any class), in symbol-table order. */
#include <stdlib.h>
#include <string.h>

#include "elf/elf.h"

struct abuf {
    u8 *p;
    usize len, cap;
    bool oom;
};

static void add(struct abuf *b, const void *d, usize n)
{
    if (b->len + n > b->cap) {
        usize cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n)
            cap *= 2;
        u8 *p = realloc(b->p, cap);
        if (!p) {
            b->oom = true;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, d, n);
    b->len += n;
}

/* A member header; the "//" table's has blank date, ids and mode (mode == NULL). */
static void header(struct abuf *b, const char *name, const char *mode, u64 size)
{
    char h[128];
    const char *z = mode ? "0" : "";
    snprintf(h, sizeof h, "%-16s%-12s%-6s%-6s%-8s%-10llu`\n", name, z, z, z, mode ? mode : "",
             (unsigned long long)size);
    add(b, h, 60);
}

/* Index names of one member: appended NUL-terminated to *names; returns the count. */
static u32 member_symbols(const struct ar_out_member *m, struct abuf *names)
{
    struct elf_err err;
    struct elf_file *f = elf_read(m->data, (usize)m->size, 0, &err);
    if (!f)
        return 0;
    u32 n = 0, sec = elf_section_by_type(f, SHT_SYMTAB);
    for (u32 i = 1; sec && i < elf_sym_count(f, sec); i++) {
        struct elf_sym s;
        if (elf_sym(f, sec, i, &s) || s.shndx == SHN_UNDEF || !s.name[0])
            continue;
        u8 bind = ELF_ST_BIND(s.info);
        if (bind != STB_GLOBAL && bind != STB_WEAK && bind != 10 /* STB_GNU_UNIQUE */)
            continue;
        add(names, s.name, strlen(s.name) + 1);
        n++;
    }
    elf_close(f);
    return n;
}

static void put_be(u8 *p, u64 v, unsigned w)
{
    for (unsigned i = 0; i < w; i++)
        p[i] = (u8)(v >> (8 * (w - 1 - i)));
}

int ar_build(const struct ar_out_member *m, usize n, bool index, u8 **out, usize *size)
{
    struct abuf longn = { 0 }, names = { 0 }, b = { 0 };
    u32 *count = calloc(n + 1, sizeof *count);
    u64 *hoff = calloc(n + 1, sizeof *hoff);
    char (*hname)[17] = calloc(n + 1, sizeof *hname);
    int rc = -1;
    if (!count || !hoff || !hname)
        goto out;
    /* long names, then the member headers' offsets relative to the first member */
    for (usize i = 0; i < n; i++) {
        usize l = strlen(m[i].name);
        if (l > 15) {
            snprintf(hname[i], 17, "/%zu", longn.len);
            add(&longn, m[i].name, l);
            add(&longn, "/\n", 2);
        } else
            snprintf(hname[i], 17, "%.15s/", m[i].name);
    }
    if (longn.len & 1)
        add(&longn, "\n", 1);
    u64 nsyms = 0, rel = 0;
    for (usize i = 0; i < n; i++) {
        hoff[i] = rel;
        rel += 60 + m[i].size + (m[i].size & 1);
        if (index)
            nsyms += count[i] = member_symbols(&m[i], &names);
    }
    usize symsize = 0;
    unsigned w = 4;
    u64 start = 8 + (longn.len ? 60 + longn.len : 0);
    if (index && nsyms) {
        if (names.len & 1)
            add(&names, "", 1);
        symsize = 4 + 4 * (usize)nsyms + names.len;
        if (start + 60 + symsize + rel > 0xffffffffu) {
            w = 8;
            symsize = 8 + 8 * (usize)nsyms + names.len;
        }
        start += 60 + symsize;
    }
    add(&b, "!<arch>\n", 8);
    if (symsize) {
        header(&b, w == 4 ? "/" : "/SYM64/", "0", symsize);
        u8 *tab = calloc(1, symsize);
        if (!tab)
            goto out;
        put_be(tab, nsyms, w);
        usize k = 0;
        for (usize i = 0; i < n; i++)
            for (u32 j = 0; j < count[i]; j++, k++)
                put_be(tab + w + w * k, start + hoff[i], w);
        memcpy(tab + w + w * (usize)nsyms, names.p, names.len);
        add(&b, tab, symsize);
        free(tab);
    }
    if (longn.len) {
        header(&b, "//", NULL, longn.len);
        add(&b, longn.p, longn.len);
    }
    for (usize i = 0; i < n; i++) {
        char mode[16];
        snprintf(mode, sizeof mode, "%o", m[i].mode & 07777);
        header(&b, hname[i], mode, m[i].size);
        add(&b, m[i].data, (usize)m[i].size);
        if (m[i].size & 1)
            add(&b, "\n", 1);
    }
    if (!b.oom && !names.oom && !longn.oom) {
        *out = b.p;
        *size = b.len;
        b.p = NULL;
        rc = 0;
    }
out:
    free(b.p);
    free(names.p);
    free(longn.p);
    free(count);
    free(hoff);
    free(hname);
    return rc;
}
