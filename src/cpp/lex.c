/* C11 lexer: translation phases 1-3 over one buffer (see cpp.h).
 *
 * Phases 1 and 2 are applied lazily: the lexer reads "logical characters" through
 * decode(), which steps over backslash-newline splices (and trigraphs when enabled).
 * The hot paths (a token's first characters, identifiers, numbers, white space, comment
 * bodies) test the raw byte first and only fall back to decode() on '\\' or '?', so
 * ordinary text costs one table lookup per byte.  Tokens are slices of the buffer; a
 * token with a splice or trigraph inside is flagged CPP_TF_SPLICED and cpp_spell()
 * produces its clean text.
 */
#include "cpp/cpp.h"

#include <string.h>

static const char *const punct_names[CPP_P_COUNT] = {
    [CPP_P_NONE] = "", [CPP_P_LSQ] = "[", [CPP_P_RSQ] = "]", [CPP_P_LPAREN] = "(",
    [CPP_P_RPAREN] = ")", [CPP_P_LBRACE] = "{", [CPP_P_RBRACE] = "}", [CPP_P_DOT] = ".",
    [CPP_P_ARROW] = "->", [CPP_P_INC] = "++", [CPP_P_DEC] = "--", [CPP_P_AMP] = "&",
    [CPP_P_STAR] = "*", [CPP_P_PLUS] = "+", [CPP_P_MINUS] = "-", [CPP_P_TILDE] = "~",
    [CPP_P_NOT] = "!", [CPP_P_SLASH] = "/", [CPP_P_PERCENT] = "%", [CPP_P_SHL] = "<<",
    [CPP_P_SHR] = ">>", [CPP_P_LT] = "<", [CPP_P_GT] = ">", [CPP_P_LE] = "<=",
    [CPP_P_GE] = ">=", [CPP_P_EQ] = "==", [CPP_P_NE] = "!=", [CPP_P_XOR] = "^",
    [CPP_P_OR] = "|", [CPP_P_ANDAND] = "&&", [CPP_P_OROR] = "||", [CPP_P_QUESTION] = "?",
    [CPP_P_COLON] = ":", [CPP_P_SEMI] = ";", [CPP_P_ELLIPSIS] = "...", [CPP_P_ASSIGN] = "=",
    [CPP_P_MULEQ] = "*=", [CPP_P_DIVEQ] = "/=", [CPP_P_MODEQ] = "%=", [CPP_P_ADDEQ] = "+=",
    [CPP_P_SUBEQ] = "-=", [CPP_P_SHLEQ] = "<<=", [CPP_P_SHREQ] = ">>=", [CPP_P_ANDEQ] = "&=",
    [CPP_P_XOREQ] = "^=", [CPP_P_OREQ] = "|=", [CPP_P_COMMA] = ",", [CPP_P_HASH] = "#",
    [CPP_P_HASHHASH] = "##",
};

const char *cpp_punct_str(enum cpp_punct p)
{
    return (unsigned)p < CPP_P_COUNT ? punct_names[p] : "";
}

const char *cpp_kind_name(enum cpp_kind k)
{
    static const char *const names[] = {
        "eof", "eod", "identifier", "number", "char", "string", "header-name",
        "punctuator", "other", "comment", "pragma", "placemarker",
    };
    return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "?";
}

/* Character classes: 1 = identifier start, 2 = digit, 4 = horizontal space. */
enum { C_ID = 1, C_DIG = 2, C_HSP = 4 };
static u8 cclass[256];
static bool cclass_ready;

static void init_classes(void)
{
    if (cclass_ready) return;
    for (int c = 0; c < 256; c++) {
        u8 k = 0;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80) k |= C_ID;
        if (c >= '0' && c <= '9') k |= C_DIG;
        if (c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r') k |= C_HSP;
        cclass[c] = k;
    }
    cclass_ready = true; /* idempotent: racing threads write the same bytes */
}

static int trigraph_char(char c)
{
    switch (c) {
    case '=': return '#';
    case '(': return '[';
    case '/': return '\\';
    case ')': return ']';
    case '\'': return '^';
    case '<': return '{';
    case '!': return '|';
    case '>': return '}';
    case '-': return '~';
    default: return 0;
    }
}

