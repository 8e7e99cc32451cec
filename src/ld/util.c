/* util.c — arena allocation, diagnostics, hash map and string table of zl-ld. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "ld.h"

#define CHUNK_MIN ((usize)1 << 15)
#define CHUNK_MAX ((usize)1 << 22)
#define MAX_ERRORS LD_MAX_ERRORS

void *ld_alloc(struct ld *L, usize n)
{
    usize a = sizeof(max_align_t);
    n = (n + a - 1) & ~(a - 1);
    if (n == 0)
        n = a;
    struct ld_chunk *c = L->arena;
    if (!c || c->cap - c->used < n) {
        /* chunks grow with the link: small links stay small (fuzzing), big ones make
         * few allocations */
        usize chunk = c ? (c->cap < CHUNK_MAX / 2 ? c->cap * 2 : CHUNK_MAX) : CHUNK_MIN;
        if (chunk < CHUNK_MIN)
            chunk = CHUNK_MIN;
        usize cap = n > chunk / 4 ? n : chunk;
        if (cap > (usize)-1 - sizeof *c)
            ld_fatal(L, "out of memory");
        struct ld_chunk *nc = malloc(sizeof *nc + cap);
        if (!nc)
            ld_fatal(L, "out of memory");
        nc->used = 0;
        nc->cap = cap;
        if (n > chunk / 4 && c) {
            /* big block: keep filling the current chunk afterwards */
            nc->next = c->next;
            c->next = nc;
        } else {
            nc->next = c;
            L->arena = nc;
        }
        c = nc;
    }
    void *p = (u8 *)c->data + c->used;
    c->used += n;
    memset(p, 0, n);
    return p;
}

void *ld_alloc_array(struct ld *L, usize n, usize size)
{
    if (size && n > ((usize)-1 >> 1) / size)
        ld_fatal(L, "out of memory");
    return ld_alloc(L, n * size);
}

char *ld_strndup(struct ld *L, const char *s, usize n)
{
    char *p = ld_alloc(L, n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

char *ld_strdup(struct ld *L, const char *s)
{
    return ld_strndup(L, s, strlen(s));
}

char *ld_sprintf(struct ld *L, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        n = 0;
    char *p = ld_alloc(L, (usize)n + 1);
    va_start(ap, fmt);
    vsnprintf(p, (usize)n + 1, fmt, ap);
    va_end(ap);
    return p;
}

static void vreport(struct ld *L, const char *kind, const char *fmt, va_list ap)
{
    if (!L->err)
        return;
    fprintf(L->err, "%s: %s", L->prog, kind);
    vfprintf(L->err, fmt, ap);
    fputc('\n', L->err);
}

void ld_error(struct ld *L, const char *fmt, ...)
{
    L->nerr++;
    if (L->nerr > MAX_ERRORS) {
        if (L->nerr == MAX_ERRORS + 1 && L->err)
            fprintf(L->err, "%s: too many errors; further errors are not shown\n", L->prog);
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    vreport(L, "error: ", fmt, ap);
    va_end(ap);
}

void ld_warn(struct ld *L, const char *fmt, ...)
{
    L->nwarn++;
    if (L->opt.fatal_warnings)
        L->nerr++;
    va_list ap;
    va_start(ap, fmt);
    vreport(L, "warning: ", fmt, ap);
    va_end(ap);
}

_Noreturn void ld_fatal(struct ld *L, const char *fmt, ...)
{
    L->nerr++;
    va_list ap;
    va_start(ap, fmt);
    vreport(L, "error: ", fmt, ap);
    va_end(ap);
    if (L->fatal)
        longjmp(*L->fatal, 1);
    exit(1);
}

const char *ld_hex(struct ld *L, u128 v, int digits)
{
    char tmp[48];
    int n = 0;
    do {
        tmp[n++] = "0123456789abcdef"[(unsigned)(v & 0xf)];
        v >>= 4;
    } while (v);
    while (n < digits && n < 40)
        tmp[n++] = '0';
    char *p = ld_alloc(L, (usize)n + 3);
    p[0] = '0';
    p[1] = 'x';
    for (int i = 0; i < n; i++)
        p[2 + i] = tmp[n - 1 - i];
    p[n + 2] = 0;
    return p;
}

const char *ld_dec(struct ld *L, i128 v)
{
    char tmp[48];
    int n = 0, neg = v < 0;
    u128 u = neg ? (u128)0 - (u128)v : (u128)v;
    do {
        tmp[n++] = (char)('0' + (unsigned)(u % 10));
        u /= 10;
    } while (u);
    char *p = ld_alloc(L, (usize)n + 2);
    int k = 0;
    if (neg)
        p[k++] = '-';
    while (n)
        p[k++] = tmp[--n];
    p[k] = 0;
    return p;
}

u8 *ld_read_file(struct ld *L, const char *path, usize *size, const char **why)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        *why = strerror(errno);
        return NULL;
    }
    if (fseek(fp, 0, SEEK_END) != 0) {
        *why = strerror(errno);
        fclose(fp);
        return NULL;
    }
    long end = ftell(fp);
    if (end < 0 || fseek(fp, 0, SEEK_SET) != 0) {
        *why = end < 0 ? strerror(errno) : "cannot seek";
        fclose(fp);
        return NULL;
    }
    if ((unsigned long)end > ELF_OPEN_MAX) {
        *why = "file too large";
        fclose(fp);
        return NULL;
    }
    usize n = (usize)end;
    u8 *buf = ld_alloc(L, n ? n : 1);
    if (n && fread(buf, 1, n, fp) != n) {
        *why = ferror(fp) ? strerror(errno) : "file changed while reading";
        fclose(fp);
        return NULL;
    }
    fclose(fp);
    *size = n;
    return buf;
}

void vec_push(struct ld *L, struct vec *v, void *p)
{
    if (v->n == v->cap) {
        u32 ncap = v->cap ? v->cap * 2 : 8;
        if (ncap < v->cap)
            ld_fatal(L, "out of memory");
        void **nv = ld_alloc_array(L, ncap, sizeof *nv);
        if (v->n)
            memcpy(nv, v->v, v->n * sizeof *nv);
        v->v = nv;
        v->cap = ncap;
    }
    v->v[v->n++] = p;
}

u32 ld_hash(const char *s)
{
    u32 h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (u8)*s) * 16777619u;
    return h;
}

