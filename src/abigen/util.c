/* zl-abigen: diagnostics, memory and output buffers. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "abigen/abigen.h"

const char *const ag_pers_name[AG_NPERS] = { "rv32", "rv64", "rv128" };
const unsigned ag_xlen_bytes[AG_NPERS] = { 4, 8, 16 };

void ag_error(struct ag_spec *s, const struct ag_loc *loc, const char *fmt, ...)
{
    va_list ap;
    if (loc && loc->file)
        fprintf(stderr, "%s:%d: error: ", loc->file, loc->line);
    else
        fputs("zl-abigen: error: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    s->errors++;
}

_Noreturn void ag_fatal(const char *fmt, ...)
{
    va_list ap;
    fputs("zl-abigen: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

/* Every block the generator allocates is recorded, so ag_free_all() can release the whole
 * specification at once (the tool and the tests run clean under LeakSanitizer). */
static void **reg;
static size_t nreg, capreg;

static void reg_add(void *p)
{
    if (nreg == capreg) {
        size_t nc = capreg ? capreg * 2 : 1024;
        void **r = realloc(reg, nc * sizeof *reg);
        if (!r)
            ag_fatal("out of memory");
        reg = r;
        capreg = nc;
    }
    reg[nreg++] = p;
}

static size_t reg_find(const void *p)
{
    for (size_t i = nreg; i-- > 0;)
        if (reg[i] == p)
            return i;
    ag_fatal("internal error: freeing memory that was not allocated by ag_alloc");
}

void *ag_alloc(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    if (!p)
        ag_fatal("out of memory");
    reg_add(p);
    return p;
}

void *ag_realloc(void *p, size_t n)
{
    if (!p)
        return ag_alloc(n);
    size_t i = reg_find(p);
    void *q = realloc(p, n ? n : 1);
    if (!q)
        ag_fatal("out of memory");
    reg[i] = q;
    return q;
}

void ag_free(void *p)
{
    if (!p)
        return;
    size_t i = reg_find(p);
    reg[i] = reg[--nreg];
    free(p);
}

void ag_free_all(void)
{
    for (size_t i = 0; i < nreg; i++)
        free(reg[i]);
    free(reg);
    reg = NULL;
    nreg = capreg = 0;
}

void *ag_grow(void *p, int *cap, int need, size_t elem)
{
    if (need <= *cap)
        return p;
    int nc = *cap ? *cap : 16;
    while (nc < need)
        nc *= 2;
    char *q = ag_realloc(p, (size_t)nc * elem);
    memset(q + (size_t)*cap * elem, 0, (size_t)(nc - *cap) * elem);
    *cap = nc;
    return q;
}

char *ag_strndup(const char *s, size_t n)
{
    char *p = ag_alloc(n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

char *ag_strdup(const char *s)
{
    return ag_strndup(s, strlen(s));
}

/* ---- buffers ------------------------------------------------------------------------ */

static void buf_reserve(struct ag_buf *b, size_t more)
{
    if (b->n + more + 1 <= b->cap)
        return;
    size_t nc = b->cap ? b->cap : 4096;
    while (nc < b->n + more + 1)
        nc *= 2;
    char *p = realloc(b->p, nc);
    if (!p)
        ag_fatal("out of memory");
    b->p = p;
    b->cap = nc;
}

void ag_printf(struct ag_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        ag_fatal("formatting error");
    buf_reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->p + b->n, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->n += (size_t)n;
}

void ag_puts(struct ag_buf *b, const char *s)
{
    size_t n = strlen(s);
    buf_reserve(b, n);
    memcpy(b->p + b->n, s, n + 1);
    b->n += n;
}

void ag_buf_free(struct ag_buf *b)
{
    free(b->p);
    b->p = NULL;
    b->n = b->cap = 0;
}

/* ---- output sets ------------------------------------------------------------------- */

struct ag_buf *ag_out_file(struct ag_out *o, const char *path)
{
    int need = o->n + 1, c = o->cap;
    o->path = ag_grow(o->path, &c, need, sizeof *o->path);
    c = o->cap;
    o->buf = ag_grow(o->buf, &c, need, sizeof *o->buf);
    o->cap = c;
    o->path[o->n] = ag_strdup(path);
    memset(&o->buf[o->n], 0, sizeof o->buf[o->n]);
    return &o->buf[o->n++];
}

static int mkdirs(const char *path)
{
    char *p = ag_strdup(path);
    for (char *q = p + 1; *q; q++) {
        if (*q != '/')
            continue;
        *q = 0;
        if (mkdir(p, 0777) != 0 && errno != EEXIST) {
            fprintf(stderr, "zl-abigen: cannot create directory %s: %s\n", p, strerror(errno));
            ag_free(p);
            return -1;
        }
        *q = '/';
    }
    ag_free(p);
    return 0;
}

static bool same_content(const char *path, const struct ag_buf *b)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    bool same = true;
    size_t i = 0;
    int c;
    while ((c = getc(f)) != EOF) {
        if (i >= b->n || (unsigned char)b->p[i] != (unsigned)c) {
            same = false;
            break;
        }
        i++;
    }
    fclose(f);
    return same && i == b->n;
}

int ag_out_commit(struct ag_out *o)
{
    for (int i = 0; i < o->n; i++) {
        const char *path = o->path[i];
        struct ag_buf *b = &o->buf[i];
        if (same_content(path, b))
            continue;
        if (mkdirs(path) != 0)
            return -1;
        size_t tl = strlen(path) + 32;
        char *tmp = ag_alloc(tl);
        snprintf(tmp, tl, "%s.tmp%ld", path, (long)getpid());
        FILE *f = fopen(tmp, "wb");
        if (!f) {
            fprintf(stderr, "zl-abigen: cannot write %s: %s\n", tmp, strerror(errno));
            ag_free(tmp);
            return -1;
        }
        bool ok = fwrite(b->p ? b->p : "", 1, b->n, f) == b->n;
        ok = (fclose(f) == 0) && ok;
        if (!ok || rename(tmp, path) != 0) {
            fprintf(stderr, "zl-abigen: cannot write %s: %s\n", path, strerror(errno));
            remove(tmp);
            ag_free(tmp);
            return -1;
        }
        ag_free(tmp);
    }
    return 0;
}

void ag_out_free(struct ag_out *o)
{
    for (int i = 0; i < o->n; i++) {
        ag_free(o->path[i]);
        ag_buf_free(&o->buf[i]);
    }
    ag_free(o->path);
    ag_free(o->buf);
    memset(o, 0, sizeof *o);
}
