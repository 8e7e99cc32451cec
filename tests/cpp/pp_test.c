/* Preprocessor (src/cpp/pp.c, expr.c, print.c).  The macro cases are the examples of
 * C11 6.10.3.3-6.10.3.5 and 6.10.9 with the results the standard's text gives; the
 * comparison is token by token (spellings), so white space outside string literals
 * does not matter but token boundaries do. */
#include "cpp/cpp.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/check.h"

static char diags[4096];
static size_t ndiag;

static struct cpp *cur_pp;

static void collect(void *ctx, enum cpp_level lv, u32 file, u32 line, u32 col, const char *msg)
{
    struct cpp *pp = cur_pp;
    (void)ctx;
    static const char *const lvn[] = {"note", "warning", "error", "fatal error"};
    char pos[32] = "";
    if (col) snprintf(pos, sizeof pos, "%u:", col);
    int n = snprintf(diags + ndiag, sizeof diags - ndiag, "%s:%u:%s %s: %s\n",
                     cpp_file_name(pp, file), line, pos, lvn[lv], msg);
    if (n > 0 && ndiag + (size_t)n < sizeof diags) ndiag += (size_t)n;
}

/* Tokens of the preprocessed text joined by single spaces; pragmas as "#pragma X". */
static char out[8192];
static u32 run_errors;

static void join(struct cpp *pp)
{
    struct cpp_token t;
    size_t n = 0;
    out[0] = 0;
    while (cpp_get(pp, &t)) {
        int k;
        if (t.kind == CPP_PRAGMA)
            k = snprintf(out + n, sizeof out - n, "%s#pragma %.*s", n ? " " : "", (int)t.len, t.p);
        else
            k = snprintf(out + n, sizeof out - n, "%s%.*s", n ? " " : "", (int)t.len, t.p);
        if (k > 0 && n + (size_t)k < sizeof out) n += (size_t)k;
    }
    run_errors = cpp_errors(pp);
}

static const char *pp_str(const char *src, unsigned bits)
{
    struct cpp_options o = {0};
    o.intmax_bits = bits;
    o.fixed_time = 1700000000;
    o.diag = collect;
    ndiag = 0;
    diags[0] = 0;
    struct cpp *pp = cur_pp = cpp_new(&o);
    cpp_push_string(pp, "t.c", src, strlen(src));
    join(pp);
    cpp_free(pp);
    return out;
}

/* Lex `want` and join its tokens the same way. */
static const char *norm(const char *want)
{
    static char b[8192];
    struct cpp_lexer lx;
    struct cpp_token t;
    size_t n = 0;
    cpp_lex_init(&lx, want, strlen(want), 0, 0);
    b[0] = 0;
    while (cpp_lex(&lx, &t)) {
        int k = snprintf(b + n, sizeof b - n, "%s%.*s", n ? " " : "", (int)t.len, t.p);
        if (k > 0 && n + (size_t)k < sizeof b) n += (size_t)k;
    }
    return b;
}

#define EXPECT_PP(src, want)                                                  \
    do {                                                                      \
        pp_str(src, 64);                                                      \
        CHECK_STR(out, norm(want));                                           \
        if (run_errors) check_fail(__FILE__, __LINE__, diags);               \
    } while (0)

/* C11 6.10.3.5 EXAMPLE 3 */
TEST(std_example3_rescanning)
{
    EXPECT_PP("#define x 3\n"
              "#define f(a) f(x * (a))\n"
              "#undef x\n"
              "#define x 2\n"
              "#define g f\n"
              "#define z z[0]\n"
              "#define h g(~\n"
              "#define m(a) a(w)\n"
              "#define w 0,1\n"
              "#define t(a) a\n"
              "#define p() int\n"
              "#define q(x) x\n"
              "#define r(x,y) x ## y\n"
              "#define str(x) # x\n"
              "f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);\n"
              "g(x+(3,4)-w) | h 5) & m\n"
              "(f)^m(m);\n"
              "p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };\n"
              "char c[2][6] = { str(hello), str() };\n",
              "f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);\n"
              "f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);\n"
              "int i[] = { 1, 23, 4, 5, };\n"
              "char c[2][6] = { \"hello\", \"\" };\n");
}

