/* C11 lexer and preprocessor (shared by zl-cc and zl-audit).
 *
 * Two layers, usable separately:
 *
 *   Lexer (lex.c)   translation phases 1-3 over one in-memory buffer: line splices,
 *                   optional trigraphs, comments, and preprocessing tokens (C11 6.4):
 *                   identifiers (with UCNs and UTF-8 kept as spelling), pp-numbers,
 *                   character constants and string literals with L/u/U/u8 prefixes,
 *                   all punctuators including digraphs, header names on request.
 *                   Tokens are slices of the caller's buffer: no allocation at all.
 *                   A token whose spelling contains a line splice or trigraph carries
 *                   CPP_TF_SPLICED; cpp_spell() gives its clean spelling.
 *
 *   Preprocessor    translation phase 4 (C11 6.10): object-like, function-like and
 *   (pp.c, expr.c)  variadic macros, # and ##, conditional inclusion with integer
 *                   arithmetic in an intmax_t of configurable width (up to 128 bits),
 *                   defined, __has_include, #include with quote/angle/system search
 *                   paths and #include_next, #pragma once, _Pragma, #line and GNU line
 *                   markers, __FILE__ __LINE__ __COUNTER__ __DATE__ __TIME__
 *                   __INCLUDE_LEVEL__, predefined macros supplied by the caller.
 *                   Generated spellings (pastes, strings, clean copies) live in an
 *                   arena freed with the preprocessor.
 *
 * Positions are 1-based lines and 1-based byte columns.
 */
#ifndef ZL_CPP_H
#define ZL_CPP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <zl/types.h>

/* ---------------------------------------------------------------- tokens */

enum cpp_kind {
    CPP_EOF,         /* end of input */
    CPP_EOD,         /* end of a directive line (lexer in directive mode only) */
    CPP_IDENT,
    CPP_NUMBER,      /* pp-number */
    CPP_CHAR,        /* character constant, prefix in tok.sub */
    CPP_STRING,      /* string literal, prefix in tok.sub */
    CPP_HEADER_NAME, /* <...> or "..." after #include (cpp_lex_header_name) */
    CPP_PUNCT,       /* punctuator, which one in tok.sub */
    CPP_OTHER,       /* any other single character (stray \, @, `, control bytes) */
    CPP_COMMENT,     /* only with CPP_LEX_COMMENTS */
    CPP_PRAGMA,      /* preprocessor output: #pragma / _Pragma; spelling = the pragma text */
    CPP_PLACEMARKER, /* internal to macro expansion, never returned */
    CPP_PADDING,     /* internal (-E spacing, C11 has no such token), never returned */
    CPP_MARKER,      /* internal (-E line/file changes), never returned */
    CPP_DEFINE,      /* internal (-E -dD): a #define/#undef line as GCC prints it, without
                        '#'; never returned */
};

/* tok.sub of CPP_PRAGMA: #pragma (0), the _Pragma operator, or #ident/#sccs (the
 * spelling is then the string literal). */
enum { CPP_PRAGMA_OPERATOR = 1, CPP_PRAGMA_IDENT = 2 };

/* Encoding prefix of CPP_CHAR / CPP_STRING (tok.sub). */
enum cpp_enc { CPP_ENC_NONE, CPP_ENC_L, CPP_ENC_u, CPP_ENC_U, CPP_ENC_u8 };

/* Punctuators (C11 6.4.6); digraphs map to their equivalents with CPP_TF_DIGRAPH. */
enum cpp_punct {
    CPP_P_NONE,
    CPP_P_LSQ, CPP_P_RSQ, CPP_P_LPAREN, CPP_P_RPAREN, CPP_P_LBRACE, CPP_P_RBRACE,
    CPP_P_DOT, CPP_P_ARROW, CPP_P_INC, CPP_P_DEC, CPP_P_AMP, CPP_P_STAR, CPP_P_PLUS,
    CPP_P_MINUS, CPP_P_TILDE, CPP_P_NOT, CPP_P_SLASH, CPP_P_PERCENT, CPP_P_SHL,
    CPP_P_SHR, CPP_P_LT, CPP_P_GT, CPP_P_LE, CPP_P_GE, CPP_P_EQ, CPP_P_NE, CPP_P_XOR,
    CPP_P_OR, CPP_P_ANDAND, CPP_P_OROR, CPP_P_QUESTION, CPP_P_COLON, CPP_P_SEMI,
    CPP_P_ELLIPSIS, CPP_P_ASSIGN, CPP_P_MULEQ, CPP_P_DIVEQ, CPP_P_MODEQ, CPP_P_ADDEQ,
    CPP_P_SUBEQ, CPP_P_SHLEQ, CPP_P_SHREQ, CPP_P_ANDEQ, CPP_P_XOREQ, CPP_P_OREQ,
    CPP_P_COMMA, CPP_P_HASH, CPP_P_HASHHASH,
    CPP_P_COUNT
};

