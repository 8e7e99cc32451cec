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

/* Problems found by the shared decoder (src/cpp/charconst.c), reported at the token. */
static void char_diag(void *ctx, bool error, const char *msg)
{
    const struct srcpos *pos = ctx;
    if (error) cc_error_at(*pos, "%s", msg);
    cc_warn_at(strstr(msg, "multi-character") ? CW_MULTICHAR : CW_NONE, *pos, "%s", msg);
}

static int enc_width(int enc)
{
    return enc == CPP_ENC_L || enc == CPP_ENC_U ? 4 : enc == CPP_ENC_u ? 2 : 1;
}

struct node *parse_char_const(struct token *t)
{
    struct cpp_charval cv;
    cpp_charconst_value(t->p, (size_t)t->len, (enum cpp_enc)t->sub, !ty_is_signed(ty_char), &cv,
                        char_diag, &t->pos);
    struct node *e = new_node(N_NUM, t->pos);
    e->ty = t->sub == CPP_ENC_u8 ? ty_uchar : t->sub == CPP_ENC_u ? ty_ushort
          : t->sub == CPP_ENC_U ? ty_uint : ty_int;
    e->val = cv.value;
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
            u32 c = cpp_decode_char(&p, end, &raw, char_diag, &t->pos);
            char tmp[8];
            int k = 0;
            if (w == 1) {
                if (raw) tmp[k++] = (char)c;
                else k = cpp_utf8_encode(c, tmp);
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

/* ---- exact floating constant -> IEEE binary128 (long double), correctly rounded to nearest
 * even. A small big-integer (little-endian 32-bit limbs) holds the decimal significand
 * times a power of ten; the quotient by a power of ten is computed bit by bit. */

#define BIG_LIMBS 640   /* 20480 bits: 10^5300 and the shifted numerator fit */

struct big {
    u32 d[BIG_LIMBS];
    int n; /* limbs in use; no leading zero limbs */
};

static void big_trim(struct big *b)
{
    while (b->n && !b->d[b->n - 1]) b->n--;
}

static void big_muladd(struct big *b, u32 m, u32 a)
{
    u64 c = a;
    for (int i = 0; i < b->n; i++) {
        c += (u64)b->d[i] * m;
        b->d[i] = (u32)c;
        c >>= 32;
    }
    if (c && b->n < BIG_LIMBS) b->d[b->n++] = (u32)c;
}

static int big_bits(const struct big *b)
{
    if (!b->n) return 0;
    int k = 32;
    while (!((b->d[b->n - 1] >> (k - 1)) & 1)) k--;
    return (b->n - 1) * 32 + k;
}

static int big_bit(const struct big *b, int i)
{
    return i / 32 < b->n ? (int)((b->d[i / 32] >> (i % 32)) & 1) : 0;
}

static void big_shl(struct big *b, int s)
{
    int w = s / 32, r = s % 32;
    int n = b->n + w + 1;
    if (n > BIG_LIMBS) n = BIG_LIMBS; /* callers stay far below (see ld_from_text) */
    for (int i = n - 1; i >= 0; i--) {
        u64 hi = i - w >= 0 && i - w < b->n ? b->d[i - w] : 0;
        u64 lo = i - w - 1 >= 0 && i - w - 1 < b->n ? b->d[i - w - 1] : 0;
        b->d[i] = (u32)(((hi << 32 | lo) << r) >> 32);
    }
    b->n = n;
    big_trim(b);
}

static int big_cmp(const struct big *a, const struct big *b)
{
    if (a->n != b->n) return a->n < b->n ? -1 : 1;
    for (int i = a->n - 1; i >= 0; i--)
        if (a->d[i] != b->d[i]) return a->d[i] < b->d[i] ? -1 : 1;
    return 0;
}

static void big_sub(struct big *a, const struct big *b) /* a -= b, a >= b */
{
    i64 c = 0;
    for (int i = 0; i < a->n; i++) {
        c += (i64)a->d[i] - (i < b->n ? (i64)b->d[i] : 0);
        a->d[i] = (u32)c;
        c = c < 0 ? -1 : 0;
    }
    big_trim(a);
}

/* value = m * 2^e2 (m has at most 120 bits; sticky: nonzero bits below m) -> binary128 */
static u128 tf_round(u128 m, int e2, bool sticky, bool neg)
{
    u128 sign = neg ? (u128)1 << 127 : 0;
    if (!m) return sign;
    int L = 0;
    while (L < 128 && (m >> L)) L++;
    int exp = L - 1 + e2; /* unbiased exponent of the leading bit */
    int lsb = exp < -16382 ? -16494 : exp - 112; /* weight of the result's last bit */
    int shift = lsb - e2;
    if (shift > 120) {
        return sign; /* below half the smallest subnormal (m < 2^120) */
    } else if (shift > 0) {
        u128 rest = m & (((u128)1 << shift) - 1);
        u128 half = (u128)1 << (shift - 1);
        m >>= shift;
        if (rest > half || (rest == half && (sticky || (m & 1)))) m++;
    } else {
        m <<= -shift;
    }
    e2 = lsb;
    if (m >> 113) { /* rounding carried out */
        m >>= 1;
        e2++;
    }
    if (!m) return sign;
    if (!(m >> 112)) return sign | m; /* subnormal (biased exponent 0) */
    int be = e2 + 112 + 16383;
    if (be >= 0x7fff) return sign | (u128)0x7fff << 112; /* overflow: infinity */
    return sign | (u128)be << 112 | (m & (((u128)1 << 112) - 1));
}

/* top bits of b as m * 2^e2 with at most 120 bits in m */
static u128 big_top(const struct big *b, int *e2, bool *sticky)
{
    int L = big_bits(b);
    int drop = L > 120 ? L - 120 : 0;
    u128 m = 0;
    for (int i = L - 1; i >= drop; i--) m = m << 1 | (u128)big_bit(b, i);
    *sticky = false;
    for (int i = 0; i < drop / 32 && !*sticky; i++)
        if (b->d[i]) *sticky = true;
    for (int i = drop / 32 * 32; i < drop && !*sticky; i++)
        if (big_bit(b, i)) *sticky = true;
    *e2 += drop;
    return m;
}

/* s: the spelling of a floating constant without its suffix (validated by strtod) */
static u128 ld_from_text(const char *s)
{
    static struct big num, den;
    bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    if (hex) s += 2;
    num.n = 0;
    long scale = 0; /* fraction digits */
    bool dot = false;
    int sig = 0; /* significant digits kept */
    long dropped = 0; /* integer digits not kept (too many) */
    bool lost = false; /* nonzero digits not kept */
    for (;; s++) {
        if (*s == '.') {
            dot = true;
            continue;
        }
        int v = hexval(*s);
        if (v < 0 || (!hex && v > 9)) break;
        if (sig >= (hex ? 120 : 800)) {
            /* beyond what can change the rounding: only remembered as sticky */
            if (v) lost = true;
            if (!dot) dropped++;
            continue;
        }
        if (num.n || v) sig++;
        big_muladd(&num, hex ? 16 : 10, (u32)v);
        if (dot) scale++;
    }
    if (lost) big_muladd(&num, hex ? 16 : 10, 1); /* a sticky digit below the kept ones */
    if (lost) scale++;
    long e = 0;
    if (*s == 'e' || *s == 'E' || *s == 'p' || *s == 'P') {
        s++;
        bool eneg = *s == '-';
        if (*s == '-' || *s == '+') s++;
        for (; *s >= '0' && *s <= '9'; s++)
            if (e < 100000000) e = e * 10 + (*s - '0');
        if (eneg) e = -e;
    }
    if (!num.n) return 0;
    int e2 = 0;
    bool sticky = false;
    if (hex) {
        e2 = (int)(e + 4 * (dropped - scale));
        if (e > 100000 || e2 > 100000) return (u128)0x7fff << 112;
        if (e < -100000 || e2 < -100000) return 0;
        u128 m = big_top(&num, &e2, &sticky);
        return tf_round(m, e2, sticky, false);
    }
    long e10 = e + dropped - scale;
    long mag = e10 + sig; /* value < 10^mag */
    if (mag > 4934) return (u128)0x7fff << 112;
    if (mag < -4967) return 0;
    if (e10 >= 0) {
        for (long i = 0; i < e10; i++) big_muladd(&num, 10, 0);
        u128 m = big_top(&num, &e2, &sticky);
        return tf_round(m, e2, sticky, false);
    }
    den.n = 1;
    den.d[0] = 1;
    for (long i = 0; i < -e10; i++) big_muladd(&den, 10, 0);
    /* num * 2^k / den with a quotient of 116 or 117 bits */
    int k = big_bits(&den) - big_bits(&num) + 116;
    if (k < 0) k = 0;
    big_shl(&num, k);
    static struct big t;
    u128 q = 0;
    int top = big_bits(&num) - big_bits(&den);
    for (int i = top; i >= 0; i--) {
        t = den;
        big_shl(&t, i);
        q <<= 1;
        if (big_cmp(&num, &t) >= 0) {
            big_sub(&num, &t);
            q |= 1;
        }
    }
    sticky = num.n != 0;
    return tf_round(q, -k, sticky, false);
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
    /* GNU imaginary constants: an 'i' or 'j' anywhere in the suffix (1.0i, 2.0fi, 3.0il) */
    bool imag = false;
    {
        char *q = buf + strlen(buf);
        while (q > buf && strchr("iIjJfFlLuU", q[-1]) && !(base == 16 && !is_float && strchr("fF", q[-1]))) q--;
        for (char *c = q; *c; c++)
            if (*c == 'i' || *c == 'j' || *c == 'I' || *c == 'J') {
                imag = true;
                memmove(c, c + 1, strlen(c));
                break;
            }
    }
    if (imag && !is_float)
        cc_error_at(t->pos, "imaginary integer constants (complex integer types, a GNU extension) are not supported");
    if (is_float) {
        errno = 0;
        char *end;
        double d = strtod(buf, &end);
        struct node *e = new_node(N_FNUM, t->pos);
        e->ty = ty_double;
        if (*end == 'f' || *end == 'F') { e->ty = ty_float; end++; d = (float)d; }
        else if (*end == 'l' || *end == 'L') {
            e->ty = ty_ldouble;
            *end = 0;
            e->ldbits = ld_from_text(buf);
            e->ld_exact = true;
            *end = 'L';
            end++;
        }
        if (*end) cc_error_at(t->pos, "invalid suffix \"%s\" on floating constant", end);
        e->fval = d;
        if (imag) {
            struct node *z = new_node(N_FNUM, t->pos);
            z->ty = e->ty;
            z->ld_exact = true;
            return cplx_make(z, e, t->pos);
        }
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
    struct cpp_intsuf suf;
    if (!cpp_int_suffix(p, p + strlen(p), &suf))
        cc_error_at(t->pos, "invalid suffix \"%s\" on integer constant", p);
    bool u = suf.uns;
    int l = suf.lng;
    bool dec = base == 10;
    if (suf.i64) {
        /* zl-cc extension: __int64, or unsigned __int64 for ui64 and for an octal or
         * hexadecimal constant above INT64_MAX; nothing wider (docs/cc.md) */
        struct type *ty = u ? ty_uint64 : ty_int64;
        if (!u && !dec && !overflow && (v >> 63) != 0) ty = ty_uint64;
        if (overflow || (v >> (ty->is_unsigned ? 64 : 63)) != 0)
            cc_error_at(t->pos, "integer constant is too large for its i64 suffix");
        struct node *e = new_node(N_NUM, t->pos);
        e->ty = ty;
        e->val = wrap_int((i128)v, ty);
        return e;
    }
    if (overflow) cc_warn_at(CW_NONE, t->pos, "integer constant is too large for its type");
    /* C11 6.4.4.1p5: first type of the list that can represent the value */
    struct type *cands[8];
    int n = 0;
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
