/* The printf engine (docs/libc.md): every C11 conversion and flag, POSIX %n$ positional
 * arguments, the C23 wN/wfN length modifiers (w8 … w128), %m, and exact floating-point
 * output: the binary value is expanded into all of its decimal digits with big-integer
 * arithmetic (base 10^9 limbs) and rounded half-to-even on those digits, so %e/%f/%g are
 * correctly rounded for double and IEEE binary128 long double.  No FP arithmetic is used. */
#include "zl_libc.h"
#include "zl_stdio.h"
#include <string.h>
#include <stdint.h>
#include <limits.h>
#include <wchar.h>

#ifdef ZL_HAVE_INT128
typedef u128 wide_u;
typedef i128 wide_i;
#else
typedef u64 wide_u;
typedef i64 wide_i;
#endif

enum { LEN_NONE, LEN_HH, LEN_H, LEN_L, LEN_LL, LEN_J, LEN_Z, LEN_T, LEN_BIGL, LEN_W };
enum { A_NONE, A_INT, A_I64, A_I128, A_DBL, A_LDBL, A_PTR };

#define FL_MINUS 1
#define FL_PLUS 2
#define FL_SPACE 4
#define FL_HASH 8
#define FL_ZERO 16

#define MAXARGS 64

union arg {
    wide_u i;
    double d;
    long double ld;
    void *p;
};

struct ctx {
    struct zl_out *o;
    va_list *ap;
    union arg *args;   /* positional mode: pre-fetched arguments */
};

/* ---- output ---- */

ZL_HIDDEN void __zl_out(struct zl_out *o, const char *s, size_t n)
{
    if (!n)
        return;
    if (o->file) {
        if (__zl_fwrite_u(s, 1, n, o->file) != n)
            o->err = 1;
    } else if (o->len < o->cap) {
        size_t room = o->cap - 1 - o->len;
        memcpy(o->buf + o->len, s, n < room ? n : room);
    }
    o->len += n;
}

static void pad(struct zl_out *o, char c, size_t n)
{
    char b[64];
    memset(b, c, sizeof b);
    while (n) {
        size_t k = n < sizeof b ? n : sizeof b;
        __zl_out(o, b, k);
        n -= k;
    }
}

/* ---- specification parsing ---- */

struct spec {
    int flags, width, prec, len, wbits, conv;
    int argpos;            /* 1-based, or 0 */
};

static int parse_num(const char **p)
{
    int n = 0;
    while (**p >= '0' && **p <= '9') {
        if (n < INT_MAX / 10)
            n = n * 10 + (**p - '0');
        else
            n = INT_MAX;
        (*p)++;
    }
    return n;
}

/* Width of an integer conversion's argument in bits. */
static int int_bits(const struct spec *s)
{
    switch (s->len) {
    case LEN_HH: return 8;
    case LEN_H: return 16;
    case LEN_L: return (int)sizeof(long) * 8;
    case LEN_LL: return (int)sizeof(long long) * 8;
    case LEN_J: return (int)sizeof(intmax_t) * 8;
    case LEN_Z: return (int)sizeof(size_t) * 8;
    case LEN_T: return (int)sizeof(ptrdiff_t) * 8;
    case LEN_W: return s->wbits;
    default: return 32;
    }
}

static int arg_class(const struct spec *s)
{
    switch (s->conv) {
    case 'd': case 'i': case 'o': case 'u': case 'x': case 'X': case 'b': case 'B': {
        int b = int_bits(s);
        return b <= 32 ? A_INT : b == 64 ? A_I64 : A_I128;
    }
    case 'c': return A_INT;
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A':
        return s->len == LEN_BIGL ? A_LDBL : A_DBL;
    case 's': case 'p': case 'n': case 'S': return A_PTR;
    case 'C': return A_INT;
    default: return A_NONE;
    }
}