/* Length of a line splice at p (backslash, or ??/ with trigraphs, then a newline). */
static inline size_t splice_len(const char *p, const char *end, bool tri)
{
    size_t n;
    if (p < end && *p == '\\')
        n = 1;
    else if (tri && end - p >= 3 && p[0] == '?' && p[1] == '?' && p[2] == '/')
        n = 3;
    else
        return 0;
    if (p + n < end && p[n] == '\n') return n + 1;
    if (end - (p + n) >= 2 && p[n] == '\r' && p[n + 1] == '\n') return n + 2;
    return 0;
}

/* One logical character at p (phases 1-2).  Returns it, or -1 at the end; *next is set
 * past it; *sp is set when a splice or trigraph was stepped over. */
static int decode(const char *p, const char *end, bool tri, const char **next, bool *sp)
{
    for (;;) {
        if (p >= end) {
            *next = p;
            return -1;
        }
        unsigned char c = (unsigned char)*p;
        if (c == '\\' || (c == '?' && tri)) {
            size_t n = splice_len(p, end, tri);
            if (n) {
                p += n;
                *sp = true;
                continue;
            }
            if (c == '?' && end - p >= 3 && p[1] == '?') {
                int t = trigraph_char(p[2]);
                if (t) {
                    *sp = true;
                    *next = p + 3;
                    return t;
                }
            }
        }
        *next = p + 1;
        return c;
    }
}

size_t cpp_spell(const struct cpp_token *t, char *buf, bool trigraphs)
{
    if (!(t->flags & CPP_TF_SPLICED)) {
        memcpy(buf, t->p, t->len);
        buf[t->len] = 0;
        return t->len;
    }
    const char *p = t->p, *end = t->p + t->len;
    size_t n = 0;
    bool sp = false;
    for (;;) {
        int c = decode(p, end, trigraphs, &p, &sp);
        if (c < 0) break;
        buf[n++] = (char)c;
    }
    buf[n] = 0;
    return n;
}

void cpp_lex_init(struct cpp_lexer *lx, const char *buf, size_t len, u32 file, unsigned opts)
{
    init_classes();
    memset(lx, 0, sizeof *lx);
    lx->buf = lx->cur = lx->line_start = buf;
    lx->end = buf + len;
    lx->line = 1;
    lx->file = file;
    lx->opts = opts;
    lx->bol = true;
}

static void lex_diag(struct cpp_lexer *lx, enum cpp_level lv, u32 line, u32 col, const char *msg)
{
    if (lx->opts & CPP_LEX_QUIET) return;
    if (lv >= CPP_ERROR)
        lx->errors++;
    else if (lv == CPP_WARNING)
        lx->warnings++;
    if (lx->diag) lx->diag(lx->diag_ctx, lv, lx->file, line, col, msg);
}

/* Account for newlines inside [from, to) (splices, comments). */
static void count_lines(struct cpp_lexer *lx, const char *from, const char *to)
{
    for (const char *q = from; q < to; q++) {
        q = memchr(q, '\n', (size_t)(to - q));
        if (!q) break;
        lx->line++;
        lx->line_start = q + 1;
    }
}

static inline bool is_id_char(const struct cpp_lexer *lx, int c)
{
    if (c < 0) return false;
    if (cclass[c] & (C_ID | C_DIG)) return true;
    return c == '$' && !(lx->opts & CPP_LEX_NO_DOLLAR);
}

/* A UCN \uXXXX or \UXXXXXXXX starting at p (logical); returns the position after it. */
static const char *ucn_at(const struct cpp_lexer *lx, const char *p, bool *sp)
{
    const char *q;
    bool tri = lx->opts & CPP_LEX_TRIGRAPHS;
    int c = decode(p, lx->end, tri, &q, sp);
    if (c != '\\') return NULL;
    c = decode(q, lx->end, tri, &q, sp);
    int n = c == 'u' ? 4 : c == 'U' ? 8 : 0;
    if (!n) return NULL;
    for (int i = 0; i < n; i++) {
        c = decode(q, lx->end, tri, &q, sp);
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')))
            return NULL;
    }
    return q;
}

