/* The printf family over __zl_vformat. */
#include "zl_stdio.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int vfprintf(FILE *restrict f, const char *restrict fmt, va_list ap)
{
    FLOCK(f);
    struct zl_out o = { .file = f };
    va_list c;
    va_copy(c, ap);
    /* An unbuffered stream gets one write per call, through a temporary buffer. */
    int r;
    if (f->mode == _IONBF) {
        unsigned char tmp[BUFSIZ];
        unsigned char *ob = f->buf;
        size_t os = f->bufsize;
        f->buf = tmp;
        f->bufsize = sizeof tmp;
        f->mode = _IOFBF;
        r = __zl_vformat(&o, fmt, &c);
        if (__zl_fflush1(f))
            r = -1;
        f->buf = ob;
        f->bufsize = os;
        f->mode = _IONBF;
    } else
        r = __zl_vformat(&o, fmt, &c);
    va_end(c);
    FUNLOCK(f);
    return r;
}

int vprintf(const char *restrict fmt, va_list ap)
{
    return vfprintf(stdout, fmt, ap);
}

int fprintf(FILE *restrict f, const char *restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vfprintf(f, fmt, ap);
    va_end(ap);
    return r;
}

int printf(const char *restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vfprintf(stdout, fmt, ap);
    va_end(ap);
    return r;
}

int vsnprintf(char *restrict buf, size_t n, const char *restrict fmt, va_list ap)
{
    struct zl_out o = { .buf = buf, .cap = n };
    va_list c;
    va_copy(c, ap);
    int r = __zl_vformat(&o, fmt, &c);
    va_end(c);
    if (n)
        buf[o.len < n ? o.len : n - 1] = 0;
    return r;
}

int snprintf(char *restrict buf, size_t n, const char *restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsnprintf(buf, n, fmt, ap);
    va_end(ap);
    return r;
}

int vsprintf(char *restrict buf, const char *restrict fmt, va_list ap)
{
    return vsnprintf(buf, (size_t)-1 / 2, fmt, ap);
}

int sprintf(char *restrict buf, const char *restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsprintf(buf, fmt, ap);
    va_end(ap);
    return r;
}

int vasprintf(char **out, const char *fmt, va_list ap)
{
    va_list c;
    va_copy(c, ap);
    int n = vsnprintf(NULL, 0, fmt, c);
    va_end(c);
    if (n < 0)
        return -1;
    char *b = malloc((size_t)n + 1);
    if (!b)
        return -1;
    vsnprintf(b, (size_t)n + 1, fmt, ap);
    *out = b;
    return n;
}

int asprintf(char **out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vasprintf(out, fmt, ap);
    va_end(ap);
    return r;
}

int vdprintf(int fd, const char *restrict fmt, va_list ap)
{
    char *s;
    int n = vasprintf(&s, fmt, ap);
    if (n < 0)
        return -1;
    size_t off = 0;
    while (off < (size_t)n) {
        ssize_t w = write(fd, s + off, (size_t)n - off);
        if (w < 0) {
            free(s);
            return -1;
        }
        off += (size_t)w;
    }
    free(s);
    return n;
}

int dprintf(int fd, const char *restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vdprintf(fd, fmt, ap);
    va_end(ap);
    return r;
}
