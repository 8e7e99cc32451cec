/* atan, atan2, asin, acos and their float versions (docs/libc.md, "math"): double-double
 * arctangent (kernels.c: a double approximation corrected by one step that uses the
 * double-double sine and cosine); asin x = atan(x / sqrt(1 - x^2)),
 * acos x = atan2(sqrt(1 - x^2), x) with 1 - x^2 exact.  Float versions call the double ones. */
#include "dd.h"

double atan(double x)
{
    if (x != x)
        return x + x;
    if (fabs(x) < 0x1p-27)
        return x;
    if (fabs(x) > 0x1p110)   /* pi/2 - 1/x: 1/x is below the last bit */
        return x > 0 ? dd_val(__zl_pio2) : -dd_val(__zl_pio2);
    unsigned env = mth_enter();
    dd v = __zl_dd_atan(dd_d(x));
    mth_leave(env);
    return dd_val(v);
}

double atan2(double y, double x)
{
    if (x != x || y != y)
        return x + y;
    double ax = fabs(x), ay = fabs(y);
    int ny = (int)(mth_bits(y) >> 63), nx = (int)(mth_bits(x) >> 63);
    dd v;
    if (y == 0) {
        if (!nx)
            return y;
        v = __zl_pi;
    } else if (x == 0) {
        v = __zl_pio2;
    } else if (ax > 0x1.fffffffffffffp+1023) {
        if (ay > 0x1.fffffffffffffp+1023)
            v = nx ? dd_make(0x1.2d97c7f3321d2p+1, 0x1.a79394c9e8a0ap-54) /* 3pi/4 */
                   : dd_make(0x1.921fb54442d18p-1, 0x1.1a62633145c07p-55);   /* pi/4 */
        else if (nx)
            v = __zl_pi;
        else
            return ny ? -0.0 : 0.0;
    } else if (ay > 0x1.fffffffffffffp+1023) {
        v = __zl_pio2;
    } else {
        unsigned env = mth_enter();
        int ex, ey;
        frexp(ax, &ex);
        frexp(ay, &ey);
        if (ey - ex > 60) {
            v = dd_sub(__zl_pio2, dd_d(ldexp(ax, -ey) / ldexp(ay, -ey)));
            if (nx)
                v = dd_sub(__zl_pi, v);
        } else if (ex - ey > 60 && !nx) {
            mth_leave(env);
            double q = ay / ax;   /* atan q rounds to q */
            return ny ? -q : q;
        } else {
            dd q = dd_div(dd_d(ldexp(ay, -ex)), dd_d(ldexp(ax, -ex)));
            v = __zl_dd_atan(q);
            if (nx)
                v = dd_sub(__zl_pi, v);
        }
        mth_leave(env);
    }
    return ny ? -dd_val(v) : dd_val(v);
}

double asin(double x)
{
    if (x != x)
        return x + x;
    double ax = fabs(x);
    if (ax > 1)
        return (x - x) / (x - x);
    if (ax < 0x1p-26)
        return x;
    if (ax == 1)
        return x * dd_val(__zl_pio2);
    unsigned env = mth_enter();
    dd d = dd_sqrt(dd_sub(dd_d(1), dd_2prod(x, x)));
    dd v = __zl_dd_atan(dd_div(dd_d(x), d));
    mth_leave(env);
    return dd_val(v);
}

double acos(double x)
{
    if (x != x)
        return x + x;
    double ax = fabs(x);
    if (ax > 1)
        return (x - x) / (x - x);
    if (x == 1)
        return 0;
    unsigned env = mth_enter();
    dd v;
    if (x == -1) {
        v = __zl_pi;
    } else if (ax < 0x1p-60) {
        v = dd_add_d(__zl_pio2, -x);
    } else {
        dd d = dd_sqrt(dd_sub(dd_d(1), dd_2prod(x, x)));
        v = __zl_dd_atan(dd_div(d, dd_d(ax)));
        if (x < 0)
            v = dd_sub(__zl_pi, v);
    }
    mth_leave(env);
    return dd_val(v);
}

float atanf(float x) { return (float)atan(x); }
float atan2f(float y, float x) { return (float)atan2(y, x); }
float asinf(float x) { return (float)asin(x); }
float acosf(float x) { return (float)acos(x); }
