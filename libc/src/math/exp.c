/* exp, exp2, expm1 and their float versions (docs/libc.md, "math"): double-double
 * e^r (kernels.c) after x = k ln2 + r, scaled by 2^k in the one final rounding.  The float
 * functions call the double ones and convert (two roundings: error < 0.5 ulp + 2^-29 ulp). */
#include "dd.h"

double exp(double x)
{
    if (x != x)
        return x + x;
    if (x > 709.782712893384)
        return mth_overflow(1);
    if (x < -745.1332191019412)
        return mth_underflow(1);
    if (x > -0x1p-60 && x < 0x1p-60)
        return 1 + x;
    unsigned env = mth_enter();
    int k;
    dd v = __zl_dd_exp(dd_d(x), &k);
    mth_leave(env);
    return __zl_mth_scale(v, k);
}

double exp2(double x)
{
    if (x != x)
        return x + x;
    if (x >= 1024)
        return mth_overflow(1);
    if (x < -1075)
        return mth_underflow(1);
    if (x > -0x1p-60 && x < 0x1p-60)
        return 1 + x;
    unsigned env = mth_enter();
    double kd = floor(x + 0.5);
    double f = x - kd;   /* exact, |f| <= 1/2 */
    int k;
    dd v = __zl_dd_exp(dd_mul_d(__zl_ln2, f), &k);
    mth_leave(env);
    return __zl_mth_scale(v, k + (int)kd);
}

double expm1(double x)
{
    if (x != x)
        return x + x;
    if (x > 709.782712893384)
        return mth_overflow(1);
    if (x < -38)
        return mth_round(-1);
    if (x > -0x1p-60 && x < 0x1p-60)
        return x;
    unsigned env = mth_enter();
    dd v;
    if (x >= -0.35 && x <= 0.35) {
        v = __zl_dd_expm1(dd_d(x));
    } else {
        int k;
        v = __zl_dd_exp(dd_d(x), &k);
        if (k > 1000) {   /* the -1 is far below the last bit */
            mth_leave(env);
            return __zl_mth_scale(v, k);
        }
        v = dd_add_d(dd_ldexp(v, k), -1);
    }
    mth_leave(env);
    return dd_val(v);
}

float expf(float x) { return (float)exp(x); }
float exp2f(float x) { return (float)exp2(x); }
float expm1f(float x) { return (float)expm1(x); }
