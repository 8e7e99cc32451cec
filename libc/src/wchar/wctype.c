/* Wide character classes and case mappings: ASCII in every locale, plus Latin-1
 * (U+0080..U+00FF, classes as Unicode / glibc's C.UTF-8 give them) in C.UTF-8.  Other code
 * points belong to no class and map to themselves (except U+0178, whose lower case is
 * U+00FF). */
#include "zl_libc.h"
#include <wctype.h>
#include <string.h>

enum {
    W_ALPHA = 1, W_DIGIT = 2, W_SPACE = 4, W_BLANK = 8, W_CNTRL = 16, W_PRINT = 32,
    W_GRAPH = 64, W_PUNCT = 128, W_LOWER = 256, W_UPPER = 512, W_XDIGIT = 1024,
};

static unsigned wclass(wint_t c)
{
    if (c < 0x80) {
        unsigned m = 0;
        if (c < 0x20 || c == 0x7f)
            m |= W_CNTRL;
        else
            m |= W_PRINT | (c != ' ' ? W_GRAPH : 0);
        if (c == ' ' || (c >= '\t' && c <= '\r'))
            m |= W_SPACE;
        if (c == ' ' || c == '\t')
            m |= W_BLANK;
        if (c >= '0' && c <= '9')
            m |= W_DIGIT | W_XDIGIT;
        else if ((c | 32) >= 'a' && (c | 32) <= 'z')
            m |= W_ALPHA | (c >= 'a' ? W_LOWER : W_UPPER) | ((c | 32) <= 'f' ? W_XDIGIT : 0);
        else if (m & W_GRAPH)
            m |= W_PUNCT;
        return m;
    }
    if (c > 0xff || !__zl_utf8)
        return 0;
    if (c < 0xa0)
        return W_CNTRL;
    if (c == 0xaa || c == 0xb5 || c == 0xba || (c >= 0xdf && c != 0xf7))
        return W_ALPHA | W_LOWER | W_PRINT | W_GRAPH;
    if (c >= 0xc0 && c <= 0xde && c != 0xd7)
        return W_ALPHA | W_UPPER | W_PRINT | W_GRAPH;
    return W_PUNCT | W_PRINT | W_GRAPH;   /* U+00A0..U+00BF (no-break space too), x, / */
}

int iswalpha(wint_t c) { return (wclass(c) & W_ALPHA) != 0; }
int iswdigit(wint_t c) { return (wclass(c) & W_DIGIT) != 0; }
int iswalnum(wint_t c) { return (wclass(c) & (W_ALPHA | W_DIGIT)) != 0; }
int iswspace(wint_t c) { return (wclass(c) & W_SPACE) != 0; }
int iswblank(wint_t c) { return (wclass(c) & W_BLANK) != 0; }
int iswcntrl(wint_t c) { return (wclass(c) & W_CNTRL) != 0; }
int iswprint(wint_t c) { return (wclass(c) & W_PRINT) != 0; }
int iswgraph(wint_t c) { return (wclass(c) & W_GRAPH) != 0; }
int iswpunct(wint_t c) { return (wclass(c) & W_PUNCT) != 0; }
int iswlower(wint_t c) { return (wclass(c) & W_LOWER) != 0; }
int iswupper(wint_t c) { return (wclass(c) & W_UPPER) != 0; }
int iswxdigit(wint_t c) { return (wclass(c) & W_XDIGIT) != 0; }

wint_t towlower(wint_t c)
{
    if (c < 0x80)
        return c >= 'A' && c <= 'Z' ? c + 32 : c;
    if (!__zl_utf8)
        return c;
    if (c >= 0xc0 && c <= 0xde && c != 0xd7)
        return c + 32;
    return c == 0x178 ? 0xff : c;
}

wint_t towupper(wint_t c)
{
    if (c < 0x80)
        return c >= 'a' && c <= 'z' ? c - 32 : c;
    if (!__zl_utf8)
        return c;
    if (c >= 0xe0 && c <= 0xfe && c != 0xf7)
        return c - 32;
    return c == 0xff ? 0x178 : c == 0xb5 ? 0x39c : c;
}

static const char wnames[][7] = { "alnum", "alpha", "blank", "cntrl", "digit", "graph",
                                  "lower", "print", "punct", "space", "upper", "xdigit" };

wctype_t wctype(const char *name)
{
    for (size_t i = 0; i < sizeof wnames / sizeof *wnames; i++)
        if (!strcmp(name, wnames[i]))
            return i + 1;
    return 0;
}

int iswctype(wint_t c, wctype_t t)
{
    static int (*const f[])(wint_t) = { iswalnum, iswalpha, iswblank, iswcntrl,
                                        iswdigit, iswgraph, iswlower, iswprint,
                                        iswpunct, iswspace, iswupper, iswxdigit };
    return t >= 1 && t <= sizeof f / sizeof *f ? f[t - 1](c) : 0;
}

wctrans_t wctrans(const char *name)
{
    return !strcmp(name, "tolower") ? 1 : !strcmp(name, "toupper") ? 2 : 0;
}

wint_t towctrans(wint_t c, wctrans_t t)
{
    return t == 1 ? towlower(c) : t == 2 ? towupper(c) : c;
}