/* Parses one conversion after '%'; returns 0 on a malformed one. */
static int parse_spec(const char **pp, struct spec *s, int *wpos, int *ppos)
{
    const char *p = *pp;
    memset(s, 0, sizeof *s);
    s->width = -1;
    s->prec = -1;
    *wpos = *ppos = 0;
    if (*p >= '1' && *p <= '9') {
        const char *q = p;
        int n = parse_num(&q);
        if (*q == '$') {
            s->argpos = n;
            p = q + 1;
        }
    }
    for (;; p++) {
        if (*p == '-') s->flags |= FL_MINUS;
        else if (*p == '+') s->flags |= FL_PLUS;
        else if (*p == ' ') s->flags |= FL_SPACE;
        else if (*p == '#') s->flags |= FL_HASH;
        else if (*p == '0') s->flags |= FL_ZERO;
        else if (*p == '\'') ;   /* thousands grouping: none in the C locale */
        else break;
    }
    if (*p == '*') {
        p++;
        s->width = -2;
        if (*p >= '1' && *p <= '9') {
            const char *q = p;
            int n = parse_num(&q);
            if (*q == '$') {
                *wpos = n;
                p = q + 1;
            }
        }
    } else if (*p >= '0' && *p <= '9')
        s->width = parse_num(&p);
    if (*p == '.') {
        p++;
        if (*p == '*') {
            p++;
            s->prec = -2;
            if (*p >= '1' && *p <= '9') {
                const char *q = p;
                int n = parse_num(&q);
                if (*q == '$') {
                    *ppos = n;
                    p = q + 1;
                }
            }
        } else
            s->prec = parse_num(&p);
    }
    switch (*p) {
    case 'h':
        if (p[1] == 'h') { s->len = LEN_HH; p += 2; } else { s->len = LEN_H; p++; }
        break;
    case 'l':
        if (p[1] == 'l') { s->len = LEN_LL; p += 2; } else { s->len = LEN_L; p++; }
        break;
    case 'q': s->len = LEN_LL; p++; break;
    case 'j': s->len = LEN_J; p++; break;
    case 'z': case 'Z': s->len = LEN_Z; p++; break;
    case 't': s->len = LEN_T; p++; break;
    case 'L': s->len = LEN_BIGL; p++; break;
    case 'w': {
        const char *q = p + 1;
        if (*q == 'f')
            q++;   /* wfN: the fastest type of N bits; ours are the exact ones */
        int n = parse_num(&q);
        if (n != 8 && n != 16 && n != 32 && n != 64 && n != 128)
            return 0;
#ifndef ZL_HAVE_INT128
        if (n == 128)
            return 0;
#endif
        s->len = LEN_W;
        s->wbits = n;
        p = q;
        break;
    }
    }
    s->conv = (unsigned char)*p;
    if (!*p || !strchr("diouxXbBcsSCpnmeEfFgGaA%", *p))
        return 0;
    *pp = p + 1;
    return 1;
}

/* ---- argument access ---- */

static union arg fetch(va_list *ap, int cls)
{
    union arg a;
    a.i = 0;
    switch (cls) {
    case A_INT: a.i = (wide_u)(unsigned)va_arg(*ap, int); break;
    case A_I64: a.i = (wide_u)va_arg(*ap, u64); break;
#ifdef ZL_HAVE_INT128
    case A_I128: a.i = va_arg(*ap, u128); break;
#endif
    case A_DBL: a.d = va_arg(*ap, double); break;
    case A_LDBL: a.ld = va_arg(*ap, long double); break;
    case A_PTR: a.p = va_arg(*ap, void *); break;
    }
    return a;
}

static union arg get(struct ctx *c, int cls, int pos)
{
    if (c->args)
        return c->args[pos - 1];
    return fetch(c->ap, cls);
}

/* ---- integers ---- */

static void emit_num(struct zl_out *o, const struct spec *s, const char *prefix, const char *digits,
                     size_t nd, int is_zero)
{
    size_t pl = strlen(prefix);
    size_t zeros = 0;
    if (s->prec >= 0) {
        if ((size_t)s->prec > nd)
            zeros = (size_t)s->prec - nd;
        if (s->prec == 0 && is_zero)
            nd = 0;
    }
    size_t body = pl + zeros + nd;
    size_t w = s->width > 0 ? (size_t)s->width : 0;
    if (!(s->flags & FL_MINUS)) {
        if ((s->flags & FL_ZERO) && s->prec < 0) {
            __zl_out(o, prefix, pl);
            if (w > body)
                pad(o, '0', w - body);
            pl = 0;
        } else if (w > body)
            pad(o, ' ', w - body);
    }
    __zl_out(o, prefix, pl);
    pad(o, '0', zeros);
    __zl_out(o, digits, nd);
    if ((s->flags & FL_MINUS) && w > body)
        pad(o, ' ', w - body);
}

