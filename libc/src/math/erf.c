/* erf, erfc and their float versions (docs/libc.md, "math"), in double-double:
 *   erf x = 2/sqrt(pi) e^(-x^2) sum_n 2^n x^(2n+1) / (1 3 5 ... (2n+1))   (|x| < 6; all
 *           terms positive, so no cancellation),
 *   erfc x = 1 - erf x for x < 4.5 (at most 32 of the ~106 bits cancel), and for x >= 4.5
 *           e^(-x^2)/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))), the Laplace
 *           continued fraction evaluated from depth 70 (below 2^-108 relative error there).
 * Float versions call the double ones. */
#include "dd.h"

static const dd TWO_OVER_SQRTPI = { 0x1.20dd750429b6dp+0, 0x1.1ae3a914fed80p-56 };
static const dd INV_SQRTPI = { 0x1.20dd750429b6dp-1, 0x1.1ae3a914fed80p-57 };

/* e^(-x^2) = result 2^k */
static dd expmx2(double x, int *k)
{
    return __zl_dd_exp(dd_neg(dd_2prod(x, x)), k);
}

/* erf a for 0 < a < 6 */
static dd erf_pos(double a)
{
    dd x2 = dd_ldexp(dd_2prod(a, a), 1), term = dd_d(a), sum = term;
    for (int n = 1; n < 400; n++) {
        term = dd_div_d(dd_mul(term, x2), 2 * n + 1);
        sum = dd_add(sum, term);
        if (term.hi < sum.hi * 0x1p-110)
            break;
    }
    int k;
    dd e = expmx2(a, &k);
    return dd_mul(dd_mul(sum, dd_ldexp(e, k)), TWO_OVER_SQRTPI);
}

double erf(double x)
{
    double a = fabs(x);
    if (x != x)
        return x + x;
    if (a >= 6)
        return mth_round(x > 0 ? 1 : -1);
    if (a < 0x1p-40) {
        /* 2x/sqrt(pi) (1 - x^2/3): the correction is far below the last bit */
        if (a < 0x1p-1000)
            return x * TWO_OVER_SQRTPI.hi + x * TWO_OVER_SQRTPI.lo;
        return dd_val(dd_mul_d(TWO_OVER_SQRTPI, x));
    }
    unsigned env = mth_enter();
    dd v = erf_pos(a);
    mth_leave(env);
    return x < 0 ? -dd_val(v) : dd_val(v);
}

double erfc(double x)
{
    if (x != x)
        return x + x;
    if (x < -6)
        return mth_round(2);
    if (x > 27.3)
        return mth_underflow(1);
    if (fabs(x) < 0x1p-56)
        return 1 - x;
    unsigned env = mth_enter();
    dd v;
    if (x < 4.5) {
        v = erf_pos(fabs(x));
        v = x < 0 ? dd_add_d(v, 1) : dd_sub(dd_d(1), v);
    } else {
        dd t = dd_d(0);
        for (int n = 70; n >= 1; n--)
            t = dd_div(dd_d(n * 0.5), dd_add_d(t, x));
        int k;
        dd e = expmx2(x, &k);
        v = dd_div(dd_mul(e, INV_SQRTPI), dd_add_d(t, x));
        mth_leave(env);
        return __zl_mth_scale(v, k);
    }
    mth_leave(env);
    return dd_val(v);
}

float erff(float x) { return (float)erf(x); }
float erfcf(float x) { return (float)erfc(x); }