/* C11 6.10.3.5 EXAMPLE 4 (the #include line is checked in include_computed) */
TEST(std_example4_stringify_and_paste)
{
    EXPECT_PP("#define str(s) # s\n"
              "#define xstr(s) str(s)\n"
              "#define debug(s, t) printf(\"x\" # s \"= %d, x\" # t \"= %s\", \\\n"
              " x ## s, x ## t)\n"
              "#define INCFILE(n) vers ## n\n"
              "#define glue(a, b) a ## b\n"
              "#define xglue(a, b) glue(a, b)\n"
              "#define HIGHLOW \"hello\"\n"
              "#define LOW LOW \", world\"\n"
              "debug(1, 2);\n"
              "fputs(str(strncmp(\"abc\\0d\", \"abc\", '\\4') // this goes away\n"
              " == 0) str(: @\\n), s);\n"
              "xstr(INCFILE(2).h)\n"
              "glue(HIGH, LOW);\n"
              "xglue(HIGH, LOW)\n",
              "printf(\"x\" \"1\" \"= %d, x\" \"2\" \"= %s\", x1, x2);\n"
              "fputs(\"strncmp(\\\"abc\\\\0d\\\", \\\"abc\\\", '\\\\4') == 0\" \": @\\n\", s);\n"
              "\"vers2.h\"\n"
              "\"hello\";\n"
              "\"hello\" \", world\"\n");
}

/* C11 6.10.3.5 EXAMPLE 5: placemarkers */
TEST(std_example5_placemarkers)
{
    EXPECT_PP("#define t(x,y,z) x ## y ## z\n"
              "int j[] = { t(1,2,3), t(,4,5), t(6,,7), t(8,9,),\n"
              " t(10,,), t(,11,), t(,,12), t(,,) };\n",
              "int j[] = { 123, 45, 67, 89,\n 10, 11, 12, };\n");
}

/* C11 6.10.3.5 EXAMPLE 6: benign and invalid redefinitions */
TEST(std_example6_redefinition)
{
    pp_str("#define OBJ_LIKE (1-1)\n"
           "#define OBJ_LIKE /* white space */ (1-1) /* other */\n"
           "#define FUNC_LIKE(a) ( a )\n"
           "#define FUNC_LIKE( a )( /* note the white space */ \\\n"
           " a /* other stuff on this line\n"
           " */ )\n"
           "OBJ_LIKE FUNC_LIKE(z)\n", 64);
    CHECK_STR(out, norm("(1-1) ( z )"));
    CHECK(ndiag == 0);
    static const char *const bad[] = {
        "#define OBJ_LIKE (1-1)\n#define OBJ_LIKE (0)\n",
        "#define OBJ_LIKE (1-1)\n#define OBJ_LIKE (1 - 1)\n",
        "#define FUNC_LIKE(a) ( a )\n#define FUNC_LIKE(b) ( a )\n",
        "#define FUNC_LIKE(a) ( a )\n#define FUNC_LIKE(b) ( b )\n",
    };
    for (int i = 0; i < 4; i++) {
        pp_str(bad[i], 64);
        CHECK(strstr(diags, "redefined") != NULL);
    }
}

/* C11 6.10.3.5 EXAMPLE 7: variadic macros */
TEST(std_example7_variadic)
{
    EXPECT_PP("#define debug(...) fprintf(stderr, __VA_ARGS__)\n"
              "#define showlist(...) puts(#__VA_ARGS__)\n"
              "#define report(test, ...) ((test)?puts(#test):\\\n"
              " printf(__VA_ARGS__))\n"
              "debug(\"Flag\");\n"
              "debug(\"X = %d\\n\", x);\n"
              "showlist(The first, second, and third items.);\n"
              "report(x>y, \"x is %d but y is %d\", x, y);\n",
              "fprintf(stderr, \"Flag\" );\n"
              "fprintf(stderr, \"X = %d\\n\", x );\n"
              "puts( \"The first, second, and third items.\" );\n"
              "((x>y)?puts(\"x>y\"): printf(\"x is %d but y is %d\", x, y));\n");
}

/* C11 6.10.3.5 EXAMPLES 1 and 2, 6.10.3.3 EXAMPLE (hash_hash), 6.10.3.4 EXAMPLE */
TEST(std_small_examples)
{
    EXPECT_PP("#define TABSIZE 100\nint table[TABSIZE];\n", "int table[100];");
    EXPECT_PP("#define max(a, b) ((a) > (b) ? (a) : (b))\nmax(1, x+2)\n",
              "((1) > (x+2) ? (1) : (x+2))");
    EXPECT_PP("#define hash_hash # ## #\n"
              "#define mkstr(a) # a\n"
              "#define in_between(a) mkstr(a)\n"
              "#define join(c, d) in_between(c hash_hash d)\n"
              "char p[] = join(x, y);\n",
              "char p[] = \"x ## y\";");
    /* 6.10.3.4p4: either "2*9*g" or "2*f(9)" is conforming */
    pp_str("#define f(a) a*g\n#define g(a) f(a)\nf(2)(9)\n", 64);
    CHECK(strcmp(out, norm("2*9*g")) == 0 || strcmp(out, norm("2*f(9)")) == 0);
}

