/* Literals: integer and floating constants (C11 6.4.4), character constants and string
 * literals with escapes and encoding prefixes, string literal pool. */
#include "cc/cc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decode one (possibly escaped) character starting at *p; returns its code point/value. */
static u32 decode_char(const char **pp, const char *end, struct srcpos pos, bool *is_raw_byte)
{
    const unsigned char *p = (const unsigned char *)*pp;
    *is_raw_byte = false;
    if (*p != '\\') {
        /* UTF-8 sequence */
        u32 c = *p++;
        int n = 0;
        if (c >= 0xf0 && c < 0xf8) { c &= 7; n = 3; }
        else if (c >= 0xe0) { c &= 15; n = 2; }
        else if (c >= 0xc0) { c &= 31; n = 1; }
        else if (c >= 0x80) { *is_raw_byte = true; }
        while (n-- > 0 && (const char *)p < end && (*p & 0xc0) == 0x80) c = (c << 6) | (*p++ & 63);
        *pp = (const char *)p;
        return c;
    }
    p++;
    u32 c = *p++;
    switch (c) {
    case 'n': c = '\n'; break;
    case 't': c = '\t'; break;
    case 'r': c = '\r'; break;
    case 'a': c = 7; break;
    case 'b': c = 8; break;
    case 'f': c = 12; break;
    case 'v': c = 11; break;
    case 'e': case 'E': c = 27; break;
    case '\\': case '\'': case '"': case '?': break;
    case 'x': {
        u32 v = 0;
        int h, n = 0;
        while ((const char *)p < end && (h = hexval(*p)) >= 0) {
            v = v * 16 + (u32)h;
            p++;
            n++;
        }
        if (!n) cc_error_at(pos, "\\x used with no following hex digits");
        *is_raw_byte = true;
        c = v;
        break;
    }
    case 'u': case 'U': {
        int n = c == 'u' ? 4 : 8;
        u32 v = 0;
        for (int i = 0; i < n; i++) {
            int h = (const char *)p < end ? hexval(*p) : -1;
            if (h < 0) cc_error_at(pos, "incomplete universal character name");
            v = v * 16 + (u32)h;
            p++;
        }
        c = v;
        break;
    }
    default:
        if (c >= '0' && c <= '7') {
            u32 v = c - '0';
            for (int i = 0; i < 2 && (const char *)p < end && *p >= '0' && *p <= '7'; i++) v = v * 8 + (*p++ - '0');
            *is_raw_byte = true;
            c = v;
        } else {
            cc_warn_at(pos, "unknown escape sequence '\\%c'", (char)c);
        }
    }
    *pp = (const char *)p;
    return c;
}

static int enc_width(int enc)
{
    return enc == CPP_ENC_L || enc == CPP_ENC_U ? 4 : enc == CPP_ENC_u ? 2 : 1;
}

