/* str* functions. */
#include "zl_libc.h"
#include <string.h>
#include <strings.h>
#include <stdlib.h>
#include <ctype.h>

size_t strlen(const char *s)
{
    const char *p = s;
    while (*p)
        p++;
    return (size_t)(p - s);
}

size_t strnlen(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n && s[i])
        i++;
    return i;
}

char *strcpy(char *restrict d, const char *restrict s)
{
    char *r = d;
    while ((*d++ = *s++))
        ;
    return r;
}

char *stpcpy(char *restrict d, const char *restrict s)
{
    while ((*d = *s++))
        d++;
    return d;
}

char *strncpy(char *restrict d, const char *restrict s, size_t n)
{
    size_t i = 0;
    for (; i < n && s[i]; i++)
        d[i] = s[i];
    for (; i < n; i++)
        d[i] = 0;
    return d;
}

char *stpncpy(char *restrict d, const char *restrict s, size_t n)
{
    size_t i = 0;
    for (; i < n && s[i]; i++)
        d[i] = s[i];
    char *end = d + i;
    for (; i < n; i++)
        d[i] = 0;
    return end;
}

char *strcat(char *restrict d, const char *restrict s)
{
    strcpy(d + strlen(d), s);
    return d;
}

char *strncat(char *restrict d, const char *restrict s, size_t n)
{
    char *p = d + strlen(d);
    while (n-- && *s)
        *p++ = *s++;
    *p = 0;
    return d;
}

size_t strlcpy(char *restrict d, const char *restrict s, size_t n)
{
    size_t l = strlen(s);
    if (n) {
        size_t c = l < n - 1 ? l : n - 1;
        memcpy(d, s, c);
        d[c] = 0;
    }
    return l;
}

size_t strlcat(char *restrict d, const char *restrict s, size_t n)
{
    size_t dl = strnlen(d, n);
    if (dl == n)
        return n + strlen(s);
    return dl + strlcpy(d + dl, s, n - dl);
}

int strcmp(const char *a, const char *b)
{
    const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
    while (*p && *p == *q)
        p++, q++;
    return *p - *q;
}

int strncmp(const char *a, const char *b, size_t n)
{
    const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
    for (; n; n--, p++, q++) {
        if (*p != *q)
            return *p - *q;
        if (!*p)
            return 0;
    }
    return 0;
}

int strcasecmp(const char *a, const char *b)
{
    const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
    while (*p && tolower(*p) == tolower(*q))
        p++, q++;
    return tolower(*p) - tolower(*q);
}

int strncasecmp(const char *a, const char *b, size_t n)
{
    const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
    for (; n; n--, p++, q++) {
        int c = tolower(*p), d = tolower(*q);
        if (c != d)
            return c - d;
        if (!c)
            return 0;
    }
    return 0;
}

int strcoll(const char *a, const char *b)
{
    return strcmp(a, b);   /* C locale only */
}

size_t strxfrm(char *restrict d, const char *restrict s, size_t n)
{
    size_t l = strlen(s);
    if (l < n)
        memcpy(d, s, l + 1);
    return l;
}

/* GNU: like strcmp, but a digit sequence compares by its value ("a9" < "a10"), and one with
 * leading zeros as a fraction: 000 < 00 < 01 < 010 < 09 < 0 < 1 < 9 < 10. */
int strverscmp(const char *a, const char *b)
{
    const unsigned char *l = (const unsigned char *)a, *r = (const unsigned char *)b;
    size_t i, run = 0;             /* run: where the digit sequence around i begins */
    int zeros = 1;                 /* that sequence's common part is all '0' */
    for (i = 0; l[i] == r[i]; i++) {
        if (!l[i])
            return 0;
        if (!isdigit(l[i])) {
            run = i + 1;
            zeros = 1;
        } else if (l[i] != '0')
            zeros = 0;
    }
    if (l[run] != '0' && r[run] != '0') {
        /* integers: the longer digit sequence is the larger (once i is inside one) */
        size_t k = i;
        while (isdigit(l[k]) && isdigit(r[k]))
            k++;
        if (run < i || k > i) {
            if (isdigit(l[k]))
                return 1;
            if (isdigit(r[k]))
                return -1;
        }
    } else if (zeros && run < i && (isdigit(l[i]) || isdigit(r[i]))) {
        /* after leading zeros only, a digit orders before the end or a non-digit */
        return (unsigned char)(l[i] - '0') - (unsigned char)(r[i] - '0');
    }
    return l[i] - r[i];
}

