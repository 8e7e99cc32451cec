/* The exactly computable <math.h> functions against glibc over edge values and random
 * doubles, printed as bit patterns: rounding functions, fmod/remainder, frexp/ldexp/
 * scalbn, modf, sqrt (correctly rounded), fmin/fmax, nextafter, ilogb/logb. */
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include <inttypes.h>
#include <math.h>
#include <float.h>
#include <fenv.h>

static uint64_t s = 88172645463325252ull;
static uint64_t rnd(void)
{
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
}

static uint64_t B(double d)
{
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
}

static double qnan(void)
{
    uint64_t b = 0x7ff8000000000000ull;   /* the sign of NAN is unspecified: build it */
    double d;
    memcpy(&d, &b, 8);
    return d;
}

static double val(int i)
{
    static const double edge[] = { 0.0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, 1.0, -1.0,
                                   4503599627370495.5, 4503599627370496.0, 9007199254740993.0, 1e300, -1e-300,
                                   DBL_MAX, DBL_MIN, 5e-324, -5e-324, 2.2250738585072009e-308, 3.0, 7.0, 1e-10,
                                   123.456, -987654.321, INFINITY, -INFINITY, NAN };
    if (i == 28)
        return qnan();
    if (i < (int)(sizeof edge / sizeof *edge))
        return edge[i];
    uint64_t b = rnd();
    if (i % 3 == 0)
        b = (b & 0x800fffffffffffffull) | ((uint64_t)(1023 + (int)(rnd() % 120) - 60) << 52);
    double d;
    memcpy(&d, &b, 8);
    return d;
}

int main(void)
{
    for (int i = 0; i < 600; i++) {
        double x = val(i), y = val((i * 7 + 3) % 600 < 29 ? (i * 7 + 3) % 29 : i + 1);
        int e1, e2;
        double ip;
        double fr = frexp(x, &e1);
        double mf = modf(x, &ip);
        printf("%016" PRIx64 ": %016" PRIx64 " %016" PRIx64 " %016" PRIx64 " %016" PRIx64 " %016" PRIx64 " %016" PRIx64
               " %ld %lld | %016" PRIx64 " %d | %016" PRIx64 " %016" PRIx64 " | %016" PRIx64 " %016" PRIx64 " %016" PRIx64
               " | %016" PRIx64 " %016" PRIx64 " %016" PRIx64 " %016" PRIx64 " %016" PRIx64 " %d %016" PRIx64 "\n",
               B(x), B(floor(x)), B(ceil(x)), B(trunc(x)), B(round(x)), B(rint(x)), B(nearbyint(x)),
               isfinite(x) && fabs(x) < 2e9 ? lround(x) : 0L, isfinite(x) && fabs(x) < 1e15 ? llrint(x) : 0LL,
               B(fr), e1, B(mf), B(ip), B(sqrt(x)), B(fmod(x, y)), B(remainder(x, y)),
               B(ldexp(x, (int)(rnd() % 200) - 100)), B(scalbn(x, -1074)), B(fmin(x, y)), B(fmax(x, y)),
               B(nextafter(x, y)), isfinite(x) && x != 0 ? ilogb(x) : 0, B(copysign(x, y)));
        (void)e2;
    }
    /* fenv: rounding modes change an inexact division; flags are raised and cleared */
    volatile double one = 1.0, three = 3.0;
    int modes[] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };
    for (int i = 0; i < 4; i++) {
        fesetround(modes[i]);
        volatile double q = one / three, nq = -one / three;
        printf("round %d: %d %a %a\n", i, fegetround() == modes[i], q, nq);
    }
    fesetround(FE_TONEAREST);
    feclearexcept(FE_ALL_EXCEPT);
    volatile double z = 0.0, inf = one / z;
    printf("flags: divbyzero %d inexact %d", fetestexcept(FE_DIVBYZERO) != 0, fetestexcept(FE_INEXACT) != 0);
    volatile double t = one / three;
    printf(" inexact %d", fetestexcept(FE_INEXACT) != 0);
    feclearexcept(FE_ALL_EXCEPT);
    printf(" cleared %d %g %g\n", fetestexcept(FE_ALL_EXCEPT), inf, t);
    float f[] = { 0.5f, 1.5f, 2.5f, -3.7f, 1e-40f, 16777217.0f, 2.0f };
    for (int i = 0; i < 7; i++)
        printf("%a %a %a %a %a %a\n", floorf(f[i]), ceilf(f[i]), roundf(f[i]), sqrtf(f[i]), fmodf(f[i], 0.3f), truncf(f[i]));
    return 0;
}
