/* util.c — arena allocation, diagnostics, hash map and string table of zl-ld. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
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

/* Input files are mapped, not read: a link reads its archives (libc.a is megabytes) a few
 * members at a time, so copying and zeroing the whole file cost more than the link.  The
 * mapping is private and writable, so a caller may patch its copy; ld_free unmaps it.
 * Files that cannot be mapped (pipes, /dev/stdin) are read into the arena instead. */
u8 *ld_read_file(struct ld *L, const char *path, usize *size, const char **why)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        *why = strerror(errno);
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        *why = strerror(errno);
        close(fd);
        return NULL;
    }
    if (S_ISDIR(st.st_mode)) {
        *why = strerror(EISDIR);
        close(fd);
        return NULL;
    }
    if (S_ISREG(st.st_mode) && st.st_size > 0) {
        if ((unsigned long long)st.st_size > ELF_OPEN_MAX) {
            *why = "file too large";
            close(fd);
            return NULL;
        }
        usize n = (usize)st.st_size;
        void *p = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
        if (p != MAP_FAILED) {
            close(fd);
            struct ld_mapping *m = ld_alloc(L, sizeof *m);
            m->addr = p;
            m->len = n;
            m->next = L->mappings;
            L->mappings = m;
            *size = n;
            return p;
        }
    }
    /* not mappable: read to the end into a growing buffer */
    usize n = 0, cap = 1 << 16;
    u8 *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            *why = strerror(ENOMEM);
            close(fd);
            return NULL;
        }
        if (n == cap) {
            if (cap > ELF_OPEN_MAX) {
                *why = "file too large";
                free(buf);
                close(fd);
                return NULL;
            }
            u8 *nb = realloc(buf, cap * 2);
            if (!nb)
                free(buf);
            buf = nb;
            cap *= 2;
            continue;
        }
        ssize_t r = read(fd, buf + n, cap - n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            *why = strerror(errno);
            free(buf);
            close(fd);
            return NULL;
        }
        if (r == 0)
            break;
        n += (usize)r;
    }
    close(fd);
    u8 *out = ld_alloc(L, n ? n : 1);
    memcpy(out, buf, n);
    free(buf);
    *size = n;
    return out;
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