/* C11 6.10.9 EXAMPLE: _Pragma */
TEST(std_pragma_operator)
{
    pp_str("#define LISTING(x) PRAGMA(listing on #x)\n"
           "#define PRAGMA(x) _Pragma(#x)\n"
           "LISTING ( ..\\listing.dir )\n"
           "#pragma STDC FP_CONTRACT ON\n"
           "x\n", 64);
    CHECK_STR(out, "#pragma listing on \"..\\listing.dir\" #pragma STDC FP_CONTRACT ON x");
    CHECK(run_errors == 0);
}

/* GCC: an operand that is not a string literal is macro-expanded (Linux's __diag()) */
TEST(pragma_operator_expanded)
{
    pp_str("#define S1(s) #s\n#define S(s) S1(s)\n#define D(s) _Pragma(S(GCC diagnostic s))\n"
           "D(push)\nx\n", 64);
    CHECK_STR(out, "#pragma GCC diagnostic push x");
    CHECK(run_errors == 0);
}

TEST(recursion_is_blocked)
{
    EXPECT_PP("#define foo foo bar\nfoo\n", "foo bar");
    EXPECT_PP("#define a b\n#define b a\na b\n", "a b");
    /* painted blue: stays unexpanded after the context ends (6.10.3.4p2) */
    EXPECT_PP("#define f(x) x g\n#define g f\nf(1)(2)\n", "1 f(2)");
    EXPECT_PP("#define AA BB\n#define BB AA\n#define id(x) x\nid(AA)\n", "AA");
}

TEST(function_like_details)
{
    /* name without ( is not an invocation; newlines between name and ( are allowed */
    EXPECT_PP("#define f(x) [x]\nf + f\n(1) f\n", "f + [1] f");
    /* nested parentheses and commas inside them */
    EXPECT_PP("#define f(x, y) x|y\nf((a,b),(c))\n", "(a,b)|(c)");
    /* empty arguments; f() on a one-parameter macro */
    EXPECT_PP("#define f(x) <x>\n#define g() G\nf() g()\n", "<> G");
    /* arguments are expanded before substitution, but not for # and ## */
    EXPECT_PP("#define A 1\n#define s(x) #x\n#define xs(x) s(x)\n#define c(x) x ## 2\n"
              "s(A) xs(A) c(A)\n",
              "\"A\" \"1\" A2");
    /* GNU: , ## __VA_ARGS__ */
    EXPECT_PP("#define e(fmt, ...) p(fmt, ## __VA_ARGS__)\ne(1) e(1,2,3)\n", "p(1) p(1,2,3)");
    /* GNU named variadic parameter */
    EXPECT_PP("#define v(args...) (args)\nv(1,2)\n", "(1,2)");
    /* stringify spacing: leading/trailing dropped, inner runs become one space */
    EXPECT_PP("#define s(x) #x\ns(  a   +\n  b  ) s(\"\\n\" '\\'')\n",
              "\"a + b\" \"\\\"\\\\n\\\" '\\\\''\"");
}

TEST(paste_results)
{
    EXPECT_PP("#define cat(a,b) a##b\ncat(+,=) cat(<,<=) cat(L, 'x') cat(u8, \"s\") cat(1,e) cat(%:,%:)\n",
              "+= <<= L'x' u8\"s\" 1e %:%:");
    /* invalid paste: diagnosed, both tokens kept */
    pp_str("#define cat(a,b) a##b\ncat(+,-)\n", 64);
    CHECK(strstr(diags, "does not give a valid preprocessing token") != NULL);
    CHECK_STR(out, "+ -");
}

TEST(builtin_macros)
{
    EXPECT_PP("__LINE__\n\n__LINE__ __FILE__\n#line 100 \"x.c\"\n__LINE__ __FILE__\n",
              "1 3 \"t.c\" 100 \"x.c\"");
    EXPECT_PP("__COUNTER__ __COUNTER__ __COUNTER__\n", "0 1 2");
    EXPECT_PP("__DATE__ __TIME__ __STDC__ __STDC_VERSION__ __INCLUDE_LEVEL__\n",
              "\"Nov 14 2023\" \"22:13:20\" 1 201112L 0");
    /* __LINE__ through a macro, and a GNU line marker */
    EXPECT_PP("#define L __LINE__\nL\n# 40 \"m.h\" 1\nL __FILE__\n", "2 40 \"m.h\"");
}

