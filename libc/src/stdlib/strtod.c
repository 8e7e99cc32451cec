/* strtof/strtod/strtold, correctly rounded (round to nearest, ties to even) for every
 * input: the decimal significand is kept exactly (up to the number of digits that can
 * decide a rounding — 800 for float/double, 11600 for binary128 — and a sticky digit for
 * the rest) and converted with big-integer arithmetic, so no FP arithmetic is involved. */
#include "zl_libc.h"
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <stdint.h>

#define CAP 2100           /* u32 limbs: enough for 11600 digits times 10^4933 */

struct big {
    u32 w[CAP];
    int n;                  /* used limbs, no leading zero limbs */
};

static void big_trim(struct big *a)
{
    while (a->n && !a->w[a->n - 1])
        a->n--;
}

static void big_mul_add(struct big *a, u32 m, u32 add)
{
    u64 carry = add;
    for (int i = 0; i < a->n; i++) {
        u64 t = (u64)a->w[i] * m + carry;
        a->w[i] = (u32)t;
        carry = t >> 32;
    }
    if (carry && a->n < CAP)
        a->w[a->n++] = (u32)carry;
}

static int big_bits(const struct big *a)
{
    if (!a->n)
        return 0;
    u32 t = a->w[a->n - 1];
    int b = 0;
    while (t) {
        b++;
        t >>= 1;
    }
    return (a->n - 1) * 32 + b;
}

static int big_bit(const struct big *a, int i)
{
    if (i < 0 || i / 32 >= a->n)
        return 0;
    return (int)(a->w[i / 32] >> (i % 32) & 1);
}

/* any bit below position i set? */
static int big_any_below(const struct big *a, int i)
{
    if (i <= 0)
        return 0;
    int full = i / 32;
    for (int k = 0; k < full && k < a->n; k++)
        if (a->w[k])
            return 1;
    if (full < a->n && (i % 32) && (a->w[full] & ((1u << (i % 32)) - 1)))
        return 1;
    return 0;
}

static void big_shl(struct big *a, int s)
{
    if (!a->n || !s)
        return;
    int lw = s / 32, lb = s % 32;
    int nn = a->n + lw + 1;
    if (nn > CAP)
        nn = CAP;
    for (int i = nn - 1; i >= 0; i--) {
        int src = i - lw;
        u32 v = 0;
        if (src >= 0 && src < a->n)
            v = a->w[src] << lb;
        if (lb && src - 1 >= 0 && src - 1 < a->n)
            v |= a->w[src - 1] >> (32 - lb);
        a->w[i] = v;
    }
    a->n = nn;
    big_trim(a);
}

static void big_shr1(struct big *a)
{
    for (int i = 0; i < a->n; i++)
        a->w[i] = a->w[i] >> 1 | (i + 1 < a->n ? a->w[i + 1] << 31 : 0);
    big_trim(a);
}

