/* Double-double kernels shared by the double/float transcendental functions
 * (docs/libc.md, "math").  Each returns about 100 correct bits, so the final rounding to
 * double is correct except in rare near-halfway cases (and then off by one ulp at most).
 * Series coefficients are exact rationals evaluated at run time (Horner with a division by
 * the exact integer denominator); the constants below are ln 2, pi/2, pi and the bits of
 * 2/pi, written as sums of doubles. */
#include "dd.h"

const dd __zl_ln2 = { 0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56 };
static const double LN2_3 = 0x1.7b57a079a1934p-111;
const dd __zl_pio2 = { 0x1.921fb54442d18p+0, 0x1.1a62633145c07p-54 };
const dd __zl_pi = { 0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53 };
static const dd INVLN2 = { 0x1.71547652b82fep+0, 0x1.777d0ffda0d24p-56 };

/* Bits of 2/pi after the binary point, 32 per word (enough for every double exponent). */
static const u32 two_over_pi[48] = {
    0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041, 0xfe5163ab, 0xdebbc561,
    0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484,
    0xe99c7026, 0xb45f7e41, 0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f,
    0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d, 0x7527bac7, 0xebe5f17b,
    0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08, 0x56033046, 0xfc7b6bab, 0xf0cfbc20, 0x9af4361d,
    0xa9e39161, 0x5ee61b08, 0x6599855f, 0x14a06840, 0x8dffd880, 0x4d732731, 0x06061556, 0xca73a8c9,
};

double __zl_mth_scale(dd v, int k)
{
    double t = v.hi + v.lo;
    int et = 0;
    if (t != 0 && k < -900)
        frexp(t, &et);   /* |t| < 2^et */
    if (k > 1023) {
        t *= 0x1p1023;
        k -= 1023;
        if (k > 1023) {
            t *= 0x1p1023;
            k -= 1023;
            if (k > 1023)
                k = 1023;
        }
    } else if (t != 0 && k + et <= -1022) {
        /* Subnormal or zero result: round v 2^k onto the grid of 2^-1074 directly (not
         * t, which would round twice).  w = v 2^(k + 1074) is below 2^53. */
        int s = k + 1074;
        if (s < -200)
            return mth_underflow(t);
        double sc = s >= -1000 ? mth_pow2(s > 1023 ? 1023 : s) : 0x1p-1000;
        double wh = v.hi * sc, wl = v.lo * sc;
        if (s < -1000 || s > 1023 || wh > 0x1p53 || wh < -0x1p53)
            return t * mth_pow2(k + 1000) * 0x1p-1000;   /* not reached for our callers */
        double n = floor(wh + 0.5);            /* exact: |wh| < 2^53 */
        double f = (wh - n) + wl;              /* exact to well below 1/2 */
        if (f > 0.5 || (f == 0.5 && fmod(n, 2) != 0))
            n += 1;
        else if (f < -0.5 || (f == -0.5 && fmod(n, 2) != 0))
            n -= 1;
        int neg = n < 0;
        u64 m = (u64)(neg ? -n : n);
        double r = mth_dbl(m | (u64)neg << 63);   /* m 2^-1074 (m = 2^52 is DBL_MIN) */
        if (f != 0) {
            /* inexact: raise underflow and inexact as a rounding would */
            volatile double tiny = 0x1p-1022;
            tiny = tiny * tiny;
            (void)tiny;
        }
        return r;
    }
    return t * mth_pow2(k);
}

/* e^x - 1 for |x| <= 0.36: Taylor series of e^(x/256) - 1, then 8 times p <- p(2 + p). */
dd __zl_dd_expm1(dd x)
{
    dd s = dd_ldexp(x, -8), t = dd_d(1);
    for (int n = 10; n >= 2; n--)
        t = dd_add_d(dd_div_d(dd_mul(s, t), n), 1);
    dd p = dd_mul(s, t);
    for (int i = 0; i < 8; i++)
        p = dd_mul(p, dd_add_d(p, 2));
    return p;
}

/* e^x = result * 2^k: x = k ln2 + r with |r| <= ln2/2 (ln 2 to 160 bits). */
dd __zl_dd_exp(dd x, int *k)
{
    double kd = x.hi * INVLN2.hi;
    int n = (int)(kd + (kd >= 0 ? 0.5 : -0.5));
    dd r = dd_sub(x, dd_2prod(n, __zl_ln2.hi));
    r = dd_sub(r, dd_2prod(n, __zl_ln2.lo));
    r = dd_add_d(r, -n * LN2_3);
    *k = n;
    return dd_add_d(__zl_dd_expm1(r), 1);
}