TEST(conditionals)
{
    EXPECT_PP("#if 1\na\n#elif 1\nb\n#else\nc\n#endif\n", "a");
    EXPECT_PP("#if 0\na\n#elif 2-2\nb\n#elif 1\nc\n#else\nd\n#endif\n", "c");
    EXPECT_PP("#ifdef X\na\n#else\nb\n#endif\n#define X\n#ifndef X\nc\n#else\nd\n#endif\n", "b d");
    /* skipped groups: no evaluation, no diagnostics for junk, nested conditionals */
    EXPECT_PP("#if 0\n#if 1/0\n#error no\n#endif\n' unterminated\n#bogus\n#else\nok\n#endif\n",
              "ok");
    EXPECT_PP("#if defined X || defined(Y) || !defined Z\nyes\n#endif\n", "yes");
    EXPECT_PP("#define Y\n#if defined(Y) && defined Y\nyes\n#endif\n", "yes");
    /* undefined identifiers and keywords are 0 */
    EXPECT_PP("#if foo || int\nno\n#else\nyes\n#endif\n", "yes");
}

static bool if_true(const char *expr, unsigned bits)
{
    char src[512];
    snprintf(src, sizeof src, "#if %s\nT\n#else\nF\n#endif\n", expr);
    pp_str(src, bits);
    return strcmp(out, "T") == 0 && run_errors == 0;
}

TEST(if_arithmetic)
{
    CHECK(if_true("1 + 2 * 3 == 7", 64));
    CHECK(if_true("(1 + 2) * 3 == 9", 64));
    CHECK(if_true("-1 < 0", 64));
    CHECK(if_true("-1 > 0u", 64));           /* usual conversions: unsigned compare */
    CHECK(if_true("0x7fffffffffffffff + 0 > 0", 64));
    CHECK(if_true("~0u == 0xffffffffffffffff", 64)); /* uintmax_t is 64 bits here */
    CHECK(if_true("-7 / 2 == -3 && -7 % 2 == -1", 64));
    CHECK(if_true("1 << 63 < 0", 64));
    CHECK(if_true("(1 ? -1 : 0u) > 0", 64)); /* ?: balances to unsigned */
    CHECK(if_true("0 && 1 / 0 || 1", 64));  /* unevaluated division */
    CHECK(if_true("'a' == 97 && '\\n' == 10 && '\\x41' == 65 && '\\101' == 65", 64));
    CHECK(if_true("L'\\xffffffff' < 0 && u'\\xffff' > 0", 64));
    CHECK(if_true("0b101 == 5 && 010 == 8 && 10ULL == 10", 64));
    CHECK(if_true("(2, 3) == 3", 64));
    CHECK(if_true("-1 >> 1 == -1 && 1 >> 70 == 0", 64));
    /* LP128: intmax_t is 128 bits */
    CHECK(if_true("0xffffffffffffffff + 1 == 0x10000000000000000", 128));
    CHECK(if_true("1 << 100 > 0 && 1 << 127 < 0", 128));
    CHECK(if_true("~0ul == 0xffffffffffffffffffffffffffffffff", 128));
    /* too large for uintmax_t: a warning and the value truncated, as GCC */
    CHECK(if_true("0xffffffffffffffff + 1 == 0x10000000000000000", 64));
    CHECK(strstr(diags, "warning: integer constant is too large") != NULL);
    /* signed overflow: a warning at the width in use (GCC's) */
    pp_str("#if 0x7fffffffffffffff + 1 < 0 && 3037000500 * 3037000500 < 0\n#endif\n", 64);
    CHECK(strstr(diags, "t.c:1:28: warning: integer overflow in preprocessor expression") != NULL);
    pp_str("#if 0x7fffffffffffffff + 1 > 0 && 3037000500 * 3037000500 > 0 && -1 * -1 == 1\n#endif\n", 128);
    CHECK(ndiag == 0);
    pp_str("#if 0x7fffffffffffffffffffffffffffffff + 1 < 0\n#endif\n", 128);
    CHECK(strstr(diags, "integer overflow") != NULL);
    /* errors */
    CHECK(!if_true("1 / 0", 64) && strstr(diags, "division by zero"));
    CHECK(!if_true("1.0", 64) && strstr(diags, "floating constant"));
    CHECK(!if_true("(1", 64) && strstr(diags, "missing ')'"));
    CHECK(!if_true("1 2", 64) && strstr(diags, "missing binary operator"));
    CHECK(!if_true("\"s\"", 64) && strstr(diags, "not valid"));
    CHECK(!if_true("1 ? 2", 64) && strstr(diags, "':'"));
}

