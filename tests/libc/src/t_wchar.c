/* <wchar.h>/<wctype.h>: multibyte conversions in the C locale (ASCII) and in C.UTF-8
 * (UTF-8: every sequence length, invalid and overlong forms, surrogates, sequences split
 * across calls, string conversions with length limits, a round trip of every 7th code
 * point), wide classes and case mappings U+0000..U+00FF in both locales, wide string
 * functions.  (glibc's C.UTF-8 also decodes 5- and 6-byte forms and code points above
 * U+10FFFF, and classifies all of Unicode; those cases are not compared.) */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <locale.h>
#include <wchar.h>
#include <wctype.h>

static void hex(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        printf("%02x", (unsigned char)s[i]);
}

static void classes(void)
{
    unsigned prev = ~0u, from = 0;
    for (unsigned c = 0; c <= 0x100; c++) {
        unsigned m = 0;
        if (c < 0x100) {
            m = !!iswalpha(c) | !!iswdigit(c) << 1 | !!iswalnum(c) << 2 | !!iswspace(c) << 3 |
                !!iswblank(c) << 4 | !!iswcntrl(c) << 5 | !!iswprint(c) << 6 | !!iswgraph(c) << 7 |
                !!iswpunct(c) << 8 | !!iswlower(c) << 9 | !!iswupper(c) << 10 |
                !!iswxdigit(c) << 11;
            m |= (towlower(c) != c) << 12 | (towupper(c) != c) << 13;
        }
        if (m != prev || c == 0x100) {
            if (c)
                printf("  %04x..%04x classes %04x\n", from, c - 1, prev);
            prev = m;
            from = c;
        }
    }
    printf("  case:");
    for (unsigned c = 0; c < 0x100; c++)
        if (towlower(c) != c || towupper(c) != c)
            printf(" %x>%x/%x", c, (unsigned)towlower(c), (unsigned)towupper(c));
    printf(" 178>%x\n", (unsigned)towlower(0x178));
    const char *names[] = { "alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower",
                            "print", "punct", "space", "upper", "xdigit" };
    printf("  wctype:");
    for (int i = 0; i < 12; i++) {
        wctype_t t = wctype(names[i]);
        printf(" %s=%d%d%d%d", names[i], t != 0, iswctype('a', t), iswctype('5', t),
               iswctype(' ', t));
    }
    printf(" bogus=%d", wctype("bogus") != 0);
    printf(" tolower=%x toupper=%x\n", (unsigned)towctrans('Q', wctrans("tolower")),
           (unsigned)towctrans('q', wctrans("toupper")));
    printf("  btowc/wctob:");
    for (int c = -1; c < 256; c++)
        if (c < 2 || c == 0x7f || c == 0x80 || c == 0xff)
            printf(" %d:%x/%d", c, (unsigned)btowc(c), wctob((wint_t)c));
    printf(" WEOF:%d\n", wctob(WEOF));
}

static void one_mb(const char *s, size_t n)
{
    mbstate_t st;
    memset(&st, 0, sizeof st);
    wchar_t w = 0x55555555;
    errno = 0;
    size_t r = mbrtowc(&w, s, n, &st);
    printf("  mbrtowc(");
    hex(s, n);
    printf(") = %d w=%x errno=%d init=%d\n", (int)r, (unsigned)w, errno, mbsinit(&st));
}

static void one_wc(wchar_t w)
{
    char b[8];
    mbstate_t st;
    memset(&st, 0, sizeof st);
    errno = 0;
    size_t r = wcrtomb(b, w, &st);
    printf("  wcrtomb(%x) = %d ", (unsigned)w, (int)r);
    if (r != (size_t)-1)
        hex(b, r);
    printf(" errno=%d\n", errno);
}

