/* Memory streams (POSIX.1-2008): fmemopen on a caller's (or our own) fixed buffer, and
 * open_memstream on a growing buffer.  Both are ordinary buffered FILEs whose backend
 * (read/write/seek/close in struct _ZL_FILE) works on memory instead of a descriptor, so
 * the contents are visible in the buffer after fflush, fseek or fclose — as in glibc. */
#include "zl_stdio.h"
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>

struct mem {
    unsigned char *buf;
    size_t size;  /* capacity (fmemopen) or allocated bytes (open_memstream) */
    size_t pos;   /* current position */
    size_t end;   /* bytes of content */
    bool own;     /* buf is ours: freed at fclose (fmemopen with buf NULL) */
    bool append;  /* "a" modes: every write goes to the end */
    bool update;  /* "+" modes */
    /* open_memstream: where the caller sees the buffer and the position */
    char **bufp;
    size_t *sizep;
};

/* ---- fmemopen ---- */

static long fm_read(FILE *f, unsigned char *b, size_t n)
{
    struct mem *m = f->cookie;
    size_t k = m->pos < m->end ? m->end - m->pos : 0;
    if (k > n) k = n;
    memcpy(b, m->buf + m->pos, k);
    m->pos += k;
    return (long)k;
}

static long fm_write(FILE *f, const unsigned char *b, size_t n)
{
    struct mem *m = f->cookie;
    if (m->append) m->pos = m->end;
    size_t k = m->size - m->pos;
    if (k > n) k = n;
    if (!k && n) { /* also size 0 (allowed, as in glibc) */
        errno = ENOSPC;
        return -1;
    }
    memcpy(m->buf + m->pos, b, k);
    m->pos += k;
    /* When the content grows, a null byte follows it: at the new end, or (not for update
     * streams) on the last byte of a full buffer — POSIX, and glibc's behaviour; a write
     * inside the content leaves the bytes after it alone. */
    if (m->pos > m->end) {
        m->end = m->pos;
        if (m->pos < m->size) m->buf[m->pos] = 0;
        else if (!m->update) m->buf[m->size - 1] = 0;
    }
    return (long)k;
}

static off_t seek_to(struct mem *m, off_t off, int whence, size_t limit)
{
    off_t base = whence == SEEK_SET ? 0 : whence == SEEK_CUR ? (off_t)m->pos : (off_t)m->end;
    if (off < -base || (size_t)(base + off) > limit) {
        errno = EINVAL;
        return -1;
    }
    m->pos = (size_t)(base + off);
    return (off_t)m->pos;
}

static off_t fm_seek(FILE *f, off_t off, int whence)
{
    struct mem *m = f->cookie;
    return seek_to(m, off, whence, m->size);
}

static int fm_close(FILE *f)
{
    struct mem *m = f->cookie;
    if (m->own) free(m->buf);
    free(m);
    return 0;
}

FILE *fmemopen(void *restrict buf, size_t size, const char *restrict mode)
{
    unsigned flags;
    if (__zl_fmode(mode, &flags) < 0) return NULL;
    struct mem *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->buf = buf;
    m->size = size;
    if (!buf) {
        m->buf = calloc(1, size ? size : 1);
        m->own = true;
        if (!m->buf) {
            free(m);
            return NULL;
        }
    }
    FILE *f = __zl_fnew(-1, flags);
    if (!f) {
        if (m->own) free(m->buf);
        free(m);
        return NULL;
    }
    switch (*mode) {
    case 'r': m->end = size; break;              /* the whole buffer is content */
    case 'w': break;                             /* truncated: empty (the buffer is
                                                    written only by the first flush) */
    default:                                     /* 'a': content up to the first null */
        m->append = true;
        m->end = m->pos = strnlen((char *)m->buf, size);
    }
    m->update = strchr(mode, '+') != NULL;
    zl_fbackends(f, m, fm_read, fm_write, fm_seek, fm_close);
    return f;
}

/* ---- open_memstream ----
 * SEEK_END is relative to the length (the largest position written), as POSIX says;
 * glibc 2.36 measures it from the size last reported after a backward seek. */

/* The caller's view: the buffer and min(position, content), null-terminated there. */
static void ms_publish(struct mem *m)
{
    *m->bufp = (char *)m->buf;
    *m->sizep = m->pos < m->end ? m->pos : m->end;
}

static int ms_reserve(struct mem *m, size_t need)
{
    if (need + 1 <= m->size) return 0;
    size_t n = m->size * 2;
    if (n < need + 1) n = need + 1;
    unsigned char *b = realloc(m->buf, n);
    if (!b) return -1;
    memset(b + m->size, 0, n - m->size);
    m->buf = b;
    m->size = n;
    return 0;
}

static long ms_write(FILE *f, const unsigned char *b, size_t n)
{
    struct mem *m = f->cookie;
    if (n > (size_t)-1 / 2 - m->pos || ms_reserve(m, m->pos + n)) {
        errno = ENOMEM;
        return -1;
    }
    /* a gap left by seeking past the end reads as zeros: ms_reserve cleared it */
    memcpy(m->buf + m->pos, b, n);
    m->pos += n;
    if (m->pos > m->end) m->end = m->pos;
    m->buf[m->end] = 0;
    ms_publish(m);
    return (long)n;
}

static off_t ms_seek(FILE *f, off_t off, int whence)
{
    struct mem *m = f->cookie;
    off_t r = seek_to(m, off, whence, (size_t)-1 / 2);
    if (r >= 0) {
        if (ms_reserve(m, m->pos)) {
            errno = ENOMEM;
            return -1;
        }
        ms_publish(m);
    }
    return r;
}

static int ms_close(FILE *f)
{
    struct mem *m = f->cookie;
    ms_publish(m); /* the caller frees the buffer */
    free(m);
    return 0;
}

FILE *open_memstream(char **bufp, size_t *sizep)
{
    if (!bufp || !sizep) {
        errno = EINVAL;
        return NULL;
    }
    struct mem *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->size = 64;
    m->buf = calloc(1, m->size);
    m->bufp = bufp;
    m->sizep = sizep;
    FILE *f = m->buf ? __zl_fnew(-1, F_WRITE) : NULL;
    if (!f) {
        free(m->buf);
        free(m);
        return NULL;
    }
    ms_publish(m);
    zl_fbackends(f, m, NULL, ms_write, ms_seek, ms_close);
    return f;
}
