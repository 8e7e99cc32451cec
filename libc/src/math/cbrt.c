/* cbrt and cbrtf (docs/libc.md, "math"): x = m 2^(3q) with m in [1/8, 1), Newton's method
 * in double, then one Newton step in double-double (y^3 exact).  cbrtf calls cbrt. */
#include "dd.h"

double cbrt(double x)
{
    if (x != x || x == 0 || fabs(x) > 0x1.fffffffffffffp+1023)
        return x + x;
    unsigned env = mth_enter();
    int e;
    double m = frexp(fabs(x), &e);   /* [1/2, 1) */
    int r = ((e % 3) + 3) % 3;       /* e = 3q + r */
    int q = (e - r) / 3;
    if (r)
        m = ldexp(m, r - 3), q++;    /* m in [1/8, 1/2): x = m 2^(3q) */
    double y = 0.4 + 0.6 * m;
    for (int i = 0; i < 6; i++)
        y -= (y * y * y - m) / (3 * y * y);
    dd y3 = dd_mul_d(dd_2prod(y, y), y);
    dd corr = dd_div(dd_add_d(y3, -m), dd_mul_d(dd_2prod(y, y), 3));
    dd v = dd_sub(dd_d(y), corr);
    mth_leave(env);
    double res = __zl_mth_scale(v, q);
    return x < 0 ? -res : res;
}

float cbrtf(float x) { return (float)cbrt(x); }
