/* fnmatch: *, ?, bracket expressions (ranges, negation with ! or ^, [:class:]), escapes,
 * FNM_PATHNAME, FNM_PERIOD, FNM_NOESCAPE, FNM_CASEFOLD, FNM_LEADING_DIR. */
#include "zl_libc.h"
#include <fnmatch.h>
#include <string.h>
#include <ctype.h>

static int fold(int c, int flags)
{
    return (flags & FNM_CASEFOLD) ? tolower(c) : c;
}

/* Matches a bracket expression at *pp against c; -1 if malformed (treat '[' literally). */
static int bracket(const char **pp, int c, int flags)
{
    const char *p = *pp + 1;
    int neg = 0, ok = 0;
    if (*p == '!' || *p == '^') {
        neg = 1;
        p++;
    }
    const char *start = p;
    while (*p && (*p != ']' || p == start)) {
        if (*p == '[' && p[1] == ':') {
            const char *e = strstr(p + 2, ":]");
            if (!e)
                return -1;
            size_t l = (size_t)(e - p - 2);
            static const struct { const char *n; int (*f)(int); } cls[] = {
                { "alnum", isalnum }, { "alpha", isalpha }, { "blank", isblank }, { "cntrl", iscntrl },
                { "digit", isdigit }, { "graph", isgraph }, { "lower", islower }, { "print", isprint },
                { "punct", ispunct }, { "space", isspace }, { "upper", isupper }, { "xdigit", isxdigit } };
            int found = 0;
            for (size_t i = 0; i < sizeof cls / sizeof *cls; i++)
                if (strlen(cls[i].n) == l && !strncmp(cls[i].n, p + 2, l)) {
                    found = 1;
                    if (cls[i].f(c) || ((flags & FNM_CASEFOLD) && (cls[i].f(toupper(c)) || cls[i].f(tolower(c)))))
                        ok = 1;
                }
            if (!found)
                return -1;
            p = e + 2;
            continue;
        }
        int lo = (unsigned char)*p;
        if (lo == '\\' && !(flags & FNM_NOESCAPE) && p[1])
            lo = (unsigned char)*++p;
        p++;
        int hi = lo;
        if (*p == '-' && p[1] && p[1] != ']') {
            hi = (unsigned char)p[1];
            if (hi == '\\' && !(flags & FNM_NOESCAPE) && p[2])
                hi = (unsigned char)*++p;
            p += 2;
        }
        if ((fold(c, flags) >= fold(lo, flags) && fold(c, flags) <= fold(hi, flags)) || (c >= lo && c <= hi))
            ok = 1;
    }
    if (*p != ']')
        return -1;
    *pp = p + 1;
    return ok != neg;
}

static int match(const char *p, const char *s, const char *sbase, int flags)
{
    for (;;) {
        int leading_period = *s == '.' && (flags & FNM_PERIOD) &&
                             (s == sbase || ((flags & FNM_PATHNAME) && s[-1] == '/'));
        switch (*p) {
        case 0:
            if (!*s || ((flags & FNM_LEADING_DIR) && *s == '/'))
                return 0;
            return FNM_NOMATCH;
        case '?':
            if (!*s || ((flags & FNM_PATHNAME) && *s == '/') || leading_period)
                return FNM_NOMATCH;
            p++;
            s++;
            break;
        case '*': {
            while (*p == '*')
                p++;
            if (leading_period)
                return FNM_NOMATCH;
            if (!*p) {
                if (flags & FNM_PATHNAME)
                    return (strchr(s, '/') && !(flags & FNM_LEADING_DIR)) ? FNM_NOMATCH : 0;
                return 0;
            }
            for (const char *t = s;; t++) {
                if (!match(p, t, sbase, flags))
                    return 0;
                if (!*t || ((flags & FNM_PATHNAME) && *t == '/'))
                    return FNM_NOMATCH;
            }
        }
        case '[': {
            if (!*s || ((flags & FNM_PATHNAME) && *s == '/') || leading_period)
                return FNM_NOMATCH;
            const char *q = p;
            int r = bracket(&q, (unsigned char)*s, flags);
            if (r < 0) {
                if (*s != '[')
                    return FNM_NOMATCH;
                p++;
                s++;
                break;
            }
            if (!r)
                return FNM_NOMATCH;
            p = q;
            s++;
            break;
        }
        case '\\':
            if (!(flags & FNM_NOESCAPE) && p[1])
                p++;
            /* fall through */
        default:
            if (fold((unsigned char)*p, flags) != fold((unsigned char)*s, flags))
                return FNM_NOMATCH;
            p++;
            s++;
        }
    }
}

int fnmatch(const char *pat, const char *str, int flags)
{
    return match(pat, str, str, flags);
}
