/* Wide-character string and array functions. */
#include "zl_libc.h"
#include <wchar.h>
#include <wctype.h>
#include <stdlib.h>

size_t wcslen(const wchar_t *s)
{
    const wchar_t *p = s;
    while (*p)
        p++;
    return (size_t)(p - s);
}

size_t wcsnlen(const wchar_t *s, size_t n)
{
    size_t i = 0;
    while (i < n && s[i])
        i++;
    return i;
}

/* wchar_t is signed: comparisons are of the signed values (as glibc) */
int wcscmp(const wchar_t *a, const wchar_t *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return *a < *b ? -1 : *a > *b;
}

int wcsncmp(const wchar_t *a, const wchar_t *b, size_t n)
{
    for (; n; n--, a++, b++) {
        if (*a != *b)
            return *a < *b ? -1 : 1;
        if (!*a)
            break;
    }
    return 0;
}

wchar_t *wcscpy(wchar_t *restrict d, const wchar_t *restrict s)
{
    wchar_t *r = d;
    while ((*d++ = *s++))
        ;
    return r;
}

wchar_t *wcsncpy(wchar_t *restrict d, const wchar_t *restrict s, size_t n)
{
    size_t i = 0;
    for (; i < n && s[i]; i++)
        d[i] = s[i];
    for (; i < n; i++)
        d[i] = 0;
    return d;
}

wchar_t *wcscat(wchar_t *restrict d, const wchar_t *restrict s)
{
    wcscpy(d + wcslen(d), s);
    return d;
}

wchar_t *wcsncat(wchar_t *restrict d, const wchar_t *restrict s, size_t n)
{
    wchar_t *p = d + wcslen(d);
    while (n-- && *s)
        *p++ = *s++;
    *p = 0;
    return d;
}

wchar_t *wcschr(const wchar_t *s, wchar_t c)
{
    for (;; s++) {
        if (*s == c)
            return (wchar_t *)s;
        if (!*s)
            return NULL;
    }
}

wchar_t *wcsrchr(const wchar_t *s, wchar_t c)
{
    const wchar_t *r = NULL;
    for (;; s++) {
        if (*s == c)
            r = s;
        if (!*s)
            return (wchar_t *)r;
    }
}

wchar_t *wmemcpy(wchar_t *restrict d, const wchar_t *restrict s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        d[i] = s[i];
    return d;
}

wchar_t *wmemmove(wchar_t *d, const wchar_t *s, size_t n)
{
    if ((zl_ulong)d - (zl_ulong)s >= (zl_ulong)n * sizeof *d) {   /* d before s, or disjoint */
        for (size_t i = 0; i < n; i++)
            d[i] = s[i];
    } else {
        while (n--)
            d[n] = s[n];
    }
    return d;
}

wchar_t *wmemset(wchar_t *d, wchar_t c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        d[i] = c;
    return d;
}

int wmemcmp(const wchar_t *a, const wchar_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

wchar_t *wmemchr(const wchar_t *s, wchar_t c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] == c)
            return (wchar_t *)(s + i);
    return NULL;
}

wchar_t *wcpcpy(wchar_t *restrict d, const wchar_t *restrict s)
{
    while ((*d = *s++) != 0)
        d++;
    return d;
}

/* Copies at most n characters and pads with L'\0' to n; returns the end of the copy. */
wchar_t *wcpncpy(wchar_t *restrict d, const wchar_t *restrict s, size_t n)
{
    size_t l = wcsnlen(s, n);
    wmemcpy(d, s, l);
    wmemset(d + l, 0, n - l);
    return d + l;
}

int wcsncasecmp(const wchar_t *a, const wchar_t *b, size_t n)
{
    for (; n; n--, a++, b++) {
        wint_t x = towlower((wint_t)*a), y = towlower((wint_t)*b);
        if (x != y)
            return x < y ? -1 : 1;
        if (!x)
            break;
    }
    return 0;
}

int wcscasecmp(const wchar_t *a, const wchar_t *b)
{
    return wcsncasecmp(a, b, (size_t)-1);
}

/* The length of s's prefix whose characters are (accept != 0) or are not in set. */
static size_t span(const wchar_t *s, const wchar_t *set, int accept)
{
    size_t i;
    for (i = 0; s[i]; i++)
        if ((wcschr(set, s[i]) != NULL) != accept)
            break;
    return i;
}

size_t wcsspn(const wchar_t *s, const wchar_t *set) { return span(s, set, 1); }
size_t wcscspn(const wchar_t *s, const wchar_t *set) { return span(s, set, 0); }

wchar_t *wcspbrk(const wchar_t *s, const wchar_t *set)
{
    s += span(s, set, 0);
    return *s ? (wchar_t *)s : NULL;
}

wchar_t *wcsstr(const wchar_t *restrict h, const wchar_t *restrict n)
{
    size_t nl = wcslen(n);
    if (!nl)
        return (wchar_t *)h;
    for (; (h = wcschr(h, *n)) != NULL; h++)
        if (wcsncmp(h, n, nl) == 0)
            return (wchar_t *)h;
    return NULL;
}

/* XSI's old name of wcsstr. */
wchar_t *wcswcs(const wchar_t *h, const wchar_t *n)
{
    return wcsstr(h, n);
}

wchar_t *wcsdup(const wchar_t *s)
{
    size_t n = wcslen(s) + 1;
    wchar_t *d = n <= (size_t)-1 / sizeof *d ? malloc(n * sizeof *d) : NULL;
    return d ? wmemcpy(d, s, n) : NULL;
}

wchar_t *wcstok(wchar_t *restrict s, const wchar_t *restrict sep, wchar_t **restrict save)
{
    if (!s && !(s = *save))
        return NULL;
    s += span(s, sep, 1);
    if (!*s) {
        *save = NULL;
        return NULL;
    }
    wchar_t *end = s + span(s, sep, 0);
    if (*end)
        *end++ = 0;
    else
        end = NULL;
    *save = end;
    return s;
}

int wcscoll(const wchar_t *a, const wchar_t *b)
{
    return wcscmp(a, b);   /* the C locale's collation is the code point order */
}

size_t wcsxfrm(wchar_t *restrict d, const wchar_t *restrict s, size_t n)
{
    size_t l = wcslen(s);
    if (l < n)
        wmemcpy(d, s, l + 1);
    return l;
}
