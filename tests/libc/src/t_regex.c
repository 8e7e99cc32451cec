/* regcomp/regexec/regerror/regfree: BRE and ERE, flags, subexpression offsets, errors.
 * Each case prints the regcomp result, re_nsub and, per subject string, the regexec result
 * with the whole match and every subexpression (offsets as long, width-neutral). */
#include <stdio.h>
#include <string.h>
#include <regex.h>

#define E REG_EXTENDED
#define I REG_ICASE
#define N REG_NEWLINE

static const struct tc {
    int cf;
    const char *pat;
    const char *s[6];
} cases[] = {
    /* ERE basics */
    { E, "abc", { "abc", "xabcy", "ab", "aabbcc", "abcabc", 0 } },
    { E, "a.c", { "abc", "a\nc", "ac", "xaxcx", 0 } },
    { E, "a*", { "", "aaa", "baaa", "b", 0 } },
    { E, "a+", { "", "aaa", "baaa", "b", 0 } },
    { E, "ab?c", { "ac", "abc", "abbc", 0 } },
    { E, "a{2}", { "a", "aa", "aaa", 0 } },
    { E, "a{2,}", { "a", "aa", "aaaaa", 0 } },
    { E, "a{1,3}", { "", "a", "aaaa", "baab", 0 } },
    { E, "a{0,2}b", { "b", "ab", "aab", "aaab", 0 } },
    { E, "(ab){2}", { "ab", "abab", "ababab", 0 } },
    { E, "x(ab){0,2}y", { "xy", "xaby", "xababy", "xabababy", 0 } },
    { E, "^abc$", { "abc", "abcd", "xabc", 0 } },
    { E, "^", { "", "abc", 0 } },
    { E, "$", { "", "abc", 0 } },
    { E, "^$", { "", "a", 0 } },
    { E, "a|b", { "a", "b", "c", "cb", 0 } },
    { E, "ab|cd|ef", { "xxef", "cdab", "ace", 0 } },
    { E, "(a|ab)(c|bcd)", { "abcd", "abc", "acd", 0 } },
    { E, "(a*)(b*)", { "", "aabb", "bb", "c", 0 } },
    { E, "(a*)+", { "", "aaa", "b", 0 } },
    { E, "(a|b)*c", { "abac", "c", "abab", "xbbcx", 0 } },
    { E, "(a+|b+)*", { "ab", "aabba", "", 0 } },
    { E, "a(b|c)*d", { "ad", "abd", "abcbcd", "abxd", 0 } },
    { E, "(wee|week)(knights|night)", { "weeknights", 0 } },
    { E, "(.*)\\.(.*)", { "file.tar.gz", "noext", ".x", 0 } },
    { E, "([a-z]+)@([a-z]+)\\.com", { "mail joe@example.com now", "x@y.org", 0 } },
    { E, "((a)|b)+", { "ab", "ba", "aa", 0 } },
    { E, "(a(b(c)))", { "abc", "xabcx", 0 } },
    { E, "(a)(b)(c)(d)(e)(f)(g)(h)(i)", { "abcdefghi", "abcdefgh", 0 } },
    { E, "()", { "", "x", 0 } },
    { E, "a||b", { "b", "c", 0 } },
    { E, "a)", { "a)", "a", 0 } },
    { E, "[abc]", { "a", "xc", "d", 0 } },
    { E, "[^abc]", { "a", "abcd", "\n", 0 } },
    { E, "[a-c]+", { "xabcabx", "d", 0 } },
    { E, "[]a]", { "]", "a", "b", 0 } },
    { E, "[^]a]", { "]", "a", "b", 0 } },
    { E, "[a-]", { "-", "a", "b", 0 } },
    { E, "[-a]", { "-", "b", 0 } },
    { E, "[[:alpha:]]+", { "12abC34", "123", 0 } },
    { E, "[[:digit:]]+", { "ab123c", "abc", 0 } },
    { E, "[[:space:]]", { "a b", "a\tb", "ab", 0 } },
    { E, "[[:upper:][:digit:]]+", { "abC9Dx", "abc", 0 } },
    { E, "[[:alnum:]_]+", { "  foo_bar9 ", "!!", 0 } },
    { E, "[[:punct:]]", { "abc!", "abc", 0 } },
    { E, "[[:xdigit:]]+", { "xyz0fA9g", 0 } },
    { E, "[[:lower:]]+", { "ABcdE", 0 } },
    { E, "[[:blank:]]+", { "a \t b", 0 } },
    { E, "[[:cntrl:]]", { "a\tb", "ab", 0 } },
    { E, "[[:print:]]+", { "\tab c\n", 0 } },
    { E, "[[:graph:]]+", { " ab c", 0 } },
    { E, "[[.a.]b]+", { "xaby", 0 } },
    { E, "[[=a=]]", { "bab", 0 } },
    { E, "[a\\]+", { "x\\a", 0 } },
    { E, "a\\.b", { "a.b", "axb", 0 } },
    { E, "a\\*b", { "a*b", "aab", 0 } },
    { E, "\\(a\\)", { "(a)", "a", 0 } },
    { E, "x*y*z*", { "", "xxyz", "zzz", "q", 0 } },
    { E, ".*", { "", "anything", 0 } },
    { E, "a.*b", { "axxbxxb", "ab", "a", 0 } },
    { E, "a.*?", { "abc", 0 } },
    { E, "(a|ab)(bc|c)", { "abc", 0 } },
    { E, "(ab|a)(c|bc)", { "abc", 0 } },
    { E, "(a?)((ab)?)(b?)", { "ab", 0 } },
    { E, "(.)(.)?", { "a", "ab", 0 } },
    { E, "(a)|(b)", { "a", "b", 0 } },
    { E, "((a)|(b))*", { "ab", "b", 0 } },
    { E, "a(b)?c", { "ac", "abc", 0 } },
    { E, "(foo|foobar)(bar)?", { "foobar", 0 } },
    { E, "([0-9]+)-([0-9]+)", { "tel 555-1234 x", "5-", 0 } },
    { E, "(a{2})*", { "aaaaa", 0 } },
    { E, "(a{2,3})+", { "aaaaaaa", 0 } },
    { E, "a{0}b", { "ab", "b", 0 } },
    { E, "(ab){1,}c", { "ababc", "c", 0 } },
    { E, "[0-9]{3}-[0-9]{4}", { "call 555-1234", "55-1234", 0 } },
    { E, "^[ \t]*#", { "  # comment", "code # x", 0 } },
    { E, "(^a|b)c", { "ac", "bc", "xac", 0 } },
    { E, "(a$|b)", { "a", "ab", "b", 0 } },
    { E, "a^b", { "ab", "a^b", 0 } },
    { E, "a$b", { "ab", "a$b", 0 } },
    /* REG_ICASE */
    { E | I, "abc", { "ABC", "xAbCy", "ab", 0 } },
    { E | I, "[a-c]+", { "xAbCd", 0 } },
    { E | I, "[^a]", { "A", "Ab", 0 } },
    { E | I, "[[:upper:]]+", { "abc", 0 } },
    { E | I, "HeLLo", { "say hello", 0 } },
    { I, "a\\(b\\)\\1", { "ABb", "aBB", "abc", 0 } },
    /* REG_NEWLINE */
    { E | N, "^b", { "a\nb", "ab", 0 } },
    { E | N, "a$", { "a\nb", "ab", 0 } },
    { E | N, "a.b", { "a\nb", "axb", 0 } },
    { E | N, "a[^x]b", { "a\nb", "ayb", 0 } },
    { E | N, "^.*$", { "one\ntwo", "", 0 } },
    { E, "^b", { "a\nb", 0 } },
    { E, "a$", { "a\nb", 0 } },
    { E, "a[^x]b", { "a\nb", 0 } },
    /* BRE */
    { 0, "abc", { "abc", "xabcy", 0 } },
    { 0, "a*", { "aaa", "b", 0 } },
    { 0, "*a", { "*a", "a", 0 } },
    { 0, "^*a", { "*a", "a", 0 } },
    { 0, "\\(*a\\)", { "*a", 0 } },
    { 0, "a\\{2\\}", { "aaa", "a", 0 } },
    { 0, "a\\{1,2\\}", { "aaa", 0 } },
    { 0, "a\\{2,\\}", { "aaaa", "a", 0 } },
    { 0, "\\(ab\\)*c", { "ababc", "c", 0 } },
    { 0, "\\(a\\)\\(b\\)\\2\\1", { "abba", "abab", 0 } },
    { 0, "\\(a*\\)b\\1", { "aabaa", "aaba", "b", 0 } },
    { 0, "\\([a-z]*\\) \\1", { "hello hello", "ab ac", "x abc abc y", 0 } },
    { 0, "\\(.\\)\\1", { "abccd", "abcd", 0 } },
    { 0, "a+b", { "a+b", "aab", 0 } },
    { 0, "a?b", { "a?b", "ab", 0 } },
    { 0, "a|b", { "a|b", "a", 0 } },
    { 0, "(a)", { "(a)", "a", 0 } },
    { 0, "a{2}", { "a{2}", "aa", 0 } },
    { 0, "a\\+", { "aaa", "b", 0 } },
    { 0, "a\\?b", { "b", "ab", 0 } },
    { 0, "a\\|b", { "b", "c", 0 } },
    { 0, "^abc$", { "abc", "abcd", 0 } },
    { 0, "a^b", { "a^b", "ab", 0 } },
    { 0, "a$b", { "a$b", "ab", 0 } },
    { 0, "\\(^a\\)", { "a", "ba", 0 } },
    { 0, "\\(a$\\)", { "a", "ab", 0 } },
    { 0, "x$", { "x$", "x", 0 } },
    { 0, "[[:alpha:]]\\{2,3\\}", { "1abcd2", 0 } },
    { 0, ".*\\(x\\)", { "axbxc", 0 } },
    { 0, "\\(a\\|b\\)*c", { "abac", 0 } },
    { E, "(a)\\1", { "aa", "ab", 0 } },
    { E, "(a|b)\\1+", { "abbbx", "ab", 0 } },
    /* GNU extensions glibc's regcomp also accepts */
    { E, "a{,3}", { "aaaa", "b", 0 } },
    { 0, "a\\{,2\\}", { "aaa", 0 } },
    { E, "\\w+", { "  ab_1 ", "!!", 0 } },
    { E, "\\W+", { "ab, c", 0 } },
    { E, "\\s+", { "a \t b", "ab", 0 } },
    { E, "\\S+", { " ab ", 0 } },
    { E, "\\bfoo\\b", { "a foo b", "foobar", "foo", 0 } },
    { E, "\\Boo", { "foo", "oo", 0 } },
    { E, "\\<b", { "a bc", "abc", 0 } },
    { E, "c\\>", { "a bc d", "acd", 0 } },
    { E, "a\\'", { "ba", "ab", 0 } },
    { E, "\\`a", { "ab", "ba", 0 } },
    { E, "[\\w]", { "\\", "w", 0 } },
    { E, "a\\{", { "a{", 0 } },
    /* edge cases */
    { E, "a**", { "aaa", 0 } },
    { E, "a+*", { "aaa", 0 } },
    { E, "$a", { "a", 0 } },
    { E, "(|a)+", { "aa", 0 } },
    { E, "(a|)+", { "aa", 0 } },
    { E, "x{1}{2}", { "xx", "x", 0 } },
    { E, "[a-a]", { "a", "b", 0 } },
    { E, "[%--]", { "-", "&", "/", 0 } },
    { E, "a{1,2}{3}", { "aaaaaaa", 0 } },
    { E, "()*", { "x", 0 } },
    { E, "(a*)*", { "b", "aa", 0 } },
    { E, "(a*)+b", { "aab", 0 } },
    { E, "(a|b)?c", { "c", "bc", 0 } },
    { E, "(a)(b)?\\2", { "a", "abb", 0 } },
    { E, "x|", { "y", 0 } },
    { E, "|", { "y", 0 } },
    { 0, "\\(\\)", { "x", 0 } },
    { 0, "\\(^*a\\)", { "*a", 0 } },
    { E, "{", { 0 } },
    { E, "^*", { 0 } },
    { E, "a{x}", { 0 } },
    { E, "[[:alpha:]-z]", { 0 } },
    { E, "[[:alpha:]", { 0 } },
    { E, "[[.ab.]]", { 0 } },
    { E, "[[=a", { 0 } },
    { 0, "a**", { 0 } },
    { 0, "\\{", { 0 } },
    { 0, "a\\{1\\}\\{2\\}", { 0 } },
    /* errors */
    { E, "a(b", { 0 } },
    { E, "a[b", { 0 } },
    { E, "[[:nope:]]", { 0 } },
    { E, "a\\", { 0 } },
    { E, "[z-a]", { 0 } },
    { E, "a{2,1}", { 0 } },
    { E, "a{1", { 0 } },
    { E, "*a", { 0 } },
    { E, "a|*b", { 0 } },
    { E, "(+a)", { 0 } },
    { E, "(a)\\2", { 0 } },
    { 0, "a\\(b", { 0 } },
    { 0, "a\\)", { 0 } },
    { 0, "\\(a\\)\\2", { 0 } },
    { 0, "a\\{1", { 0 } },
    { 0, "a\\{1,0\\}", { 0 } },
    { 0, "[a", { 0 } },
    { 0, "a\\", { 0 } },
};

