/* mem* functions: word-at-a-time where both sides are aligned (XLEN-wide words; memcpy
 * also by 8 bytes at rv128). */
#include "zl_libc.h"
#include <string.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

typedef unsigned long word;
#define WS sizeof(word)

/* At rv128 (16-byte words) memcpy also copies by 8 bytes: data aligned to 8 but not to
 * 16 (structs of 64-bit fields), and the last 8 bytes of a word copy, would otherwise go
 * byte by byte where rv64 copies them as words.  At rv32 and rv64 that loop is not
 * compiled. */
typedef uint64_t dword;

void *memcpy(void *restrict d, const void *restrict s, size_t n)
{
    unsigned char *dp = d;
    const unsigned char *sp = s;
    uintptr_t both = (uintptr_t)dp | (uintptr_t)sp;
    if ((both & (WS - 1)) == 0) {
        for (; n >= WS; n -= WS, dp += WS, sp += WS)
            *(word *)(void *)dp = *(const word *)(const void *)sp;
    }
    if (WS > sizeof(dword) && (both & (sizeof(dword) - 1)) == 0) {
        for (; n >= sizeof(dword); n -= sizeof(dword), dp += sizeof(dword), sp += sizeof(dword))
            *(dword *)(void *)dp = *(const dword *)(const void *)sp;
    }
    while (n--)
        *dp++ = *sp++;
    return d;
}

void *memmove(void *d, const void *s, size_t n)
{
    unsigned char *dp = d;
    const unsigned char *sp = s;
    if (dp == sp || n == 0)
        return d;
    if ((uintptr_t)dp - (uintptr_t)sp >= n)   /* no harmful overlap: copy forwards */
        return memcpy(d, s, n);
    while (n--)
        dp[n] = sp[n];
    return d;
}

void *memset(void *d, int c, size_t n)
{
    unsigned char *dp = d;
    while (n && ((uintptr_t)dp & (WS - 1))) {
        *dp++ = (unsigned char)c;
        n--;
    }
    if (n >= WS) {
        word w = (word)-1 / 255 * (unsigned char)c;
        for (; n >= WS; n -= WS, dp += WS)
            *(word *)(void *)dp = w;
    }
    while (n--)
        *dp++ = (unsigned char)c;
    return d;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *p = a, *q = b;
    for (; n; n--, p++, q++)
        if (*p != *q)
            return *p - *q;
    return 0;
}

int bcmp(const void *a, const void *b, size_t n)
{
    return memcmp(a, b, n);
}

void bcopy(const void *s, void *d, size_t n)
{
    memmove(d, s, n);
}

void bzero(void *d, size_t n)
{
    memset(d, 0, n);
}

/* The call goes through a volatile pointer, so the compiler cannot prove the stores dead
 * (memory about to be freed or going out of scope) and drop them. */
static void *(*volatile const zero_bytes)(void *, int, size_t) = memset;
void explicit_bzero(void *d, size_t n)
{
    zero_bytes(d, 0, n);
}

/* XSI: copies n bytes from s to d, exchanging each pair; an odd last byte is not copied. */
void swab(const void *restrict s, void *restrict d, ssize_t n)
{
    const unsigned char *p = s;
    unsigned char *q = d;
    for (; n > 1; n -= 2, p += 2, q += 2) {
        q[0] = p[1];
        q[1] = p[0];
    }
}

void *memchr(const void *s, int c, size_t n)
{
    const unsigned char *p = s;
    for (; n; n--, p++)
        if (*p == (unsigned char)c)
            return (void *)p;
    return NULL;
}

void *memrchr(const void *s, int c, size_t n)
{
    const unsigned char *p = s;
    while (n--)
        if (p[n] == (unsigned char)c)
            return (void *)(p + n);
    return NULL;
}

void *memccpy(void *restrict d, const void *restrict s, int c, size_t n)
{
    unsigned char *dp = d;
    const unsigned char *sp = s;
    for (; n; n--) {
        if ((*dp++ = *sp++) == (unsigned char)c)
            return dp;
    }
    return NULL;
}

void *mempcpy(void *restrict d, const void *restrict s, size_t n)
{
    return (unsigned char *)memcpy(d, s, n) + n;
}

void *memmem(const void *h, size_t hl, const void *n, size_t nl)
{
    const unsigned char *hp = h, *np = n;
    if (nl == 0)
        return (void *)h;
    if (hl < nl)
        return NULL;
    for (size_t i = 0; i + nl <= hl; i++)
        if (hp[i] == np[0] && memcmp(hp + i, np, nl) == 0)
            return (void *)(hp + i);
    return NULL;
}
