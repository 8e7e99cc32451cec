/* The scanf family: every C11 conversion (d i o u x X c s [ p n e f g a and their upper-case
 * forms, %%), assignment suppression, field widths, every length modifier (hh h l ll j z t
 * L and C23 wN/wfN), and POSIX's m (allocate) flag; %lc and %ls read multibyte characters
 * (UTF-8 in C.UTF-8, ASCII in C) into wchar_t.  Not supported (the call fails with EINVAL):
 * positional %n$, %l[ and the m flag with %lc/%ls. */
#include "zl_stdio.h"
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <stdint.h>
#include <limits.h>
#include <inttypes.h>
#include <wchar.h>

#ifdef ZL_HAVE_INT128
typedef u128 wide_u;
#else
typedef u64 wide_u;
#endif

struct in {
    FILE *f;
    const unsigned char *s;
    size_t count;     /* characters consumed */
    int eof;
};

static int in_get(struct in *in)
{
    int c;
    if (in->f)
        c = fgetc_unlocked(in->f);
    else
        c = *in->s ? *in->s++ : EOF;
    if (c == EOF)
        in->eof = 1;
    else
        in->count++;
    return c;
}

static void in_unget(struct in *in, int c)
{
    if (c == EOF)
        return;
    in->count--;
    if (in->f)
        ungetc(c, in->f);
    else
        in->s--;
}

enum { LEN_NONE, LEN_HH, LEN_H, LEN_L, LEN_LL, LEN_J, LEN_Z, LEN_T, LEN_BIGL, LEN_W };

static int bits_of(int len, int wbits)
{
    switch (len) {
    case LEN_HH: return 8;
    case LEN_H: return 16;
    case LEN_L: return (int)sizeof(long) * 8;
    case LEN_LL: return (int)sizeof(long long) * 8;
    case LEN_J: return (int)sizeof(intmax_t) * 8;
    case LEN_Z: return (int)sizeof(size_t) * 8;
    case LEN_T: return (int)sizeof(ptrdiff_t) * 8;
    case LEN_W: return wbits;
    default: return 32;
    }
}

static void store_int(void *p, int bits, wide_u v)
{
    switch (bits) {
    case 8: *(unsigned char *)p = (unsigned char)v; break;
    case 16: *(unsigned short *)p = (unsigned short)v; break;
    case 32: *(unsigned *)p = (unsigned)v; break;
    case 64: *(u64 *)p = (u64)v; break;
#ifdef ZL_HAVE_INT128
    case 128: *(u128 *)p = (u128)v; break;
#endif
    }
}

/* Collects a floating-point number's longest valid prefix (within width) into buf. */
static size_t scan_float(struct in *in, char *buf, size_t cap, size_t width)
{
    size_t n = 0;
    int c = in_get(in);
#define TAKE() do { if (n + 1 < cap) buf[n++] = (char)c; width--; c = width ? in_get(in) : EOF; } while (0)
#define GIVE_BACK() do { if (width) in_unget(in, c); } while (0)
    if (width && (c == '+' || c == '-'))
        TAKE();
    if (width && (c | 32) == 'i') {
        const char *w = "infinity";
        size_t k = 0;
        while (width && w[k] && (c | 32) == w[k]) {
            TAKE();
            k++;
        }
        GIVE_BACK();
        return (k == 3 || k == 8) ? n : 0;
    }
    if (width && (c | 32) == 'n') {
        const char *w = "nan";
        size_t k = 0;
        while (width && w[k] && (c | 32) == w[k]) {
            TAKE();
            k++;
        }
        if (k != 3) {
            GIVE_BACK();
            return 0;
        }
        if (width && c == '(') {
            TAKE();
            while (width && (isalnum(c) || c == '_'))
                TAKE();
            if (width && c == ')') {
                TAKE();
            } else {
                GIVE_BACK();
                return 0;
            }
        }
        GIVE_BACK();
        return n;
    }
    int hex = 0, digits = 0;
    if (width && c == '0') {
        TAKE();
        digits = 1;
        if (width && (c | 32) == 'x') {
            TAKE();
            hex = 1;
            digits = 0;
        }
    }
    while (width && (hex ? isxdigit(c) : isdigit(c))) {
        TAKE();
        digits = 1;
    }
    if (width && c == '.') {
        TAKE();
        while (width && (hex ? isxdigit(c) : isdigit(c))) {
            TAKE();
            digits = 1;
        }
    }
    if (!digits) {
        GIVE_BACK();
        return 0;
    }
    if (width && (c | 32) == (hex ? 'p' : 'e')) {
        TAKE();
        if (width && (c == '+' || c == '-'))
            TAKE();
        if (!(width && isdigit(c))) {
            GIVE_BACK();
            return 0;   /* C: "1e" is a matching failure for scanf (pushback limit) */
        }
        while (width && isdigit(c))
            TAKE();
    }
    GIVE_BACK();
    buf[n] = 0;
    return n;
#undef TAKE
#undef GIVE_BACK
}

