/* tgamma, lgamma, lgamma_r, signgam and their float versions (docs/libc.md, "math"), in
 * double-double:
 *   x >= 20: Stirling's series (x - 1/2) log x - x + log(2 pi)/2 + sum_k B_2k/(2k(2k-1) x^(2k-1)),
 *            16 terms (below 2^-108 at x = 20);
 *   0 < x < 20: lgamma x = lgamma(x + n) - log(x (x+1) ... (x+n-1)) with x + n >= 20;
 *   |x - 1|, |x - 2| < 2^-20: the Taylor series with zeta(k) (the zeros of lgamma);
 *   x < 0: the reflection formula, log(pi / |x sin(pi x)|) - lgamma(-x) style
 *            (sin(pi x) with the exact reduction of kernels.c);
 *   tgamma = sign * e^lgamma (lgamma has an absolute error near 2^-96, so the relative
 *            error of e^lgamma is that small too).
 * Float versions call the double ones. */
#include "dd.h"

int signgam;

static const dd HALF_LN2PI = { 0x1.d67f1c864beb5p-1, -0x1.65b5a1b7ff5dfp-55 };
static const dd LNPI = { 0x1.250d048e7a1bdp+0, 0x1.7abf2ad8d5088p-57 };
static const dd EULER = { 0x1.2788cfc6fb619p-1, -0x1.6cb90701fbfabp-58 };

/* B_2k / (2k (2k - 1)), k = 1..16 */
static const dd stirling[16] = {
    { 0x1.5555555555555p-4, 0x1.5555555555555p-58 },   { -0x1.6c16c16c16c17p-9, 0x1.f49f49f49f49fp-64 },
    { 0x1.a01a01a01a01ap-11, 0x1.a01a01a01a01ap-71 },  { -0x1.3813813813814p-11, 0x1.fb1fb1fb1fb20p-65 },
    { 0x1.b951e2b18ff23p-11, 0x1.5c3a9ce01b952p-65 },  { -0x1.f6ab0d9993c7dp-10, 0x1.f82553c999b0ep-64 },
    { 0x1.a41a41a41a41ap-8, 0x1.0690690690690p-62 },   { -0x1.e4286cb0f5398p-6, 0x1.1efcdab896745p-61 },
    { 0x1.6fe96381e0680p-3, -0x1.79e2405a71f88p-61 },  { -0x1.6476701181f3ap+0, 0x1.24246319da678p-56 },
    { 0x1.ace44322ce006p+3, -0x1.62c2b1bbcdd32p-51 },  { -0x1.39b2525cccc1bp+7, 0x1.52604768a30fcp-47 },
    { 0x1.12234e81b4e82p+11, -0x1.2c5f92c5f92c6p-43 }, { -0x1.1a198ae1c4ab8p+15, 0x1.4c012227b696ep-41 },
    { 0x1.51a2089a6e11ap+19, 0x1.c219ee4fdc447p-36 },  { -0x1.d1089b142d357p+23, -0x1.e2030b4d5de20p-31 },
};

/* zeta(k), k = 2..9 */
static const dd zeta[8] = {
    { 0x1.a51a6625307d3p+0, 0x1.1873d8912200cp-55 },  { 0x1.33ba004f00621p+0, 0x1.c1b8b8ae2cf35p-55 },
    { 0x1.151322ac7d848p+0, 0x1.b5f91211196e5p-55 },  { 0x1.097418eca7ccep+0, -0x1.21773ec70b998p-54 },
    { 0x1.0470984c09245p+0, -0x1.c209343d2bfc4p-54 }, { 0x1.02232da14cf39p+0, -0x1.c95902995de95p-54 },
    { 0x1.010b36af86397p+0, -0x1.741a635b224a6p-56 }, { 0x1.00839f3d816b5p+0, 0x1.c0bfe83eec736p-54 },
};

/* lgamma(1 + e) (two = 0) or lgamma(2 + e) (two = 1) for |e| < 2^-20:
 * -gamma e + sum_k (-1)^k zeta(k) e^k / k, and lgamma(2 + e) = lgamma(1 + e) + log(1 + e),
 * whose series has zeta(k) - 1 in place of zeta(k). */
static dd lgamma_near(double e, int two)
{
    dd s = dd_d(0);
    for (int k = 9; k >= 2; k--) {
        dd c = dd_div_d(two ? dd_add_d(zeta[k - 2], -1) : zeta[k - 2], k);
        if (k & 1)
            c = dd_neg(c);
        s = dd_mul_d(dd_add(s, c), e);
    }
    dd g = two ? dd_sub(dd_d(1), EULER) : dd_neg(EULER);
    return dd_mul_d(dd_add(s, g), e);
}