enum {
    CPP_TF_BOL = 1u << 0,          /* first token on its (logical) line */
    CPP_TF_SPACE = 1u << 1,        /* preceded by white space or a comment on its line */
    CPP_TF_SPLICED = 1u << 2,      /* spelling contains line splices/trigraphs: use cpp_spell */
    CPP_TF_DIGRAPH = 1u << 3,      /* punctuator spelled as a digraph */
    CPP_TF_UNTERMINATED = 1u << 4, /* string/char/comment/header name without its end */
    CPP_TF_UCN = 1u << 5,          /* identifier contains \u or \U */
    CPP_TF_NOEXPAND = 1u << 6,     /* identifier painted: never macro-expanded again */
    CPP_TF_EXPANDED = 1u << 7,     /* produced by macro expansion (position = invocation) */
    CPP_TF_STRINGIFY_ARG = 1u << 8,/* internal */
    CPP_TF_PASTE_LEFT = 1u << 9,   /* internal: token is the left operand of ## */
    CPP_TF_LINECHANGE = 1u << 10,  /* internal: first token of a source line (-E) */
    CPP_TF_VAOPT = 1u << 11,       /* internal: __VA_OPT__ in a replacement list */
};

struct cpp_token {
    const char *p;  /* spelling (raw source slice, or arena for generated tokens) */
    u32 len;        /* bytes of spelling */
    u16 kind;       /* enum cpp_kind */
    u16 sub;        /* enum cpp_punct for CPP_PUNCT, enum cpp_enc for CPP_CHAR/CPP_STRING */
    u32 flags;      /* CPP_TF_* */
    u32 line, col;  /* 1-based; col counts bytes */
    u32 file;       /* file id (lexer: as given; preprocessor: cpp_file_name) */
};

/* Spelling of punctuator p (canonical, not digraph). */
const char *cpp_punct_str(enum cpp_punct p);
const char *cpp_kind_name(enum cpp_kind k);

/* Clean spelling of a token (line splices and trigraphs removed) into buf, which must
 * hold at least t->len + 1 bytes; returns the length.  Without CPP_TF_SPLICED it is a
 * plain copy.  `trigraphs` must be what the token was lexed with. */
size_t cpp_spell(const struct cpp_token *t, char *buf, bool trigraphs);

/* True if the token is the identifier/keyword `s`. */
static inline bool cpp_tok_is(const struct cpp_token *t, const char *s)
{
    size_t n = strlen(s);
    return t->len == n && memcmp(t->p, s, n) == 0;
}

/* ---------------------------------------------------------------- lexer */

enum {
    CPP_LEX_TRIGRAPHS = 1u << 0, /* translate ??= ??( ... (phase 1) */
    CPP_LEX_COMMENTS = 1u << 1,  /* return comments as CPP_COMMENT tokens */
    CPP_LEX_NO_DOLLAR = 1u << 2, /* '$' is not an identifier character (GNU allows it) */
    CPP_LEX_QUIET = 1u << 3,     /* no diagnostics (skipped groups) */
};

enum cpp_level { CPP_NOTE, CPP_WARNING, CPP_ERROR, CPP_FATAL };

/* Diagnostic sink.  `file` is the lexer's file id; the preprocessor passes names. */
typedef void (*cpp_diag_fn)(void *ctx, enum cpp_level level, u32 file, u32 line, u32 col,
                            const char *msg);

struct cpp_lexer {
    const char *buf, *cur, *end;
    const char *line_start; /* start of the current physical line */
    u32 line;
    u32 file;
    unsigned opts;          /* CPP_LEX_* */
    bool bol;               /* next token starts a line */
    bool space;             /* pending white space */
    bool directive;         /* directive mode: a newline yields CPP_EOD */
    u32 errors, warnings;
    cpp_diag_fn diag;       /* may be NULL: diagnostics are then only counted */
    void *diag_ctx;
};

