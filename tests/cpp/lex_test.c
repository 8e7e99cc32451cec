/* Lexer (src/cpp/lex.c): translation phases 1-3 and the preprocessing tokens of C11 6.4. */
#include "cpp/cpp.h"

#include <stdlib.h>

#include "lib/check.h"

#define MAXT 64
struct lexed {
    struct cpp_token t[MAXT];
    char spell[MAXT][128];
    int n;
    u32 errors, warnings;
};

static struct lexed lexed;

static void lex_all(const char *src, unsigned opts)
{
    struct cpp_lexer lx;
    cpp_lex_init(&lx, src, strlen(src), 7, opts);
    lexed.n = 0;
    struct cpp_token t;
    while (cpp_lex(&lx, &t) && lexed.n < MAXT) {
        lexed.t[lexed.n] = t;
        cpp_spell(&t, lexed.spell[lexed.n], opts & CPP_LEX_TRIGRAPHS);
        lexed.n++;
    }
    lexed.errors = lx.errors;
    lexed.warnings = lx.warnings;
}

/* "kind:spelling" of token i */
static const char *desc(int i)
{
    static char b[200];
    if (i >= lexed.n) return "<none>";
    snprintf(b, sizeof b, "%s:%s", cpp_kind_name((enum cpp_kind)lexed.t[i].kind), lexed.spell[i]);
    return b;
}

TEST(identifiers_and_keywords)
{
    lex_all("int _x9 $dollar caf\\u00e9 \\U0001F600y na\xc3\xafve", 0);
    CHECK(lexed.n == 6);
    CHECK_STR(desc(0), "identifier:int");
    CHECK_STR(desc(1), "identifier:_x9");
    CHECK_STR(desc(2), "identifier:$dollar");
    CHECK_STR(desc(3), "identifier:caf\\u00e9");
    CHECK(lexed.t[3].flags & CPP_TF_UCN);
    CHECK_STR(desc(4), "identifier:\\U0001F600y");
    CHECK_STR(desc(5), "identifier:na\xc3\xafve");
    lex_all("$x", CPP_LEX_NO_DOLLAR);
    CHECK_STR(desc(0), "other:$");
    CHECK_STR(desc(1), "identifier:x");
}

TEST(pp_numbers)
{
    /* 6.4.8: a pp-number swallows e+ / p- and letters: 0xe+1 is one token */
    lex_all("0xe+1 1.2e-3f .5 0x1p-3 1..2 12ULL 08 1e+ 3.x.y", 0);
    CHECK(lexed.n == 9);
    CHECK_STR(desc(0), "number:0xe+1");
    CHECK_STR(desc(1), "number:1.2e-3f");
    CHECK_STR(desc(2), "number:.5");
    CHECK_STR(desc(3), "number:0x1p-3");
    CHECK_STR(desc(4), "number:1..2");
    CHECK_STR(desc(5), "number:12ULL");
    CHECK_STR(desc(6), "number:08");
    CHECK_STR(desc(7), "number:1e+");
    CHECK_STR(desc(8), "number:3.x.y");
    lex_all("1+2 a-1", 0);
    CHECK(lexed.n == 6);
    CHECK_STR(desc(1), "punctuator:+");
}

TEST(char_and_string_literals)
{
    lex_all("'a' L'b' u'c' U'd' \"s\\\"t\" L\"w\" u\"x\" U\"y\" u8\"z\" '\\'' u8 'q' Lx", 0);
    CHECK(lexed.n == 13);
    CHECK_STR(desc(0), "char:'a'");
    CHECK(lexed.t[0].sub == CPP_ENC_NONE);
    CHECK_STR(desc(1), "char:L'b'");
    CHECK(lexed.t[1].sub == CPP_ENC_L);
    CHECK(lexed.t[2].sub == CPP_ENC_u);
    CHECK(lexed.t[3].sub == CPP_ENC_U);
    CHECK_STR(desc(4), "string:\"s\\\"t\"");
    CHECK(lexed.t[5].sub == CPP_ENC_L);
    CHECK(lexed.t[6].sub == CPP_ENC_u);
    CHECK(lexed.t[7].sub == CPP_ENC_U);
    CHECK_STR(desc(8), "string:u8\"z\"");
    CHECK(lexed.t[8].sub == CPP_ENC_u8);
    CHECK_STR(desc(9), "char:'\\''");
    /* u8 is a string prefix only in C11: u8 'q' is an identifier then a char */
    CHECK_STR(desc(10), "identifier:u8");
    CHECK_STR(desc(11), "char:'q'");
    CHECK_STR(desc(12), "identifier:Lx");
    CHECK(lexed.warnings == 0);
}