/* log Gamma(x) for x > 0 (x.hi <= 2^900): absolute error about 2^-100 |result| */
static dd lgamma_pos(dd x)
{
    dd logp = dd_d(0);
    int haveprod = 0;
    if (x.hi < 20) {
        dd p = x;
        x = dd_add_d(x, 1);
        while (x.hi < 20) {
            p = dd_mul(p, x);
            x = dd_add_d(x, 1);
        }
        logp = __zl_dd_logdd(p);
        haveprod = 1;
    }
    dd lx = __zl_dd_logdd(x);
    dd r = dd_add(dd_sub(dd_mul(dd_add_d(x, -0.5), lx), x), HALF_LN2PI);
    if (x.hi < 0x1p60) {
        dd inv = dd_div(dd_d(1), x), inv2 = dd_mul(inv, inv), s = dd_d(0);
        for (int k = 15; k >= 0; k--)
            s = dd_add(dd_mul(s, inv2), stirling[k]);
        r = dd_add(r, dd_mul(s, inv));
    }
    return haveprod ? dd_sub(r, logp) : r;
}

/* log|Gamma(x)| for finite x that is not a pole; *sign = sign of Gamma(x) */
static dd lgamma_dd(double x, int *sign)
{
    *sign = 1;
    if (x > 0) {
        if (fabs(x - 1) < 0x1p-20)
            return lgamma_near(x - 1, 0);
        if (fabs(x - 2) < 0x1p-20)
            return lgamma_near(x - 2, 1);
        return lgamma_pos(dd_d(x));
    }
    /* Gamma(x) Gamma(1 - x) = pi / sin(pi x):
     * log|Gamma(x)| = log pi - log|sin(pi x)| - log Gamma(1 - x) */
    dd s = __zl_dd_sinpi(x);
    if (s.hi < 0) {
        s = dd_neg(s);
        *sign = -1;
    }
    dd l;
    if (x > -0x1p-60)   /* Gamma(1 - x) = 1 - gamma (-x) ... : log Gamma(1 - x) ~ gamma x */
        l = dd_mul_d(EULER, x);
    else
        l = lgamma_pos(dd_2sum(1, -x));
    return dd_sub(dd_sub(LNPI, __zl_dd_logdd(s)), l);
}

double lgamma_r(double x, int *sign)
{
    *sign = 1;
    if (x != x)
        return x + x;
    if (fabs(x) > 0x1.fffffffffffffp+1023)
        return x * x;
    if (x == 0) {
        if (mth_bits(x) >> 63)
            *sign = -1;
        return 1 / fabs(x);   /* +inf, divide-by-zero */
    }
    if (x < 0 && (x <= -0x1p52 || floor(x) == x))
        return 1 / (x - x);   /* pole: +inf, divide-by-zero */
    if (x == 1 || x == 2)
        return 0;
    unsigned env = mth_enter();
    dd v;
    if (fabs(x) < 0x1p-60) {   /* -log|x| - gamma x */
        v = dd_sub(dd_neg(__zl_dd_log(fabs(x))), dd_mul_d(EULER, x));
        if (x < 0)
            *sign = -1;
    } else if (x > 0x1p900) {
        /* x (log x - 1), with x scaled so that no double-double step overflows */
        v = dd_mul_d(dd_add_d(__zl_dd_log(x), -1), x * 0x1p-200);
        mth_leave(env);
        return __zl_mth_scale(v, 200);
    } else {
        v = lgamma_dd(x, sign);
    }
    mth_leave(env);
    return dd_val(v);
}

double lgamma(double x) { return lgamma_r(x, &signgam); }

double tgamma(double x)
{
    if (x != x)
        return x + x;
    if (x == 0)
        return 1 / x;   /* +-inf, divide-by-zero */
    if (fabs(x) > 0x1.fffffffffffffp+1023)
        return x > 0 ? x : (x - x) / (x - x);
    if (x < 0 && (x <= -0x1p52 || floor(x) == x))
        return (x - x) / (x - x);   /* negative integer: invalid */
    if (x > 171.7)
        return mth_overflow(1);
    if (x < -200) {   /* |Gamma(x)| < 2^-1280: underflow, with the sign of Gamma(x) */
        double t = mth_underflow(1);
        return __zl_dd_sinpi(x).hi < 0 ? -t : t;
    }
    unsigned env = mth_enter();
    int sign, k;
    dd l;
    if (fabs(x) < 0x1p-60)
        l = dd_sub(dd_neg(__zl_dd_log(fabs(x))), dd_mul_d(EULER, x)), sign = x < 0 ? -1 : 1;
    else
        l = lgamma_dd(x, &sign);
    double r;
    if (l.hi > 710) {
        mth_leave(env);
        r = mth_overflow(1);
    } else {
        dd v = __zl_dd_exp(l, &k);
        mth_leave(env);
        r = __zl_mth_scale(v, k);
    }
    return sign < 0 ? -r : r;
}

float lgammaf_r(float x, int *sign) { return (float)lgamma_r(x, sign); }
float lgammaf(float x) { return (float)lgamma_r(x, &signgam); }
float tgammaf(float x) { return (float)tgamma(x); }
