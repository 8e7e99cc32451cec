// LP128: same
#include <stdio.h>
/* __builtin_fma/sqrt/fabs/copysign (fmadd, fsqrt, fsgnjx, fsgnj), inf/nan constants and
 * classification builtins */
/* GCC's __builtin_sqrt calls sqrt() for negative operands (errno); none are negative here */
double sqrt(double x) { double r; __asm__("fsqrt.d %0, %1" : "=f"(r) : "f"(x)); return r; }
float sqrtf(float x) { float r; __asm__("fsqrt.s %0, %1" : "=f"(r) : "f"(x)); return r; }
static volatile double vd = 0.1, vneg = -2.5, vz = 0.0;
static volatile float vf = 0.1f;
static unsigned long long bits(double d) { union { double d; unsigned long long u; } x = {d}; return x.u; }
static unsigned bitsf(float f) { union { float f; unsigned u; } x = {f}; return x.u; }
int main(void)
{
    double a = vd, b = 3.0 * vd;
    double p = a * b;
    /* the exact rounding error of the product: non-zero only with a fused multiply-add */
    double err = __builtin_fma(a, b, -p);
    printf("fma err %llx\n", bits(err));
    printf("fma %llx %llx\n", bits(__builtin_fma(a, b, 1.0)), bits(__builtin_fma(vneg, vneg, vd)));
    float fa = vf, fb = 3.0f * vf;
    float fp = fa * fb;
    printf("fmaf err %x %x\n", bitsf(__builtin_fmaf(fa, fb, -fp)), bitsf(__builtin_fmaf(fa, fb, 2.0f)));
    printf("sqrt %llx %x %llx\n", bits(__builtin_sqrt(2.0 * vd)), bitsf(__builtin_sqrtf(vf)), bits(__builtin_sqrt(vz)));
    printf("fabs %llx %x %llx\n", bits(__builtin_fabs(vneg)), bitsf(__builtin_fabsf((float)vneg)), bits(__builtin_fabs(-vz)));
    printf("copysign %llx %x %llx\n", bits(__builtin_copysign(3.0, vneg)), bitsf(__builtin_copysignf(2.0f, -1.0f)), bits(__builtin_copysign(vd, -vz)));
    double inf = __builtin_inf(), hv = __builtin_huge_val(), n = __builtin_nan("");
    float inff = __builtin_inff(), nf = __builtin_nanf("");
    printf("inf %llx %llx %x %llx %x %llx\n", bits(inf), bits(hv), bitsf(inff), bits(n), bitsf(nf), bits(__builtin_nan("5")));
    static const double sinf_ = __builtin_inf(), snan_ = __builtin_nan("");
    printf("static %llx %llx\n", bits(sinf_), bits(snan_));
    double vals[] = {0.0, -0.0, 1.5, -1.5, 1e-310, -1e-310, inf, -inf, n, -n};
    for (int i = 0; i < 10; i++) {
        double x = vals[i];
        printf("%d: nan %d inf %d infs %d fin %d norm %d sign %d class %d\n", i,
               __builtin_isnan(x) != 0, __builtin_isinf(x) != 0, __builtin_isinf_sign(x),
               __builtin_isfinite(x) != 0, __builtin_isnormal(x) != 0, __builtin_signbit(x) != 0,
               __builtin_fpclassify(10, 11, 12, 13, 14, x));
    }
    float fx = (float)vals[4];
    printf("float %d %d %d\n", __builtin_fpclassify(10, 11, 12, 13, 14, fx), __builtin_isnan(nf) != 0,
           __builtin_fpclassify(0, 1, 2, 3, 4, 1e-40f));
    return 0;
}