void *strmap_get(const struct strmap *m, const char *key)
{
    if (!m->cap)
        return NULL;
    u32 h = ld_hash(key);
    for (u32 i = h & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        const struct strmap_ent *e = &m->tab[i];
        if (!e->key)
            return NULL;
        if (e->hash == h && strcmp(e->key, key) == 0)
            return e->val;
    }
}

static void strmap_grow(struct ld *L, struct strmap *m)
{
    u32 ncap = m->cap ? m->cap * 2 : 64;
    struct strmap_ent *nt = ld_alloc_array(L, ncap, sizeof *nt);
    for (u32 i = 0; i < m->cap; i++) {
        struct strmap_ent *e = &m->tab[i];
        if (!e->key)
            continue;
        u32 k = e->hash & (ncap - 1);
        while (nt[k].key)
            k = (k + 1) & (ncap - 1);
        nt[k] = *e;
    }
    m->tab = nt;
    m->cap = ncap;
}

void **strmap_slot(struct ld *L, struct strmap *m, const char *key, int *created)
{
    if ((m->n + 1) * 4 >= m->cap * 3)
        strmap_grow(L, m);
    u32 h = ld_hash(key);
    for (u32 i = h & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        struct strmap_ent *e = &m->tab[i];
        if (!e->key) {
            e->key = key;
            e->hash = h;
            e->val = NULL;
            m->n++;
            if (created)
                *created = 1;
            return &e->val;
        }
        if (e->hash == h && strcmp(e->key, key) == 0) {
            if (created)
                *created = 0;
            return &e->val;
        }
    }
}

void strtab_init(struct ld *L, struct strtab *t)
{
    memset(t, 0, sizeof *t);
    t->cap = 256;
    t->buf = ld_alloc(L, t->cap);
    t->len = 1;
}

u32 strtab_add(struct ld *L, struct strtab *t, const char *s)
{
    if (!*s)
        return 0;
    int created;
    void **slot = strmap_slot(L, &t->map, s, &created);
    if (!created)
        return (u32)(usize)*slot;
    usize n = strlen(s) + 1;
    if (t->len + n > 0xffffffffu)
        ld_fatal(L, "string table too large");
    if (t->len + n > t->cap) {
        usize ncap = t->cap * 2;
        while (ncap < t->len + n)
            ncap *= 2;
        char *nb = ld_alloc(L, ncap);
        memcpy(nb, t->buf, t->len);
        t->buf = nb;
        t->cap = ncap;
    }
    u32 off = (u32)t->len;
    memcpy(t->buf + off, s, n);
    t->len += n;
    /* The key must outlive the caller's string: point it at our copy (old buffers stay
     * in the arena when the table grows). */
    struct strmap_ent *e = (struct strmap_ent *)((char *)slot - offsetof(struct strmap_ent, val));
    e->key = t->buf + off;
    *slot = (void *)(usize)off;
    return off;
}