static char tmpdir[256];

static void write_file(const char *rel, const char *text)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", tmpdir, rel);
    char *sl = strrchr(p, '/');
    *sl = 0;
    mkdir(p, 0755);
    *sl = '/';
    FILE *f = fopen(p, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

static const char *pp_file(const char *rel, const char *idir, const char *sdir)
{
    struct cpp_options o = {0};
    o.diag = collect;
    ndiag = 0;
    diags[0] = 0;
    struct cpp *pp = cur_pp = cpp_new(&o);
    char p[512];
    if (idir) {
        snprintf(p, sizeof p, "%s/%s", tmpdir, idir);
        cpp_add_dir(pp, p, CPP_DIR_ANGLE);
    }
    if (sdir) {
        snprintf(p, sizeof p, "%s/%s", tmpdir, sdir);
        cpp_add_dir(pp, p, CPP_DIR_SYSTEM);
    }
    snprintf(p, sizeof p, "%s/%s", tmpdir, rel);
    cpp_push_file(pp, p);
    join(pp);
    cpp_free(pp);
    return out;
}

TEST(includes)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/zl-cpp-test-XXXXXX");
    if (!mkdtemp(tmpdir)) {
        check_fail(__FILE__, __LINE__, "mkdtemp");
        return;
    }
    write_file("main.c", "#include \"a.h\"\n#include <b.h>\n#include \"a.h\"\n"
                         "#if __has_include(<b.h>) && !__has_include(\"nope.h\")\nHAS\n#endif\n"
                         "#include <once.h>\n#include \"inc/once.h\"\nend __INCLUDE_LEVEL__\n");
    write_file("a.h", "A __INCLUDE_LEVEL__\n");
    write_file("inc/b.h", "B __FILE__\n");
    write_file("inc/once.h", "#pragma once\nONCE\n");
    write_file("sys/b.h", "SYSB\n");
    write_file("sys/n.h", "NEXT\n");
    write_file("inc/n.h", "FIRST\n#include_next <n.h>\n");
    write_file("next.c", "#include <n.h>\n");
    write_file("comp.c", "#define H(x) #x\n#define XH(x) H(x)\n#define N a.h\n#include XH(N)\n#define ANG <b.h>\n#include ANG\n");
    write_file("missing.c", "x\n#include \"does-not-exist.h\"\ny\n");
    write_file("self.c", "#include \"self.c\"\n");
    write_file("unterminated.c", "#if 1\nx\n");

    char want[600];
    pp_file("main.c", "inc", "sys");
    snprintf(want, sizeof want, "A 1 B \"%s/inc/b.h\" A 1 HAS ONCE end 0", tmpdir);
    CHECK_STR(out, want);
    CHECK(run_errors == 0);
    pp_file("next.c", "inc", "sys");
    CHECK_STR(out, "FIRST NEXT");
    pp_file("comp.c", "inc", NULL);
    snprintf(want, sizeof want, "A 1 B \"%s/inc/b.h\"", tmpdir);
    CHECK_STR(out, want);
    pp_file("missing.c", NULL, NULL);
    CHECK(strstr(diags, "does-not-exist.h: No such file or directory") != NULL);
    CHECK(strstr(diags, "missing.c:2:") != NULL);
    pp_file("self.c", NULL, NULL);
    CHECK(strstr(diags, "nested depth") != NULL);
    pp_file("unterminated.c", NULL, NULL);
    CHECK(strstr(diags, "unterminated.c:1: error: unterminated #if") != NULL);
    CHECK_STR(out, "x");
}