static void conversions(int utf8)
{
    static const char *seqs[] = {
        "A", "", "\x7f", "\xc2\x80", "\xc3\xa9", "\xdf\xbf", "\xe0\xa0\x80", "\xe2\x82\xac",
        "\xef\xbf\xbf", "\xf0\x90\x80\x80", "\xf0\x9f\x98\x80", "\xf4\x8f\xbf\xbf",
        "\x80", "\xbf", "\xc0\x80", "\xc1\xbf", "\xe0\x80\xaf", "\xe0\x9f\xbf", "\xed\xa0\x80",
        "\xed\xbf\xbf", "\xf0\x80\x80\x80", "\xf0\x8f\xbf\xbf", "\xfe", "\xff", "\xc3\x41",
        "\xe2\x82\x41", "\xf0\x9f\x98\x41", "\xc3\xc3", "\xe2\x28\xa1", "\xc3", "\xe2\x82",
        "\xf0\x9f\x98",
    };
    for (size_t i = 0; i < sizeof seqs / sizeof *seqs; i++)
        one_mb(seqs[i], strlen(seqs[i]) + (seqs[i][0] == 0));
    static const unsigned wcs[] = { 0, 0x41, 0x7f, 0x80, 0xff, 0x7ff, 0x800, 0xd7ff, 0xd800,
                                    0xdfff, 0xe000, 0xfffd, 0xffff, 0x10000, 0x1f600,
                                    0x10ffff };
    for (size_t i = 0; i < sizeof wcs / sizeof *wcs; i++)
        one_wc((wchar_t)wcs[i]);

    /* a mixed string fed one byte at a time: -2 until each character completes */
    const char *mixed = "a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80z";
    mbstate_t st;
    memset(&st, 0, sizeof st);
    printf("  bytewise:");
    for (size_t i = 0; i <= strlen(mixed); i++) {
        wchar_t w = 0;
        errno = 0;
        size_t r = mbrtowc(&w, mixed + i, 1, &st);
        printf(" %d", (int)r);
        if (r != (size_t)-2 && r != (size_t)-1)
            printf(":%x", (unsigned)w);
        if (r == (size_t)-1) {
            printf("(errno %d)", errno);
            memset(&st, 0, sizeof st);
        }
        printf("%s", mbsinit(&st) ? "" : "+");
    }
    printf("\n");
    /* split then fed in two pieces; n == 0; s == NULL */
    memset(&st, 0, sizeof st);
    wchar_t w = 0;
    size_t r1 = mbrtowc(&w, "\xf0\x9f", 2, &st), r2 = mbrtowc(&w, "\x98\x80rest", 6, &st);
    printf("  split: %d %d %x; n=0: %d; NULL: %d; mbrlen: %d %d %d\n", (int)r1, (int)r2,
           (unsigned)w, (int)mbrtowc(&w, "a", 0, &st), (int)mbrtowc(NULL, NULL, 0, &st),
           (int)mbrlen("\xe2\x82\xac", 3, NULL), (int)mbrlen("\xe2\x82", 2, &st),
           (int)mbrlen("\xac", 1, &st));
    memset(&st, 0, sizeof st);
    mbrtowc(&w, "\xe2", 1, &st);
    errno = 0;
    printf("  incomplete then NULL: %d errno=%d\n", (int)mbrtowc(NULL, NULL, 0, &st), errno);

    /* string conversions */
    const char *text = utf8 ? "gr\xc3\xbc\xc3\x9f \xe2\x82\xac \xf0\x9f\x98\x80!" : "plain ascii!";
    wchar_t wb[64];
    for (size_t lim = 0; lim < 16; lim += 3) {
        const char *p = text;
        memset(&st, 0, sizeof st);
        wmemset(wb, 0x2a, 64);
        size_t r = mbsrtowcs(wb, &p, lim, &st);
        printf("  mbsrtowcs(lim %d) = %d src+%d:", (int)lim, (int)r, p ? (int)(p - text) : -1);
        for (size_t i = 0; i < r + 1 && i < 64; i++)
            printf(" %x", (unsigned)wb[i]);
        printf("\n");
    }
    const char *p = text;
    printf("  mbsrtowcs(NULL) = %d src unchanged %d; mbstowcs = %d\n",
           (int)mbsrtowcs(NULL, &p, 0, NULL), p == text, (int)mbstowcs(NULL, text, 0));
    const char *badtext = "ok\xc3(";
    p = badtext;
    errno = 0;
    size_t rb = mbsrtowcs(wb, &p, 64, NULL);
    printf("  mbsrtowcs(bad) = %d errno=%d src+%d\n", (int)rb, errno, (int)(p - badtext));
    mbstowcs(wb, text, 64);
    char cb[64];
    for (size_t lim = 0; lim < 24; lim += 2) {
        const wchar_t *wp = wb;
        memset(cb, '#', sizeof cb);
        size_t r = wcsrtombs(cb, &wp, lim, NULL);
        printf("  wcsrtombs(lim %d) = %d src+%d: ", (int)lim, (int)r,
               wp ? (int)(wp - wb) : -1);
        hex(cb, r + 1 <= sizeof cb ? r + 1 : r);
        printf("\n");
    }
    const wchar_t *wp = wb;
    printf("  wcsrtombs(NULL) = %d; wcstombs(NULL) = %d\n", (int)wcsrtombs(NULL, &wp, 0, NULL),
           (int)wcstombs(NULL, wb, 0));
    wchar_t badw[] = { 'a', 0xd800, 'b', 0 };
    wp = badw;
    errno = 0;
    rb = wcsrtombs(cb, &wp, sizeof cb, NULL);
    printf("  wcsrtombs(surrogate) = %d errno=%d src+%d\n", (int)rb, errno, (int)(wp - badw));
    wchar_t wc1 = 0;
    int m1 = mbtowc(&wc1, "\xc3\xa9", 2), m2 = mbtowc(&wc1, "\xc3", 1), m3 = mblen("\xe2\x82\xac", 3);
    int m4 = mblen("", 1), m5 = mbtowc(NULL, NULL, 0), m6 = wctomb(cb, 0xe9), m7 = wctomb(NULL, 0);
    printf("  mbtowc %d %d mblen %d %d state %d wctomb %d %d\n", m1, m2, m3, m4, m5, m6, m7);
}