/* Skip identifier characters from p; returns the end. */
static const char *scan_ident(struct cpp_lexer *lx, const char *p, bool *sp, bool *ucn)
{
    const char *end = lx->end;
    bool tri = lx->opts & CPP_LEX_TRIGRAPHS;
    for (;;) {
        while (p < end && (cclass[(unsigned char)*p] & (C_ID | C_DIG))) p++;
        if (p >= end) return p;
        if (*p == '$' && !(lx->opts & CPP_LEX_NO_DOLLAR)) {
            p++;
            continue;
        }
        if (*p != '\\' && !(tri && *p == '?')) return p;
        bool s2 = false;
        const char *q;
        int c = decode(p, end, tri, &q, &s2);
        if (c == '\\') {
            const char *u = ucn_at(lx, p, &s2);
            if (!u) return p;
            *ucn = true;
            if (s2) *sp = true;
            p = u;
            continue;
        }
        if (!is_id_char(lx, c)) return p;
        *sp = true;
        p = q;
    }
}

static const char *scan_number(struct cpp_lexer *lx, const char *p, bool *sp)
{
    const char *end = lx->end;
    bool tri = lx->opts & CPP_LEX_TRIGRAPHS;
    for (;;) {
        while (p < end && (cclass[(unsigned char)*p] & (C_ID | C_DIG)) && *p != 'e' &&
               *p != 'E' && *p != 'p' && *p != 'P')
            p++;
        const char *q;
        bool s2 = false;
        int c = decode(p, end, tri, &q, &s2);
        if (c == 'e' || c == 'E' || c == 'p' || c == 'P') {
            const char *r;
            int d = decode(q, end, tri, &r, &s2);
            if (d == '+' || d == '-') q = r;
            if (s2) *sp = true;
            p = q;
            continue;
        }
        if (c == '.' || is_id_char(lx, c)) {
            if (s2) *sp = true;
            p = q;
            continue;
        }
        if (c == '\\') {
            const char *u = ucn_at(lx, p, &s2);
            if (u) {
                if (s2) *sp = true;
                p = u;
                continue;
            }
        }
        return p;
    }
}

/* String or character literal body after the opening quote at p. */
static const char *scan_quoted(struct cpp_lexer *lx, const char *p, int quote, bool *sp,
                               bool *unterminated)
{
    const char *end = lx->end;
    bool tri = lx->opts & CPP_LEX_TRIGRAPHS;
    for (;;) {
        /* fast path over ordinary bytes */
        while (p < end && *p != quote && *p != '\\' && *p != '\n' && !(tri && *p == '?')) p++;
        const char *q;
        int c = decode(p, end, tri, &q, sp);
        if (c < 0 || c == '\n') {
            *unterminated = true;
            return p;
        }
        if (c == quote) return q;
        if (c == '\\') {
            const char *r;
            int d = decode(q, end, tri, &r, sp);
            if (d < 0 || d == '\n') {
                *unterminated = true;
                return q;
            }
            p = r;
            continue;
        }
        p = q;
    }
}

void cpp_lex_skip_line(struct cpp_lexer *lx)
{
    const char *p = lx->cur, *end = lx->end;
    for (;;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (!nl) {
            lx->cur = end;
            return;
        }
        /* a splice continues the line */
        const char *b = nl;
        if (b > p && b[-1] == '\r') b--;
        if (b > p && b[-1] == '\\') {
            lx->line++;
            lx->line_start = nl + 1;
            p = nl + 1;
            continue;
        }
        lx->cur = nl;
        return;
    }
}

static void set_tok(struct cpp_lexer *lx, struct cpp_token *t, enum cpp_kind k, const char *s,
                    const char *e, unsigned flags, u32 line, u32 col)
{
    t->p = s;
    t->len = (u32)(e - s);
    t->kind = (u16)k;
    t->flags = flags;
    t->line = line;
    t->col = col;
    t->file = lx->file;
    lx->cur = e;
}

