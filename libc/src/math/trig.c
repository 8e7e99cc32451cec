/* sin, cos, tan and their float versions (docs/libc.md, "math"): x = n pi/2 + r with the
 * exact Payne-Hanek reduction of kernels.c for every |x| > pi/4, then double-double Taylor
 * series of sin and cos on |r| <= pi/4.  Float versions call the double ones. */
#include "dd.h"

double sin(double x)
{
    if (x != x)
        return x + x;
    if (fabs(x) > 0x1.fffffffffffffp+1023)
        return (x - x) / (x - x);   /* invalid */
    if (fabs(x) < 0x1p-26)
        return x;   /* sin x = x (1 - x^2/6) rounds to x */
    unsigned env = mth_enter();
    dd r, v;
    int n = __zl_rem_pio2(x, &r);
    v = n & 1 ? __zl_dd_cos(r) : __zl_dd_sin(r);
    if (n & 2)
        v = dd_neg(v);
    mth_leave(env);
    return dd_val(v);
}

double cos(double x)
{
    if (x != x)
        return x + x;
    if (fabs(x) > 0x1.fffffffffffffp+1023)
        return (x - x) / (x - x);
    if (fabs(x) < 0x1p-27)
        return 1;
    unsigned env = mth_enter();
    dd r, v;
    int n = __zl_rem_pio2(x, &r);
    v = n & 1 ? __zl_dd_sin(r) : __zl_dd_cos(r);
    if ((n + 1) & 2)
        v = dd_neg(v);
    mth_leave(env);
    return dd_val(v);
}

double tan(double x)
{
    if (x != x)
        return x + x;
    if (fabs(x) > 0x1.fffffffffffffp+1023)
        return (x - x) / (x - x);
    if (fabs(x) < 0x1p-27)
        return x;
    unsigned env = mth_enter();
    dd r, v;
    int n = __zl_rem_pio2(x, &r);
    dd s = __zl_dd_sin(r), c = __zl_dd_cos(r);
    v = n & 1 ? dd_neg(dd_div(c, s)) : dd_div(s, c);
    mth_leave(env);
    return dd_val(v);
}

float sinf(float x) { return (float)sin(x); }
float cosf(float x) { return (float)cos(x); }
float tanf(float x) { return (float)tan(x); }
