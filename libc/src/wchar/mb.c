/* Multibyte <-> wide conversions (docs/libc.md "Wide characters").  C/POSIX locale: ASCII,
 * bytes 0x80..0xff are EILSEQ.  C.UTF-8: UTF-8 as RFC 3629 defines it (no overlong forms, no
 * surrogates, nothing above U+10FFFF).  An incomplete sequence is kept in the mbstate_t as
 * its bytes, so it can be completed by later calls. */
#include "zl_libc.h"
#include <wchar.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

/* Decodes from the held bytes (st) followed by s[0..n).  Returns the bytes taken from s,
 * (size_t)-2 if they were all taken and the sequence is still incomplete, (size_t)-1 for an
 * invalid sequence; *wc gets the character. */
static size_t utf8_dec(wchar_t *wc, const unsigned char *s, size_t n, mbstate_t *st)
{
    unsigned char b[4];
    unsigned held = st->__count;
    if (held > 3)   /* not a state this file made */
        goto bad;
    for (unsigned i = 0; i < held; i++)
        b[i] = (unsigned char)(st->__bytes >> (8 * i));
    size_t used = 0;
    if (!held) {
        if (!n)
            return (size_t)-2;
        b[0] = s[used++];
        held = 1;
    }
    unsigned c = b[0], len, lo = 0x80, hi = 0xbf;
    if (c < 0x80) {
        if (!used)   /* a corrupt state holding an ASCII byte */
            goto bad;
        *wc = (wchar_t)c;
        return used;
    }
    if (c < 0xc2 || c > 0xf4)
        goto bad;
    len = c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    if (held >= len)   /* a corrupt state */
        goto bad;
    if (c == 0xe0)
        lo = 0xa0;        /* no overlong 3-byte forms */
    else if (c == 0xed)
        hi = 0x9f;        /* no surrogates */
    else if (c == 0xf0)
        lo = 0x90;        /* no overlong 4-byte forms */
    else if (c == 0xf4)
        hi = 0x8f;        /* nothing above U+10FFFF */
    for (unsigned i = 1; i < len; i++) {
        if (i >= held) {
            if (used == n) {   /* keep what we have */
                st->__count = held;
                st->__bytes = 0;
                for (unsigned k = 0; k < held; k++)
                    st->__bytes |= (unsigned)b[k] << (8 * k);
                return (size_t)-2;
            }
            b[held++] = s[used++];
        }
        if (b[i] < (i == 1 ? lo : 0x80) || b[i] > (i == 1 ? hi : 0xbf))
            goto bad;
    }
    c &= 0x7f >> len;
    for (unsigned i = 1; i < len; i++)
        c = c << 6 | (b[i] & 0x3f);
    *wc = (wchar_t)c;
    st->__count = 0;
    st->__bytes = 0;
    return used;
bad:
    st->__count = 0;
    st->__bytes = 0;
    errno = EILSEQ;
    return (size_t)-1;
}

size_t mbrtowc(wchar_t *restrict pwc, const char *restrict s, size_t n, mbstate_t *restrict ps)
{
    static mbstate_t internal;
    wchar_t wc;
    if (!ps)
        ps = &internal;
    if (!s) {
        s = "";
        n = 1;
        pwc = NULL;
    }
    if (!n)
        return (size_t)-2;
    if (!__zl_utf8) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x80) {
            errno = EILSEQ;
            return (size_t)-1;
        }
        if (pwc)
            *pwc = c;
        return c != 0;
    }
    size_t r = utf8_dec(&wc, (const unsigned char *)s, n, ps);
    if (r == (size_t)-1 || r == (size_t)-2)
        return r;
    if (pwc)
        *pwc = wc;
    return wc ? r : 0;
}

size_t mbrlen(const char *restrict s, size_t n, mbstate_t *restrict ps)
{
    static mbstate_t internal;
    return mbrtowc(NULL, s, n, ps ? ps : &internal);
}

int mbsinit(const mbstate_t *ps)
{
    return !ps || !ps->__count;
}

size_t wcrtomb(char *restrict s, wchar_t wc, mbstate_t *restrict ps)
{
    char buf[4];
    if (ps)
        ps->__count = ps->__bytes = 0;
    if (!s) {
        s = buf;
        wc = 0;
    }
    unsigned c = (unsigned)wc;
    if (c < 0x80) {
        *s = (char)c;
        return 1;
    }
    if (!__zl_utf8 || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)) {
        errno = EILSEQ;
        return (size_t)-1;
    }
    size_t len = c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    for (size_t i = len - 1; i > 0; i--) {
        s[i] = (char)(0x80 | (c & 0x3f));
        c >>= 6;
    }
    s[0] = (char)(((0xf00u >> len) & 0xff) | c);   /* lead byte 0xc0, 0xe0 or 0xf0 */
    return len;
}

size_t mbsrtowcs(wchar_t *restrict dst, const char **restrict src, size_t len,
                 mbstate_t *restrict ps)
{
    static mbstate_t internal;
    const char *s = *src;
    size_t n = 0;
    if (!ps)
        ps = &internal;
    while (!dst || n < len) {
        wchar_t wc = 0;
        size_t r = mbrtowc(&wc, s, 4, ps);
        if (r == (size_t)-1) {
            if (dst)
                *src = s;
            return r;
        }
        if (dst)
            dst[n] = wc;
        if (r == 0) {
            if (dst)
                *src = NULL;
            return n;
        }
        s += r;   /* (size_t)-2 cannot happen: a NUL ends every sequence as invalid */
        n++;
    }
    *src = s;
    return n;
}

size_t wcsrtombs(char *restrict dst, const wchar_t **restrict src, size_t len,
                 mbstate_t *restrict ps)
{
    const wchar_t *w = *src;
    size_t n = 0;
    char buf[4];
    (void)ps;   /* UTF-8 and ASCII are stateless on output */
    for (;; w++) {
        size_t r = wcrtomb(buf, *w, NULL);
        if (r == (size_t)-1) {
            if (dst)
                *src = w;
            return r;
        }
        if (dst) {
            if (n + r > len) {
                *src = w;
                return n;
            }
            memcpy(dst + n, buf, r);
        }
        if (!*w) {
            if (dst)
                *src = NULL;
            return n;
        }
        n += r;
    }
}

int mbtowc(wchar_t *restrict pwc, const char *restrict s, size_t n)
{
    static mbstate_t st;
    if (!s) {
        st.__count = st.__bytes = 0;
        return 0;   /* no shift states */
    }
    size_t r = mbrtowc(pwc, s, n, &st);
    if (r == (size_t)-2) {
        st.__count = st.__bytes = 0;
        errno = EILSEQ;
        return -1;
    }
    return (int)r;
}

int mblen(const char *s, size_t n)
{
    return mbtowc(NULL, s, n);
}

int wctomb(char *s, wchar_t wc)
{
    if (!s)
        return 0;
    return (int)wcrtomb(s, wc, NULL);
}

size_t mbstowcs(wchar_t *restrict dst, const char *restrict src, size_t n)
{
    mbstate_t st = { 0, 0 };
    const char *p = src;
    return mbsrtowcs(dst, &p, n, &st);
}

size_t wcstombs(char *restrict dst, const wchar_t *restrict src, size_t n)
{
    mbstate_t st = { 0, 0 };
    const wchar_t *p = src;
    return wcsrtombs(dst, &p, n, &st);
}

wint_t btowc(int c)
{
    return c >= 0 && c < 0x80 ? (wint_t)c : WEOF;
}

int wctob(wint_t c)
{
    return c < 0x80 ? (int)c : EOF;
}