static void fmt_int(struct zl_out *o, struct spec *s, wide_u v)
{
    int bits = int_bits(s);
    int is_signed = s->conv == 'd' || s->conv == 'i';
    int neg = 0;
    if (bits < (int)sizeof(wide_u) * 8) {
        wide_u mask = ((wide_u)1 << bits) - 1;
        v &= mask;
        if (is_signed && (v >> (bits - 1)) & 1) {
            neg = 1;
            v = ((~v) & mask) + 1;
        }
    } else if (is_signed && (wide_i)v < 0) {
        neg = 1;
        v = (wide_u)0 - v;
    }
    char buf[140];
    char *e = buf + sizeof buf, *d = e;
    unsigned base = 10;
    const char *digs = "0123456789abcdef";
    switch (s->conv) {
    case 'o': base = 8; break;
    case 'x': base = 16; break;
    case 'X': base = 16; digs = "0123456789ABCDEF"; break;
    case 'b': case 'B': base = 2; break;
    }
    wide_u t = v;
    if (base == 10) {
        /* Peel off 9 digits at a time with one wide division each. */
        while (t >= 1000000000u) {
            wide_u q = t / 1000000000u;
            unsigned r = (unsigned)(t - q * 1000000000u);
            for (int k = 0; k < 9; k++) {
                *--d = (char)('0' + r % 10);
                r /= 10;
            }
            t = q;
        }
        unsigned r = (unsigned)t;
        do {
            *--d = (char)('0' + r % 10);
            r /= 10;
        } while (r);
    } else {
        int sh = base == 8 ? 3 : base == 16 ? 4 : 1;
        do {
            *--d = digs[(unsigned)t & (base - 1)];
            t >>= sh;
        } while (t);
    }
    size_t nd = (size_t)(e - d);
    char prefix[4] = "";
    if (is_signed) {
        if (neg) strcpy(prefix, "-");
        else if (s->flags & FL_PLUS) strcpy(prefix, "+");
        else if (s->flags & FL_SPACE) strcpy(prefix, " ");
    } else if (s->flags & FL_HASH) {
        if (base == 16 && v)
            strcpy(prefix, s->conv == 'X' ? "0X" : "0x");
        else if (base == 2 && v)
            strcpy(prefix, s->conv == 'B' ? "0B" : "0b");
        else if (base == 8) {
            /* '#' with o: the first digit must be 0. */
            if (v == 0 ? s->prec == 0 : (s->prec < 0 || (size_t)s->prec <= nd))
                strcpy(prefix, "0");
            if (v == 0 && s->prec != 0)
                prefix[0] = 0;
        }
    }
    emit_num(o, s, prefix, d, nd, v == 0);
}

/* ---- floating point: decoding ---- */

struct fpnum {
    int sign;
    int cls;            /* 0 zero, 1 finite, 2 inf, 3 nan */
    u32 m[4];           /* mantissa, little-endian 32-bit limbs */
    int mbits;          /* significant bits of the format's mantissa (53 or 113) */
    int e;              /* value = m * 2^e */
};

static void decode_double(double d, struct fpnum *f)
{
    u64 b;
    memcpy(&b, &d, 8);
    memset(f, 0, sizeof *f);
    f->sign = (int)(b >> 63);
    int ex = (int)(b >> 52 & 0x7ff);
    u64 frac = b & (((u64)1 << 52) - 1);
    f->mbits = 53;
    if (ex == 0x7ff) {
        f->cls = frac ? 3 : 2;
        return;
    }
    if (ex == 0) {
        if (!frac)
            return;
        f->e = -1074;
    } else {
        frac |= (u64)1 << 52;
        f->e = ex - 1075;
    }
    f->cls = 1;
    f->m[0] = (u32)frac;
    f->m[1] = (u32)(frac >> 32);
}