struct node *parse_char_const(struct token *t)
{
    const char *p = t->p;
    while (*p != '\'') p++;
    p++;
    const char *end = t->p + t->len - 1;
    if (p >= end) cc_error_at(t->pos, "empty character constant");
    u128 v = 0;
    int n = 0;
    while (p < end) {
        bool raw;
        u32 c = decode_char(&p, end, t->pos, &raw);
        if (t->sub == CPP_ENC_NONE || t->sub == CPP_ENC_u8) {
            if (!raw && c >= 0x80) {
                /* multi-byte UTF-8 in a plain char constant: value of its bytes */
                char buf[4];
                int k = 0;
                if (c < 0x800) { buf[k++] = (char)(0xc0 | (c >> 6)); }
                else if (c < 0x10000) { buf[k++] = (char)(0xe0 | (c >> 12)); buf[k++] = (char)(0x80 | ((c >> 6) & 63)); }
                else { buf[k++] = (char)(0xf0 | (c >> 18)); buf[k++] = (char)(0x80 | ((c >> 12) & 63)); buf[k++] = (char)(0x80 | ((c >> 6) & 63)); }
                buf[k++] = (char)(0x80 | (c & 63));
                for (int i = 0; i < k; i++) v = (v << 8) | (unsigned char)buf[i];
                n += k;
                continue;
            }
            if (c > 255) cc_warn_at(t->pos, "escape sequence out of range");
            v = (v << 8) | (c & 255);
        } else {
            v = c;
        }
        n++;
    }
    struct node *e = new_node(N_NUM, t->pos);
    if (t->sub == CPP_ENC_NONE) {
        e->ty = ty_int;
        if (n > 1) cc_warn_at(t->pos, "multi-character character constant");
        e->val = wrap_int((i128)v, n == 1 ? ty_char : ty_int);
        e->val = wrap_int(e->val, ty_int);
    } else if (t->sub == CPP_ENC_u8) {
        e->ty = ty_uchar;
        e->val = v & 255;
    } else if (t->sub == CPP_ENC_u) {
        e->ty = ty_ushort;
        e->val = v & 0xffff;
    } else if (t->sub == CPP_ENC_U) {
        e->ty = ty_uint;
        e->val = (u32)v;
    } else {
        e->ty = ty_int;
        e->val = (i32)(u32)v;
    }
    return e;
}

/* Concatenate adjacent string literal tokens starting at the current token. */
struct node *parse_string_lits(void)
{
    struct token *first = peek();
    int enc = CPP_ENC_NONE;
    size_t i = P->pos;
    while (P->v[i].kind == TK_STR) {
        if (P->v[i].sub != CPP_ENC_NONE) {
            if (enc != CPP_ENC_NONE && enc != P->v[i].sub)
                cc_error_at(P->v[i].pos, "unsupported non-standard concatenation of string literals");
            enc = P->v[i].sub;
        }
        i++;
    }
    int w = enc_width(enc);
    size_t cap = 64, n = 0;
    char *buf = cc_alloc(cap);
    while (peek()->kind == TK_STR) {
        struct token *t = next();
        const char *p = t->p;
        while (*p != '"') p++;
        p++;
        const char *end = t->p + t->len - 1;
        while (p < end) {
            bool raw;
            u32 c = decode_char(&p, end, t->pos, &raw);
            char tmp[8];
            int k = 0;
            if (w == 1) {
                if (raw || c < 0x80) tmp[k++] = (char)c;
                else if (c < 0x800) { tmp[k++] = (char)(0xc0 | (c >> 6)); tmp[k++] = (char)(0x80 | (c & 63)); }
                else if (c < 0x10000) { tmp[k++] = (char)(0xe0 | (c >> 12)); tmp[k++] = (char)(0x80 | ((c >> 6) & 63)); tmp[k++] = (char)(0x80 | (c & 63)); }
                else { tmp[k++] = (char)(0xf0 | (c >> 18)); tmp[k++] = (char)(0x80 | ((c >> 12) & 63)); tmp[k++] = (char)(0x80 | ((c >> 6) & 63)); tmp[k++] = (char)(0x80 | (c & 63)); }
            } else if (w == 2 && c >= 0x10000 && !raw) {
                u32 hi = 0xd800 + ((c - 0x10000) >> 10), lo = 0xdc00 + ((c - 0x10000) & 0x3ff);
                tmp[k++] = (char)hi; tmp[k++] = (char)(hi >> 8); tmp[k++] = (char)lo; tmp[k++] = (char)(lo >> 8);
            } else {
                for (int b = 0; b < w; b++) tmp[k++] = (char)(c >> (8 * b));
            }
            if (n + (size_t)k + 8 > cap) {
                char *nb = cc_alloc(cap * 2);
                memcpy(nb, buf, n);
                buf = nb;
                cap *= 2;
            }
            memcpy(buf + n, tmp, (size_t)k);
            n += (size_t)k;
        }
    }
    n += (size_t)w; /* terminator (zeroed) */
    struct node *e = new_node(N_STR, first->pos);
    e->str = buf;
    e->strlen = (long)n;
    struct type *et = w == 1 ? ty_char : w == 2 ? ty_ushort : enc == CPP_ENC_U ? ty_uint : ty_int;
    e->ty = ty_array(et, (long)n / w);
    return e;
}