/* log(1 + a) = 2 atanh(s), s = a / (2 + a), for a in [sqrt(1/2) - 1, sqrt(2) - 1]
 * (|s| <= 0.1716): 24 terms of the atanh series. */
static dd log1p_small(dd a)
{
    dd s = dd_div(a, dd_add_d(a, 2)), s2 = dd_mul(s, s);
    dd t = dd_div(dd_d(1), dd_d(49));
    for (int n = 23; n >= 0; n--)
        t = dd_add(dd_div(dd_d(1), dd_d(2 * n + 1)), dd_mul(s2, t));
    return dd_ldexp(dd_mul(s, t), 1);
}

/* x (hi normal, > 0) = m 2^e with m in [sqrt(1/2), sqrt(2)): log x = e ln2 + log(m). */
dd __zl_dd_logdd(dd x)
{
    int e = 0;
    if (x.hi < 0x1p-1000) {
        x = dd_ldexp(x, 200);
        e = -200;
    }
    u64 b = mth_bits(x.hi);
    int ex = (int)(b >> 52 & 0x7ff) - 1023;
    if (mth_dbl((b & ((UINT64_C(1) << 52) - 1)) | UINT64_C(0x3ff) << 52) > 0x1.6a09e667f3bccp+0)
        ex++;
    dd m = ex > 1000 ? dd_ldexp(dd_ldexp(x, -1000), 1000 - ex) : dd_ldexp(x, -ex);
    e += ex;
    dd l = log1p_small(dd_add_d(m, -1));
    if (e == 0)
        return l;
    dd el = dd_add(dd_2prod(e, __zl_ln2.hi), dd_2prod(e, __zl_ln2.lo));
    el = dd_add_d(el, e * LN2_3);
    return dd_add(el, l);
}

dd __zl_dd_log(double x)
{
    if (x < 0x1p-1000)   /* subnormal: scale first */
        return dd_add(__zl_dd_logdd(dd_d(x * 0x1p200)), dd_mul_d(__zl_ln2, -200));
    return __zl_dd_logdd(dd_d(x));
}

dd __zl_dd_log1p(dd a)
{
    if (a.hi >= -0.29 && a.hi <= 0.41)
        return log1p_small(a);
    if (a.hi > 0x1p100)
        return __zl_dd_logdd(a);
    return __zl_dd_logdd(dd_add_d(a, 1));
}

/* sin r = r (1 - r^2/(2*3) (1 - r^2/(4*5) (1 - ...))), 15 terms for |r| <= pi/4 */
dd __zl_dd_sin(dd r)
{
    dd r2 = dd_mul(r, r), t = dd_d(1);
    for (int n = 14; n >= 1; n--)
        t = dd_add_d(dd_neg(dd_div_d(dd_mul(r2, t), (double)(2 * n * (2 * n + 1)))), 1);
    return dd_mul(r, t);
}

dd __zl_dd_cos(dd r)
{
    dd r2 = dd_mul(r, r), t = dd_d(1);
    for (int n = 14; n >= 1; n--)
        t = dd_add_d(dd_neg(dd_div_d(dd_mul(r2, t), (double)((2 * n - 1) * 2 * n))), 1);
    return t;
}

/* 32 bits of the little-endian limb array q (n limbs) starting at bit pos (may be < 0). */
static u32 bits32(const u32 *q, int n, int pos)
{
    u32 r = 0;
    for (int i = 0; i < 32; i++) {
        int p = pos + i;
        if (p >= 0 && p < 32 * n && (q[p >> 5] >> (p & 31) & 1))
            r |= (u32)1 << i;
    }
    return r;
}

/* Payne-Hanek: x = m 2^e (m < 2^53); the bits of 2/pi from bit s = max(e - 1, 1) on
 * (earlier bits only add multiples of 4 to x 2/pi) times m give the quadrant and 192 bits
 * of the fraction, which times pi/2 is r. */
