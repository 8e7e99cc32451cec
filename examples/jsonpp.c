/* jsonpp: validate JSON (RFC 8259) and print it indented.
 *
 *   jsonpp [FILE]
 *
 * Reads one JSON text from FILE or standard input.  If it is valid, prints it with
 * two-space indentation, one member or element per line, "key": value with one space,
 * empty objects and arrays as {} and [], and a final newline; strings and numbers are
 * printed exactly as written (escapes kept).  Otherwise prints nothing on standard output
 * and one diagnostic on standard error:
 *
 *   NAME:LINE:COL: error: MESSAGE
 *
 * where NAME is FILE or "<stdin>", LINE counts from 1 and COL is the byte column from 1 of
 * the offending character (or of the end of input).  The input must be UTF-8 (overlong
 * forms, surrogates and code points above U+10FFFF are rejected); \u escapes must name
 * whole characters (a high surrogate only followed by a low one).  Nesting deeper than
 * 512 levels is rejected rather than risking the stack.
 *
 * Exit status: 0 if valid, 1 if not, 2 if the input could not be read.
 *
 * Sizes are size_t; nothing depends on the width of long or of pointers. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 512, INDENT = 2 };

struct parser {
    const unsigned char *s;
    size_t len, pos;
    size_t line, line_start;    /* line number and offset of its first byte */
    const char *name;
    char *out;                  /* the pretty text, written out only if all is valid */
    size_t out_len, out_cap;
};

static _Noreturn void fail_at(struct parser *p, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s:%llu:%llu: error: ", p->name, (unsigned long long)p->line,
            (unsigned long long)(p->pos - p->line_start + 1));
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

static void out_bytes(struct parser *p, const void *b, size_t n)
{
    if (p->out_cap - p->out_len < n) {
        size_t cap = p->out_cap ? p->out_cap : 4096;
        while (cap - p->out_len < n) cap *= 2;
        char *o = realloc(p->out, cap);
        if (!o) {
            fputs("jsonpp: out of memory\n", stderr);
            exit(2);
        }
        p->out = o;
        p->out_cap = cap;
    }
    memcpy(p->out + p->out_len, b, n);
    p->out_len += n;
}

static void out_str(struct parser *p, const char *s)
{
    out_bytes(p, s, strlen(s));
}

static void out_newline(struct parser *p, int depth)
{
    out_bytes(p, "\n", 1);
    for (int i = 0; i < depth * INDENT; i++) out_bytes(p, " ", 1);
}

static int peek(const struct parser *p)
{
    return p->pos < p->len ? p->s[p->pos] : EOF;
}

static void skip_ws(struct parser *p)
{
    while (p->pos < p->len) {
        unsigned char c = p->s[p->pos];
        if (c == '\n') {
            p->pos++;
            p->line++;
            p->line_start = p->pos;
        } else if (c == ' ' || c == '\t' || c == '\r') {
            p->pos++;
        } else {
            break;
        }
    }
}

/* Reports the character at the current position as unexpected. */
static _Noreturn void unexpected(struct parser *p, const char *wanted)
{
    int c = peek(p);
    if (c == EOF) fail_at(p, "unexpected end of input, expected %s", wanted);
    if (c >= 0x20 && c < 0x7f) fail_at(p, "unexpected '%c', expected %s", c, wanted);
    fail_at(p, "unexpected byte 0x%02x, expected %s", c, wanted);
}

static void expect(struct parser *p, char c, const char *wanted)
{
    if (peek(p) != (unsigned char)c) unexpected(p, wanted);
    p->pos++;
}

static void parse_value(struct parser *p, int depth);

static unsigned hex4(struct parser *p)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        int c = peek(p);
        unsigned d;
        if (c >= '0' && c <= '9') d = (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') d = (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') d = (unsigned)(c - 'A' + 10);
        else unexpected(p, "a hexadecimal digit");
        v = v * 16 + d;
        p->pos++;
    }
    return v;
}