const char *strlit_label(const char *bytes, long len)
{
    for (struct strlit *s = tu.strs; s; s = s->next)
        if (s->len == len && !memcmp(s->bytes, bytes, (size_t)len)) return s->label;
    struct strlit *s = cc_alloc(sizeof *s);
    s->label = cc_printf(".LS%d", tu.strs ? atoi(tu.strs->label + 3) + 1 : 0);
    s->bytes = bytes;
    s->len = len;
    s->next = tu.strs;
    tu.strs = s;
    return s->label;
}

struct node *parse_number(struct token *t)
{
    char buf[256];
    if (t->len >= sizeof buf) cc_error_at(t->pos, "numeric constant too long");
    memcpy(buf, t->p, t->len);
    buf[t->len] = 0;
    /* digit separators are not C11; plain parse */
    const char *p = buf;
    int base = 10;
    bool is_float = false;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        if (strpbrk(buf, ".pP")) is_float = true;
    } else if (strpbrk(buf, ".eE")) {
        is_float = true;
    }
    if (is_float) {
        errno = 0;
        char *end;
        double d = strtod(buf, &end);
        struct node *e = new_node(N_FNUM, t->pos);
        e->ty = ty_double;
        if (*end == 'f' || *end == 'F') { e->ty = ty_float; end++; d = (float)d; }
        else if (*end == 'l' || *end == 'L') { e->ty = ty_ldouble; end++; }
        if (*end) cc_error_at(t->pos, "invalid suffix \"%s\" on floating constant", end);
        e->fval = d;
        return e;
    }
    if (base == 16) p += 2;
    else if (p[0] == '0') {
        base = 8;
        if (p[1] == 'b' || p[1] == 'B') { base = 2; p += 2; }
    }
    u128 v = 0;
    bool overflow = false;
    int digits = 0;
    for (; *p; p++) {
        int d = hexval(*p);
        if (d < 0 || d >= base) break;
        if (v > (~(u128)0 - (u128)d) / (u128)base) overflow = true;
        v = v * (u128)base + (u128)d;
        digits++;
    }
    if (!digits && base != 8) cc_error_at(t->pos, "invalid integer constant '%s'", buf);
    bool u = false;
    int l = 0;
    for (; *p; p++) {
        if ((*p == 'u' || *p == 'U') && !u) u = true;
        else if ((*p == 'l' || *p == 'L') && l == 0) {
            l = 1;
            if (p[1] == p[0]) { l = 2; p++; }
        } else cc_error_at(t->pos, "invalid suffix \"%s\" on integer constant", p);
    }
    if (overflow) cc_warn_at(t->pos, "integer constant is too large for its type");
    /* C11 6.4.4.1p5: first type of the list that can represent the value */
    struct type *cands[8];
    int n = 0;
    bool dec = base == 10;
    if (l == 0) {
        if (!u) cands[n++] = ty_int;
        if (u || !dec) cands[n++] = ty_uint;
    }
    if (l <= 1) {
        if (!u) cands[n++] = ty_long;
        if (u || !dec) cands[n++] = ty_ulong;
    }
    if (!u) cands[n++] = ty_llong;
    if (u || !dec) cands[n++] = ty_ullong;
    /* extended types as a last resort (GCC behaviour for __int128) */
    if (!u) cands[n++] = ty_int128;
    cands[n++] = ty_uint128;
    struct type *ty = NULL;
    for (int i = 0; i < n && !ty; i++) {
        int bits = (int)cands[i]->size * 8 - !cands[i]->is_unsigned;
        if (bits >= 128 || v < ((u128)1 << bits)) ty = cands[i];
    }
    if (!ty) ty = ty_uint128;
    struct node *e = new_node(N_NUM, t->pos);
    e->ty = ty;
    e->val = wrap_int((i128)v, ty);
    return e;
}
