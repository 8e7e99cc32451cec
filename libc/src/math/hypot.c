/* hypot and hypotf (docs/libc.md, "math"): both arguments scaled by the same power of
 * two, the sum of squares exact in double-double, a double-double square root, one final
 * rounding with the scale.  hypotf calls hypot. */
#include "dd.h"

double hypot(double x, double y)
{
    double a = fabs(x), b = fabs(y);
    if (a > 0x1.fffffffffffffp+1023 || b > 0x1.fffffffffffffp+1023)
        return mth_dbl(UINT64_C(0x7ff0000000000000));   /* +inf, even with a NaN */
    if (x != x || y != y)
        return x + y;
    if (a < b) {
        double t = a;
        a = b;
        b = t;
    }
    if (b == 0)
        return a;
    int ea, eb;
    frexp(a, &ea);
    frexp(b, &eb);
    if (ea - eb > 60)
        return a + b;   /* rounds to a, inexact */
    unsigned env = mth_enter();
    double sa = ldexp(a, -ea), sb = ldexp(b, -ea);
    dd s = dd_add(dd_2prod(sa, sa), dd_2prod(sb, sb));
    dd v = dd_sqrt(s);
    mth_leave(env);
    return __zl_mth_scale(v, ea);
}

float hypotf(float x, float y) { return (float)hypot(x, y); }
