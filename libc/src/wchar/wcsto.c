/* wcstol ... wcstold, wcstoimax, wcstoumax: the narrow conversion on a copy.  A number is
 * ASCII, so after the leading wide white space the longest run of ASCII characters is
 * copied to a char buffer and given to strtol & co.; the end they report maps back to the
 * same position in the wide string (no conversion: the string's start, as C requires). */
#include "zl_libc.h"
#include <wchar.h>
#include <wctype.h>
#include <stdlib.h>
#include <inttypes.h>

struct narrow {
    const wchar_t *start;   /* the first character after the white space */
    char *p;
    char small[128];
};

static int narrow_init(struct narrow *b, const wchar_t *s)
{
    size_t n = 0;
    while (iswspace((wint_t)*s))
        s++;
    while (s[n] > 0 && s[n] < 128)
        n++;
    b->start = s;
    b->p = n < sizeof b->small ? b->small : malloc(n + 1);
    if (!b->p)
        return -1;
    for (size_t i = 0; i < n; i++)
        b->p[i] = (char)s[i];
    b->p[n] = 0;
    return 0;
}

static void narrow_end(struct narrow *b, const wchar_t *s, const char *end, wchar_t **endp)
{
    if (endp)
        *endp = (wchar_t *)(end == b->p ? s : b->start + (end - b->p));
    if (b->p != b->small)
        free(b->p);
}

/* Without memory for a long copy: no conversion, ENOMEM (malloc has set it). */
#define WCSTO(name, type, call)                                          \
    type name(const wchar_t *restrict s, wchar_t **restrict endp ARGS)  \
    {                                                                    \
        struct narrow b;                                                 \
        char *end;                                                       \
        if (narrow_init(&b, s) < 0) {                                    \
            if (endp)                                                    \
                *endp = (wchar_t *)s;                                    \
            return 0;                                                    \
        }                                                                \
        type v = call;                                                   \
        narrow_end(&b, s, end, endp);                                    \
        return v;                                                        \
    }

#define ARGS , int base
WCSTO(wcstol, long, strtol(b.p, &end, base))
WCSTO(wcstoul, unsigned long, strtoul(b.p, &end, base))
WCSTO(wcstoll, long long, strtoll(b.p, &end, base))
WCSTO(wcstoull, unsigned long long, strtoull(b.p, &end, base))
WCSTO(wcstoimax, intmax_t, strtoimax(b.p, &end, base))
WCSTO(wcstoumax, uintmax_t, strtoumax(b.p, &end, base))
#undef ARGS
#define ARGS
WCSTO(wcstof, float, strtof(b.p, &end))
WCSTO(wcstod, double, strtod(b.p, &end))
WCSTO(wcstold, long double, strtold(b.p, &end))
