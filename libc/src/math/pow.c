/* pow and powf (docs/libc.md, "math"): the special cases of C11 F.10.4.4, then
 * e^(y log|x|) with log|x| and the product in double-double (about 2^-95 relative error
 * after the exponential, enough for the final rounding).  powf calls pow and converts. */
#include "dd.h"

/* 0: not an integer, 1: odd integer, 2: even integer (y finite) */
static int intkind(double y)
{
    double a = y < 0 ? -y : y;
    if (a >= 0x1p53)
        return 2;
    if (floor(a) != a)
        return 0;
    u64 n = (u64)a;
    return n & 1 ? 1 : 2;
}

double pow(double x, double y)
{
    if (y == 0 || x == 1)
        return 1;
    if (x != x || y != y)
        return x + y;
    double ax = fabs(x), ay = fabs(y);
    int yk = ay > 0x1.fffffffffffffp+1023 ? 2 : intkind(y);
    if (ay > 0x1.fffffffffffffp+1023) {   /* y = +-inf */
        if (ax == 1)
            return 1;
        return (ax < 1) == (y < 0) ? y * y : 0.0;
    }
    if (x == 0) {
        if (y < 0)
            return yk == 1 ? 1 / x : 1 / (x * x);   /* +-inf or +inf, divide-by-zero */
        return yk == 1 ? x : 0.0;
    }
    if (ax > 0x1.fffffffffffffp+1023) {   /* x = +-inf */
        if (y < 0)
            return x < 0 && yk == 1 ? -0.0 : 0.0;
        return x < 0 && yk == 1 ? x : ax;
    }
    if (x < 0 && yk == 0)
        return (x - x) / (x - x);   /* invalid */
    double sign = x < 0 && yk == 1 ? -1.0 : 1.0;
    if (ax == 1)
        return sign;
    if (ay > 0x1p64)   /* |y log|x|| >= 2^11: overflow or underflow (y is even) */
        return (ax > 1) == (y > 0) ? mth_overflow(1) : mth_underflow(1);
    unsigned env = mth_enter();
    dd t = dd_mul_d(__zl_dd_log(ax), y);
    if (t.hi > 710) {
        mth_leave(env);
        return mth_overflow(sign);
    }
    if (t.hi < -746) {
        mth_leave(env);
        return mth_underflow(sign);
    }
    int k;
    dd v = __zl_dd_exp(t, &k);
    mth_leave(env);
    return sign * __zl_mth_scale(v, k);
}

float powf(float x, float y) { return (float)pow(x, y); }