static void decode_ldouble(long double ld, struct fpnum *f)
{
    memset(f, 0, sizeof *f);
#if __SIZEOF_LONG_DOUBLE__ == 16
    u32 w[4];
    memcpy(w, &ld, 16);   /* IEEE binary128, little-endian */
    f->sign = (int)(w[3] >> 31);
    int ex = (int)(w[3] >> 16 & 0x7fff);
    u32 top = w[3] & 0xffff;
    int nz = top || w[2] || w[1] || w[0];
    f->mbits = 113;
    if (ex == 0x7fff) {
        f->cls = nz ? 3 : 2;
        return;
    }
    if (ex == 0) {
        if (!nz)
            return;
        f->e = -16494;
    } else {
        top |= 0x10000;
        f->e = ex - 16495;
    }
    f->cls = 1;
    f->m[0] = w[0];
    f->m[1] = w[1];
    f->m[2] = w[2];
    f->m[3] = top;
#else
    decode_double((double)ld, f);
#endif
}

/* ---- floating point: exact decimal expansion ---- */

#define LIMBS 1300          /* base-1e9 limbs: 5^16607 * 2^113 has < 11700 digits */
#define MAXDIG (LIMBS * 9)

struct dec {
    char d[MAXDIG + 2];     /* digits, most significant first, no leading zeros */
    int n;                  /* number of digits (0: the value is zero) */
    int point;              /* value = 0.d[0]d[1]... * 10^point */
};

static void mul_small(u32 *a, int *n, u32 m)
{
    u64 carry = 0;
    for (int i = 0; i < *n; i++) {
        u64 t = (u64)a[i] * m + carry;
        carry = t / 1000000000u;
        a[i] = (u32)(t - carry * 1000000000u);
    }
    while (carry) {
        a[(*n)++] = (u32)(carry % 1000000000u);
        carry /= 1000000000u;
    }
}

static void expand(const struct fpnum *f, struct dec *out)
{
    static u32 a[LIMBS];
    int n = 0;
    /* mantissa (binary limbs) -> base 1e9 by repeated division */
    u32 m[4];
    memcpy(m, f->m, sizeof m);
    int mn = 4;
    while (mn && !m[mn - 1])
        mn--;
    while (mn) {
        u64 rem = 0;
        for (int i = mn - 1; i >= 0; i--) {
            u64 cur = rem << 32 | m[i];
            m[i] = (u32)(cur / 1000000000u);
            rem = cur - (u64)m[i] * 1000000000u;
        }
        a[n++] = (u32)rem;
        while (mn && !m[mn - 1])
            mn--;
    }
    int k = 0;
    if (f->e >= 0) {
        int e = f->e;
        while (e >= 29) {
            mul_small(a, &n, 1u << 29);
            e -= 29;
        }
        if (e)
            mul_small(a, &n, 1u << e);
    } else {
        k = -f->e;
        int e = k;
        while (e >= 13) {
            mul_small(a, &n, 1220703125u);   /* 5^13 */
            e -= 13;
        }
        u32 p5 = 1;
        while (e--)
            p5 *= 5;
        if (p5 > 1)
            mul_small(a, &n, p5);
    }
    /* limbs -> digit string */
    int nd = 0;
    char tmp[9];
    for (int i = n - 1; i >= 0; i--) {
        u32 v = a[i];
        for (int j = 8; j >= 0; j--) {
            tmp[j] = (char)('0' + v % 10);
            v /= 10;
        }
        int j = 0;
        if (nd == 0)
            while (j < 9 && tmp[j] == '0')
                j++;
        for (; j < 9; j++)
            out->d[nd++] = tmp[j];
    }
    /* drop trailing zeros (they carry no information) */
    int total = nd;
    while (nd && out->d[nd - 1] == '0')
        nd--;
    out->n = nd;
    out->point = total - k;
}