TEST(all_punctuators)
{
    const char *src = "[ ] ( ) { } . -> ++ -- & * + - ~ ! / % << >> < > <= >= == != ^ | && || "
                      "? : ; ... = *= /= %= += -= <<= >>= &= ^= |= , # ##";
    lex_all(src, 0);
    CHECK(lexed.n == CPP_P_COUNT - 1);
    for (int i = 0; i < lexed.n && i < CPP_P_COUNT - 1; i++) {
        CHECK(lexed.t[i].kind == CPP_PUNCT);
        CHECK(lexed.t[i].sub == i + 1);
        CHECK_STR(lexed.spell[i], cpp_punct_str((enum cpp_punct)(i + 1)));
    }
    /* maximal munch (6.4p4): x+++++y is x ++ ++ + y; a..b is a . . b (not ...) */
    lex_all("x+++++y a..b <<=>>= ->* %:%:", 0);
    CHECK_STR(desc(1), "punctuator:++");
    CHECK_STR(desc(2), "punctuator:++");
    CHECK_STR(desc(3), "punctuator:+");
    CHECK_STR(desc(6), "punctuator:.");
    CHECK_STR(desc(7), "punctuator:.");
    CHECK_STR(desc(9), "punctuator:<<=");
    CHECK_STR(desc(10), "punctuator:>>=");
    CHECK_STR(desc(11), "punctuator:->");
    CHECK_STR(desc(12), "punctuator:*");
    CHECK(lexed.t[13].sub == CPP_P_HASHHASH && (lexed.t[13].flags & CPP_TF_DIGRAPH));
}

TEST(digraphs)
{
    /* 6.4.6p3 */
    lex_all("<: :> <% %> %: %:%: <::", 0);
    CHECK(lexed.n == 8);
    CHECK(lexed.t[0].sub == CPP_P_LSQ);
    CHECK(lexed.t[1].sub == CPP_P_RSQ);
    CHECK(lexed.t[2].sub == CPP_P_LBRACE);
    CHECK(lexed.t[3].sub == CPP_P_RBRACE);
    CHECK(lexed.t[4].sub == CPP_P_HASH);
    CHECK(lexed.t[5].sub == CPP_P_HASHHASH);
    for (int i = 0; i < 6; i++) CHECK(lexed.t[i].flags & CPP_TF_DIGRAPH);
    CHECK(lexed.t[6].sub == CPP_P_LSQ);
    CHECK(lexed.t[7].sub == CPP_P_COLON);
}

TEST(comments_and_spacing)
{
    lex_all("a/**/b // line\n  c /* multi\nline */ d\n/* x */e", 0);
    CHECK(lexed.n == 5);
    CHECK_STR(desc(0), "identifier:a");
    CHECK(lexed.t[0].flags & CPP_TF_BOL);
    CHECK(!(lexed.t[0].flags & CPP_TF_SPACE));
    CHECK(lexed.t[1].flags & CPP_TF_SPACE);     /* a comment is white space */
    CHECK(!(lexed.t[1].flags & CPP_TF_BOL));
    CHECK(lexed.t[2].flags & CPP_TF_BOL);
    CHECK(lexed.t[2].line == 2 && lexed.t[2].col == 3);
    CHECK(lexed.t[3].line == 3 && lexed.t[3].col == 9);
    CHECK(!(lexed.t[3].flags & CPP_TF_BOL));    /* the comment's newline is not a line start */
    CHECK(lexed.t[4].line == 4 && lexed.t[4].col == 8 && (lexed.t[4].flags & CPP_TF_BOL));
    /* "//" inside a string and slash-star inside a char are not comments */
    lex_all("\"//x\" '/*' y", 0);
    CHECK(lexed.n == 3);
    CHECK_STR(desc(2), "identifier:y");
    /* comments returned on request */
    lex_all("x /* c */ // d\ny", CPP_LEX_COMMENTS);
    CHECK(lexed.n == 4);
    CHECK_STR(desc(1), "comment:/* c */");
    CHECK_STR(desc(2), "comment:// d");
    CHECK(lexed.t[3].flags & CPP_TF_BOL);
}