void cpp_lex_init(struct cpp_lexer *lx, const char *buf, size_t len, u32 file, unsigned opts);
/* Next token into *t.  Returns false (t->kind == CPP_EOF) at the end. */
bool cpp_lex(struct cpp_lexer *lx, struct cpp_token *t);
/* Try to lex a header name (<...> or "...") at the current position, after white space.
 * Returns false and consumes nothing if there is none. */
bool cpp_lex_header_name(struct cpp_lexer *lx, struct cpp_token *t);
/* Skip to the end of the current line (the newline is not consumed). */
void cpp_lex_skip_line(struct cpp_lexer *lx);

/* ---------------------------------------------------------------- preprocessor */

enum cpp_dir_kind {
    CPP_DIR_QUOTE,  /* -iquote: only for #include "..." */
    CPP_DIR_ANGLE,  /* -I */
    CPP_DIR_SYSTEM, /* -isystem / built-in system directories */
};

struct cpp_options {
    unsigned intmax_bits;   /* width of intmax_t in #if: 64 (LP64) or 128 (LP128); 0 = 64 */
    bool trigraphs;
    bool no_gnu;            /* reject GNU extensions: , ## __VA_ARGS__, #include_next,
                               #warning, $ in identifiers, named variadic parameters */
    unsigned max_include_depth; /* 0 = 200 */
    long long fixed_time;   /* > 0: __DATE__/__TIME__ from this epoch second (UTC);
                               0: the current time */
    cpp_diag_fn diag;       /* NULL: GCC-style messages on stderr (with the
                               "In file included from" stack) */
    void *diag_ctx;
    bool no_warnings;       /* -w: warnings are counted but not reported */
    bool werror;            /* -Werror: warnings are errors ("[-Werror]") */
    bool no_wcpp;           /* -Wno-cpp: #warning says nothing */
    bool wcpp_error;        /* -Werror=cpp (or -Werror): they are errors ("[-Werror=cpp]") */
    bool freestanding;      /* __STDC_HOSTED__ is 0 (default 1) */
    /* __has_attribute / __has_c_attribute / __has_builtin: the value for `name` (already
       stripped of __x__ underscores for attributes; "gnu::x" keeps its scope), 0 if
       unknown.  NULL: every query answers 0 (conservative: headers take their
       fallback paths).  kind is enum cpp_has_kind. */
    long long (*has)(void *ctx, int kind, const char *name, size_t len);
    void *has_ctx;
    /* > 0: a fatal error once macro expansion has produced this many tokens in all
       (a guard against exponential expansions; GCC has none).  0: no limit. */
    unsigned long long max_expanded_tokens;
    bool keep_defines;      /* -dD: cpp_print also prints the #define and #undef lines,
                               and first the macros defined before the input */
};

enum cpp_has_kind { CPP_HAS_ATTRIBUTE, CPP_HAS_C_ATTRIBUTE, CPP_HAS_BUILTIN };

struct cpp;

struct cpp *cpp_new(const struct cpp_options *opt);
void cpp_free(struct cpp *pp);

/* Width of intmax_t/uintmax_t in #if arithmetic (8..128; 64 for rv32/rv64 hosts and
 * targets, 128 for LP128).  Same as cpp_options.intmax_bits; may be changed any time. */
void cpp_set_intmax_bits(struct cpp *pp, unsigned bits);

void cpp_add_dir(struct cpp *pp, const char *dir, enum cpp_dir_kind kind);
/* "NAME", "NAME=BODY", "F(a,b)=BODY" as with -D (NAME alone defines 1). */
bool cpp_define(struct cpp *pp, const char *def);
void cpp_undef(struct cpp *pp, const char *name);
/* Input: the main file, or a named in-memory text (copied). */
bool cpp_push_file(struct cpp *pp, const char *path);
bool cpp_push_string(struct cpp *pp, const char *name, const char *text, size_t len);
/* -include NAME: after cpp_push_file of the main file, read NAME first, as if by
 * #include "NAME" at the top of the main file, but looked up from the current working
 * directory, then the quote/angle/system chain.  Several: push the last first. */
