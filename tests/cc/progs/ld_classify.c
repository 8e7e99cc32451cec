/* __builtin_isnan/isinf/isinf_sign/isfinite/isnormal/fpclassify/signbit on long double
 * (binary128 at every XLEN), computed from the bit pattern */
#include <stdio.h>
#include <float.h>

static void show(const char *name, long double x)
{
    printf("%-10s nan %d inf %d infs %d fin %d norm %d sign %d class %d\n", name,
           __builtin_isnan(x), __builtin_isinf(x), __builtin_isinf_sign(x),
           __builtin_isfinite(x), __builtin_isnormal(x), __builtin_signbit(x) != 0,
           __builtin_fpclassify(10, 11, 12, 13, 14, x));
}

int main(void)
{
    volatile long double zero = 0.0L, one = 1.0L;
    long double inf = one / zero;
    long double nan = zero / zero;
    show("0", zero);
    show("-0", -zero);
    show("1", one);
    show("-1.5", -1.5L * one);
    show("max", LDBL_MAX * one);
    show("-max", -LDBL_MAX * one);
    show("min", LDBL_MIN * one);
    show("min/2", LDBL_MIN * one / 2);
    show("-denorm", -__LDBL_DENORM_MIN__ * one);
    show("inf", inf);
    show("-inf", -inf);
    show("nan", nan);
    show("-nan", -nan);
    show("builtin", __builtin_infl());
    show("nanl", __builtin_nanl("0x1234"));
    show("ovf", LDBL_MAX * one * 2);
    show("unf", __LDBL_DENORM_MIN__ * one / 2);
    /* l-suffixed forms and integer results in expressions */
    long double v[3] = {inf, nan, -one};
    int n = 0;
    for (int i = 0; i < 3; i++)
        n += __builtin_isnanl(v[i]) * 100 + __builtin_isinfl(v[i]) * 10 + (__builtin_signbitl(v[i]) != 0);
    printf("sum %d\n", n);
    return 0;
}