/* Rounds to `keep` significant digits (half to even on the exact digits). */
static void round_dec(struct dec *x, int keep)
{
    if (keep >= x->n)
        return;
    if (keep < 0) {
        x->n = 0;
        return;
    }
    int up;
    char r = x->d[keep];
    if (r > '5')
        up = 1;
    else if (r < '5')
        up = 0;
    else if (keep + 1 < x->n)
        up = 1;   /* digits after the 5 are nonzero (trailing zeros were dropped) */
    else
        up = keep > 0 ? (x->d[keep - 1] - '0') & 1 : 0;
    x->n = keep;
    if (up) {
        int i = keep - 1;
        while (i >= 0 && x->d[i] == '9')
            i--;
        if (i < 0) {
            x->d[0] = '1';
            x->n = 1;
            x->point++;
        } else {
            x->d[i]++;
            x->n = i + 1;
        }
    }
    while (x->n && x->d[x->n - 1] == '0')
        x->n--;
}

/* digit at position i (0 = first digit of 0.ddd...), '0' outside */
static char dig(const struct dec *x, int i)
{
    return i >= 0 && i < x->n ? x->d[i] : '0';
}

struct stage {
    struct zl_out *o;
    char b[128];
    size_t n;
};

static void st_put(struct stage *s, char c)
{
    if (s->n == sizeof s->b) {
        __zl_out(s->o, s->b, s->n);
        s->n = 0;
    }
    s->b[s->n++] = c;
}

static void st_flush(struct stage *s)
{
    __zl_out(s->o, s->b, s->n);
    s->n = 0;
}

static size_t exp_len(int e)
{
    int a = e < 0 ? -e : e;
    size_t n = 2;   /* sign and at least two digits */
    n += a >= 1000 ? 4 : a >= 100 ? 3 : 2;
    return n;
}

