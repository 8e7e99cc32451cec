/* strtol and friends at every width: one core over uintmax_t (128 bits under LP128). */
#include "zl_libc.h"
#include <stdlib.h>
#include <inttypes.h>
#include <limits.h>
#include <ctype.h>

/* Parses an integer; *neg gets the sign; the magnitude saturates at lim (+1 for negative
 * numbers of signed types, which the callers account for). */
static uintmax_t core(const char *s, char **end, int base, uintmax_t lim, int is_signed, int *erange)
{
    const char *p = s;
    int neg = 0;
    *erange = 0;
    while (isspace((unsigned char)*p))
        p++;
    if (*p == '+' || *p == '-')
        neg = *p++ == '-';
    if (base < 0 || base == 1 || base > 36) {
        errno = EINVAL;
        if (end)
            *end = (char *)s;
        return 0;
    }
    if ((base == 0 || base == 16) && p[0] == '0' && (p[1] | 32) == 'x' && isxdigit((unsigned char)p[2])) {
        p += 2;
        base = 16;
    } else if (base == 0)
        base = *p == '0' ? 8 : 10;
    uintmax_t maxmag = lim;
    if (is_signed && neg)
        maxmag = lim + 1;
    uintmax_t v = 0;
    int any = 0, over = 0;
    for (;; p++) {
        int c = (unsigned char)*p, d;
        if (isdigit(c))
            d = c - '0';
        else if (isalpha(c))
            d = (c | 32) - 'a' + 10;
        else
            break;
        if (d >= base)
            break;
        any = 1;
        if (over)
            continue;
        if (v > (maxmag - (uintmax_t)d) / (uintmax_t)base)
            over = 1;
        else
            v = v * (uintmax_t)base + (uintmax_t)d;
    }
    if (end)
        *end = (char *)(any ? p : s);
    if (!any)
        return 0;
    if (over) {
        *erange = 1;
        errno = ERANGE;
        if (is_signed)
            return neg ? (uintmax_t)0 - (lim + 1) : lim;
        return lim;
    }
    if (neg)
        v = (uintmax_t)0 - v;
    return v;
}

/* The unsigned functions accept "-N" and negate in the result type (C11 7.22.1.4). */
#define USIGNED(name, T, MAX)                                                       \
    T name(const char *restrict s, char **restrict end, int base)                   \
    {                                                                               \
        int e;                                                                      \
        const char *p = s;                                                          \
        while (isspace((unsigned char)*p))                                          \
            p++;                                                                    \
        int neg = *p == '-';                                                        \
        uintmax_t v = core(s, end, base, (uintmax_t)(MAX), 0, &e);                  \
        if (e)                                                                      \
            return (T)(MAX);                                                        \
        (void)neg;                                                                  \
        return (T)v;                                                                \
    }
#define SIGNED(name, T, MAX)                                                        \
    T name(const char *restrict s, char **restrict end, int base)                   \
    {                                                                               \
        int e;                                                                      \
        uintmax_t v = core(s, end, base, (uintmax_t)(MAX), 1, &e);                  \
        return (T)(intmax_t)v;                                                      \
    }

SIGNED(strtol, long, LONG_MAX)
SIGNED(strtoll, long long, LLONG_MAX)
SIGNED(strtoimax, intmax_t, INTMAX_MAX)
USIGNED(strtoul, unsigned long, ULONG_MAX)
USIGNED(strtoull, unsigned long long, ULLONG_MAX)
USIGNED(strtoumax, uintmax_t, UINTMAX_MAX)

int atoi(const char *s) { return (int)strtol(s, NULL, 10); }
long atol(const char *s) { return strtol(s, NULL, 10); }
long long atoll(const char *s) { return strtoll(s, NULL, 10); }

int abs(int a) { return a < 0 ? -a : a; }
long labs(long a) { return a < 0 ? -a : a; }
long long llabs(long long a) { return a < 0 ? -a : a; }
intmax_t imaxabs(intmax_t a) { return a < 0 ? -a : a; }
div_t div(int a, int b) { return (div_t){ a / b, a % b }; }
ldiv_t ldiv(long a, long b) { return (ldiv_t){ a / b, a % b }; }
lldiv_t lldiv(long long a, long long b) { return (lldiv_t){ a / b, a % b }; }
imaxdiv_t imaxdiv(intmax_t a, intmax_t b) { return (imaxdiv_t){ a / b, a % b }; }
