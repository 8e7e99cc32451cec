/* Lexical helpers: symbol names, string literals, register names. */
#include <string.h>

#include "as/as.h"

bool is_sym_start(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.' ||
           c == '$';
}

bool is_sym_char(int c) { return is_sym_start(c) || (c >= '0' && c <= '9'); }

const char *skip_ws(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v') p++;
    return p;
}

usize lex_symbol(struct as *A, const char *p, const char **name, usize *namelen)
{
    if (*p == '"') {
        const char *q = p + 1;
        while (*q && *q != '"') q++;
        if (*q != '"') return 0;
        *name = as_strndup(A, p + 1, (usize)(q - p - 1));
        *namelen = (usize)(q - p - 1);
        return (usize)(q + 1 - p);
    }
    if (!is_sym_start((unsigned char)*p)) return 0;
    const char *q = p;
    while (is_sym_char((unsigned char)*q)) q++;
    *name = p;
    *namelen = (usize)(q - p);
    return (usize)(q - p);
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* One escape sequence after a backslash at p: returns the position after it. */
const char *lex_escape(struct as *A, const char *p, u8 *out)
{
    unsigned char c = (unsigned char)*p;
    switch (c) {
    case 'b': *out = '\b'; return p + 1;
    case 'f': *out = '\f'; return p + 1;
    case 'n': *out = '\n'; return p + 1;
    case 'r': *out = '\r'; return p + 1;
    case 't': *out = '\t'; return p + 1;
    case 'v': *out = '\v'; return p + 1;
    case 'a': *out = '\a'; return p + 1;
    case 'e': *out = 27; return p + 1;
    case '\\': case '"': case '\'': *out = c; return p + 1;
    case 'x': case 'X': {
        p++;
        if (hexval((unsigned char)*p) < 0) {
            as_warn(A, "\\x used with no following hex digits");
            *out = 'x';
            return p;
        }
        unsigned acc = 0;
        while (hexval((unsigned char)*p) >= 0) acc = (acc << 4) | (unsigned)hexval((unsigned char)*p++);
        *out = (u8)acc;
        return p;
    }
    default:
        if (c >= '0' && c <= '7') {
            unsigned acc = 0;
            for (int i = 0; i < 3 && *p >= '0' && *p <= '7'; i++) acc = acc * 8 + (unsigned)(*p++ - '0');
            *out = (u8)acc;
            return p;
        }
        as_warn(A, "unknown escape '\\%c' in string; ignored", c);
        *out = c;
        return p + 1;
    }
}

const char *lex_string(struct as *A, const char *p, struct bytes *out)
{
    if (*p != '"') {
        as_error(A, "expected string");
        return NULL;
    }
    p++;
    for (;;) {
        unsigned char c = (unsigned char)*p;
        if (c == 0) {
            as_error(A, "unterminated string");
            return NULL;
        }
        if (c == '"') return p + 1;
        if (c != '\\') {
            bytes_put(out, &c, 1);
            p++;
            continue;
        }
        if (p[1] == 0) {
            as_error(A, "unterminated string");
            return NULL;
        }
        u8 v;
        p = lex_escape(A, p + 1, &v);
        bytes_put(out, &v, 1);
    }
}

static usize reg_match(const char *p, const char *const *names, unsigned *reg)
{
    usize best = 0;
    for (unsigned i = 0; i < 32; i++) {
        usize n = strlen(names[i]);
        if (n > best && !strncmp(p, names[i], n) && !is_sym_char((unsigned char)p[n])) {
            best = n;
            *reg = i;
        }
    }
    return best;
}

static usize numbered(const char *p, char prefix, unsigned *reg)
{
    if (p[0] != prefix || p[1] < '0' || p[1] > '9') return 0;
    unsigned v = (unsigned)(p[1] - '0');
    usize n = 2;
    if (p[2] >= '0' && p[2] <= '9') {
        if (p[1] == '0') return 0;
        v = v * 10 + (unsigned)(p[2] - '0');
        n = 3;
    }
    if (v > 31 || is_sym_char((unsigned char)p[n])) return 0;
    *reg = v;
    return n;
}

usize lex_xreg(const char *p, unsigned *reg)
{
    usize n = numbered(p, 'x', reg);
    if (n) return n;
    if (!strncmp(p, "fp", 2) && !is_sym_char((unsigned char)p[2])) {
        *reg = 8;
        return 2;
    }
    return reg_match(p, isa_xreg_names, reg);
}

usize lex_freg(const char *p, unsigned *reg)
{
    usize n = numbered(p, 'f', reg);
    if (n) return n;
    return reg_match(p, isa_freg_names, reg);
}