/* %lc / %ls into dst (NULL: suppressed).  The width counts characters.  Returns 1 when a
 * field was read, 0 on a matching failure (errno EILSEQ for an invalid sequence, or one left
 * incomplete by the end of the input, as glibc), -1 when the input ended before any
 * character. */
static int scan_wide(struct in *in, int conv, size_t width, wchar_t *dst)
{
    size_t w = width ? width : conv == 'c' ? 1 : (size_t)-1, n = 0;
    mbstate_t st;
    memset(&st, 0, sizeof st);
    int c = EOF, partial = 0;
    while (n < w) {
        c = in_get(in);
        if (c == EOF)
            break;
        if (conv == 's' && !partial && isspace(c))
            break;
        char ch = (char)c;
        wchar_t wc;
        size_t r = mbrtowc(&wc, &ch, 1, &st);
        c = EOF;
        partial = r == (size_t)-2;
        if (partial)
            continue;
        if (r == (size_t)-1)
            return 0;
        if (dst)
            dst[n] = wc;
        n++;
    }
    if (c != EOF)
        in_unget(in, c);
    if (partial) {
        errno = EILSEQ;
        return 0;
    }
    if (n == 0 || (conv == 'c' && n < w))
        return n == 0 && in->eof ? -1 : 0;
    if (dst && conv != 'c')
        dst[n] = 0;
    return 1;
}