TEST(errors_are_reported_not_fatal)
{
    static const char *const cases[][2] = {
        {"#define f(x) x\nf(1\n", "unterminated argument list"},
        {"#define f(x,y) x\nf(1)\n", "t.c:2:4: error: macro \"f\" requires 2 arguments, but only 1 given"},
        {"#define f(x) x\nf(1,2)\n", "t.c:2:6: error: macro \"f\" passed 2 arguments, but takes just 1"},
        {"#define ## x\n", "macro names must be identifiers"},
        {"#define f(x) #y\n", "'#' is not followed by a macro parameter"},
        {"#define f(x) ## x\n", "'##' cannot appear"},
        {"#define f(x,x) x\n", "duplicate macro parameter"},
        {"#define defined 1\n", "cannot be used as a macro name"},
        {"#endif\n", "#endif without #if"},
        {"#if 1\n#else\n#else\n#endif\n", "#else after #else"},
        {"#foo\n", "invalid preprocessing directive"},
        {"#error stop here\n", "#error stop here"},
        {"#line x\n", "not a positive integer"},
        {"#include\n", "#include expects"},
        {"_Pragma(1)\n", "_Pragma takes a parenthesized string literal"},
        {"#if\n#endif\n", "#if with no expression"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pp_str(cases[i][0], 64);
        if (!strstr(diags, cases[i][1])) {
            char b[300];
            snprintf(b, sizeof b, "case %zu: want \"%.60s\" in \"%.200s\"", i, cases[i][1], diags);
            check_fail(__FILE__, __LINE__, b);
        }
    }
    pp_str("#warning careful\nx\n", 64);
    CHECK(strstr(diags, "t.c:1:2: warning: #warning careful") != NULL);
    CHECK_STR(out, "x");
}

TEST(define_api_and_print)
{
    struct cpp_options o = {0};
    o.fixed_time = 1;
    struct cpp *pp = cpp_new(&o);
    CHECK(cpp_define(pp, "ONE"));
    CHECK(cpp_define(pp, "SZ=16"));
    CHECK(cpp_define(pp, "F(a,b)=a+b"));
    CHECK(cpp_is_defined(pp, "SZ"));
    cpp_undef(pp, "SZ");
    CHECK(!cpp_is_defined(pp, "SZ"));
    const char *src = "int a = ONE;\nint b = F(2, 3);\n\n\n\n\n\n\n\n\n\n\nlast\n#define P -\nP-1 P P\n";
    cpp_push_string(pp, "p.c", src, strlen(src));
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    CHECK(cpp_print(pp, f, true));
    fclose(f);
    CHECK_STR(buf, "# 0 \"p.c\"\n# 0 \"<built-in>\"\n# 0 \"<command-line>\"\n# 1 \"p.c\"\n"
                   "int a = 1;\nint b = 2 +3;\n# 13 \"p.c\"\nlast\n\n- -1 - -\n");
    free(buf);
    cpp_free(pp);
}

TEST(va_opt_and_gnu_comma)
{
    EXPECT_PP("#define F(a,...) f(a __VA_OPT__(,) __VA_ARGS__)\n#define E\n"
              "F(1) F(1,2) F(1,E) F(1,)\n",
              "f(1 ) f(1 , 2) f(1 ) f(1 )");
    EXPECT_PP("#define G(x, ...) x __VA_OPT__(- x ## __VA_ARGS__ ## x) end\nG(p) G(p,q)\n",
              "p end p - pqp end");
    EXPECT_PP("#define H(...) a ## __VA_OPT__(b c) ## d\nH() H(1)\n", "ad ab cd");
    /* GNU comma: dropped when the variable arguments are omitted, kept when empty */
    EXPECT_PP("#define P(f, ...) p(f, ## __VA_ARGS__)\n#define Q(...) q(0, ## __VA_ARGS__)\n"
              "P(a) P(a,) P(a,1) Q() Q(1)\n",
              "p(a) p(a,) p(a,1) q(0) q(0,1)");
    pp_str("#define B(...) __VA_OPT__(\n", 64);
    CHECK(strstr(diags, "__VA_OPT__") != NULL);
}

TEST(intmax_width_api)
{
    struct cpp_options o = {0};
    o.diag = collect;
    ndiag = 0;
    struct cpp *pp = cur_pp = cpp_new(&o);
    cpp_set_intmax_bits(pp, 128);
    const char *src = "#if 0xffffffffffffffff + 1 == 0x10000000000000000 && (1 << 127) < 0\nW128\n#endif\n";
    cpp_push_string(pp, "w.c", src, strlen(src));
    join(pp);
    CHECK_STR(out, "W128");
    cpp_free(pp);
    /* 32-bit intmax is allowed too (8..128) */
    CHECK(if_true("0x7fffffff + 1 < 0", 32));
}

static long long has_cb(void *ctx, int kind, const char *name, size_t len)
{
    (void)ctx;
    if (kind == CPP_HAS_ATTRIBUTE && len == 6 && !memcmp(name, "packed", 6)) return 1;
    if (kind == CPP_HAS_ATTRIBUTE && len == 11 && !memcmp(name, "gnu::packed", 11)) return 1;
    if (kind == CPP_HAS_BUILTIN && len == 16 && !memcmp(name, "__builtin_expect", 16)) return 1;
    if (kind == CPP_HAS_C_ATTRIBUTE && len == 10 && !memcmp(name, "deprecated", 10)) return 201904;
    return 0;
}

TEST(has_attribute_builtin)
{
    const char *src = "#if __has_attribute(packed) && __has_attribute(__packed__) && "
                      "__has_attribute(gnu::packed) && !__has_attribute(nope)\nA\n#endif\n"
                      "#if __has_builtin(__builtin_expect) && !__has_builtin(__builtin_nope)\nB\n#endif\n"
                      "#if __has_c_attribute(deprecated) == 201904\nC\n#endif\n"
                      "#ifdef __has_attribute\nD\n#endif\n";
    struct cpp_options o = {0};
    o.diag = collect;
    o.has = has_cb;
    ndiag = 0;
    struct cpp *pp = cur_pp = cpp_new(&o);
    cpp_push_string(pp, "h.c", src, strlen(src));
    join(pp);
    CHECK_STR(out, "A B C D");
    CHECK(run_errors == 0);
    cpp_free(pp);
    /* without a table: every query is 0 */
    EXPECT_PP("#if __has_attribute(packed) || __has_builtin(__builtin_expect)\nyes\n#else\nno\n#endif\n",
              "no");
}

TEST(pragmas_executed)
{
    EXPECT_PP("#define X 1\n#pragma push_macro(\"X\")\n#undef X\n#define X 2\nX\n"
              "#pragma pop_macro(\"X\")\nX\n#pragma push_macro(\"Y\")\n#define Y 3\nY\n"
              "#pragma pop_macro(\"Y\")\nY\n",
              "2 1 3 Y");
    pp_str("#pragma GCC poison bad\nbad\n#define bad 1\n", 64);
    CHECK(strstr(diags, "attempt to use poisoned \"bad\"") != NULL);
    pp_str("#pragma GCC warning \"careful\"\n#pragma GCC error \"stop\"\n", 64);
    CHECK(strstr(diags, "warning: careful") != NULL && strstr(diags, "error: stop") != NULL);
    /* other pragmas reach the consumer; #ident too */
    struct cpp_options o = {0};
    o.diag = collect;
    struct cpp *pp = cur_pp = cpp_new(&o);
    const char *src = "#define N 4\n#pragma pack(push, N)\n#pragma weak N\n#ident \"v1\"\n_Pragma(\"omp x\")\n";
    cpp_push_string(pp, "p.c", src, strlen(src));
    struct cpp_token t;
    char got[256] = "";
    while (cpp_get(pp, &t)) {
        CHECK(t.kind == CPP_PRAGMA);
        snprintf(got + strlen(got), sizeof got - strlen(got), "[%u:%.*s]", t.sub, (int)t.len, t.p);
    }
    CHECK_STR(got, "[0:pack(push, 4)][0:weak N][2:\"v1\"][1:omp x]");
    cpp_free(pp);
}

TEST(public_spacing_flags)
{
    /* cpp_get reports the white space -E prints */
    struct cpp_options o = {0};
    struct cpp *pp = cpp_new(&o);
    const char *src = "#define f(x) x\n#define E\nf(a)b f( a ) E+E c\n";
    cpp_push_string(pp, "s.c", src, strlen(src));
    struct cpp_token t;
    char got[64] = "";
    while (cpp_get(pp, &t))
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%.*s",
                 (t.flags & CPP_TF_SPACE) ? " " : "", (int)t.len, t.p);
    CHECK_STR(got, "ab a + c"); /* gcc -E: "ab a + c" */
    cpp_free(pp);
}