static void fmt_float(struct zl_out *o, struct spec *s, const struct fpnum *f)
{
    static struct dec x;
    int conv = s->conv;
    int upper = conv == 'E' || conv == 'F' || conv == 'G' || conv == 'A';
    const char *sign = f->sign ? "-" : (s->flags & FL_PLUS) ? "+" : (s->flags & FL_SPACE) ? " " : "";
    size_t w = s->width > 0 ? (size_t)s->width : 0;
    if (f->cls >= 2) {
        const char *t = f->cls == 2 ? (upper ? "INF" : "inf") : (upper ? "NAN" : "nan");
        size_t len = strlen(sign) + 3;
        if (!(s->flags & FL_MINUS) && w > len)
            pad(o, ' ', w - len);
        __zl_out(o, sign, strlen(sign));
        __zl_out(o, t, 3);
        if ((s->flags & FL_MINUS) && w > len)
            pad(o, ' ', w - len);
        return;
    }
    int prec = s->prec < 0 ? 6 : s->prec;
    int hash = s->flags & FL_HASH;
    if (conv == 'a' || conv == 'A') {
        /* hexadecimal: 1.xxx (normal) or 0.xxx (subnormal) times 2^e */
        u32 m[4];
        memcpy(m, f->m, sizeof m);
        int fbits = f->mbits - 1;   /* fraction bits: 52 or 112 */
        int lead = 0, e2 = 0;
        if (f->cls == 1) {
            lead = (int)(m[fbits / 32] >> (fbits % 32) & 1);
            e2 = f->e + fbits;   /* subnormal: 0.xxx p(emin) */
        }
        int ndig = (fbits + 3) / 4;      /* 13 or 28 */
        /* fraction as ndig hex digits, left-aligned */
        char hx[32];
        int shift = ndig * 4 - fbits;   /* 0 for both formats */
        for (int i = 0; i < ndig; i++) {
            int bitpos = fbits - 4 * (i + 1) + shift;   /* low bit of this digit */
            unsigned v = 0;
            for (int b = 3; b >= 0; b--) {
                int bp = bitpos + b;
                v = v << 1 | (bp >= 0 ? (m[bp / 32] >> (bp % 32) & 1) : 0);
            }
            hx[i] = (char)v;
        }
        int nd = ndig;
        if (s->prec < 0) {
            while (nd && hx[nd - 1] == 0)
                nd--;
        } else if (s->prec < ndig) {
            /* round half to even at digit `prec` */
            int p = s->prec;
            int up;
            if (hx[p] > 8) up = 1;
            else if (hx[p] < 8) up = 0;
            else {
                int rest = 0;
                for (int i = p + 1; i < ndig; i++)
                    rest |= hx[i];
                up = rest ? 1 : (p > 0 ? hx[p - 1] & 1 : lead & 1);
            }
            nd = p;
            if (up) {
                int i = p - 1;
                while (i >= 0 && hx[i] == 15)
                    hx[i--] = 0;
                if (i < 0)
                    lead++;
                else
                    hx[i]++;
            }
        } else
            nd = ndig;
        int fd = s->prec < 0 ? nd : s->prec;   /* fraction digits printed */
        const char *hd = upper ? "0123456789ABCDEF" : "0123456789abcdef";
        char ebuf[16];
        int ae = e2 < 0 ? -e2 : e2, el = 0;
        char rev[8];
        do {
            rev[el++] = (char)('0' + ae % 10);
            ae /= 10;
        } while (ae);
        int k = 0;
        ebuf[k++] = upper ? 'P' : 'p';
        ebuf[k++] = e2 < 0 ? '-' : '+';
        while (el)
            ebuf[k++] = rev[--el];
        size_t len = strlen(sign) + 2 + 1 + (fd || hash ? 1 : 0) + (size_t)fd + (size_t)k;
        struct stage st = { .o = o };
        if (!(s->flags & (FL_MINUS | FL_ZERO)) && w > len)
            pad(o, ' ', w - len);
        __zl_out(o, sign, strlen(sign));
        __zl_out(o, upper ? "0X" : "0x", 2);
        if ((s->flags & FL_ZERO) && !(s->flags & FL_MINUS) && w > len)
            pad(o, '0', w - len);
        st_put(&st, hd[lead]);
        if (fd || hash)
            st_put(&st, '.');
        for (int i = 0; i < fd; i++)
            st_put(&st, i < nd ? hd[(int)hx[i]] : '0');
        for (int i = 0; i < k; i++)
            st_put(&st, ebuf[i]);
        st_flush(&st);
        if ((s->flags & FL_MINUS) && w > len)
            pad(o, ' ', w - len);
        return;
    }
    if (f->cls == 0) {
        x.n = 0;
        x.point = 1;
    } else
        expand(f, &x);
    int style = conv | 32;   /* 'e', 'f' or 'g' */
    int strip = 0;
    if (style == 'g') {
        int p = prec == 0 ? 1 : prec;
        round_dec(&x, p);
        int X = x.n ? x.point - 1 : 0;
        if (p > X && X >= -4) {
            style = 'f';
            prec = p - 1 - X;
        } else {
            style = 'e';
            prec = p - 1;
        }
        strip = !hash;
    }
    if (style == 'e')
        round_dec(&x, prec + 1);
    else
        round_dec(&x, x.point + prec);
    if (strip) {
        /* %g: drop trailing zeros of the fraction (and the point if nothing remains) */
        int intd = style == 'e' ? 1 : (x.point > 0 ? x.point : 1);
        int have = x.n - (style == 'e' ? 1 : x.point);
        if (style == 'f' && x.point <= 0)
            have = x.n - x.point;
        (void)intd;
        if (have < 0)
            have = 0;
        if (have < prec)
            prec = have;
    }
    int exp10 = x.n ? x.point - 1 : 0;
    size_t intlen = style == 'e' ? 1 : (x.point > 0 ? (size_t)x.point : 1);
    size_t len = strlen(sign) + intlen + (prec || hash ? 1 : 0) + (size_t)prec +
                 (style == 'e' ? exp_len(exp10) : 0);
    if (!(s->flags & (FL_MINUS | FL_ZERO)) && w > len)
        pad(o, ' ', w - len);
    __zl_out(o, sign, strlen(sign));
    if ((s->flags & FL_ZERO) && !(s->flags & FL_MINUS) && w > len)
        pad(o, '0', w - len);
    struct stage st = { .o = o };
    if (style == 'e') {
        st_put(&st, dig(&x, 0));
        if (prec || hash)
            st_put(&st, '.');
        for (int i = 1; i <= prec; i++)
            st_put(&st, dig(&x, i));
        st_put(&st, upper ? 'E' : 'e');
        st_put(&st, exp10 < 0 ? '-' : '+');
        int a = exp10 < 0 ? -exp10 : exp10;
        char r[8];
        int rn = 0;
        do {
            r[rn++] = (char)('0' + a % 10);
            a /= 10;
        } while (a);
        if (rn < 2)
            r[rn++] = '0';
        while (rn)
            st_put(&st, r[--rn]);
    } else {
        if (x.point > 0)
            for (int i = 0; i < x.point; i++)
                st_put(&st, dig(&x, i));
        else
            st_put(&st, '0');
        if (prec || hash)
            st_put(&st, '.');
        for (int i = 0; i < prec; i++)
            st_put(&st, dig(&x, x.point + i));
    }
    st_flush(&st);
    if ((s->flags & FL_MINUS) && w > len)
        pad(o, ' ', w - len);
}