static int vscan(struct in *in, const char *fmt, va_list *ap)
{
    int assigned = 0, convs = 0;
    const unsigned char *p = (const unsigned char *)fmt;
    while (*p) {
        if (isspace(*p)) {
            int c;
            while ((c = in_get(in)) != EOF && isspace(c))
                ;
            in_unget(in, c);
            while (isspace(*p))
                p++;
            continue;
        }
        if (*p != '%' || p[1] == '%') {
            if (*p == '%')
                p++;
            int c = in_get(in);
            if (*p == '%')
                while (c != EOF && isspace(c))
                    c = in_get(in);
            if (c != *p) {
                in_unget(in, c);
                goto done;
            }
            p++;
            continue;
        }
        p++;
        int suppress = 0, alloc = 0, len = LEN_NONE, wbits = 0;
        size_t width = 0;
        if (isdigit(*p)) {
            const unsigned char *q = p;
            while (isdigit(*q))
                q++;
            if (*q == '$') {
                errno = EINVAL;
                return EOF;
            }
        }
        if (*p == '*') {
            suppress = 1;
            p++;
        }
        while (isdigit(*p))
            width = width * 10 + (size_t)(*p++ - '0');
        if (*p == 'm') {
            alloc = 1;
            p++;
        }
        switch (*p) {
        case 'h': if (p[1] == 'h') { len = LEN_HH; p += 2; } else { len = LEN_H; p++; } break;
        case 'l': if (p[1] == 'l') { len = LEN_LL; p += 2; } else { len = LEN_L; p++; } break;
        case 'q': len = LEN_LL; p++; break;
        case 'j': len = LEN_J; p++; break;
        case 'z': len = LEN_Z; p++; break;
        case 't': len = LEN_T; p++; break;
        case 'L': len = LEN_BIGL; p++; break;
        case 'w': {
            const unsigned char *q = p + 1;
            if (*q == 'f')
                q++;
            int n = 0;
            while (isdigit(*q))
                n = n * 10 + (*q++ - '0');
            if (n != 8 && n != 16 && n != 32 && n != 64
#ifdef ZL_HAVE_INT128
                && n != 128
#endif
            ) {
                errno = EINVAL;
                return EOF;
            }
            len = LEN_W;
            wbits = n;
            p = q;
            break;
        }
        }
        int conv = *p++;
        if (!conv) {
            errno = EINVAL;
            return EOF;
        }
        if (conv == 'n') {
            if (!suppress)
                store_int(va_arg(*ap, void *), bits_of(len, wbits), (wide_u)in->count);
            continue;
        }
        /* every conversion but [ c n skips leading white space */
        if (conv != '[' && conv != 'c') {
            int c;
            while ((c = in_get(in)) != EOF && isspace(c))
                ;
            in_unget(in, c);
            if (c == EOF)
                goto input_fail;
        }
        switch (conv) {
        case 'd': case 'i': case 'o': case 'u': case 'x': case 'X': case 'b': case 'p': {
            int base = conv == 'd' || conv == 'u' ? 10 : conv == 'i' ? 0 : conv == 'o' ? 8 :
                       conv == 'b' ? 2 : 16;
            char buf[200];
            size_t n = 0, w = width ? width : sizeof buf - 1;
            int c = in_get(in);
            if (w && (c == '+' || c == '-')) {
                buf[n++] = (char)c;
                w--;
                c = w ? in_get(in) : EOF;
            }
            int any = 0;
            if (w && c == '0' && (base == 0 || base == 16)) {
                buf[n++] = (char)c;
                w--;
                any = 1;
                c = w ? in_get(in) : EOF;
                if (w && (c | 32) == 'x') {
                    buf[n++] = (char)c;
                    w--;
                    c = w ? in_get(in) : EOF;
                    base = 16;
                    any = 0;
                } else if (base == 0)
                    base = 8;
            }
            if (base == 0)
                base = 10;
            while (w && c != EOF) {
                int d = isdigit(c) ? c - '0' : isalpha(c) ? (c | 32) - 'a' + 10 : 99;
                if (d >= base)
                    break;
                if (n < sizeof buf - 1)
                    buf[n++] = (char)c;
                w--;
                any = 1;
                c = w ? in_get(in) : EOF;
            }
            if (w || c != EOF)
                in_unget(in, c);
            if (!any)
                goto done;
            buf[n] = 0;
            int neg = buf[0] == '-';
            const char *digits = buf + (buf[0] == '+' || buf[0] == '-');
            uintmax_t v = strtoumax(digits, NULL, base);
            if (neg)
                v = (uintmax_t)0 - v;
            if (!suppress) {
                if (conv == 'p')
                    *va_arg(*ap, void **) = (void *)(uintptr_t)v;
                else
                    store_int(va_arg(*ap, void *), bits_of(len, wbits), (wide_u)v);
                assigned++;
            }
            convs++;
            break;
        }
        case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A': {
            char buf[512];
            size_t n = scan_float(in, buf, sizeof buf, width ? width : (size_t)-1);
            if (!n)
                goto done;
            if (!suppress) {
                int er, kind = len == LEN_BIGL ? 2 : len == LEN_L ? 1 : 0;
                void *dst = va_arg(*ap, void *);
                __zl_strtofp(buf, kind, dst, &er);
                assigned++;
            }
            convs++;
            break;
        }
        case 'c': case 's': case '[':
            if (len == LEN_L) {
                if (conv == '[' || alloc) {
                    errno = EINVAL;
                    return EOF;
                }
                int r = scan_wide(in, conv, width, suppress ? NULL : va_arg(*ap, wchar_t *));
                if (r < 0 && !convs)
                    goto input_fail;
                if (r <= 0)
                    goto done;
                assigned += !suppress;
                convs++;
                break;
            }
        {
            unsigned char set[32];
            if (conv == '[') {
                int inv = 0;
                memset(set, 0, sizeof set);
                if (*p == '^') {
                    inv = 1;
                    p++;
                }
                if (*p == ']') {
                    set[']' / 8] |= 1 << (']' % 8);
                    p++;
                }
                while (*p && *p != ']') {
                    if (p[1] == '-' && p[2] && p[2] != ']') {
                        for (int ch = p[0]; ch <= p[2]; ch++)
                            set[ch / 8] |= (unsigned char)(1 << (ch % 8));
                        p += 3;
                    } else {
                        set[*p / 8] |= (unsigned char)(1 << (*p % 8));
                        p++;
                    }
                }
                if (*p != ']') {
                    errno = EINVAL;
                    return EOF;
                }
                p++;
                if (inv)
                    for (int i = 0; i < 32; i++)
                        set[i] = (unsigned char)~set[i];
            }
            size_t w = width ? width : conv == 'c' ? 1 : (size_t)-1;
            char *dst = NULL, **allocp = NULL;
            size_t cap = 0;
            if (!suppress) {
                if (alloc) {
                    allocp = va_arg(*ap, char **);
                    cap = conv == 'c' ? w : 32;
                    dst = malloc(cap + 1);
                    if (!dst)
                        goto done;
                } else
                    dst = va_arg(*ap, char *);
            }
            size_t n = 0;
            int c = EOF;
            while (n < w) {
                c = in_get(in);
                if (c == EOF)
                    break;
                if (conv == 's' && isspace(c))
                    break;
                if (conv == '[' && !(set[c / 8] >> (c % 8) & 1))
                    break;
                if (dst) {
                    if (alloc && n == cap) {
                        char *nd = realloc(dst, cap * 2 + 1);
                        if (!nd) {
                            free(dst);
                            goto done;
                        }
                        dst = nd;
                        cap *= 2;
                    }
                    dst[n] = (char)c;
                }
                n++;
                c = EOF;
            }
            if (c != EOF)
                in_unget(in, c);
            if (n == 0 || (conv == 'c' && n < w)) {
                if (alloc)
                    free(dst);
                if (n == 0 && in->eof && !convs)
                    goto input_fail;
                goto done;
            }
            if (dst) {
                if (conv != 'c')
                    dst[n] = 0;
                if (alloc)
                    *allocp = dst;
                assigned++;
            }
            convs++;
            break;
        }
        default:
            errno = EINVAL;
            return EOF;
        }
    }
done:
    return assigned;
input_fail:
    return convs || assigned ? assigned : EOF;
}

int vfscanf(FILE *restrict f, const char *restrict fmt, va_list ap)
{
    struct in in = { .f = f };
    va_list c;
    va_copy(c, ap);
    FLOCK(f);
    int r = vscan(&in, fmt, &c);
    FUNLOCK(f);
    va_end(c);
    return r;
}

int vsscanf(const char *restrict s, const char *restrict fmt, va_list ap)
{
    struct in in = { .s = (const unsigned char *)s };
    va_list c;
    va_copy(c, ap);
    int r = vscan(&in, fmt, &c);
    va_end(c);
    return r;
}

int vscanf(const char *restrict fmt, va_list ap)
{
    return vfscanf(stdin, fmt, ap);
}

int fscanf(FILE *restrict f, const char *restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vfscanf(f, fmt, ap);
    va_end(ap);
    return r;
}

int sscanf(const char *restrict s, const char *restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsscanf(s, fmt, ap);
    va_end(ap);
    return r;
}

int scanf(const char *restrict fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vfscanf(stdin, fmt, ap);
    va_end(ap);
    return r;
}
