/* Double-double kernels shared by the double/float transcendental functions
 * (docs/libc.md, "math").  Each returns about 100 correct bits, so the final rounding to
 * double is correct except in rare near-halfway cases (and then off by one ulp at most).
 * Series coefficients (1/n!, 1/(2n+1)) and the constants (ln 2, pi/2, pi, atan(k/8), the
 * bits of 2/pi) were computed with mpmath at 300 bits and are written as sums of doubles. */
#include "dd.h"

const dd __zl_ln2 = { 0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56 };
static const double LN2_3 = 0x1.7b57a079a1934p-111;
const dd __zl_pio2 = { 0x1.921fb54442d18p+0, 0x1.1a62633145c07p-54 };
static const double PIO2_3 = -0x1.f1976b7ed8fbcp-110;
const dd __zl_pi = { 0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53 };
static const dd INVLN2 = { 0x1.71547652b82fep+0, 0x1.777d0ffda0d24p-56 };

/* 1/n!, n = 0..28 */
static const dd inv_fact[29] = {
{ 0x1.0000000000000p+0, 0x0.0p+0 },
    { 0x1.0000000000000p+0, 0x0.0p+0 },
    { 0x1.0000000000000p-1, 0x0.0p+0 },
    { 0x1.5555555555555p-3, 0x1.5555555555555p-57 },
    { 0x1.5555555555555p-5, 0x1.5555555555555p-59 },
    { 0x1.1111111111111p-7, 0x1.1111111111111p-63 },
    { 0x1.6c16c16c16c17p-10, -0x1.f49f49f49f49fp-65 },
    { 0x1.a01a01a01a01ap-13, 0x1.a01a01a01a01ap-73 },
    { 0x1.a01a01a01a01ap-16, 0x1.a01a01a01a01ap-76 },
    { 0x1.71de3a556c734p-19, -0x1.c154f8ddc6c00p-73 },
    { 0x1.27e4fb7789f5cp-22, 0x1.cbbc05b4fa99ap-76 },
    { 0x1.ae64567f544e4p-26, -0x1.c062e06d1f209p-80 },
    { 0x1.1eed8eff8d898p-29, -0x1.2aec959e14c06p-83 },
    { 0x1.6124613a86d09p-33, 0x1.f28e0cc748ebep-87 },
    { 0x1.93974a8c07c9dp-37, 0x1.05d6f8a2efd1fp-92 },
    { 0x1.ae7f3e733b81fp-41, 0x1.1d8656b0ee8cbp-97 },
    { 0x1.ae7f3e733b81fp-45, 0x1.1d8656b0ee8cbp-101 },
    { 0x1.952c77030ad4ap-49, 0x1.ac981465ddc6cp-103 },
    { 0x1.6827863b97d97p-53, 0x1.eec01221a8b0bp-107 },
    { 0x1.2f49b46814157p-57, 0x1.2650f61dbdcb4p-112 },
    { 0x1.e542ba4020225p-62, 0x1.ea72b4afe3c2fp-120 },
    { 0x1.71b8ef6dcf572p-66, -0x1.d043ae40c4647p-120 },
    { 0x1.0ce396db7f853p-70, -0x1.aebcdbd20331cp-124 },
    { 0x1.761b41316381ap-75, -0x1.3423c7d91404fp-130 },
    { 0x1.f2cf01972f578p-80, -0x1.9ada5fcc1ab14p-135 },
    { 0x1.3f3ccdd165fa9p-84, -0x1.58ddadf344487p-139 },
    { 0x1.88e85fc6a4e5ap-89, -0x1.71c37ebd16540p-143 },
    { 0x1.d1ab1c2dccea3p-94, 0x1.054d0c78aea14p-149 },
    { 0x1.0a18a2635085dp-98, 0x1.b9e2e28e1aa54p-153 }
};