/* printf %lc / %ls: converted as by wcrtomb; the precision counts bytes */
static void wprintf_cases(void)
{
    static const wchar_t *ws[] = { L"plain", L"gr\u00fc\u00df", L"\u20ac\U0001F600x", L"" };
    static const char *fmts[] = { "[%ls]", "[%8ls]", "[%-8ls]", "[%.3ls]", "[%.4ls]", "[%5.2ls]" };
    char buf[64];
    for (size_t i = 0; i < sizeof ws / sizeof *ws; i++)
        for (size_t f = 0; f < sizeof fmts / sizeof *fmts; f++) {
            errno = 0;
            memset(buf, 0, sizeof buf);
            int r = snprintf(buf, sizeof buf, fmts[f], ws[i]);
            printf("  %s #%d: %d errno=%d ", fmts[f], (int)i, r, errno);
            hex(buf, r > 0 ? (size_t)r : 0);
            printf("\n");
        }
    static const unsigned wcs[] = { 'A', 0xe9, 0x20ac, 0x1f600, 0xd800 };
    for (size_t i = 0; i < sizeof wcs / sizeof *wcs; i++) {
        errno = 0;
        memset(buf, 0, sizeof buf);
        int r = snprintf(buf, sizeof buf, "[%lc|%4lc]", (wint_t)wcs[i], (wint_t)wcs[i]);
        printf("  %%lc %x: %d errno=%d ", wcs[i], r, errno);
        hex(buf, r > 0 ? (size_t)r : 0);
        printf("\n");
    }
}

/* scanf %lc / %ls: the width counts characters; EILSEQ is a matching failure */
static void wscanf_one(const char *in, const char *fmt)
{
    wchar_t a[16], b[16];
    wmemset(a, 0x2a, 16);
    wmemset(b, 0x2a, 16);
    errno = 0;
    int r = sscanf(in, fmt, a, b);
    printf("  sscanf(");
    hex(in, strlen(in));
    printf(", %s) = %d errno=%d a=", fmt, r, errno);
    for (int i = 0; i < 6; i++)
        printf("%x ", (unsigned)a[i]);
    printf("b=");
    for (int i = 0; i < 4; i++)
        printf("%x ", (unsigned)b[i]);
    printf("\n");
}

static void wscanf_cases(void)
{
    wscanf_one("abc def", "%ls %ls");
    wscanf_one("h\xc3\xa9llo w", "%ls %ls");
    wscanf_one("h\xc3\xa9llo", "%3ls%ls");
    wscanf_one("h\xc3\xa9llo", "%2lc%ls");
    wscanf_one("\xe2\x82\xac\xe2\x82\xacx", "%lc%ls");
    wscanf_one("ab\xff" "cd", "%ls");
    wscanf_one("ab\xe2\x82 cd", "%ls%ls");
    wscanf_one("  x", "%lc");
    wscanf_one("", "%ls");
    wscanf_one("\xc3", "%ls");
    wscanf_one("\xf0\x9f\x98\x80 z", "%*ls %ls");
}

