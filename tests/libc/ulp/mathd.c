/* The double and float <math.h> functions over special values and deterministic random
 * inputs, one line per call in the format of ulpcmp.c:
 *     <type> <func> <maxulp> <arg-hex>... = <result-hex> [<aux-hex>]
 * Built against glibc (the reference) and against zlibc by tests/libc/math_ulp_test.sh.
 * Optional argument: inputs per function and range (default 200). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <inttypes.h>
#include <math.h>
#include <float.h>

static int N = 200;
static uint64_t seed = 0x9e3779b97f4a7c15ull;

static uint64_t rnd(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
}

static uint64_t B(double d)
{
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
}

static uint32_t BF(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static double D(uint64_t b)
{
    double d;
    memcpy(&d, &b, 8);
    return d;
}

static float F(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

/* uniform in [0, 1) */
static double u01(void) { return (double)(rnd() >> 11) * 0x1p-53; }
static double uni(double lo, double hi) { return lo + (hi - lo) * u01(); }
/* random magnitude 2^[emin, emax) with random mantissa, random sign when sgn */
static double logu(int emin, int emax, int sgn)
{
    uint64_t m = rnd() & 0xfffffffffffffull;
    int e = emin + (int)(rnd() % (uint64_t)(emax - emin));
    double d = ldexp(D(0x3ff0000000000000ull | m), e);
    return sgn && (rnd() & 1) ? -d : d;
}

/* The special double inputs (a quiet NaN with a known sign: the sign of NAN is unspecified). */
static const double dspec[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 10.0, 0.1, -0.1, 1e-5, 0.75, 1.5,
    DBL_MIN, -DBL_MIN, 4.9406564584124654e-324, -4.9406564584124654e-324, 2.2250738585072009e-308,
    DBL_MAX, -DBL_MAX, 1e-300, 1e300, -1e300, 0x1p-30, 0x1p-60, -0x1p-60, 1e22, 0x1p63, 0x1p1000,
    3.141592653589793, 1.5707963267948966, 0.7853981633974483, 709.78, 709.7827128933840, 710.0,
    -745.13, -708.4, -746.0, 6.0, 27.0, 171.6, 172.0, -0.5000000000000001, 0.9999999999999999,
    1.0000000000000002, 23.5, -2.5, -170.5, 1e-20, 5e-324 * 3, INFINITY, -INFINITY,
};
static const float fspec[] = {
    0.0f, -0.0f, 1.0f, -1.0f, 0.5f, -0.5f, 2.0f, -2.0f, 3.0f, -3.0f, 10.0f, 0.1f, -0.1f, 1e-5f, 0.75f,
    1.5f, FLT_MIN, -FLT_MIN, 1.4e-45f, -1.4e-45f, 1.1754942e-38f, FLT_MAX, -FLT_MAX, 1e-30f, 1e30f,
    0x1p-30f, -0x1p-30f, 0x1p63f, 0x1p100f, 3.14159265f, 1.57079633f, 88.72f, 88.7228394f, 89.0f,
    -103.9f, -87.3f, -104.0f, 6.0f, 27.0f, 34.5f, 36.0f, 0.99999994f, 1.0000001f, -2.5f, -30.5f,
    INFINITY, -INFINITY,
};
#define NDSPEC ((int)(sizeof dspec / sizeof *dspec))
#define NFSPEC ((int)(sizeof fspec / sizeof *fspec))

static double dnan(void) { return D(0x7ff8000000000000ull); }
static float fnan(void) { return F(0x7fc00000u); }

/* Where random inputs of a one-argument function come from: uniform in [lo, hi], and
 * magnitudes 2^[emin, emax) (negative too when neg). */
struct range {
    double lo, hi;
    int emin, emax, neg;
};

static void out1(const char *f, int ulp, double x, double r)
{
    printf("f64 %s %d %016" PRIx64 " = %016" PRIx64 "\n", f, ulp, B(x), B(r));
}

static void out1f(const char *f, int ulp, float x, float r)
{
    printf("f32 %s %d %08" PRIx32 " = %08" PRIx32 "\n", f, ulp, BF(x), BF(r));
}

static double pick(const struct range *r, int i)
{
    if (i % 8 == 7) {   /* any bit pattern but NaN */
        double d = D(rnd());
        return d != d ? 1.25 : d;
    }
    return i % 2 ? uni(r->lo, r->hi) : logu(r->emin, r->emax, r->neg);
}

static void t1(const char *f, double (*fn)(double), int ulp, struct range r)
{
    for (int i = 0; i < NDSPEC; i++)
        out1(f, ulp, dspec[i], fn(dspec[i]));
    out1(f, ulp, dnan(), fn(dnan()));
    for (int i = 0; i < N; i++) {
        double x = pick(&r, i);
        out1(f, ulp, x, fn(x));
    }
}

static void t1f(const char *f, float (*fn)(float), int ulp, struct range r)
{
    for (int i = 0; i < NFSPEC; i++)
        out1f(f, ulp, fspec[i], fn(fspec[i]));
    out1f(f, ulp, fnan(), fn(fnan()));
    for (int i = 0; i < N; i++) {
        float x = (float)pick(&r, i);
        if (i % 8 == 7) {
            x = F((uint32_t)rnd());
            if (x != x)
                x = 1.25f;
        }
        out1f(f, ulp, x, fn(x));
    }
}

static void out2(const char *f, int ulp, double x, double y, double r)
{
    printf("f64 %s %d %016" PRIx64 " %016" PRIx64 " = %016" PRIx64 "\n", f, ulp, B(x), B(y), B(r));
}

static void out2f(const char *f, int ulp, float x, float y, float r)
{
    printf("f32 %s %d %08" PRIx32 " %08" PRIx32 " = %08" PRIx32 "\n", f, ulp, BF(x), BF(y), BF(r));
}

/* Two-argument functions: every pair of the first `ns` specials, then random pairs. */
static void t2(const char *f, double (*fn)(double, double), int ulp, struct range rx, struct range ry, int ns)
{
    for (int i = 0; i < ns; i++)
        for (int j = 0; j < ns; j++)
            out2(f, ulp, dspec[i], dspec[j], fn(dspec[i], dspec[j]));
    for (int i = 0; i < N; i++) {
        double x = pick(&rx, i), y = pick(&ry, i / 2);
        out2(f, ulp, x, y, fn(x, y));
    }
}

static void t2f(const char *f, float (*fn)(float, float), int ulp, struct range rx, struct range ry, int ns)
{
    for (int i = 0; i < ns; i++)
        for (int j = 0; j < ns; j++)
            out2f(f, ulp, fspec[i], fspec[j], fn(fspec[i], fspec[j]));
    for (int i = 0; i < N; i++) {
        float x = (float)pick(&rx, i), y = (float)pick(&ry, i / 2);
        out2f(f, ulp, x, y, fn(x, y));
    }
}

static const struct range ALL = { -1e6, 1e6, -1074, 1024, 1 };

int main(int argc, char **argv)
{
    if (argc > 1)
        N = atoi(argv[1]);
    /* exact functions (0 ulp) */
    t1("sqrt", sqrt, 0, ALL);
    t1f("sqrtf", sqrtf, 0, (struct range){ 0, 1e6, -149, 128, 0 });
    t2("fmod", fmod, 0, ALL, ALL, 24);
    t2("remainder", remainder, 0, ALL, ALL, 24);
    t2f("fmodf", fmodf, 0, (struct range){ -1e6, 1e6, -149, 128, 1 }, (struct range){ -1e3, 1e3, -149, 128, 1 }, 24);
    return 0;
}