/* 1/(2n+1), n = 0..24 */
static const dd inv_odd[25] = {
{ 0x1.0000000000000p+0, 0x0.0p+0 },
    { 0x1.5555555555555p-2, 0x1.5555555555555p-56 },
    { 0x1.999999999999ap-3, -0x1.999999999999ap-57 },
    { 0x1.2492492492492p-3, 0x1.2492492492492p-57 },
    { 0x1.c71c71c71c71cp-4, 0x1.c71c71c71c71cp-58 },
    { 0x1.745d1745d1746p-4, -0x1.745d1745d1746p-59 },
    { 0x1.3b13b13b13b14p-4, -0x1.3b13b13b13b14p-58 },
    { 0x1.1111111111111p-4, 0x1.1111111111111p-60 },
    { 0x1.e1e1e1e1e1e1ep-5, 0x1.e1e1e1e1e1e1ep-61 },
    { 0x1.af286bca1af28p-5, 0x1.af286bca1af28p-59 },
    { 0x1.8618618618618p-5, 0x1.8618618618618p-59 },
    { 0x1.642c8590b2164p-5, 0x1.642c8590b2164p-60 },
    { 0x1.47ae147ae147bp-5, -0x1.eb851eb851eb8p-61 },
    { 0x1.2f684bda12f68p-5, 0x1.2f684bda12f68p-59 },
    { 0x1.1a7b9611a7b96p-5, 0x1.1a7b9611a7b96p-61 },
    { 0x1.0842108421084p-5, 0x1.0842108421084p-60 },
    { 0x1.f07c1f07c1f08p-6, -0x1.f07c1f07c1f08p-61 },
    { 0x1.d41d41d41d41dp-6, 0x1.0750750750750p-60 },
    { 0x1.bacf914c1bad0p-6, -0x1.bacf914c1bad0p-60 },
    { 0x1.a41a41a41a41ap-6, 0x1.0690690690690p-60 },
    { 0x1.8f9c18f9c18fap-6, -0x1.f3831f3831f38p-61 },
    { 0x1.7d05f417d05f4p-6, 0x1.7d05f417d05f4p-62 },
    { 0x1.6c16c16c16c17p-6, -0x1.f49f49f49f49fp-61 },
    { 0x1.5c9882b931057p-6, 0x1.310572620ae4cp-61 },
    { 0x1.4e5e0a72f0539p-6, 0x1.e0a72f0539783p-60 }
};

/* log(1 + k/32), k = -10..14 */
static const dd log_k32[25] = {
    { -0x1.7fafa3bd8151cp-2, 0x1.219024acd3b77p-58 },
    { -0x1.522ae0738a3d8p-2, 0x1.8f7e9b38a6979p-57 },
    { -0x1.269621134db92p-2, -0x1.e0efadd9db02bp-56 },
    { -0x1.f991c6cb3b379p-3, -0x1.f665066f980a2p-57 },
    { -0x1.a93ed3c8ad9e3p-3, -0x1.bcafa9de97203p-57 },
    { -0x1.5bf406b543db2p-3, 0x1.1f5b44c0df7e7p-61 },
    { -0x1.1178e8227e47cp-3, 0x1.0e63a5f01c691p-58 },
    { -0x1.9335e5d594989p-4, 0x1.478a85704ccb7p-58 },
    { -0x1.08598b59e3a07p-4, 0x1.dd7009902bf32p-58 },
    { -0x1.0415d89e74444p-5, -0x1.c05cf1d753622p-59 },
    { 0x0.0p+0, 0x0.0p+0 },
    { 0x1.f829b0e783300p-6, 0x1.33e3f04f1ef23p-60 },
    { 0x1.f0a30c01162a6p-5, 0x1.85f325c5bbacdp-59 },
    { 0x1.6f0d28ae56b4cp-4, -0x1.906d99184b992p-58 },
    { 0x1.e27076e2af2e6p-4, -0x1.61578001e0162p-60 },
    { 0x1.29552f81ff523p-3, 0x1.301771c407dbfp-57 },
    { 0x1.5ff3070a793d4p-3, -0x1.bc60efafc6f6ep-58 },
    { 0x1.9525a9cf456b4p-3, 0x1.d904c1d4e2e26p-57 },
    { 0x1.c8ff7c79a9a22p-3, -0x1.4f689f8434012p-57 },
    { 0x1.fb9186d5e3e2bp-3, -0x1.caaae64f21acbp-57 },
    { 0x1.1675cababa60ep-2, 0x1.ce63eab883717p-61 },
    { 0x1.2e8e2bae11d31p-2, -0x1.8f4cdb95ebdf9p-56 },
    { 0x1.4618bc21c5ec2p-2, 0x1.f42decdeccf1dp-56 },
    { 0x1.5d1bdbf5809cap-2, 0x1.4236383dc7fe1p-56 },
    { 0x1.739d7f6bbd007p-2, -0x1.8c76ceb014b04p-56 }

};