static void show(const regex_t *re, int rc, const regmatch_t *m)
{
    if (rc) {
        printf(" nomatch(%d)", rc == REG_NOMATCH);
        return;
    }
    printf(" match");
    for (size_t i = 0; i <= re->re_nsub && i < 10; i++)
        printf(" %ld,%ld", (long)m[i].rm_so, (long)m[i].rm_eo);
}

int main(void)
{
    char buf[128];
    int n = 0;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const struct tc *t = &cases[k];
        regex_t re;
        int rc = regcomp(&re, t->pat, t->cf);
        printf("%zu /%s/%d:", k, t->pat, t->cf);
        if (rc) {
            regerror(rc, &re, buf, sizeof buf);
            printf(" regcomp error %d %s\n", rc, buf);
            continue;
        }
        printf(" nsub %zu", re.re_nsub);
        for (int j = 0; t->s[j]; j++) {
            regmatch_t m[10];
            for (int i = 0; i < 10; i++)
                m[i].rm_so = m[i].rm_eo = -2;
            show(&re, regexec(&re, t->s[j], 10, m, 0), m);
            n++;
        }
        printf("\n");
        regfree(&re);
    }
    /* REG_NOTBOL / REG_NOTEOL */
    static const struct { int cf, ef; const char *pat, *s; } fl[] = {
        { E, REG_NOTBOL, "^a", "abc" }, { E, REG_NOTEOL, "c$", "abc" },
        { E, REG_NOTBOL, "a", "abc" }, { E | N, REG_NOTBOL, "^b", "a\nb" },
        { E | N, REG_NOTEOL, "a$", "a\nb" }, { E, REG_NOTBOL | REG_NOTEOL, "^$", "" },
        { E, REG_NOTBOL, "x*", "abc" }, { 0, REG_NOTEOL, "b*$", "abb" },
    };
    for (size_t k = 0; k < sizeof fl / sizeof fl[0]; k++) {
        regex_t re;
        regmatch_t m[2];
        if (regcomp(&re, fl[k].pat, fl[k].cf) != 0) {
            printf("flags %zu: regcomp failed\n", k);
            continue;
        }
        printf("flags %zu:", k);
        show(&re, regexec(&re, fl[k].s, 2, m, fl[k].ef), m);
        printf("\n");
        regfree(&re);
        n++;
    }
    /* REG_NOSUB: re_nsub still counts groups; pmatch is not written. */
    {
        regex_t re;
        regmatch_t m[1] = { { -7, -7 } };
        int rc = regcomp(&re, "(a)(b)", E | REG_NOSUB);
        printf("nosub: %d", rc);
        if (!rc) {
            printf(" nsub %zu match %d %d", re.re_nsub, regexec(&re, "xab", 0, NULL, 0),
                   regexec(&re, "xa", 0, NULL, 0));
            printf(" untouched %d", regexec(&re, "ab", 1, m, 0) == 0 && m[0].rm_so == -7);
            regfree(&re);
        }
        printf("\n");
    }
    /* regerror: messages, truncation and the needed size. */
    for (int e = 1; e <= 13; e++) {
        size_t need = regerror(e, NULL, buf, sizeof buf);
        printf("regerror %d %zu %s\n", e, need, buf);
    }
    {
        char small[6];
        size_t need = regerror(REG_EBRACK, NULL, small, sizeof small);
        printf("regerror small %zu '%s' %zu\n", need, small, regerror(REG_NOMATCH, NULL, NULL, 0));
    }
    /* a longer subject and a pattern that would be exponential without memoisation */
    {
        static char big[4001];
        memset(big, 'a', 4000);
        regex_t re;
        regmatch_t m[3];
        if (regcomp(&re, "(a*)*b", E) == 0) {
            printf("big1 %d\n", regexec(&re, big, 3, m, 0));
            regfree(&re);
        }
        if (regcomp(&re, "(a|aa)+$", E) == 0) {
            int rc = regexec(&re, big, 3, m, 0);
            printf("big2 %d %ld %ld\n", rc, (long)m[0].rm_so, (long)m[0].rm_eo);
            regfree(&re);
        }
    }
    /* a 200,000-byte subject: no recursion depth limit in the matcher */
    static char huge[200002];
    {
        memset(huge, 'a', 200000);
        huge[200000] = 'b';
        regex_t re;
        regmatch_t m[2];
        if (regcomp(&re, "^(a|b)*$", E) == 0) {
            int rc = regexec(&re, huge, 2, m, 0);
            printf("huge %d %ld %ld %ld %ld\n", rc, (long)m[0].rm_so, (long)m[0].rm_eo,
                   (long)m[1].rm_so, (long)m[1].rm_eo);
            regfree(&re);
        }
        if (regcomp(&re, "\\(a*\\)\\1b", 0) == 0) {
            int rc = regexec(&re, huge + 198000, 2, m, 0);
            printf("huge bref %d %ld %ld %ld %ld\n", rc, (long)m[0].rm_so, (long)m[0].rm_eo,
                   (long)m[1].rm_so, (long)m[1].rm_eo);
            regfree(&re);
        }
    }
    printf("%d matches\n", n);
    return 0;
}