static int big_cmp(const struct big *a, const struct big *b)
{
    if (a->n != b->n)
        return a->n < b->n ? -1 : 1;
    for (int i = a->n - 1; i >= 0; i--)
        if (a->w[i] != b->w[i])
            return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

static void big_sub(struct big *a, const struct big *b)   /* a -= b, a >= b */
{
    u64 borrow = 0;
    for (int i = 0; i < a->n; i++) {
        u64 t = (u64)a->w[i] - (i < b->n ? b->w[i] : 0) - borrow;
        a->w[i] = (u32)t;
        borrow = (t >> 32) & 1;
    }
    big_trim(a);
}

static void big_pow(struct big *a, u32 base, int e)   /* a *= base^e */
{
    u32 step = 1;
    int k = 0, per = base == 5 ? 13 : 9;   /* 5^13, 10^9 fit in 32 bits */
    for (int i = 0; i < per; i++)
        step *= base;
    for (; e >= per; e -= per)
        big_mul_add(a, step, 0);
    u32 r = 1;
    for (k = 0; k < e; k++)
        r *= base;
    if (r > 1)
        big_mul_add(a, r, 0);
}

struct fmt {
    int p;        /* significand bits including the hidden one */
    int emin;     /* exponent of the smallest normal, unbiased */
    int emax;
    int bias;
};
static const struct fmt fmts[3] = {
    { 24, -126, 127, 127 },
    { 53, -1022, 1023, 1023 },
    { 113, -16382, 16383, 16383 },
};

/* Encodes q * 2^be (plus a sticky remainder) in format k, rounding to nearest even. */
static void make_float(const struct big *q, int be, int sticky, int kind, int sign, void *out, int *erange)
{
    const struct fmt *F = &fmts[kind];
    u32 m[5] = { 0 };
    int ebits = 0;   /* biased exponent */
    int L = big_bits(q);
    if (L == 0) {
        if (sticky)
            *erange = 1;
        goto encode;
    }
    int msb = L - 1 + be;
    int shift;
    if (msb >= F->emin)
        shift = L - F->p;
    else
        shift = (F->emin - F->p + 1) - be;
    int round = 0;
    if (shift > 0) {
        round = big_bit(q, shift - 1);
        sticky |= big_any_below(q, shift - 1);
    }
    for (int i = 0; i < F->p; i++)
        if (big_bit(q, i + shift))
            m[i / 32] |= 1u << (i % 32);
    int exp2 = be + shift;   /* value of the mantissa's bit 0 */
    if (round && (sticky || (m[0] & 1))) {
        for (int i = 0; i < 5 && ++m[i] == 0; i++)
            ;
        if (m[F->p / 32] >> (F->p % 32) & 1) {   /* carried into bit p */
            for (int i = 0; i < 4; i++)
                m[i] = m[i] >> 1 | m[i + 1] << 31;
            m[4] >>= 1;
            exp2++;
        }
    }
    int inexact = round || sticky;
    /* Underflow is detected before rounding, as glibc does: an inexact result whose exact
     * value lies below the smallest normal number sets ERANGE even if it rounds up to it. */
    if (msb < F->emin && inexact)
        *erange = 1;
    if (m[(F->p - 1) / 32] >> ((F->p - 1) % 32) & 1) {
        ebits = exp2 + F->p - 1 + F->bias;
        if (ebits >= 2 * F->bias + 1) {   /* overflow: infinity */
            *erange = 1;
            memset(m, 0, sizeof m);
            ebits = 2 * F->bias + 1;
        }
    } else {
        ebits = 0;   /* subnormal or zero */
        if (inexact)
            *erange = 1;
    }
encode:
    if (kind == 0) {
        u32 b = (u32)sign << 31 | (u32)ebits << 23 | (m[0] & 0x7fffff);
        memcpy(out, &b, 4);
    } else if (kind == 1) {
        u64 b = (u64)sign << 63 | (u64)ebits << 52 | (((u64)m[1] << 32 | m[0]) & (((u64)1 << 52) - 1));
        memcpy(out, &b, 8);
    } else {
        u32 w[4] = { m[0], m[1], m[2], (u32)sign << 31 | (u32)ebits << 16 | (m[3] & 0xffff) };
        memcpy(out, w, 16);
    }
}

/* Infinity, or a quiet NaN with the payload of "nan(n)" (as glibc: n read by strtoull
 * with base 0, kept if it fits the payload bits). */
static void special(int kind, int sign, int nan, u64 payload, void *out)
{
    if (kind == 0) {
        u32 b = (u32)sign << 31 | 0x7f800000u | (nan ? 0x400000u | ((u32)payload & 0x3fffff) : 0);
        memcpy(out, &b, 4);
    } else if (kind == 1) {
        u64 b = (u64)sign << 63 | (u64)0x7ff << 52 |
                (nan ? (u64)1 << 51 | (payload & (((u64)1 << 51) - 1)) : 0);
        memcpy(out, &b, 8);
    } else {
        u32 w[4] = { nan ? (u32)payload : 0, nan ? (u32)(payload >> 32) : 0, 0,
                     (u32)sign << 31 | 0x7fff0000u | (nan ? 0x8000u : 0) };
        memcpy(out, w, 16);
    }
}

static int match(const char *s, const char *word)
{
    size_t i = 0;
    for (; word[i]; i++)
        if (tolower((unsigned char)s[i]) != word[i])
            return 0;
    return (int)i;
}

static struct big A, B;
static char digs[11700];

ZL_HIDDEN size_t __zl_strtofp(const char *s0, int kind, void *out, int *erange)
{
    const char *s = s0;
    *erange = 0;
    while (isspace((unsigned char)*s))
        s++;
    int sign = 0;
    if (*s == '+' || *s == '-')
        sign = *s++ == '-';
    int k;
    if ((k = match(s, "infinity")) || (k = match(s, "inf"))) {
        special(kind, sign, 0, 0, out);
        return (size_t)(s + k - s0);
    }
    if ((k = match(s, "nan"))) {
        s += k;
        u64 payload = 0;
        if (*s == '(') {
            const char *p = s + 1;
            while (isalnum((unsigned char)*p) || *p == '_')
                p++;
            if (*p == ')') {
                char *e;
                int saved = errno;
                unsigned long long v = strtoull(s + 1, &e, 0);
                errno = saved;
                if (e == p)
                    payload = v;
                s = p + 1;
            }
        }
        special(kind, sign, 1, payload, out);
        return (size_t)(s - s0);
    }
    const struct fmt *F = &fmts[kind];
    if (s[0] == '0' && (s[1] | 32) == 'x' &&
        (isxdigit((unsigned char)s[2]) || (s[2] == '.' && isxdigit((unsigned char)s[3])))) {
        s += 2;
        A.n = 0;
        int be = 0, sticky = 0, any = 0, bits = 0, point = 0;
        for (;; s++) {
            int c = (unsigned char)*s, d;
            if (c == '.' && !point) {
                point = 1;
                continue;
            }
            if (!isxdigit(c))
                break;
            d = isdigit(c) ? c - '0' : (c | 32) - 'a' + 10;
            any = 1;
            if (bits < F->p + 64) {
                if (A.n == 0 && d == 0) {
                    if (point)
                        be -= 4;
                    continue;
                }
                if (A.n == 0) {
                    A.w[0] = 0;
                    A.n = 1;
                }
                big_mul_add(&A, 16, (u32)d);
                bits += 4;
                if (point)
                    be -= 4;
            } else {
                sticky |= d != 0;
                if (!point)
                    be += 4;
            }
        }
        (void)any;
        if ((*s | 32) == 'p') {
            const char *p = s + 1;
            int es = 0;
            if (*p == '+' || *p == '-')
                es = *p++ == '-';
            if (isdigit((unsigned char)*p)) {
                long e = 0;
                while (isdigit((unsigned char)*p)) {
                    if (e < 100000000)
                        e = e * 10 + (*p - '0');
                    p++;
                }
                be += (int)(es ? -e : e);
                s = p;
            }
        }
        big_trim(&A);
        make_float(&A, be, sticky, kind, sign, out, erange);
        return (size_t)(s - s0);
    }
    /* decimal */
    int maxd = kind == 2 ? 11600 : 800;
    int nd = 0, sticky = 0, any = 0, point = 0;
    long e10 = 0;
    for (;; s++) {
        int c = (unsigned char)*s;
        if (c == '.' && !point) {
            point = 1;
            continue;
        }
        if (!isdigit(c))
            break;
        any = 1;
        if (nd == 0 && c == '0') {
            if (point)
                e10--;
            continue;
        }
        if (nd < maxd) {
            digs[nd++] = (char)c;
            if (point)
                e10--;
        } else {
            sticky |= c != '0';
            if (!point)
                e10++;
        }
    }
    if (!any) {
        memset(out, 0, kind == 0 ? 4 : kind == 1 ? 8 : 16);
        return 0;
    }
    if ((*s | 32) == 'e') {
        const char *p = s + 1;
        int es = 0;
        if (*p == '+' || *p == '-')
            es = *p++ == '-';
        if (isdigit((unsigned char)*p)) {
            long e = 0;
            while (isdigit((unsigned char)*p)) {
                if (e < 100000000)
                    e = e * 10 + (*p - '0');
                p++;
            }
            e10 += es ? -e : e;
            s = p;
        }
    }
    size_t used = (size_t)(s - s0);
    if (sticky)
        digs[nd++] = '1';   /* a nonzero digit beyond every deciding position */
    if (nd == 0) {
        make_float(&(struct big){ .n = 0 }, 0, 0, kind, sign, out, erange);
        return used;
    }
    /* value = digits * 10^e10; decimal exponent of the leading digit: */
    long lead = nd + e10;
    int dmax = kind == 0 ? 40 : kind == 1 ? 310 : 4934;
    int dmin = kind == 0 ? -47 : kind == 1 ? -325 : -4967;
    if (lead > dmax) {
        special(kind, sign, 0, 0, out);
        *erange = 1;
        return used;
    }
    if (lead < dmin) {
        make_float(&(struct big){ .n = 0 }, 0, 1, kind, sign, out, erange);
        return used;
    }
    A.n = 1;
    A.w[0] = 0;
    for (int i = 0; i < nd;) {
        u32 chunk = 0, mul = 1;
        for (int c = 0; c < 9 && i < nd; c++, i++) {
            chunk = chunk * 10 + (u32)(digs[i] - '0');
            mul *= 10;
        }
        big_mul_add(&A, mul, chunk);
    }
    big_trim(&A);
    if (e10 >= 0) {
        big_pow(&A, 10, (int)e10);
        make_float(&A, 0, 0, kind, sign, out, erange);
        return used;
    }
    /* A / 10^k = A / (5^k * 2^k) */
    int kk = (int)-e10;
    B.n = 1;
    B.w[0] = 1;
    big_pow(&B, 5, kk);
    int s2 = F->p + 3 + big_bits(&B) - big_bits(&A);
    if (s2 < 0)
        s2 = 0;
    big_shl(&A, s2);
    /* long division: q = A / B, bit by bit */
    int qbits = big_bits(&A) - big_bits(&B) + 1;
    static struct big Q;
    Q.n = 0;
    if (qbits > 0) {
        big_shl(&B, qbits - 1);
        Q.n = (qbits + 31) / 32;
        memset(Q.w, 0, (size_t)Q.n * sizeof(u32));
        for (int i = qbits - 1; i >= 0; i--) {
            if (big_cmp(&A, &B) >= 0) {
                big_sub(&A, &B);
                Q.w[i / 32] |= 1u << (i % 32);
            }
            big_shr1(&B);
        }
        big_trim(&Q);
    }
    make_float(&Q, -s2 - kk, A.n != 0, kind, sign, out, erange);
    return used;
}

double strtod(const char *restrict s, char **restrict end)
{
    double d;
    int er;
    size_t n = __zl_strtofp(s, 1, &d, &er);
    if (end)
        *end = (char *)s + n;
    if (er)
        errno = ERANGE;
    return d;
}

float strtof(const char *restrict s, char **restrict end)
{
    float f;
    int er;
    size_t n = __zl_strtofp(s, 0, &f, &er);
    if (end)
        *end = (char *)s + n;
    if (er)
        errno = ERANGE;
    return f;
}

long double strtold(const char *restrict s, char **restrict end)
{
    long double f;
    int er;
    size_t n = __zl_strtofp(s, 2, &f, &er);
    if (end)
        *end = (char *)s + n;
    if (er)
        errno = ERANGE;
    return f;
}

double atof(const char *s)
{
    return strtod(s, NULL);
}