char *strchr(const char *s, int c)
{
    char *p = strchrnul(s, c);
    return *p == (char)c ? p : NULL;
}

char *strchrnul(const char *s, int c)
{
    while (*s && *s != (char)c)
        s++;
    return (char *)s;
}

char *index(const char *s, int c)
{
    return strchr(s, c);
}

char *strrchr(const char *s, int c)
{
    const char *r = NULL;
    do {
        if (*s == (char)c)
            r = s;
    } while (*s++);
    return (char *)r;
}

char *rindex(const char *s, int c)
{
    return strrchr(s, c);
}

/* whether c (not NUL) is one of set's characters */
static int in_set(unsigned char c, const unsigned char *set)
{
    while (*set && *set != c) set++;
    return *set != 0;
}

enum { SPAN_SHORT = 8 };  /* characters tested against the set before a map is built */

size_t strspn(const char *s, const char *set)
{
    const unsigned char *p = (const unsigned char *)s, *q = (const unsigned char *)set;
    /* Most spans are short (printf flags, a little white space): the first characters
     * are tested against the set directly, the 32-byte map only pays for a long run. */
    for (int n = 0; n < SPAN_SHORT; n++, p++)
        if (!*p || !in_set(*p, q)) return (size_t)(p - (const unsigned char *)s);
    unsigned char map[32] = {0};
    for (; *q; q++)
        map[*q >> 3] |= (unsigned char)(1u << (*q & 7));
    while (*p && (map[*p >> 3] >> (*p & 7) & 1))
        p++;
    return (size_t)(p - (const unsigned char *)s);
}

size_t strcspn(const char *s, const char *set)
{
    unsigned char map[32] = {0};
    map[0] = 1;   /* the terminating NUL stops the scan */
    for (const unsigned char *p = (const unsigned char *)set; *p; p++)
        map[*p >> 3] |= (unsigned char)(1u << (*p & 7));
    size_t i = 0;
    for (const unsigned char *p = (const unsigned char *)s; !(map[*p >> 3] >> (*p & 7) & 1); p++)
        i++;
    return i;
}

char *strpbrk(const char *s, const char *set)
{
    s += strcspn(s, set);
    return *s ? (char *)s : NULL;
}

char *strstr(const char *h, const char *n)
{
    size_t nl = strlen(n);
    if (!nl)
        return (char *)h;
    for (; *h; h++)
        if (*h == *n && strncmp(h, n, nl) == 0)
            return (char *)h;
    return NULL;
}

char *strcasestr(const char *h, const char *n)
{
    size_t nl = strlen(n);
    for (; *h; h++)
        if (strncasecmp(h, n, nl) == 0)
            return (char *)h;
    return nl ? NULL : (char *)h;
}

char *strtok_r(char *restrict s, const char *restrict sep, char **restrict save)
{
    if (!s)
        s = *save;
    if (!s)
        return NULL;
    s += strspn(s, sep);
    if (!*s) {
        *save = NULL;
        return NULL;
    }
    char *e = s + strcspn(s, sep);
    if (*e)
        *e++ = 0;
    else
        e = NULL;
    *save = e;
    return s;
}

char *strtok(char *restrict s, const char *restrict sep)
{
    static char *save;
    return strtok_r(s, sep, &save);
}

char *strsep(char **sp, const char *sep)
{
    char *s = *sp;
    if (!s)
        return NULL;
    char *e = s + strcspn(s, sep);
    if (*e)
        *e++ = 0;
    else
        e = NULL;
    *sp = e;
    return s;
}

char *strdup(const char *s)
{
    size_t l = strlen(s) + 1;
    char *d = malloc(l);
    return d ? memcpy(d, s, l) : NULL;
}

char *strndup(const char *s, size_t n)
{
    size_t l = strnlen(s, n);
    char *d = malloc(l + 1);
    if (!d)
        return NULL;
    memcpy(d, s, l);
    d[l] = 0;
    return d;
}

int ffs(int i)
{
    unsigned u = (unsigned)i;
    if (!u)
        return 0;
    int n = 1;
    while (!(u & 1))
        u >>= 1, n++;
    return n;
}

int ffsl(long i)
{
    unsigned long u = (unsigned long)i;
    if (!u)
        return 0;
    int n = 1;
    while (!(u & 1))
        u >>= 1, n++;
    return n;
}

int ffsll(long long i)
{
    unsigned long long u = (unsigned long long)i;
    if (!u)
        return 0;
    int n = 1;
    while (!(u & 1))
        u >>= 1, n++;
    return n;
}