static u32 stack_files[8], stack_lines[8];
static unsigned stack_n;

static void stack_diag(void *ctx, enum cpp_level lv, u32 file, u32 line, u32 col, const char *msg)
{
    collect(ctx, lv, file, line, col, msg);
    stack_n = cpp_include_stack(cur_pp, stack_files, stack_lines, 8);
}

TEST(include_stack_guard_and_fatal)
{
    char dir[] = "/tmp/zl-cpp-inc-XXXXXX";
    if (!mkdtemp(dir)) {
        check_fail(__FILE__, __LINE__, "mkdtemp");
        return;
    }
    snprintf(tmpdir, sizeof tmpdir, "%s", dir);
    write_file("m.c", "#include \"a.h\"\n#include \"g.h\"\n#include \"g.h\"\nG_USE\n");
    write_file("a.h", "\n#include \"b.h\"\n");
    write_file("b.h", "#error deep\n");
    write_file("g.h", "/* c */\n#ifndef G_H\n#define G_H\nguarded\n#endif\n");
    write_file("pre.h", "#define G_USE pre\n");
    write_file("f.c", "one\n#include \"missing.h\"\ntwo\n");
    struct cpp_options o = {0};
    o.diag = stack_diag;
    ndiag = 0;
    struct cpp *pp = cur_pp = cpp_new(&o);
    char p[600];
    snprintf(p, sizeof p, "%s/m.c", dir);
    CHECK(cpp_push_file(pp, p));
    snprintf(p, sizeof p, "%s/pre.h", dir);
    CHECK(cpp_push_include(pp, p));
    join(pp);
    CHECK_STR(out, "guarded pre");
    CHECK(strstr(diags, "b.h:1:2: error: #error deep") != NULL);
    CHECK(stack_n == 2);
    if (stack_n == 2) {
        CHECK(stack_lines[0] == 2 && strstr(cpp_file_name(pp, stack_files[0]), "a.h"));
        CHECK(stack_lines[1] == 1 && strstr(cpp_file_name(pp, stack_files[1]), "m.c"));
    }
    cpp_free(pp);
    /* a missing header is fatal: nothing after it */
    o.diag = collect;
    pp = cur_pp = cpp_new(&o);
    snprintf(p, sizeof p, "%s/f.c", dir);
    cpp_push_file(pp, p);
    join(pp);
    CHECK_STR(out, "one");
    CHECK(strstr(diags, "fatal error: missing.h: No such file or directory") != NULL);
    cpp_free(pp);
}