bool cpp_lex(struct cpp_lexer *lx, struct cpp_token *t)
{
    const char *p = lx->cur, *end = lx->end;
    bool tri = lx->opts & CPP_LEX_TRIGRAPHS;
    unsigned flags = 0;

    t->sub = 0;
    for (;;) {
        /* white space and comments */
        while (p < end && (cclass[(unsigned char)*p] & C_HSP)) {
            p++;
            lx->space = true;
        }
        if (p >= end) break;
        char c = *p;
        if (c == '\n') {
            if (lx->directive) {
                /* end of a directive: the newline is consumed, the next token is BOL */
                lx->directive = false;
                set_tok(lx, t, CPP_EOD, p, p, 0, lx->line, (u32)(p - lx->line_start) + 1);
                lx->cur = p + 1;
                lx->line++;
                lx->line_start = p + 1;
                lx->bol = true;
                lx->space = false;
                return true;
            }
            p++;
            lx->line++;
            lx->line_start = p;
            lx->bol = true;
            lx->space = false;
            continue;
        }
        if (c == '\\' || (tri && c == '?')) {
            size_t n = splice_len(p, end, tri);
            if (n) {
                p += n;
                lx->line++;
                lx->line_start = p;
                continue;
            }
            break;
        }
        if (c != '/') break;
        const char *q;
        bool sp = false;
        decode(p, end, tri, &q, &sp);
        const char *r;
        int c2 = decode(q, end, tri, &r, &sp);
        if (c2 == '*') {
            const char *s = p;
            u32 line = lx->line, col = (u32)(p - lx->line_start) + 1;
            bool done = false;
            q = r;
            while (q < end) {
                const char *star = memchr(q, '*', (size_t)(end - q));
                if (!star) {
                    q = end;
                    break;
                }
                int d = decode(star + 1, end, tri, &r, &sp);
                if (d == '/') {
                    q = r;
                    done = true;
                    break;
                }
                q = star + 1;
            }
            count_lines(lx, s, q);
            if (!done) lex_diag(lx, CPP_ERROR, line, col, "unterminated comment");
            if (lx->opts & CPP_LEX_COMMENTS) {
                unsigned f = (lx->bol ? CPP_TF_BOL : 0) | (lx->space ? CPP_TF_SPACE : 0) |
                             (done ? 0 : CPP_TF_UNTERMINATED);
                t->p = s;
                t->len = (u32)(q - s);
                t->kind = CPP_COMMENT;
                t->flags = f;
                t->line = line;
                t->col = col;
                t->file = lx->file;
                lx->cur = q;
                lx->space = true;
                return true;
            }
            p = q;
            lx->space = true;
            continue;
        }
        if (c2 == '/') {
            const char *s = p;
            u32 line = lx->line, col = (u32)(p - lx->line_start) + 1;
            lx->cur = r;
            cpp_lex_skip_line(lx); /* counts spliced continuation lines */
            q = lx->cur;
            if (lx->opts & CPP_LEX_COMMENTS) {
                unsigned f = (lx->bol ? CPP_TF_BOL : 0) | (lx->space ? CPP_TF_SPACE : 0);
                const char *e = q;
                if (e > s && e[-1] == '\r') e--;
                t->p = s;
                t->len = (u32)(e - s);
                t->kind = CPP_COMMENT;
                t->flags = f;
                t->line = line;
                t->col = col;
                t->file = lx->file;
                lx->space = true;
                return true;
            }
            p = q;
            lx->space = true;
            continue;
        }
        break;
    }

    if (lx->bol) flags |= CPP_TF_BOL;
    if (lx->space) flags |= CPP_TF_SPACE;
    lx->bol = false;
    lx->space = false;

    u32 line = lx->line, col = (u32)(p - lx->line_start) + 1;
    if (p >= end) {
        if (lx->directive) {
            lx->directive = false;
            set_tok(lx, t, CPP_EOD, p, p, flags, line, col);
            return true;
        }
        set_tok(lx, t, CPP_EOF, p, p, flags, line, col);
        return false;
    }

    const char *s = p, *q;
    bool sp = false;
    /* decode() only matters for '\\' (and '?' with trigraphs): other bytes are
       themselves (p < end here) */
    int c;
    if (*p != '\\' && !(tri && *p == '?'))
        c = (unsigned char)*p, q = p + 1;
    else
        c = decode(p, end, tri, &q, &sp);
    enum cpp_kind kind;
    unsigned extra = 0;

    /* encoding prefixes */
    if (c == 'L' || c == 'u' || c == 'U') {
        const char *r;
        int enc = c == 'L' ? CPP_ENC_L : c == 'u' ? CPP_ENC_u : CPP_ENC_U;
        int d;
        if (q < end && *q != '\\' && !(tri && *q == '?'))
            d = (unsigned char)*q, r = q + 1;
        else
            d = decode(q, end, tri, &r, &sp);
        if (c == 'u' && d == '8') {
            const char *r2;
            int e = decode(r, end, tri, &r2, &sp);
            if (e == '"') {
                bool un = false;
                q = scan_quoted(lx, r2, '"', &sp, &un);
                kind = CPP_STRING;
                t->sub = CPP_ENC_u8;
                if (un) extra |= CPP_TF_UNTERMINATED;
                goto done;
            }
        } else if (d == '"' || d == '\'') {
            bool un = false;
            q = scan_quoted(lx, r, d, &sp, &un);
            kind = d == '"' ? CPP_STRING : CPP_CHAR;
            t->sub = (u16)enc;
            if (un) extra |= CPP_TF_UNTERMINATED;
            goto done;
        }
    }

    if (c >= 0 && (cclass[c] & C_ID || (c == '$' && !(lx->opts & CPP_LEX_NO_DOLLAR)))) {
        bool ucn = false;
        q = scan_ident(lx, q, &sp, &ucn);
        kind = CPP_IDENT;
        if (ucn) extra |= CPP_TF_UCN;
        goto done;
    }
    if (c == '\\') {
        bool s2 = false, ucn = true;
        const char *u = ucn_at(lx, s, &s2);
        if (u) {
            if (s2) sp = true;
            q = scan_ident(lx, u, &sp, &ucn);
            kind = CPP_IDENT;
            extra |= CPP_TF_UCN;
            goto done;
        }
        kind = CPP_OTHER;
        goto done;
    }
    if (c >= 0 && (cclass[c] & C_DIG)) {
        q = scan_number(lx, q, &sp);
        kind = CPP_NUMBER;
        goto done;
    }
    if (c == '"' || c == '\'') {
        bool un = false;
        q = scan_quoted(lx, q, c, &sp, &un);
        kind = c == '"' ? CPP_STRING : CPP_CHAR;
        if (un) extra |= CPP_TF_UNTERMINATED;
        goto done;
    }

    /* punctuators: look at up to three further logical characters */
    {
        const char *q1, *q2, *q3;
        int c1;
        if (q < end && *q != '\\' && !(tri && *q == '?'))
            c1 = (unsigned char)*q, q1 = q + 1;
        else
            c1 = decode(q, end, tri, &q1, &sp);
        int c2 = -2, c3 = -2;
        enum cpp_punct pu = CPP_P_NONE;
        const char *e = q;
#define C2() (c2 == -2 ? (c2 = decode(q1, end, tri, &q2, &sp)) : c2)
#define C3() (c3 == -2 ? (C2(), c3 = decode(q2, end, tri, &q3, &sp)) : c3)
        kind = CPP_PUNCT;
        switch (c) {
        case '[': pu = CPP_P_LSQ; break;
        case ']': pu = CPP_P_RSQ; break;
        case '(': pu = CPP_P_LPAREN; break;
        case ')': pu = CPP_P_RPAREN; break;
        case '{': pu = CPP_P_LBRACE; break;
        case '}': pu = CPP_P_RBRACE; break;
        case '~': pu = CPP_P_TILDE; break;
        case '?': pu = CPP_P_QUESTION; break;
        case ';': pu = CPP_P_SEMI; break;
        case ',': pu = CPP_P_COMMA; break;
        case '.':
            if (c1 >= 0 && (cclass[c1] & C_DIG)) {
                q = scan_number(lx, q, &sp);
                kind = CPP_NUMBER;
                goto done;
            }
            if (c1 == '.' && C2() == '.') {
                pu = CPP_P_ELLIPSIS;
                e = q2;
            } else
                pu = CPP_P_DOT;
            break;
        case '-':
            if (c1 == '>') pu = CPP_P_ARROW, e = q1;
            else if (c1 == '-') pu = CPP_P_DEC, e = q1;
            else if (c1 == '=') pu = CPP_P_SUBEQ, e = q1;
            else pu = CPP_P_MINUS;
            break;
        case '+':
            if (c1 == '+') pu = CPP_P_INC, e = q1;
            else if (c1 == '=') pu = CPP_P_ADDEQ, e = q1;
            else pu = CPP_P_PLUS;
            break;
        case '&':
            if (c1 == '&') pu = CPP_P_ANDAND, e = q1;
            else if (c1 == '=') pu = CPP_P_ANDEQ, e = q1;
            else pu = CPP_P_AMP;
            break;
        case '|':
            if (c1 == '|') pu = CPP_P_OROR, e = q1;
            else if (c1 == '=') pu = CPP_P_OREQ, e = q1;
            else pu = CPP_P_OR;
            break;
        case '*': if (c1 == '=') pu = CPP_P_MULEQ, e = q1; else pu = CPP_P_STAR; break;
        case '/': if (c1 == '=') pu = CPP_P_DIVEQ, e = q1; else pu = CPP_P_SLASH; break;
        case '^': if (c1 == '=') pu = CPP_P_XOREQ, e = q1; else pu = CPP_P_XOR; break;
        case '!': if (c1 == '=') pu = CPP_P_NE, e = q1; else pu = CPP_P_NOT; break;
        case '=': if (c1 == '=') pu = CPP_P_EQ, e = q1; else pu = CPP_P_ASSIGN; break;
        case '#': if (c1 == '#') pu = CPP_P_HASHHASH, e = q1; else pu = CPP_P_HASH; break;
        case ':':
            if (c1 == '>') pu = CPP_P_RSQ, e = q1, extra |= CPP_TF_DIGRAPH;
            else pu = CPP_P_COLON;
            break;
        case '<':
            if (c1 == '<') {
                if (C2() == '=') pu = CPP_P_SHLEQ, e = q2;
                else pu = CPP_P_SHL, e = q1;
            } else if (c1 == '=') pu = CPP_P_LE, e = q1;
            else if (c1 == ':') pu = CPP_P_LSQ, e = q1, extra |= CPP_TF_DIGRAPH;
            else if (c1 == '%') pu = CPP_P_LBRACE, e = q1, extra |= CPP_TF_DIGRAPH;
            else pu = CPP_P_LT;
            break;
        case '>':
            if (c1 == '>') {
                if (C2() == '=') pu = CPP_P_SHREQ, e = q2;
                else pu = CPP_P_SHR, e = q1;
            } else if (c1 == '=') pu = CPP_P_GE, e = q1;
            else pu = CPP_P_GT;
            break;
        case '%':
            if (c1 == '=') pu = CPP_P_MODEQ, e = q1;
            else if (c1 == '>') pu = CPP_P_RBRACE, e = q1, extra |= CPP_TF_DIGRAPH;
            else if (c1 == ':') {
                if (C2() == '%' && C3() == ':') pu = CPP_P_HASHHASH, e = q3;
                else pu = CPP_P_HASH, e = q1;
                extra |= CPP_TF_DIGRAPH;
            } else pu = CPP_P_PERCENT;
            break;
        default:
            kind = CPP_OTHER;
            break;
        }
#undef C2
#undef C3
        if (kind == CPP_PUNCT) {
            t->sub = (u16)pu;
            q = e;
        }
        /* a splice seen only while looking ahead past the token does not count (with
           none seen at all there is none in the token either) */
        if (sp) {
            sp = false;
            for (const char *x = s; x < q; x++)
                if (*x == '\\' || (tri && *x == '?' && x + 1 < q && x[1] == '?')) {
                    sp = true;
                    break;
                }
        }
    }

done:
    if (sp) {
        extra |= CPP_TF_SPLICED;
        count_lines(lx, s, q);
    }
    set_tok(lx, t, kind, s, q, flags | extra, line, col);
    if ((extra & CPP_TF_UNTERMINATED) && kind != CPP_HEADER_NAME)
        lex_diag(lx, CPP_WARNING, line, col,
                 kind == CPP_CHAR ? "missing terminating ' character"
                                  : "missing terminating \" character");
    return true;
}

