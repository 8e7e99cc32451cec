/* fma and fmaf (docs/libc.md, "math"): correctly rounded (to nearest, ties to even).
 * fma multiplies the 53-bit significands exactly into a 192-bit integer (32-bit limbs, so
 * rv32 needs no 128-bit type), adds or subtracts the aligned addend (bits shifted out
 * beyond 192 become a sticky bit) and rounds once, also onto the subnormal grid.
 * fmaf: the float product is exact in double; the double-double sum rounded to odd and then
 * to float is the correctly rounded result (double has more than float's 24 + 2 bits). */
#include "dd.h"
#include <fenv.h>

#define NL 6   /* limbs, least significant first */

static int topbit(const u32 *v)
{
    for (int i = NL - 1; i >= 0; i--)
        if (v[i])
            for (int b = 31; b >= 0; b--)
                if (v[i] >> b & 1)
                    return 32 * i + b;
    return -1;
}

static void shl(u32 *v, int n)
{
    for (; n >= 32; n -= 32) {
        for (int i = NL - 1; i > 0; i--)
            v[i] = v[i - 1];
        v[0] = 0;
    }
    if (n)
        for (int i = NL - 1; i >= 0; i--)
            v[i] = v[i] << n | (i ? v[i - 1] >> (32 - n) : 0);
}

/* shift right by n, ORing everything shifted out into bit 0 */
static void shr_sticky(u32 *v, int n)
{
    u32 st = 0;
    if (n >= 32 * NL) {
        for (int i = 0; i < NL; i++)
            st |= v[i], v[i] = 0;
        v[0] = st != 0;
        return;
    }
    for (; n >= 32; n -= 32) {
        st |= v[0];
        for (int i = 0; i < NL - 1; i++)
            v[i] = v[i + 1];
        v[NL - 1] = 0;
    }
    if (n) {
        st |= v[0] & (((u32)1 << n) - 1);
        for (int i = 0; i < NL; i++)
            v[i] = v[i] >> n | (i < NL - 1 ? v[i + 1] << (32 - n) : 0);
    }
    v[0] |= st != 0;
}

static int bit(const u32 *v, int i) { return (int)(v[i >> 5] >> (i & 31) & 1); }

static int any_below(const u32 *v, int n)   /* any of bits 0 .. n-1 set */
{
    for (int i = 0; i < n; i++)
        if (bit(v, i))
            return 1;
    return 0;
}

static void clear_below(u32 *v, int n)
{
    for (int i = 0; i < n; i++)
        v[i >> 5] &= ~((u32)1 << (i & 31));
}