TEST(line_splices)
{
    /* phase 2: backslash-newline is deleted anywhere, even inside tokens */
    lex_all("ab\\\ncd \"x\\\ny\" +\\\n+ 1\\\r\n2", 0);
    CHECK(lexed.n == 4);
    CHECK_STR(desc(0), "identifier:abcd");
    CHECK(lexed.t[0].flags & CPP_TF_SPLICED);
    CHECK_STR(desc(1), "string:\"xy\"");
    CHECK_STR(desc(2), "punctuator:++");
    CHECK(lexed.t[2].sub == CPP_P_INC);
    CHECK_STR(desc(3), "number:12");
    CHECK(lexed.t[1].line == 2 && lexed.t[1].col == 4);
    CHECK(lexed.t[3].line == 4);
    /* a // comment continued by a splice swallows the next line */
    lex_all("a // x \\\n b\nc", 0);
    CHECK(lexed.n == 2);
    CHECK_STR(desc(1), "identifier:c");
    CHECK(lexed.t[1].line == 3);
    /* comment delimiters split by a splice */
    lex_all("a /\\\n* c *\\\n/ d", 0);
    CHECK(lexed.n == 2);
    CHECK_STR(desc(1), "identifier:d");
}

/* cpp_lex reads a token's first characters without decode() unless they are '\\' (or
 * '?' with trigraphs), and rescans a punctuator for splices only when its lookahead
 * stepped over one */
TEST(splice_fast_paths)
{
    lex_all("+\\\nx -\\\n> u\\\n8\"s\" L\\\n'c' <\\\n<\\\n= \\x", 0);
    CHECK(lexed.n == 8);
    CHECK_STR(desc(0), "punctuator:+");
    CHECK(!(lexed.t[0].flags & CPP_TF_SPLICED)); /* the splice after it is not its own */
    CHECK_STR(desc(1), "identifier:x");
    CHECK_STR(desc(2), "punctuator:->");
    CHECK(lexed.t[2].sub == CPP_P_ARROW && (lexed.t[2].flags & CPP_TF_SPLICED));
    CHECK_STR(desc(3), "string:u8\"s\"");
    CHECK(lexed.t[3].sub == CPP_ENC_u8);
    CHECK_STR(desc(4), "char:L'c'");
    CHECK(lexed.t[4].sub == CPP_ENC_L);
    CHECK_STR(desc(5), "punctuator:<<=");
    CHECK(lexed.t[5].sub == CPP_P_SHLEQ && (lexed.t[5].flags & CPP_TF_SPLICED));
    CHECK_STR(desc(6), "other:\\");
    CHECK_STR(desc(7), "identifier:x");
    /* '?' starts no trigraph here: a plain punctuator either way */
    lex_all("a?b ?\?- ?\\\n?/", CPP_LEX_TRIGRAPHS);
    CHECK_STR(desc(1), "punctuator:?");
    CHECK(!(lexed.t[1].flags & CPP_TF_SPLICED));
    CHECK_STR(desc(3), "punctuator:~");
    CHECK(lexed.t[3].flags & CPP_TF_SPLICED);
}

TEST(trigraphs)
{
    lex_all("?\?=define a?\?(1?\?) ?\?/\nb ?\?' ?\?! ?\?- ?\?< ?\?> ?\?? x", CPP_LEX_TRIGRAPHS);
    CHECK_STR(desc(0), "punctuator:#");
    CHECK_STR(desc(1), "identifier:define");
    CHECK_STR(desc(3), "punctuator:[");
    CHECK_STR(desc(5), "punctuator:]");
    CHECK_STR(desc(6), "identifier:b");
    CHECK(lexed.t[6].line == 2);
    CHECK_STR(desc(7), "punctuator:^");
    CHECK_STR(desc(8), "punctuator:|");
    CHECK_STR(desc(9), "punctuator:~");
    CHECK_STR(desc(10), "punctuator:{");
    CHECK_STR(desc(11), "punctuator:}");
    CHECK_STR(desc(12), "punctuator:?");
    /* without the option trigraphs are plain characters */
    lex_all("?\?=", 0);
    CHECK(lexed.n == 3);
}

