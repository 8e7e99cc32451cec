/* sort: sort lines of text.
 *
 *   sort [-rnu] [-t SEP] [-k START[,END][n][r]]... [FILE...]
 *
 *   -r        reverse the result of every comparison
 *   -n        compare numerically: optional blanks, optional '-', digits, optional
 *             '.' and digits (no exponent, no '+'); anything else counts as 0.  Numbers
 *             of any length are compared exactly, as digit strings.
 *   -u        print only the first of each run of lines whose keys compare equal
 *   -t SEP    fields are separated by the character SEP (default: a field is a run of
 *             blanks followed by a run of non-blanks, the blanks belonging to the field)
 *   -k S[,E]  the key runs from the start of field S to the end of field E (default:
 *             end of line); fields count from 1.  Flags 'n' and 'r' after a field number
 *             apply to that key only; a key with no flags takes -n and -r.  Several -k
 *             options make successive keys.  Character positions (S.C) are not supported.
 *
 * Comparison is bytewise (the C locale).  Lines whose keys are all equal are ordered by
 * comparing whole lines bytewise (also reversed by -r), unless -u is given, in which case
 * their input order is kept, as POSIX requires.  Input from the FILEs or standard input
 * ("-" is standard input); a missing final newline is supplied.
 *
 * Exit status: 0, or 2 on a usage error or an unreadable file.
 *
 * Portable C11 + POSIX; lengths are size_t. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct line {
    const char *s;
    size_t len;     /* without the newline */
    size_t index;   /* input order */
};

struct key {
    size_t start_field, end_field;  /* 1-based; end_field 0 = end of line */
    int numeric, reverse;
};

static struct key *keys;
static size_t nkeys;
static int opt_numeric, opt_reverse, opt_unique;
static int separator = -1;  /* -1: blank-separated fields */

static void die(const char *msg, const char *arg)
{
    fprintf(stderr, "sort: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
    exit(2);
}

static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) die("out of memory", NULL);
    return p;
}

/* ---- input ---------------------------------------------------------------------------- */

static char *text;
static size_t text_len, text_cap;

static void read_stream(FILE *f, const char *name)
{
    for (;;) {
        if (text_cap - text_len < 65536) {
            text_cap = text_cap ? text_cap * 2 : 131072;
            text = xrealloc(text, text_cap);
        }
        size_t n = fread(text + text_len, 1, text_cap - text_len - 1, f);
        text_len += n;
        if (n == 0) break;
    }
    if (ferror(f)) die(strerror(errno), name);
    /* Each file's last line ends here even without a newline. */
    if (text_len > 0 && text[text_len - 1] != '\n') text[text_len++] = '\n';
}

static struct line *split_lines(size_t *count)
{
    size_t n = 0, cap = 1024;
    struct line *v = xrealloc(NULL, cap * sizeof *v);
    const char *p = text, *end = text + text_len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        if (n == cap) {
            cap *= 2;
            v = xrealloc(v, cap * sizeof *v);
        }
        v[n].s = p;
        v[n].len = (size_t)(nl - p);
        v[n].index = n;
        n++;
        p = nl + 1;
    }
    *count = n;
    return v;
}

/* ---- keys ----------------------------------------------------------------------------- */

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

/* Offset of the start of field f (1-based) in s[0..len), or len if there is none. */
static size_t field_start(const char *s, size_t len, size_t f)
{
    size_t i = 0;
    for (size_t k = 1; k < f && i < len; k++) {
        if (separator >= 0) {
            while (i < len && s[i] != (char)separator) i++;
            if (i < len) i++;   /* past the separator */
        } else {
            while (i < len && is_blank(s[i])) i++;
            while (i < len && !is_blank(s[i])) i++;
        }
    }
    return i;
}

/* Offset just past the end of field f. */
static size_t field_end(const char *s, size_t len, size_t f)
{
    size_t i = field_start(s, len, f);
    if (separator >= 0) {
        while (i < len && s[i] != (char)separator) i++;
    } else {
        while (i < len && is_blank(s[i])) i++;
        while (i < len && !is_blank(s[i])) i++;
    }
    return i;
}

static void key_span(const struct key *k, const struct line *l, const char **ks, size_t *klen)
{
    size_t a = field_start(l->s, l->len, k->start_field);
    size_t b = k->end_field ? field_end(l->s, l->len, k->end_field) : l->len;
    if (b < a) b = a;
    *ks = l->s + a;
    *klen = b - a;
}

/* ---- comparison ----------------------------------------------------------------------- */

static int cmp_bytes(const char *a, size_t alen, const char *b, size_t blen)
{
    int r = memcmp(a, b, alen < blen ? alen : blen);
    if (r) return r < 0 ? -1 : 1;
    return alen < blen ? -1 : alen > blen;
}

struct num {
    int neg;
    const char *ip;     /* integer digits without leading zeros */
    size_t ilen;
    const char *fp;     /* fraction digits without trailing zeros */
    size_t flen;
};

static void parse_num(const char *s, size_t len, struct num *n)
{
    size_t i = 0;
    memset(n, 0, sizeof *n);
    while (i < len && is_blank(s[i])) i++;
    if (i < len && s[i] == '-') {
        n->neg = 1;
        i++;
    }
    while (i < len && s[i] == '0') i++;
    n->ip = s + i;
    while (i < len && isdigit((unsigned char)s[i])) i++;
    n->ilen = (size_t)(s + i - n->ip);
    if (i < len && s[i] == '.') {
        i++;
        n->fp = s + i;
        while (i < len && isdigit((unsigned char)s[i])) i++;
        n->flen = (size_t)(s + i - n->fp);
        while (n->flen > 0 && n->fp[n->flen - 1] == '0') n->flen--;
    }
    if (n->ilen == 0 && n->flen == 0) n->neg = 0;   /* -0 is 0 */
}