/* atan(k/8), k = 0..8 */
static const dd atan_k8[9] = {
{ 0x0.0p+0, 0x0.0p+0 },
    { 0x1.fd5ba9aac2f6ep-4, -0x1.cd37686760c17p-59 },
    { 0x1.f5b75f92c80ddp-3, 0x1.8ab6e3cf7afbdp-57 },
    { 0x1.6f61941e4def1p-2, -0x1.c63aae6f6e918p-56 },
    { 0x1.dac670561bb4fp-2, 0x1.a2b7f222f65e2p-56 },
    { 0x1.1e00babdefeb4p-1, -0x1.928df287a668fp-58 },
    { 0x1.4978fa3269ee1p-1, 0x1.2419a87f2a458p-56 },
    { 0x1.700a7c5784634p-1, -0x1.8c34d25aadef6p-56 },
    { 0x1.921fb54442d18p-1, 0x1.1a62633145c07p-55 }
};

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
    dd s = dd_ldexp(x, -8), t = inv_fact[10];
    for (int n = 9; n >= 1; n--)
        t = dd_add(dd_mul(t, s), inv_fact[n]);
    dd p = dd_mul(s, t);   /* sum of s^n/n!, n = 1..10 */
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

/* 2 atanh(s) = 2 s sum s^2n/(2n+1), |s| <= 1/128 (s^2 <= 2^-14): 9 terms */
static dd atanh2_small(dd s)
{
    dd s2 = dd_mul(s, s), t = inv_odd[8];
    for (int n = 7; n >= 0; n--)
        t = dd_add(inv_odd[n], dd_mul(s2, t));
    return dd_ldexp(dd_mul(s, t), 1);
}

/* log(1 + a) for a in [sqrt(1/2) - 1, sqrt(2) - 1]: with c = 1 + k/32 the nearest to 1 + a,
 * log(1 + a) = log c + 2 atanh(s), s = (1 + a - c)/(1 + a + c), |s| <= 1/128.  Near 0
 * (k = 0) s = a/(2 + a) directly, so tiny a keeps its relative precision. */
static dd log1p_small(dd a)
{
    int k = (int)(a.hi * 32 + (a.hi >= 0 ? 0.5 : -0.5));
    if (k == 0)
        return atanh2_small(dd_div(a, dd_add_d(a, 2)));
    double c = k * 0.03125;   /* (1 + a) - (1 + k/32) = a - k/32, exactly formed */
    dd num = dd_add_d(a, -c), den = dd_add_d(dd_add_d(a, c), 2);
    return dd_add(log_k32[k + 10], atanh2_small(dd_div(num, den)));
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

/* sin r = r sum (-1)^n r^2n/(2n+1)!, n = 0..13 (the next term is below 2^-110 for
 * |r| <= pi/4) */
dd __zl_dd_sin(dd r)
{
    dd r2 = dd_mul(r, r), t = dd_neg(inv_fact[27]);
    for (int n = 12; n >= 0; n--)
        t = dd_add(dd_mul(t, r2), n & 1 ? dd_neg(inv_fact[2 * n + 1]) : inv_fact[2 * n + 1]);
    return dd_mul(r, t);
}

/* cos r = sum (-1)^n r^2n/(2n)!, n = 0..14 */
dd __zl_dd_cos(dd r)
{
    dd r2 = dd_mul(r, r), t = inv_fact[28];
    for (int n = 13; n >= 0; n--)
        t = dd_add(dd_mul(t, r2), n & 1 ? dd_neg(inv_fact[2 * n]) : inv_fact[2 * n]);
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
    if ((b & ~(UINT64_C(1) << 63)) < mth_bits(0x1p20)) {
        /* Cody-Waite: x - n pi/2 with pi/2 in three parts (161 bits); n < 2^20, so
         * n times each part is exact in double-double and the cancellation is exact */
        double nd = floor(x * 0x1.45f306dc9c883p-1 + 0.5);   /* x 2/pi */
        dd v = dd_sub(dd_d(x), dd_2prod(nd, __zl_pio2.hi));
        v = dd_sub(v, dd_2prod(nd, __zl_pio2.lo));
        v = dd_add_d(v, -nd * PIO2_3);
        *r = v;
        return (int)((i64)nd & 3);
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

/* atan of a in [0, 1]: with c = k/8 the nearest eighth, atan a = atan c + atan t,
 * t = (a - c)/(1 + a c), |t| <= 1/16; atan t = t sum (-1)^n t^2n/(2n+1), n = 0..14. */
static dd atan01(dd a)
{
    int k = (int)(a.hi * 8 + 0.5);
    double c = k * 0.125;
    dd t = k ? dd_div(dd_add_d(a, -c), dd_add_d(dd_mul_d(a, c), 1)) : a;
    dd t2 = dd_mul(t, t), p = inv_odd[14];
    for (int n = 13; n >= 0; n--)
        p = dd_add(dd_mul(p, t2), n & 1 ? dd_neg(inv_odd[n]) : inv_odd[n]);
    return dd_add(atan_k8[k], dd_mul(t, p));
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