/* ---- strings and characters ---- */

static void emit_str(struct zl_out *o, const struct spec *s, const char *p, size_t n)
{
    size_t w = s->width > 0 ? (size_t)s->width : 0;
    if (!(s->flags & FL_MINUS) && w > n)
        pad(o, ' ', w - n);
    __zl_out(o, p, n);
    if ((s->flags & FL_MINUS) && w > n)
        pad(o, ' ', w - n);
}

static void store_count(const struct spec *s, void *p, size_t n)
{
    switch (int_bits(s)) {
    case 8: *(signed char *)p = (signed char)n; break;
    case 16: *(short *)p = (short)n; break;
    case 32: *(int *)p = (int)n; break;
    case 64: *(i64 *)p = (i64)n; break;
#ifdef ZL_HAVE_INT128
    case 128: *(i128 *)p = (i128)n; break;
#endif
    }
}

/* ---- the driver ---- */

static int prescan(const char *fmt, va_list *ap, union arg *args)
{
    int cls[MAXARGS + 1] = { 0 };
    int maxpos = 0;
    for (const char *p = fmt; *p; p++) {
        if (*p != '%')
            continue;
        p++;
        if (*p == '%')
            continue;
        struct spec s;
        int wp, pp;
        if (!parse_spec(&p, &s, &wp, &pp))
            return -1;
        p--;
        if (s.conv == '%' || s.conv == 'm')
            continue;
        if (!s.argpos || s.argpos > MAXARGS || wp > MAXARGS || pp > MAXARGS)
            return -1;
        if ((s.width == -2 && !wp) || (s.prec == -2 && !pp))
            return -1;
        if (wp) { cls[wp] = A_INT; if (wp > maxpos) maxpos = wp; }
        if (pp) { cls[pp] = A_INT; if (pp > maxpos) maxpos = pp; }
        cls[s.argpos] = arg_class(&s);
        if (s.argpos > maxpos)
            maxpos = s.argpos;
    }
    for (int i = 1; i <= maxpos; i++) {
        if (!cls[i])
            return -1;   /* a gap: its type is unknown */
        args[i - 1] = fetch(ap, cls[i]);
    }
    return 0;
}