int __zl_rem_pio2(double x, dd *r)
{
    u64 b = mth_bits(x);
    if ((b & ~(UINT64_C(1) << 63)) <= mth_bits(0x1.921fb54442d18p-1)) {
        *r = dd_d(x);
        return 0;
    }
    int neg = (int)(b >> 63);
    u64 m = (b & ((UINT64_C(1) << 52) - 1)) | UINT64_C(1) << 52;
    int e = (int)(b >> 52 & 0x7ff) - 1075;
    int s = e - 1 > 1 ? e - 1 : 1;
    int off = s - 1, wi = off >> 5, sh = off & 31;
    u32 w[7];   /* w[0] least significant: bits s .. s+223 of 2/pi */
    for (int i = 0; i < 7; i++) {
        u32 hi = two_over_pi[wi + i], lo = two_over_pi[wi + i + 1];
        w[6 - i] = sh ? hi << sh | lo >> (32 - sh) : hi;
    }
    u32 mm[2] = { (u32)m, (u32)(m >> 32) };
    u32 q[9] = { 0 };
    for (int i = 0; i < 2; i++) {
        u64 carry = 0;
        for (int j = 0; j < 7; j++) {
            u64 t = (u64)mm[i] * w[j] + q[i + j] + carry;
            q[i + j] = (u32)t;
            carry = t >> 32;
        }
        q[i + 7] += (u32)carry;
    }
    int p = s + 223 - e;   /* binary point */
    int n = (int)(bits32(q, 9, p) & 3);
    u32 f[6];   /* fraction, f[0] most significant */
    for (int i = 0; i < 6; i++)
        f[i] = bits32(q, 9, p - 32 * (i + 1));
    int fneg = (int)(f[0] >> 31);
    if (fneg) {   /* fraction >= 1/2: use fraction - 1 */
        n++;
        u32 c = 1;
        for (int i = 5; i >= 0; i--) {
            u32 t = ~f[i] + c;
            c = c && t == 0;
            f[i] = t;
        }
    }
    dd v = dd_d((double)f[5] * 0x1p-192);
    for (int i = 4; i >= 0; i--)
        v = dd_add_d(v, (double)f[i] * mth_pow2(-32 * (i + 1)));
    v = dd_mul(v, __zl_pio2);
    if (fneg != neg)
        v = dd_neg(v);
    *r = v;
    return (neg ? -n : n) & 3;
}

/* atan of a in [0, 1]: a double approximation y0 (two argument halvings and a series),
 * then y = y0 + t with t = tan(atan a - y0) = (a cos y0 - sin y0) / (cos y0 + a sin y0). */
static dd atan01(dd a)
{
    double z = a.hi;
    for (int i = 0; i < 2; i++)
        z = z / (1 + sqrt(1 + z * z));
    double z2 = z * z, t = 0;
    for (int n = 11; n >= 0; n--)
        t = 1.0 / (2 * n + 1) - z2 * t;
    double y0 = 4 * z * t;
    dd s = __zl_dd_sin(dd_d(y0)), c = __zl_dd_cos(dd_d(y0));
    dd num = dd_sub(dd_mul(a, c), s), den = dd_add(c, dd_mul(a, s));
    return dd_add_d(dd_div(num, den), y0);
}

dd __zl_dd_atan(dd x)
{
    int neg = x.hi < 0;
    if (neg)
        x = dd_neg(x);
    dd y;
    if (x.hi > 1)
        y = dd_sub(__zl_pio2, atan01(dd_div(dd_d(1), x)));
    else
        y = atan01(x);
    return neg ? dd_neg(y) : y;
}

/* sin(pi x) with an exact reduction of x modulo 2. */
dd __zl_dd_sinpi(double x)
{
    double ax = x < 0 ? -x : x;
    if (ax >= 0x1p52)
        return dd_d(0);
    double k = 2 * floor(ax / 2);
    double r = ax - k;   /* [0, 2), exact */
    int neg = x < 0;
    if (r >= 1) {
        r -= 1;
        neg = !neg;
    }
    if (r > 0.5)
        r = 1 - r;   /* sin(pi r) = sin(pi (1 - r)) */
    dd v;
    if (r <= 0.25)
        v = __zl_dd_sin(dd_mul_d(__zl_pi, r));
    else
        v = __zl_dd_cos(dd_mul_d(__zl_pi, 0.5 - r));
    return neg ? dd_neg(v) : v;
}