static int cmp(const u32 *a, const u32 *b)
{
    for (int i = NL - 1; i >= 0; i--)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

static void add(u32 *a, const u32 *b)
{
    u64 c = 0;
    for (int i = 0; i < NL; i++) {
        c += (u64)a[i] + b[i];
        a[i] = (u32)c;
        c >>= 32;
    }
}

static void sub(u32 *a, const u32 *b)   /* a -= b, a >= b */
{
    u64 br = 0;
    for (int i = 0; i < NL; i++) {
        u64 t = (u64)a[i] - b[i] - br;
        a[i] = (u32)t;
        br = t >> 63;
    }
}

/* significand and exponent of a finite non-zero x: |x| = m 2^e */
static u64 decomp(double x, int *e)
{
    u64 b = mth_bits(x);
    int ex = (int)(b >> 52 & 0x7ff);
    u64 m = b & ((UINT64_C(1) << 52) - 1);
    if (ex)
        m |= UINT64_C(1) << 52;
    else
        ex = 1;
    *e = ex - 1075;
    return m;
}

double fma(double x, double y, double z)
{
    double ax = fabs(x), ay = fabs(y), az = fabs(z);
    const double MAXD = 0x1.fffffffffffffp+1023;
    if (x != x || y != y || z != z || ax > MAXD || ay > MAXD || az > MAXD || x == 0 || y == 0)
        return x * y + z;   /* exact product (0, inf) or NaN: the IEEE operations agree */
    if (z == 0)
        return x * y;       /* one rounding; x*y + z would give the same */
    int ex, ey, ez;
    u64 mx = decomp(x, &ex), my = decomp(y, &ey), mz = decomp(z, &ez);
    int sp = (int)((mth_bits(x) ^ mth_bits(y)) >> 63), sz = (int)(mth_bits(z) >> 63);
    /* product: 106 bits */
    u32 p[NL] = { 0 }, c[NL] = { 0 };
    u32 a[2] = { (u32)mx, (u32)(mx >> 32) }, b[2] = { (u32)my, (u32)(my >> 32) };
    for (int i = 0; i < 2; i++) {
        u64 carry = 0;
        for (int j = 0; j < 2; j++) {
            u64 t = (u64)a[i] * b[j] + p[i + j] + carry;
            p[i + j] = (u32)t;
            carry = t >> 32;
        }
        p[i + 2] += (u32)carry;
    }
    int ep = ex + ey;
    c[0] = (u32)mz;
    c[1] = (u32)(mz >> 32);
    /* both with their top bit at 32*NL - 2 (one spare bit for the carry of an addition) */
    int tp = topbit(p), tc = topbit(c), top = 32 * NL - 2;
    shl(p, top - tp);
    ep -= top - tp;
    shl(c, top - tc);
    ez -= top - tc;
    int e, s;
    if (ep >= ez) {
        shr_sticky(c, ep - ez);
        e = ep;
    } else {
        shr_sticky(p, ez - ep);
        e = ez;
    }
    u32 *r;
    if (sp == sz) {
        add(p, c);
        r = p;
        s = sp;
    } else {
        int k = cmp(p, c);
        if (k == 0)
            return 0.0;   /* exact cancellation: +0 in round-to-nearest */
        if (k > 0) {
            sub(p, c);
            r = p;
            s = sp;
        } else {
            sub(c, p);
            r = c;
            s = sz;
        }
    }
    /* |result| = r 2^e: keep 53 bits, or fewer on the subnormal grid (lsb 2^-1074) */
    int t = topbit(r);
    int lsb = t - 52;                   /* position in r of the last kept bit */
    if (lsb + e < -1074)
        lsb = -1074 - e;
    u64 kept;
    int inexact = 0;
    if (lsb <= 0) {                     /* exact: r < 2^53 */
        kept = ((u64)r[1] << 32 | r[0]) << -lsb;
    } else {
        int round = bit(r, lsb - 1), sticky = any_below(r, lsb - 1);
        clear_below(r, lsb);
        shr_sticky(r, lsb);             /* nothing non-zero is shifted out */
        kept = (u64)r[1] << 32 | r[0];
        inexact = round || sticky;
        if (round && (sticky || (kept & 1)))
            kept++;
        if (kept >> 53) {
            kept >>= 1;
            lsb++;
        }
    }
    int l = lsb + e;                    /* |result| = kept 2^l */
    if (l + 1075 >= 2047)
        return mth_overflow(s ? -1 : 1);
    double res = mth_dbl(((u64)(l + 1074) << 52) + kept);
    if (inexact)
        feraiseexcept(kept < (UINT64_C(1) << 52) ? FE_INEXACT | FE_UNDERFLOW : FE_INEXACT);
    return s ? -res : res;
}

float fmaf(float x, float y, float z)
{
    double p = (double)x * y;   /* exact */
    if (p != p || z != z || fabs(p) > 0x1.fffffffffffffp+1023 || fabsf(z) > 0x1.fffffep+127f || p == 0)
        return (float)(p + z);
    unsigned env = mth_enter();
    dd v = dd_2sum(p, z);
    double h = v.hi;
    u64 b = mth_bits(h);
    if (v.lo != 0 && !(b & 1))   /* round to odd: the sticky information stays in h */
        h = mth_dbl((v.lo > 0) == (h > 0) ? b + 1 : b - 1);
    mth_leave(env);
    return (float)h;
}