TEST(limits_and_hosted)
{
    struct cpp_options o = {0};
    o.diag = collect;
    o.max_expanded_tokens = 1000;
    o.freestanding = true;
    ndiag = 0;
    struct cpp *pp = cur_pp = cpp_new(&o);
    const char *src = "__STDC_HOSTED__\n#define A x x x x x x x x x x\n#define B A A A A A A A A A A\n"
                      "#define C B B B B B B B B B B\n#define D C C C C C C C C C C\nD\nafter\n";
    cpp_push_string(pp, "l.c", src, strlen(src));
    join(pp);
    CHECK(strncmp(out, "0 ", 2) == 0);
    CHECK(strstr(out, "after") == NULL);
    CHECK(strstr(diags, "exceeds 1000 tokens") != NULL);
    cpp_free(pp);
    /* hostile nesting ends in a diagnostic, not a stack overflow */
    size_t n = 2050;
    char *src2 = malloc(8 * n + 64), *q = src2;
    q += sprintf(q, "#define f(x) x\n");
    for (size_t i = 0; i < n; i++) q += sprintf(q, "f(");
    for (size_t i = 0; i < n; i++) *q++ = ')';
    q += sprintf(q, "\n#if ");
    for (size_t i = 0; i < 2 * n; i++) *q++ = '(';
    *q = 0;
    pp_str(src2, 64);
    CHECK(strstr(diags, "nested too deeply (more than 2000 levels)") != NULL);
    q = src2 + sprintf(src2, "#if ");
    for (size_t i = 0; i < 2 * n; i++) *q++ = '(';
    strcpy(q, "1\n#endif\n");
    pp_str(src2, 64);
    CHECK(strstr(diags, "#if expression nested too deeply (more than 1000 levels)") != NULL);
    free(src2);
}

int main(void)
{
    RUN(std_example3_rescanning);
    RUN(std_example4_stringify_and_paste);
    RUN(std_example5_placemarkers);
    RUN(std_example6_redefinition);
    RUN(std_example7_variadic);
    RUN(std_small_examples);
    RUN(std_pragma_operator);
    RUN(pragma_operator_expanded);
    RUN(recursion_is_blocked);
    RUN(function_like_details);
    RUN(paste_results);
    RUN(builtin_macros);
    RUN(conditionals);
    RUN(if_arithmetic);
    RUN(includes);
    RUN(errors_are_reported_not_fatal);
    RUN(define_api_and_print);
    RUN(va_opt_and_gnu_comma);
    RUN(intmax_width_api);
    RUN(has_attribute_builtin);
    RUN(pragmas_executed);
    RUN(public_spacing_flags);
    RUN(include_stack_guard_and_fatal);
    RUN(limits_and_hosted);
    return check_done();
}