static void strings(void)
{
    wchar_t a[32], b[32];
    wcscpy(a, L"hello");
    wcscat(a, L", world");
    printf("  wcslen %d wcscmp %d %d %d wcsncmp %d %d\n", (int)wcslen(a), wcscmp(L"abc", L"abd") < 0,
           wcscmp(L"abc", L"abc") == 0, wcscmp(L"b", L"abc") > 0, wcsncmp(L"abcx", L"abcy", 3) == 0,
           wcsncmp(L"abcx", L"abcy", 4) < 0);
    printf("  wcschr %d %d %d wcsrchr %d %d\n", (int)(wcschr(a, L'o') - a), wcschr(a, L'z') == NULL,
           (int)(wcschr(a, 0) - a), (int)(wcsrchr(a, L'o') - a), wcsrchr(a, L'q') == NULL);
    wmemset(b, L'#', 32);
    wcsncpy(b, L"ab", 5);
    printf("  wcsncpy %x %x %x %x %x %x\n", (unsigned)b[0], (unsigned)b[1], (unsigned)b[2],
           (unsigned)b[3], (unsigned)b[4], (unsigned)b[5]);
    wcsncpy(b, L"abcdef", 3);
    printf("  wcsncpy short %x %x %x %x\n", (unsigned)b[0], (unsigned)b[2], (unsigned)b[3],
           (unsigned)b[4]);
    for (int i = 0; i < 10; i++)
        b[i] = L'0' + i;
    wmemmove(b + 2, b, 5);
    wmemmove(b + 10, b, 0);
    printf("  wmemmove up");
    for (int i = 0; i < 10; i++)
        printf(" %c", (char)b[i]);
    for (int i = 0; i < 10; i++)
        b[i] = L'0' + i;
    wmemmove(b, b + 3, 6);
    printf(" down");
    for (int i = 0; i < 10; i++)
        printf(" %c", (char)b[i]);
    wmemcpy(a, L"xyz", 3);
    printf("\n  wmemcpy %x wmemcmp %d %d %d wmemchr %d %d\n", (unsigned)a[2],
           wmemcmp(L"abc", L"abd", 3) < 0, wmemcmp(L"abc", L"abd", 2) == 0,
           wmemcmp(L"b", L"a", 1) > 0, (int)(wmemchr(L"abcabc", L'c', 6) - L"abcabc"),
           wmemchr(L"abc", L'c', 2) == NULL);
}

int main(void)
{
    printf("C: MB_CUR_MAX=%d locale=%s\n", (int)MB_CUR_MAX, setlocale(LC_CTYPE, NULL));
    classes();
    conversions(0);
    wprintf_cases();
    wscanf_cases();
    strings();
    const char *l = setlocale(LC_CTYPE, "C.UTF-8");
    printf("C.UTF-8: setlocale=%s MB_CUR_MAX>=4: %d locale=%s\n", l ? l : "(null)",
           MB_CUR_MAX >= 4, setlocale(LC_CTYPE, NULL));
    classes();
    conversions(1);
    wprintf_cases();
    wscanf_cases();
    int bad = 0;
    for (unsigned c = 0; c <= 0x10ffff; c += 7) {
        if (c >= 0xd800 && c <= 0xdfff)
            continue;
        char buf[8];
        wchar_t w = 0;
        size_t n = wcrtomb(buf, (wchar_t)c, NULL);
        if (n == (size_t)-1 || mbrtowc(&w, buf, n, NULL) != (c ? n : 0) || (unsigned)w != c)
            bad++;
    }
    printf("round trip every 7th code point: %d failures\n", bad);
    l = setlocale(LC_ALL, "C");
    printf("back to %s: MB_CUR_MAX=%d iswalpha(e9)=%d\n", l, (int)MB_CUR_MAX, iswalpha(0xe9));
    one_mb("\xc3\xa9", 2);
    return 0;
}
