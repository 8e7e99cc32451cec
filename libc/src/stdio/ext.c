/* <stdio_ext.h> (the Solaris/glibc stream inquiries gnulib and others use), fpurge,
 * fileno_unlocked, setbuffer, getw/putw, and GNU fopencookie: a stream whose reads, writes,
 * seeks and close are the program's functions (the backends of zl_stdio.h). */
#include "zl_stdio.h"
#include <stdio_ext.h>
#include <stdlib.h>

size_t __fbufsize(FILE *f) { return f->bufsize; }
size_t __fpending(FILE *f) { return f->wlen; }
int __flbf(FILE *f) { return f->mode == _IOLBF; }
int __freadable(FILE *f) { return !!(f->flags & F_READ); }
int __fwritable(FILE *f) { return !!(f->flags & F_WRITE); }
/* The last operation: a read-only (write-only) stream always reads (writes); otherwise a
 * read leaves a read window, a write pending bytes. */
int __freading(FILE *f) { return !(f->flags & F_WRITE) || f->rend || f->nungot; }
int __fwriting(FILE *f) { return !(f->flags & F_READ) || f->wlen; }
void __fseterr(FILE *f) { f->flags |= F_ERR; }
/* Every stream locks itself when the process has threads: FSETLOCKING_BYCALLER is not
 * honoured, and the answer is always FSETLOCKING_INTERNAL. */
int __fsetlocking(FILE *f, int type)
{
    (void)f;
    (void)type;
    return FSETLOCKING_INTERNAL;
}
/* glibc flushes the line-buffered streams; flushing every stream is the same for them. */
void _flushlbf(void) { fflush(NULL); }

/* Buffered input not yet read (ungetc's bytes too) and output not yet written. */
size_t __freadahead(FILE *f) { return (size_t)(f->rend - f->rpos) + (size_t)f->nungot; }
const char *__freadptr(FILE *f, size_t *size)
{
    if (f->nungot || f->rpos == f->rend)
        return NULL;
    *size = (size_t)(f->rend - f->rpos);
    return (const char *)f->rpos;
}
void __freadptrinc(FILE *f, size_t n) { f->rpos += n; }

void __fpurge(FILE *f)
{
    FLOCK(f);
    f->wlen = 0;
    f->rpos = f->rend = NULL;
    f->nungot = 0;
    FUNLOCK(f);
}

int fpurge(FILE *f)
{
    __fpurge(f);
    return 0;
}

int fileno_unlocked(FILE *f) { return fileno(f); }

void setbuffer(FILE *restrict f, char *restrict buf, size_t size)
{
    setvbuf(f, buf, buf ? _IOFBF : _IONBF, size);
}

int getw(FILE *f)
{
    int x;
    return fread(&x, sizeof x, 1, f) == 1 ? x : EOF;
}

int putw(int x, FILE *f)
{
    return fwrite(&x, sizeof x, 1, f) == 1 ? 0 : EOF;
}

struct cookie {
    void *c;
    cookie_io_functions_t io;
};

/* Without a read function the stream is at end of file; without a write function writes
 * are discarded (and succeed); the program's write returns 0 for an error. */
static long ck_read(FILE *f, unsigned char *b, size_t n)
{
    struct cookie *k = f->cookie;
    return k->io.read ? (long)k->io.read(k->c, (char *)b, n) : 0;
}

static long ck_write(FILE *f, const unsigned char *b, size_t n)
{
    struct cookie *k = f->cookie;
    if (!k->io.write)
        return (long)n;
    long r = (long)k->io.write(k->c, (const char *)b, n);
    return r > 0 || !n ? r : -1;
}

static off_t ck_seek(FILE *f, off_t off, int whence)
{
    struct cookie *k = f->cookie;
    if (!k->io.seek) {
        errno = ESPIPE;
        return -1;
    }
    return k->io.seek(k->c, &off, whence) < 0 ? -1 : off;
}

static int ck_close(FILE *f)
{
    struct cookie *k = f->cookie;
    int r = k->io.close ? k->io.close(k->c) : 0;
    free(k);
    return r;
}

FILE *fopencookie(void *c, const char *mode, cookie_io_functions_t io)
{
    unsigned flags;
    if (__zl_fmode(mode, &flags) < 0)
        return NULL;
    struct cookie *k = malloc(sizeof *k);
    if (!k)
        return NULL;
    FILE *f = __zl_fnew(-1, flags);
    if (!f) {
        free(k);
        return NULL;
    }
    k->c = c;
    k->io = io;
    zl_fbackends(f, k, ck_read, ck_write, ck_seek, ck_close);
    return f;
}