bool cpp_lex_header_name(struct cpp_lexer *lx, struct cpp_token *t)
{
    const char *p = lx->cur, *end = lx->end;
    bool tri = lx->opts & CPP_LEX_TRIGRAPHS;
    unsigned flags = lx->space ? CPP_TF_SPACE : 0;
    for (;;) {
        while (p < end && (cclass[(unsigned char)*p] & C_HSP)) p++, flags |= CPP_TF_SPACE;
        size_t n = splice_len(p, end, tri);
        if (!n) break;
        p += n;
        lx->line++;
        lx->line_start = p;
    }
    if (p >= end || (*p != '<' && *p != '"')) return false;
    char close = *p == '<' ? '>' : '"';
    bool sp = false;
    const char *q = p + 1;
    for (;;) {
        const char *r;
        int c = decode(q, end, tri, &r, &sp);
        if (c < 0 || c == '\n') return false;
        q = r;
        if (c == close) break;
    }
    u32 line = lx->line, col = (u32)(p - lx->line_start) + 1;
    if (sp) {
        flags |= CPP_TF_SPLICED;
        count_lines(lx, p, q);
    }
    t->sub = 0;
    set_tok(lx, t, CPP_HEADER_NAME, p, q, flags, line, col);
    lx->bol = false;
    lx->space = false;
    return true;
}
