/* sinh, cosh, tanh, asinh, acosh, atanh and their float versions (docs/libc.md, "math"):
 * double-double e^x and e^x - 1 (kernels.c) combined without cancellation
 * (sinh = (E + E/(1+E))/2, cosh = 1 + E^2/(2(1+E)), tanh = E/(E+2) with E = e^|x| - 1 or
 * e^2|x| - 1), and log1p of an argument built exactly for the inverse functions.
 * Float versions call the double ones. */
#include "dd.h"

/* e^a - 1 for a >= 0 (a < 40) */
static dd em1(double a)
{
    if (a <= 0.35)
        return __zl_dd_expm1(dd_d(a));
    int k;
    dd v = __zl_dd_exp(dd_d(a), &k);
    return dd_add_d(dd_ldexp(v, k), -1);
}

double sinh(double x)
{
    double a = fabs(x);
    if (x != x)
        return x + x;
    if (a > 0x1.fffffffffffffp+1023 || a < 0x1p-26)
        return x;   /* +-inf, or sinh x = x (1 + x^2/6) rounds to x */
    if (a > 711)
        return mth_overflow(x);
    unsigned env = mth_enter();
    double r;
    if (a >= 40) {   /* e^-|x| is below the last bit */
        int k;
        dd v = __zl_dd_exp(dd_d(a), &k);
        mth_leave(env);
        r = __zl_mth_scale(v, k - 1);
    } else {
        dd e = em1(a);
        dd v = dd_ldexp(dd_add(e, dd_div(e, dd_add_d(e, 1))), -1);
        mth_leave(env);
        r = dd_val(v);
    }
    return x < 0 ? -r : r;
}

double cosh(double x)
{
    double a = fabs(x);
    if (x != x)
        return x * x;
    if (a > 711)
        return mth_overflow(1);
    if (a < 0x1p-27)
        return 1;
    unsigned env = mth_enter();
    if (a >= 40) {
        int k;
        dd v = __zl_dd_exp(dd_d(a), &k);
        mth_leave(env);
        return __zl_mth_scale(v, k - 1);
    }
    dd e = em1(a);
    dd v = dd_add_d(dd_div(dd_mul(e, e), dd_ldexp(dd_add_d(e, 1), 1)), 1);
    mth_leave(env);
    return dd_val(v);
}

double tanh(double x)
{
    double a = fabs(x);
    if (x != x)
        return x + x;
    if (a < 0x1p-27)
        return x;
    if (a > 22)
        return mth_round(x > 0 ? 1 : -1);
    unsigned env = mth_enter();
    dd e = em1(2 * a);
    dd v = dd_div(e, dd_add_d(e, 2));
    mth_leave(env);
    return x < 0 ? -dd_val(v) : dd_val(v);
}

double asinh(double x)
{
    double a = fabs(x);
    if (x != x)
        return x + x;
    if (a > 0x1.fffffffffffffp+1023 || a < 0x1p-26)
        return x;
    unsigned env = mth_enter();
    dd v;
    if (a > 0x1p60) {   /* log 2a: 1/(4a^2) is below the last bit */
        v = dd_add(__zl_dd_log(a), __zl_ln2);
    } else {
        /* log1p(a + a^2 / (1 + sqrt(1 + a^2))) */
        dd a2 = dd_2prod(a, a);
        dd s = dd_sqrt(dd_add_d(a2, 1));
        v = __zl_dd_log1p(dd_add_d(dd_div(a2, dd_add_d(s, 1)), a));
    }
    mth_leave(env);
    return x < 0 ? -dd_val(v) : dd_val(v);
}

double acosh(double x)
{
    if (x != x)
        return x + x;
    if (x < 1)
        return (x - x) / (x - x);
    if (x == 1)
        return 0;
    if (x > 0x1.fffffffffffffp+1023)
        return x;
    unsigned env = mth_enter();
    dd v;
    if (x > 0x1p60) {
        v = dd_add(__zl_dd_log(x), __zl_ln2);
    } else {
        /* t = x - 1: log1p(t + sqrt(t (t + 2))) */
        dd t = dd_2sum(x, -1);
        dd w = dd_add(t, dd_sqrt(dd_mul(t, dd_add_d(t, 2))));
        v = __zl_dd_log1p(w);
    }
    mth_leave(env);
    return dd_val(v);
}

double atanh(double x)
{
    double a = fabs(x);
    if (x != x)
        return x + x;
    if (a < 0x1p-27)
        return x;
    if (a >= 1)
        return a == 1 ? x / 0.0 : (x - x) / (x - x);
    unsigned env = mth_enter();
    /* atanh a = log1p(2a / (1 - a)) / 2 */
    dd v = dd_ldexp(__zl_dd_log1p(dd_div(dd_d(2 * a), dd_2sum(1, -a))), -1);
    mth_leave(env);
    return x < 0 ? -dd_val(v) : dd_val(v);
}

float sinhf(float x) { return (float)sinh(x); }
float coshf(float x) { return (float)cosh(x); }
float tanhf(float x) { return (float)tanh(x); }
float asinhf(float x) { return (float)asinh(x); }
float acoshf(float x) { return (float)acosh(x); }
float atanhf(float x) { return (float)atanh(x); }