bool cpp_push_include(struct cpp *pp, const char *name);

/* Next fully preprocessed token (macros expanded, directives executed).  Returns false
 * at the end of all input (t->kind == CPP_EOF).  Spellings stay valid until cpp_free. */
bool cpp_get(struct cpp *pp, struct cpp_token *t);

u32 cpp_errors(const struct cpp *pp);
u32 cpp_warnings(const struct cpp *pp);
/* Presumed file name of a file id (after #line); "<built-in>" for generated text. */
const char *cpp_file_name(const struct cpp *pp, u32 file);
/* Include nesting level of the most recently returned token's file (0 = main). */
unsigned cpp_include_depth(const struct cpp *pp);
/* True if the macro is currently defined. */
bool cpp_is_defined(struct cpp *pp, const char *name);
/* The include stack of the current position, innermost includer first: up to max
 * (presumed file id, line of the #include) pairs; returns how many there are.  A custom
 * diagnostic sink uses it to print "In file included from" lines. */
unsigned cpp_include_stack(const struct cpp *pp, u32 *files, u32 *lines, unsigned max);

/* -E: write all remaining tokens as text the way `gcc -E` does: GCC's spacing (a space
 * where the source had white space, or where two tokens would otherwise lex as one),
 * first tokens of lines at their source column, #pragma lines, and GNU line markers
 * (# N "file" flags, 1 = enter, 2 = return, 3 = system header) when `line_markers`
 * (without them, `gcc -E -P`).  Returns false if errors were reported. */
bool cpp_print(struct cpp *pp, FILE *out, bool line_markers);

/* -dD's output is cpp_print with opt.keep_defines. */

/* -dM: all macros defined now, as "#define NAME(params) body" lines (GCC's spelling;
 * the order is not GCC's: sort to compare).  Use after the input is consumed (e.g. after
 * cpp_get returned false) to list the final definitions. */
void cpp_print_macros(struct cpp *pp, FILE *out);

/* ---------------------------------------------- character values (charconst.c) */

/* Receives each problem found while decoding (error = the program is ill-formed). */
typedef void cpp_char_diag_fn(void *ctx, bool error, const char *msg);

/* Decodes one character of a character constant or string literal body at *pp (< end)
 * and advances *pp: an escape sequence, a UTF-8 sequence (its code point), or a byte.
 * *raw is set when the value is a byte (octal/hex escape, stray non-UTF-8 byte) that
 * must not be UTF-8 encoded again.  diag may be NULL. */
u32 cpp_decode_char(const char **pp, const char *end, bool *raw, cpp_char_diag_fn *diag,
                    void *ctx);

/* UTF-8 form of code point c in out; returns its length (1..4). */
int cpp_utf8_encode(u32 c, char out[4]);

/* The value of a character constant, converted to its type: int (no prefix; L, since
 * wchar_t is int), unsigned char (u8), char16_t (u), char32_t (U). */
struct cpp_charval {
    i128 value;
    bool is_unsigned; /* type is unsigned (u8, u, U) */
    unsigned nchars;  /* characters (bytes for a plain constant) */
};

/* Evaluates the constant spelt text[0..len) (prefix and quotes included; a clean
 * spelling, see cpp_spell); char_unsigned says whether plain char is unsigned.  Returns
 * false for an empty constant (reported through diag). */
bool cpp_charconst_value(const char *text, size_t len, enum cpp_enc enc, bool char_unsigned,
                         struct cpp_charval *out, cpp_char_diag_fn *diag, void *ctx);

/* ---------------------------------------------- integer suffixes (intsuffix.c) */

/* The suffix of an integer constant (C11 6.4.4.1): u/U, l/L, ll/LL in either order, or the
 * zl-cc extension i64/I64 with an optional u/U before it (ui64, UI64, ...), which names
 * __int64 / unsigned __int64 (docs/cc.md "Integer constants", docs/abi.md 1.1). */
struct cpp_intsuf {
    bool uns;  /* u or U */
    int lng;   /* 0, 1 (l) or 2 (ll) */
    bool i64;  /* i64 */
};

/* Parses s[0..end) as a whole suffix; false if it is not one (the caller reports it). */
bool cpp_int_suffix(const char *s, const char *end, struct cpp_intsuf *out);

#endif /* ZL_CPP_H */