/* One UTF-8 sequence starting with a byte >= 0x80. */
static void utf8_char(struct parser *p)
{
    unsigned char c = p->s[p->pos];
    int n;
    uint32_t cp, min;
    if (c >= 0xc2 && c <= 0xdf) { n = 1; cp = c & 0x1fu; min = 0x80; }
    else if (c >= 0xe0 && c <= 0xef) { n = 2; cp = c & 0x0fu; min = 0x800; }
    else if (c >= 0xf0 && c <= 0xf4) { n = 3; cp = c & 0x07u; min = 0x10000; }
    else fail_at(p, "invalid UTF-8 lead byte 0x%02x", c);
    size_t start = p->pos;
    for (int i = 1; i <= n; i++) {
        if (start + (size_t)i >= p->len || (p->s[start + (size_t)i] & 0xc0) != 0x80) {
            p->pos = start + (size_t)i;
            fail_at(p, "truncated UTF-8 sequence");
        }
        cp = cp << 6 | (p->s[start + (size_t)i] & 0x3fu);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        fail_at(p, "invalid UTF-8 sequence (overlong, surrogate or beyond U+10FFFF)");
    p->pos = start + (size_t)n + 1;
}

static void parse_string(struct parser *p)
{
    size_t start = p->pos;
    expect(p, '"', "'\"'");
    for (;;) {
        int c = peek(p);
        if (c == EOF) fail_at(p, "unterminated string");
        if (c == '"') {
            p->pos++;
            break;
        }
        if (c < 0x20) fail_at(p, "control character 0x%02x in a string (escape it)", c);
        if (c >= 0x80) {
            utf8_char(p);
            continue;
        }
        p->pos++;
        if (c != '\\') continue;
        c = peek(p);
        if (c != EOF && strchr("\"\\/bfnrt", c)) {
            p->pos++;
            continue;
        }
        if (c != 'u') unexpected(p, "an escape character (\" \\ / b f n r t u)");
        p->pos++;
        size_t esc = p->pos - 2;
        unsigned u = hex4(p);
        if (u >= 0xdc00 && u <= 0xdfff) {
            p->pos = esc;
            fail_at(p, "\\u%04x is a low surrogate without a high surrogate before it", u);
        }
        if (u >= 0xd800 && u <= 0xdbff) {
            if (peek(p) != '\\' || p->pos + 1 >= p->len || p->s[p->pos + 1] != 'u') {
                p->pos = esc;
                fail_at(p, "\\u%04x is a high surrogate without a low surrogate after it", u);
            }
            p->pos += 2;
            size_t esc2 = p->pos - 2;
            unsigned lo = hex4(p);
            if (lo < 0xdc00 || lo > 0xdfff) {
                p->pos = esc2;
                fail_at(p, "\\u%04x after a high surrogate is not a low surrogate", lo);
            }
        }
    }
    out_bytes(p, p->s + start, p->pos - start);
}

static void digits(struct parser *p, const char *what)
{
    int c = peek(p);
    if (c < '0' || c > '9') unexpected(p, what);
    while ((c = peek(p)) >= '0' && c <= '9') p->pos++;
}

static void parse_number(struct parser *p)
{
    size_t start = p->pos;
    if (peek(p) == '-') p->pos++;
    if (peek(p) == '0') {
        p->pos++;
        int c = peek(p);
        if (c >= '0' && c <= '9') fail_at(p, "leading zeros are not allowed in numbers");
    } else {
        digits(p, "a digit");
    }
    if (peek(p) == '.') {
        p->pos++;
        digits(p, "a digit after '.'");
    }
    if (peek(p) == 'e' || peek(p) == 'E') {
        p->pos++;
        if (peek(p) == '+' || peek(p) == '-') p->pos++;
        digits(p, "a digit in the exponent");
    }
    out_bytes(p, p->s + start, p->pos - start);
}

static void parse_word(struct parser *p, const char *w)
{
    for (size_t i = 0; w[i]; i++) {
        if (peek(p) != (unsigned char)w[i]) unexpected(p, w);
        p->pos++;
    }
    out_str(p, w);
}

/* Parses '{' members '}' or '[' elements ']'; open is '{' or '['. */
static void parse_container(struct parser *p, int depth, char open)
{
    char close = open == '{' ? '}' : ']';
    if (depth >= MAX_DEPTH) fail_at(p, "nesting deeper than %d levels", MAX_DEPTH);
    p->pos++;
    out_bytes(p, &open, 1);
    skip_ws(p);
    if (peek(p) == close) {
        p->pos++;
        out_bytes(p, &close, 1);
        return;
    }
    for (;;) {
        out_newline(p, depth + 1);
        if (open == '{') {
            if (peek(p) != '"') unexpected(p, "a string (member name)");
            parse_string(p);
            skip_ws(p);
            expect(p, ':', "':'");
            out_str(p, ": ");
            skip_ws(p);
        }
        parse_value(p, depth + 1);
        skip_ws(p);
        if (peek(p) == ',') {
            p->pos++;
            out_bytes(p, ",", 1);
            skip_ws(p);
            continue;
        }
        if (peek(p) != close) unexpected(p, open == '{' ? "',' or '}'" : "',' or ']'");
        p->pos++;
        out_newline(p, depth);
        out_bytes(p, &close, 1);
        return;
    }
}

static void parse_value(struct parser *p, int depth)
{
    int c = peek(p);
    switch (c) {
    case '{':
    case '[': parse_container(p, depth, (char)c); break;
    case '"': parse_string(p); break;
    case 't': parse_word(p, "true"); break;
    case 'f': parse_word(p, "false"); break;
    case 'n': parse_word(p, "null"); break;
    default:
        if (c == '-' || (c >= '0' && c <= '9')) parse_number(p);
        else unexpected(p, "a JSON value");
    }
}

int main(int argc, char **argv)
{
    struct parser p;
    memset(&p, 0, sizeof p);
    p.line = 1;
    p.name = "<stdin>";
    FILE *f = stdin;
    if (argc > 2 || (argc == 2 && argv[1][0] == '-' && argv[1][1])) {
        fputs("usage: jsonpp [FILE]\n", stderr);
        return 2;
    }
    if (argc == 2 && strcmp(argv[1], "-") != 0) {
        p.name = argv[1];
        f = fopen(argv[1], "rb");
        if (!f) {
            fprintf(stderr, "jsonpp: %s: %s\n", argv[1], strerror(errno));
            return 2;
        }
    }
    unsigned char *buf = NULL;
    size_t cap = 0, n = 0, got;
    do {
        if (cap - n < 4096) {
            cap = cap ? cap * 2 : 65536;
            unsigned char *nb = realloc(buf, cap);
            if (!nb) {
                fputs("jsonpp: out of memory\n", stderr);
                return 2;
            }
            buf = nb;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
    } while (got > 0);
    if (ferror(f)) {
        fprintf(stderr, "jsonpp: %s: %s\n", p.name, strerror(errno));
        return 2;
    }
    if (f != stdin) fclose(f);

    p.s = buf;
    p.len = n;
    if (n >= 3 && buf[0] == 0xef && buf[1] == 0xbb && buf[2] == 0xbf)
        fail_at(&p, "byte order mark at the start of JSON text (RFC 8259 forbids it)");
    skip_ws(&p);
    parse_value(&p, 0);
    skip_ws(&p);
    if (p.pos < p.len) unexpected(&p, "end of input after the JSON value");
    out_bytes(&p, "\n", 1);
    fwrite(p.out, 1, p.out_len, stdout);
    free(p.out);
    free(buf);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("jsonpp: write error");
        return 2;
    }
    return 0;
}