TEST(directive_mode_and_header_names)
{
    const char *src = "#include <sys/a b.h> x\nnext";
    struct cpp_lexer lx;
    struct cpp_token t;
    cpp_lex_init(&lx, src, strlen(src), 0, 0);
    CHECK(cpp_lex(&lx, &t) && t.kind == CPP_PUNCT && t.sub == CPP_P_HASH && (t.flags & CPP_TF_BOL));
    lx.directive = true;
    CHECK(cpp_lex(&lx, &t) && cpp_tok_is(&t, "include"));
    CHECK(cpp_lex_header_name(&lx, &t));
    CHECK(t.kind == CPP_HEADER_NAME && t.len == 11 && memcmp(t.p, "<sys/a b.h>", 11) == 0);
    CHECK(t.col == 10);
    CHECK(cpp_lex(&lx, &t) && cpp_tok_is(&t, "x"));
    CHECK(cpp_lex(&lx, &t) && t.kind == CPP_EOD);
    CHECK(cpp_lex(&lx, &t) && cpp_tok_is(&t, "next") && (t.flags & CPP_TF_BOL) && t.line == 2);
    /* no header name here: nothing consumed */
    cpp_lex_init(&lx, "foo", 3, 0, 0);
    CHECK(!cpp_lex_header_name(&lx, &t));
    CHECK(cpp_lex(&lx, &t) && cpp_tok_is(&t, "foo"));
    /* EOD at the end of the buffer without a newline */
    cpp_lex_init(&lx, "#x", 2, 0, 0);
    cpp_lex(&lx, &t);
    lx.directive = true;
    CHECK(cpp_lex(&lx, &t) && cpp_tok_is(&t, "x"));
    CHECK(cpp_lex(&lx, &t) && t.kind == CPP_EOD);
    CHECK(!cpp_lex(&lx, &t) && t.kind == CPP_EOF);
}

TEST(unterminated_and_stray)
{
    lex_all("\"abc\nx 'y\n/* never closed", 0);
    CHECK(lexed.n == 3);
    CHECK(lexed.t[0].kind == CPP_STRING && (lexed.t[0].flags & CPP_TF_UNTERMINATED));
    CHECK_STR(desc(0), "string:\"abc");
    CHECK_STR(desc(1), "identifier:x");
    CHECK(lexed.t[2].kind == CPP_CHAR && (lexed.t[2].flags & CPP_TF_UNTERMINATED));
    CHECK(lexed.warnings == 2);
    CHECK(lexed.errors == 1);
    /* stray characters and NUL bytes are single "other" tokens */
    static const char bin[] = {'@', 0, '`', '\\', 'x'};
    struct cpp_lexer lx;
    struct cpp_token t;
    cpp_lex_init(&lx, bin, sizeof bin, 0, 0);
    int n = 0, other = 0;
    while (cpp_lex(&lx, &t)) {
        n++;
        other += t.kind == CPP_OTHER;
    }
    CHECK(n == 5 && other == 4);
    /* a string ending at the buffer end */
    lex_all("\"abc\\", 0);
    CHECK(lexed.n == 1 && (lexed.t[0].flags & CPP_TF_UNTERMINATED));
}

TEST(positions_crlf_and_tabs)
{
    lex_all("a\r\n\tb c\r\n", 0);
    CHECK(lexed.n == 3);
    CHECK(lexed.t[1].line == 2 && lexed.t[1].col == 2);
    CHECK(lexed.t[2].line == 2 && lexed.t[2].col == 4);
    CHECK(lexed.t[1].file == 7);
}

TEST(large_input_no_alloc)
{
    /* 1 MB of tokens: exercises the fast paths; the lexer allocates nothing */
    size_t n = 1 << 20;
    char *b = malloc(n);
    for (size_t i = 0; i < n; i++) b[i] = "ab_1 +\n"[i % 7];
    struct cpp_lexer lx;
    struct cpp_token t;
    cpp_lex_init(&lx, b, n, 0, 0);
    size_t count = 0;
    while (cpp_lex(&lx, &t)) count++;
    CHECK(count == (n / 7) * 2 + (n % 7 >= 4) + (n % 7 >= 6));
    CHECK(lx.line == n / 7 + 1);
    free(b);
}

int main(void)
{
    RUN(identifiers_and_keywords);
    RUN(pp_numbers);
    RUN(char_and_string_literals);
    RUN(all_punctuators);
    RUN(digraphs);
    RUN(comments_and_spacing);
    RUN(line_splices);
    RUN(splice_fast_paths);
    RUN(trigraphs);
    RUN(directive_mode_and_header_names);
    RUN(unterminated_and_stray);
    RUN(positions_crlf_and_tabs);
    RUN(large_input_no_alloc);
    return check_done();
}