static int cmp_numeric(const char *a, size_t alen, const char *b, size_t blen)
{
    struct num x, y;
    parse_num(a, alen, &x);
    parse_num(b, blen, &y);
    if (x.neg != y.neg) return x.neg ? -1 : 1;
    int r;
    if (x.ilen != y.ilen) {
        r = x.ilen < y.ilen ? -1 : 1;
    } else {
        r = memcmp(x.ip, y.ip, x.ilen);
        if (r == 0) r = cmp_bytes(x.fp ? x.fp : "", x.flen, y.fp ? y.fp : "", y.flen);
        r = r < 0 ? -1 : r > 0;
    }
    return x.neg ? -r : r;
}

/* Compares by the keys only: 0 when every key is equal. */
static int cmp_keys(const struct line *a, const struct line *b)
{
    if (nkeys == 0) {
        int r = opt_numeric ? cmp_numeric(a->s, a->len, b->s, b->len)
                            : cmp_bytes(a->s, a->len, b->s, b->len);
        return opt_reverse ? -r : r;
    }
    for (size_t i = 0; i < nkeys; i++) {
        const char *as, *bs;
        size_t al, bl;
        key_span(&keys[i], a, &as, &al);
        key_span(&keys[i], b, &bs, &bl);
        int r = keys[i].numeric ? cmp_numeric(as, al, bs, bl) : cmp_bytes(as, al, bs, bl);
        if (r) return keys[i].reverse ? -r : r;
    }
    return 0;
}

static int cmp_lines(const void *pa, const void *pb)
{
    const struct line *a = pa, *b = pb;
    int r = cmp_keys(a, b);
    if (r) return r;
    if (!opt_unique && (nkeys > 0 || opt_numeric)) {
        r = cmp_bytes(a->s, a->len, b->s, b->len);
        if (r) return opt_reverse ? -r : r;
    }
    /* qsort is not stable: input order settles what is still equal. */
    return a->index < b->index ? -1 : a->index > b->index;
}

/* ---- options -------------------------------------------------------------------------- */

static size_t parse_field(const char **p, const char *spec)
{
    const char *s = *p;
    size_t v = 0;
    if (!isdigit((unsigned char)*s)) die("invalid field specification", spec);
    while (isdigit((unsigned char)*s)) {
        if (v > ((size_t)-1 - 9) / 10) die("field number too large", spec);
        v = v * 10 + (size_t)(*s++ - '0');
    }
    if (*s == '.') die("character positions in keys are not supported", spec);
    *p = s;
    return v;
}

static void parse_flags(const char **p, struct key *k, int *any)
{
    for (;; (*p)++) {
        if (**p == 'n') k->numeric = 1;
        else if (**p == 'r') k->reverse = 1;
        else return;
        *any = 1;
    }
}

static void add_key(const char *spec)
{
    struct key k = {0, 0, 0, 0};
    int any = 0;
    const char *p = spec;
    k.start_field = parse_field(&p, spec);
    if (k.start_field == 0) die("field numbers count from 1", spec);
    parse_flags(&p, &k, &any);
    if (*p == ',') {
        p++;
        k.end_field = parse_field(&p, spec);
        if (k.end_field == 0) die("field numbers count from 1", spec);
        parse_flags(&p, &k, &any);
    }
    if (*p) die("invalid field specification", spec);
    if (!any) k.numeric = k.reverse = -1;   /* takes the global options */
    keys = xrealloc(keys, (nkeys + 1) * sizeof *keys);
    keys[nkeys++] = k;
}

int main(int argc, char **argv)
{
    int opt;
    while ((opt = getopt(argc, argv, "rnut:k:")) != -1) {
        switch (opt) {
        case 'r': opt_reverse = 1; break;
        case 'n': opt_numeric = 1; break;
        case 'u': opt_unique = 1; break;
        case 't':
            if (strlen(optarg) != 1) die("the separator must be one character", optarg);
            separator = (unsigned char)optarg[0];
            break;
        case 'k': add_key(optarg); break;
        default:
            fputs("usage: sort [-rnu] [-t SEP] [-k START[,END]]... [FILE...]\n", stderr);
            return 2;
        }
    }
    for (size_t i = 0; i < nkeys; i++) {
        if (keys[i].numeric < 0) keys[i].numeric = opt_numeric;
        if (keys[i].reverse < 0) keys[i].reverse = opt_reverse;
    }

    if (optind == argc) {
        read_stream(stdin, "-");
    } else {
        for (int i = optind; i < argc; i++) {
            if (strcmp(argv[i], "-") == 0) {
                read_stream(stdin, "-");
                continue;
            }
            FILE *f = fopen(argv[i], "r");
            if (!f) die(strerror(errno), argv[i]);
            read_stream(f, argv[i]);
            fclose(f);
        }
    }

    size_t n;
    struct line *lines = split_lines(&n);
    qsort(lines, n, sizeof *lines, cmp_lines);
    for (size_t i = 0; i < n; i++) {
        if (opt_unique && i > 0 && cmp_keys(&lines[i - 1], &lines[i]) == 0) continue;
        fwrite(lines[i].s, 1, lines[i].len, stdout);
        putchar('\n');
    }
    free(lines);
    free(text);
    free(keys);
    if (fflush(stdout) != 0 || ferror(stdout)) die("write error", NULL);
    return 0;
}
