/* log, log2, log10, log1p and their float versions (docs/libc.md, "math"): x = m 2^e with
 * m in [sqrt(1/2), sqrt(2)), log m = 2 atanh((m - 1)/(m + 1)) in double-double
 * (kernels.c).  Float versions call the double ones and convert. */
#include "dd.h"

static const dd INVLN2 = { 0x1.71547652b82fep+0, 0x1.777d0ffda0d24p-56 };
static const dd INVLN10 = { 0x1.bcb7b1526e50ep-2, 0x1.95355baaafad3p-57 };

/* NaN, inf, zero and negative arguments; returns 1 and sets *r when x is one of them. */
static int special(double x, double *r)
{
    if (x != x) {
        *r = x + x;
        return 1;
    }
    if (x == 0) {
        *r = -1 / (x * x);   /* -inf, divide-by-zero */
        return 1;
    }
    if (x < 0) {
        *r = (x - x) / (x - x);   /* NaN, invalid */
        return 1;
    }
    if (x > 0x1.fffffffffffffp+1023) {
        *r = x;
        return 1;
    }
    return 0;
}

double log(double x)
{
    double r;
    if (special(x, &r))
        return r;
    if (x == 1)
        return 0;
    unsigned env = mth_enter();
    dd v = __zl_dd_log(x);
    mth_leave(env);
    return dd_val(v);
}

/* x = m 2^e with m in [1, 2): log2 x = e + log(m)/ln2, exact for powers of two. */
double log2(double x)
{
    double r;
    if (special(x, &r))
        return r;
    unsigned env = mth_enter();
    int e;
    double m = frexp(x, &e) * 2;
    e--;
    dd v = dd_add_d(dd_mul(__zl_dd_log(m), INVLN2), e);
    mth_leave(env);
    return dd_val(v);
}

double log10(double x)
{
    double r;
    if (special(x, &r))
        return r;
    if (x == 1)
        return 0;
    unsigned env = mth_enter();
    dd v = dd_mul(__zl_dd_log(x), INVLN10);
    mth_leave(env);
    return dd_val(v);
}

double log1p(double x)
{
    if (x != x)
        return x + x;
    if (x <= -1)
        return x == -1 ? -1 / (x - x) : (x - x) / (x - x);
    if (x > 0x1.fffffffffffffp+1023)
        return x;
    if (x > -0x1p-60 && x < 0x1p-60)
        return x;
    unsigned env = mth_enter();
    dd v = __zl_dd_log1p(dd_d(x));
    mth_leave(env);
    return dd_val(v);
}

float logf(float x) { return (float)log(x); }
float log2f(float x) { return (float)log2(x); }
float log10f(float x) { return (float)log10(x); }
float log1pf(float x) { return (float)log1p(x); }