ZL_HIDDEN int __zl_vformat(struct zl_out *o, const char *fmt, va_list *ap)
{
    static union arg args[MAXARGS];
    struct ctx c = { .o = o, .ap = ap, .args = NULL };
    int saved_errno = errno;
    /* Positional mode if the first conversion uses n$. */
    for (const char *p = fmt; (p = strchr(p, '%')); p++) {
        if (p[1] == '%') {
            p++;
            continue;
        }
        const char *q = p + 1;
        if (*q >= '1' && *q <= '9') {
            parse_num(&q);
            if (*q == '$') {
                if (prescan(fmt, ap, args) < 0) {
                    errno = EINVAL;
                    return -1;
                }
                c.args = args;
            }
        }
        break;
    }
    const char *p = fmt;
    while (*p) {
        const char *q = strchr(p, '%');
        if (!q) {
            __zl_out(o, p, strlen(p));
            break;
        }
        __zl_out(o, p, (size_t)(q - p));
        p = q + 1;
        if (*p == '%') {
            __zl_out(o, "%", 1);
            p++;
            continue;
        }
        struct spec s;
        int wp, pp;
        if (!parse_spec(&p, &s, &wp, &pp)) {
            errno = EINVAL;
            return -1;
        }
        if (s.width == -2) {
            int v = (int)get(&c, A_INT, wp).i;
            if (v < 0) {
                s.flags |= FL_MINUS;
                v = v == INT_MIN ? INT_MAX : -v;
            }
            s.width = v;
        }
        if (s.prec == -2) {
            int v = (int)get(&c, A_INT, pp).i;
            s.prec = v < 0 ? -1 : v;
        }
        int cls = arg_class(&s);
        union arg a;
        a.i = 0;
        if (cls != A_NONE)
            a = get(&c, cls, s.argpos);
        switch (s.conv) {
        case 'd': case 'i': case 'o': case 'u': case 'x': case 'X': case 'b': case 'B':
            fmt_int(o, &s, a.i);
            break;
        case 'c':
        case 'C':
            if (s.len == LEN_L || s.conv == 'C') {
                /* a wide character: UTF-8 in C.UTF-8, ASCII in C (docs/libc.md) */
                char mb[4];
                size_t k = wcrtomb(mb, (wchar_t)a.i, NULL);
                if (k == (size_t)-1)
                    return -1;
                emit_str(o, &s, mb, k);
            } else {
                char ch = (char)a.i;
                emit_str(o, &s, &ch, 1);
            }
            break;
        case 's':
        case 'S':
            if (s.len == LEN_L || s.conv == 'S') {
                /* a wide string: converted as by wcrtomb (UTF-8 in C.UTF-8, ASCII in C);
                 * the precision limits the bytes, never splitting a character */
                const wchar_t *ws = a.p;
                char buf[64];
                size_t n = 0, chars = 0;
                if (!ws)
                    ws = L"(null)";
                size_t lim = s.prec >= 0 ? (size_t)s.prec : (size_t)-1;
                for (; ws[chars] && n < lim; chars++) {   /* first pass: validate, measure */
                    size_t k = wcrtomb(buf, ws[chars], NULL);
                    if (k == (size_t)-1)
                        return -1;
                    if (n + k > lim)
                        break;
                    n += k;
                }
                size_t w = s.width > 0 ? (size_t)s.width : 0;
                if (!(s.flags & FL_MINUS) && w > n)
                    pad(o, ' ', w - n);
                for (size_t i = 0; i < chars;) {
                    size_t k = 0;
                    while (k + 4 <= sizeof buf && i < chars)
                        k += wcrtomb(buf + k, ws[i++], NULL);
                    __zl_out(o, buf, k);
                }
                if ((s.flags & FL_MINUS) && w > n)
                    pad(o, ' ', w - n);
            } else {
                const char *str = a.p;
                if (!str)
                    str = (s.prec < 0 || s.prec >= 6) ? "(null)" : "";
                size_t n = s.prec >= 0 ? strnlen(str, (size_t)s.prec) : strlen(str);
                emit_str(o, &s, str, n);
            }
            break;
        case 'm': {
            const char *str = strerror(saved_errno);
            size_t n = s.prec >= 0 ? strnlen(str, (size_t)s.prec) : strlen(str);
            emit_str(o, &s, str, n);
            break;
        }
        case 'p':
            if (!a.p) {
                s.prec = -1;
                emit_str(o, &s, "(nil)", 5);
            } else {
                s.conv = 'x';
                s.flags |= FL_HASH;
                s.len = LEN_W;
                s.wbits = (int)sizeof(void *) * 8;
                fmt_int(o, &s, (wide_u)(uintptr_t)a.p);
            }
            break;
        case 'n':
            store_count(&s, a.p, o->len);
            break;
        case '%':   /* "%5%": a '%' with flags or a width is one '%', as in glibc */
            __zl_out(o, "%", 1);
            break;
        default: {
            struct fpnum f;
            if (cls == A_LDBL)
                decode_ldouble(a.ld, &f);
            else
                decode_double(a.d, &f);
            fmt_float(o, &s, &f);
        }
        }
    }
    if (o->len > INT_MAX) {
        errno = EOVERFLOW;
        return -1;
    }
    return o->err ? -1 : (int)o->len;
}
