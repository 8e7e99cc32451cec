/* The long double (IEEE binary128) <math.h> functions over special values and
 * deterministic random inputs, one line per call in the format of ulpcmp.c:
 *     f128 <func> <maxulp> <arg-hex>... = <result-hex> [<aux>]
 * Built against glibc (the reference) and against zlibc by tests/libc/math_ulp_test.sh.
 * No long double arithmetic is done here (values are made from and printed as bits), so the
 * program links at rv32 without soft-float helpers.  maxulp is 0 for the exactly rounded
 * functions, 1 for the others, or glibc's own documented error for binary128 where that is
 * larger (docs/libc.md, "long double math").
 * Optional argument: random inputs per function and range (default 24). */
#define _DEFAULT_SOURCE 1   /* signgam in glibc's <math.h> */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <inttypes.h>
#include <math.h>
#include <fenv.h>

static int N = 24;
static uint64_t seed = 0x2545f4914f6cdd1dull;

static uint64_t rnd(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
}

typedef struct {
    uint64_t hi, lo;
} bits;

static long double L(uint64_t hi, uint64_t lo)
{
    uint64_t w[2] = {lo, hi};
    long double x;
    memcpy(&x, w, 16);
    return x;
}

static bits B(long double x)
{
    uint64_t w[2];
    memcpy(w, &x, 16);
    return (bits){w[1], w[0]};
}

static const char *H(long double x, char *buf)
{
    bits b = B(x);
    sprintf(buf, "%016" PRIx64 "%016" PRIx64, b.hi, b.lo);
    return buf;
}

static int isnanb(long double x)
{
    bits b = B(x);
    return (b.hi >> 48 & 0x7fff) == 0x7fff && ((b.hi & 0xffffffffffffull) | b.lo);
}

static int isinfb(long double x)
{
    bits b = B(x);
    return (b.hi & ~(1ull << 63)) == 0x7fff000000000000ull && !b.lo;
}

/* value with unbiased exponent in [e0, e1] (clamped to the normal range), random mantissa */
static long double R(int e0, int e1, int sign)
{
    int e = e0 + (int)(rnd() % (uint64_t)(e1 - e0 + 1)) + 16383;
    if (e < 1)
        e = 1;
    if (e > 32766)
        e = 32766;
    uint64_t s = sign < 0 ? 1 : sign > 0 ? 0 : rnd() & 1;
    return L(s << 63 | (uint64_t)e << 48 | (rnd() & 0xffffffffffffull), rnd());
}

#define ONE 0x3fff000000000000ull
static long double specials[48];
static int nspecial;

static void init_specials(void)
{
    static const uint64_t his[][2] = {
        {0, 0}, {1ull << 63, 0}, {0x7fff000000000000ull, 0}, {0xffff000000000000ull, 0},
        {0x7fff800000000000ull, 0}, {0x7fff400000000000ull, 0}, {0, 1}, {0x0000ffffffffffffull, ~0ull},
        {0x0001000000000000ull, 0}, {0x7ffeffffffffffffull, ~0ull}, {ONE, 0}, {ONE | 1ull << 63, 0},
        {0x3ffe000000000000ull, 0}, {0xbffe000000000000ull, 0}, {0x4000000000000000ull, 0},
        {0x3fff800000000000ull, 0}, {0xc000400000000000ull, 0}, {0x4000800000000000ull, 0},
        {0x4002400000000000ull, 0}, {0x3fc3000000000000ull, 0}, {0xbf8f000000000000ull, 0},
        {0x406f000000000000ull, 0}, {0x406f000000000000ull, 1}, {0x3fffffffffffffffull, ~0ull},
        {0x3ffe000000000000ull, 1}, {0x4005920000000000ull, 0}, {0xc005920000000000ull, 0},
        {0x400c62e42fefa39eull, 0x0000000000000000ull}, {0x3fff921fb54442d1ull, 0x8469898cc51701b8ull},
        {0x4000921fb54442d1ull, 0x8469898cc51701b8ull}, {0x3ff0000000000000ull, 0x1234ull},
        /* the binary128 numbers nearest to k pi/2, k = 7, 2^40+1, 2^100+1, 2^1000+1 */
        {0x40025fdbbe9bba77ull, 0x53dc585b2c742181ull}, {0x4027921fb5444463ull, 0xa41ecdcf969b6b42ull},
        {0x4063921fb54442d1ull, 0x8469898cc5171adaull}, {0x43e7921fb54442d1ull, 0x8469898cc51701b8ull},
    };
    nspecial = (int)(sizeof his / sizeof *his);
    for (int i = 0; i < nspecial; i++)
        specials[i] = L(his[i][0], his[i][1]);
}

typedef long double (*f1)(long double);
typedef long double (*f2)(long double, long double);

static void p1(const char *name, int ulp, f1 f, long double x)
{
    char a[40], r[40];
    long double y = f(x);
    printf("f128 %s %d %s = %s\n", name, ulp, H(x, a), H(y, r));
}

static void p2(const char *name, int ulp, f2 f, long double x, long double y)
{
    char a[40], b[40], r[40];
    long double z = f(x, y);
    printf("f128 %s %d %s %s = %s\n", name, ulp, H(x, a), H(y, b), H(z, r));
}

struct range {
    int e0, e1, sign;
};

static void t1(const char *name, int ulp, f1 f, const struct range *rg, int nr)
{
    for (int i = 0; i < nspecial; i++)
        p1(name, ulp, f, specials[i]);
    for (int k = 0; k < nr; k++)
        for (int i = 0; i < N; i++)
            p1(name, ulp, f, R(rg[k].e0, rg[k].e1, rg[k].sign));
}

static void t2(const char *name, int ulp, f2 f, const struct range *rx, const struct range *ry, int nr)
{
    for (int i = 0; i < nspecial; i += 3)
        for (int j = 1; j < nspecial; j += 4)
            p2(name, ulp, f, specials[i], specials[j]);
    for (int k = 0; k < nr; k++)
        for (int i = 0; i < N; i++) {
            long double x = R(rx[k].e0, rx[k].e1, rx[k].sign);
            p2(name, ulp, f, x, R(ry[k].e0, ry[k].e1, ry[k].sign));
        }
}

#define RG(...) ((const struct range[]){__VA_ARGS__}), (int)(sizeof((const struct range[]){__VA_ARGS__}) / sizeof(struct range))

static long double nearbyintl_(long double x) { return nearbyintl(x); }

static void test_exact(void)
{
    struct range wide[] = {{-20, 120, 0}, {-16494, 16383, 0}};
    t1("floorl", 0, floorl, wide, 2);
    t1("ceill", 0, ceill, wide, 2);
    t1("truncl", 0, truncl, wide, 2);
    t1("roundl", 0, roundl, wide, 2);
    t1("rintl", 0, rintl, wide, 2);
    t1("nearbyintl", 0, nearbyintl_, wide, 2);
    t1("sqrtl", 0, sqrtl, RG({-16494, 16383, 1}, {-3, 3, 1}));
    t1("logbl", 0, logbl, wide, 2);
    struct range px[] = {{-30, 30, 0}, {-200, 200, 0}, {-16494, 16383, 0}};
    struct range py[] = {{-30, 30, 0}, {-40, 40, 0}, {-16494, 16383, 0}};
    t2("fmodl", 0, fmodl, px, py, 3);
    t2("remainderl", 0, remainderl, px, py, 3);
    t2("fminl", 0, fminl, px, py, 3);
    t2("fmaxl", 0, fmaxl, px, py, 3);
    t2("fdiml", 0, fdiml, px, py, 3);
    t2("nextafterl", 0, nextafterl, px, py, 3);
    t2("nexttowardl", 0, nexttowardl, px, py, 3);
    char a[40], b[40], c[40], r[40];
    for (int i = 0; i < nspecial + 3 * N; i++) {
        long double x = i < nspecial ? specials[i] : R(-40, 40, 0), y = R(-30, 30, 0);
        int q = 0;
        long double z = remquol(x, y, &q);
        printf("f128 remquol 0 %s %s = %s %d\n", H(x, a), H(y, b), H(z, r), isnanb(z) ? 0 : q);
        int e = 0;
        z = frexpl(x, &e);
        printf("f128 frexpl 0 %s = %s %d\n", H(x, a), H(z, r), isnanb(z) || isinfb(z) ? 0 : e);
        long double ip;
        z = modfl(x, &ip);
        printf("f128 modfl 0 %s = %s %s\n", H(x, a), H(z, r), H(ip, b));
        int n = (int)(rnd() % 40000) - 20000;
        printf("f128 ldexpl 0 %s %d = %s\n", H(x, a), n, H(ldexpl(x, n), r));
        printf("f128 scalbnl 0 %s %d = %s\n", H(x, a), n / 100, H(scalbnl(x, n / 100), r));
        printf("f128 scalblnl 0 %s %d = %s\n", H(x, a), n, H(scalblnl(x, n), r));
        printf("f128 ilogbl 0 %s = 00000000000000000000000000000000 %d\n", H(x, a), ilogbl(x));
        /* in range of long (32 bits on rv32) and long long */
        long double t = i < nspecial ? x : R(-5, 30, 0);
        if (!isnanb(t) && !isinfb(t) && (B(t).hi >> 48 & 0x7fff) < 16383 + 30)
            printf("f128 lroundl 0 %s = 00000000000000000000000000000000 %ld %ld\n", H(t, a), lroundl(t), lrintl(t));
        t = i < nspecial ? x : R(-5, 62, 0);
        if (!isnanb(t) && !isinfb(t) && (B(t).hi >> 48 & 0x7fff) < 16383 + 62)
            printf("f128 llroundl 0 %s = 00000000000000000000000000000000 %lld %lld\n", H(t, a), llroundl(t), llrintl(t));
        long double u = R(-40, 40, 0), v = R(-40, 40, 0);
        if (i % 3 == 0)
            v = R(-200, 200, 0);
        printf("f128 fmal 0 %s %s %s = %s\n", H(x, a), H(u, b), H(v, c), H(fmal(x, u, v), r));
    }
    /* the functions that follow the current rounding direction */
    static const int modes[] = {FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO, FE_TONEAREST};
    static const char *const mname[] = {"down", "up", "zero", "near"};
    for (int m = 0; m < 4; m++) {
        fesetround(modes[m]);
        for (int i = 0; i < nspecial + N; i++) {
            long double x = i < nspecial ? specials[i] : R(-3, 60, 0);
            printf("f128 rintl_%s 0 %s = %s\n", mname[m], H(x, a), H(rintl(x), r));
            printf("f128 nearbyintl_%s 0 %s = %s\n", mname[m], H(x, a), H(nearbyintl(x), r));
            if (!isnanb(x) && !isinfb(x) && (B(x).hi >> 48 & 0x7fff) < 16383 + 62)
                printf("f128 llrintl_%s 0 %s = 00000000000000000000000000000000 %lld\n", mname[m], H(x, a), llrintl(x));
        }
    }
    fesetround(FE_TONEAREST);
    printf("f128 nanl 0 00000000000000000000000000000000 = %s\n", H(nanl(""), r));
}

static long double lgammal_(long double x) { return lgammal(x); }

static void test_transcendental(void)
{
    t1("expl", 1, expl, RG({-120, 13, 0}, {-3, 3, 0}));
    t1("exp2l", 1, exp2l, RG({-120, 13, 0}, {-3, 3, 0}));
    t1("expm1l", 2, expm1l, RG({-120, 13, 0}, {-3, 3, 0}));
    t1("logl", 1, logl, RG({-16494, 16383, 1}, {-1, 0, 1}));
    t1("log2l", 3, log2l, RG({-16494, 16383, 1}, {-1, 0, 1}));
    t1("log10l", 2, log10l, RG({-16494, 16383, 1}, {-1, 0, 1}));
    t1("log1pl", 3, log1pl, RG({-120, -1, 0}, {-5, 100, 1}));
    t1("sinl", 2, sinl, RG({-40, 3, 0}, {3, 120, 0}, {120, 16383, 0}));
    t1("cosl", 2, cosl, RG({-40, 3, 0}, {3, 120, 0}, {120, 16383, 0}));
    t1("tanl", 1, tanl, RG({-40, 3, 0}, {3, 120, 0}, {120, 16383, 0}));
    t1("asinl", 1, asinl, RG({-60, -1, 0}, {-4, -1, 0}));
    t1("acosl", 1, acosl, RG({-60, -1, 0}, {-4, -1, 0}));
    t1("atanl", 1, atanl, RG({-60, 60, 0}, {-3, 3, 0}));
    t1("sinhl", 2, sinhl, RG({-50, 13, 0}, {-3, 3, 0}));
    t1("coshl", 2, coshl, RG({-50, 13, 0}, {-3, 3, 0}));
    t1("tanhl", 2, tanhl, RG({-50, 6, 0}, {-3, 3, 0}));
    t1("asinhl", 4, asinhl, RG({-60, 60, 0}, {-3, 3, 0}));
    t1("acoshl", 4, acoshl, RG({0, 60, 1}, {0, 2, 1}));
    t1("atanhl", 4, atanhl, RG({-60, -1, 0}, {-4, -1, 0}));
    t1("cbrtl", 1, cbrtl, RG({-16494, 16383, 0}, {-3, 3, 0}));
    t1("erfl", 1, erfl, RG({-60, 3, 0}, {-2, 2, 0}));
    t1("erfcl", 4, erfcl, RG({-60, 3, 0}, {2, 6, 1}));
    t1("tgammal", 4, tgammal, RG({-20, 10, 1}, {-10, 10, -1}));
    char a[40], r[40];
    for (int i = 0; i < nspecial + 2 * N; i++) {
        long double x = i < nspecial ? specials[i] : i & 1 ? R(-30, 30, 1) : R(-10, 8, -1);
        signgam = 0;
        long double y = lgammal_(x);
        printf("f128 lgammal 5 %s = %s %d\n", H(x, a), H(y, r), isnanb(y) || isinfb(y) ? 0 : signgam);
    }
    /* the binary128 numbers nearest to the first five negative zeros of lgamma, and their
     * neighbours (the result is about 2^-112: everything cancels but the last bits) */
    static const uint64_t lgz[][2] = {
        {0xc0003a7fc9600f86ull, 0xc155f64f98af8d03ull},
        {0xc0003a7fc9600f86ull, 0xc155f64f98af8d04ull},
        {0xc0003a7fc9600f86ull, 0xc155f64f98af8d05ull},
        {0xc0005fb410a1bd90ull, 0x0cbccad25a320f56ull},
        {0xc0005fb410a1bd90ull, 0x0cbccad25a320f57ull},
        {0xc0005fb410a1bd90ull, 0x0cbccad25a320f58ull},
        {0xc0009260dbc9e59aull, 0xf7dc5f34cd69ecdcull},
        {0xc0009260dbc9e59aull, 0xf7dc5f34cd69ecddull},
        {0xc0009260dbc9e59aull, 0xf7dc5f34cd69ecdeull},
        {0xc000fa471547c2feull, 0x50b86a2b094891b5ull},
        {0xc000fa471547c2feull, 0x50b86a2b094891b6ull},
        {0xc000fa471547c2feull, 0x50b86a2b094891b7ull},
        {0xc0010284e7859958ull, 0x0c30e7c2c3786044ull},
        {0xc0010284e7859958ull, 0x0c30e7c2c3786045ull},
        {0xc0010284e7859958ull, 0x0c30e7c2c3786046ull},
    };
    for (int i = 0; i < (int)(sizeof lgz / sizeof *lgz); i++) {
        long double x = L(lgz[i][0], lgz[i][1]);
        long double y = lgammal_(x);
        printf("f128 lgammal 5 %s = %s %d\n", H(x, a), H(y, r), signgam);
    }
    struct range rx[] = {{-30, 30, 0}, {-3, 3, 0}};
    struct range ry[] = {{-30, 30, 0}, {-3, 3, 0}};
    t2("atan2l", 2, atan2l, rx, ry, 2);
    t2("hypotl", 1, hypotl, rx, ry, 2);
    struct range wx[] = {{-10, 10, 1}, {-3, 3, -1}};
    struct range wy[] = {{-5, 6, 0}, {0, 6, 0}};
    t2("powl", 2, powl, wx, wy, 2);
    /* results far from 1 (|y log x| up to ~11000): glibc's powl was measured up to 18 ulp off there
     * (zlibc's results are the correctly rounded ones, checked with mpmath) */
    for (int i = 0; i < N; i++) {
        long double x = R(-1, 0, 1);
        p2("powl", 64, powl, x, R(5, 16, 0));
    }
    /* negative bases with integral exponents */
    for (int i = 0; i < N; i++) {
        long double x = R(-3, 3, -1);
        long double y = L((uint64_t)(rnd() & 1) << 63 | ONE, 0);
        y = L(B(y).hi + ((rnd() % 9) << 48), 0);   /* +-2^k, k < 9 */
        p2("powl", 2, powl, x, y);
    }
}

/* the directed rounding modes: the exact functions must round in the current direction (0
 * ulp); for the others the bound is the largest of glibc's documented binary128 errors in
 * the three directed modes and to nearest (zlibc is correctly rounded in every mode) */
static void test_directed(void)
{
    static const struct {
        const char *name;
        int ulp;
        f1 f;
        struct range r;
    } fs[] = {
        {"sqrtl", 0, sqrtl, {-16494, 16383, 1}}, {"expl", 1, expl, {-120, 13, 0}},
        {"exp2l", 2, exp2l, {-120, 13, 0}}, {"expm1l", 4, expm1l, {-120, 13, 0}},
        {"logl", 2, logl, {-16494, 16383, 1}}, {"log2l", 3, log2l, {-16494, 16383, 1}},
        {"log10l", 2, log10l, {-16494, 16383, 1}}, {"log1pl", 3, log1pl, {-120, -1, 0}},
        {"sinl", 3, sinl, {-40, 120, 0}}, {"cosl", 3, cosl, {-40, 120, 0}},
        {"tanl", 1, tanl, {-40, 120, 0}}, {"asinl", 2, asinl, {-60, -1, 0}},
        {"acosl", 1, acosl, {-60, -1, 0}}, {"atanl", 2, atanl, {-60, 60, 0}},
        {"sinhl", 4, sinhl, {-50, 13, 0}}, {"coshl", 3, coshl, {-50, 13, 0}},
        {"tanhl", 4, tanhl, {-50, 6, 0}}, {"asinhl", 4, asinhl, {-60, 60, 0}},
        {"acoshl", 4, acoshl, {0, 60, 1}}, {"atanhl", 4, atanhl, {-60, -1, 0}},
        {"cbrtl", 1, cbrtl, {-16494, 16383, 0}}, {"erfl", 2, erfl, {-60, 3, 0}},
        {"erfcl", 5, erfcl, {-60, 6, 0}}, {"tgammal", 5, tgammal, {-10, 10, 0}},
    };
    static const int modes[] = {FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};
    static const char *const mname[] = {"down", "up", "zero"};
    char name[40], a[40], b[40], c[40], r[40];
    for (int m = 0; m < 3; m++) {
        fesetround(modes[m]);
        for (int k = 0; k < (int)(sizeof fs / sizeof *fs); k++) {
            snprintf(name, sizeof name, "%s_%s", fs[k].name, mname[m]);
            for (int i = 0; i < nspecial; i += 2)
                p1(name, fs[k].ulp, fs[k].f, specials[i]);
            for (int i = 0; i < N / 2; i++)
                p1(name, fs[k].ulp, fs[k].f, R(fs[k].r.e0, fs[k].r.e1, fs[k].r.sign));
        }
        for (int i = 0; i < N; i++) {
            long double x = R(-40, 40, 0), y = R(-40, 40, 0), z = R(-40, 40, 0), w = R(-16494, -16300, 0);
            if (i & 1) {
                x = R(-8300, -8200, 0);
                y = R(-8300, -8100, 0);
                z = R(-16494, -16382, 0);
            }
            printf("f128 fmal_%s 0 %s %s %s = %s\n", mname[m], H(x, a), H(y, b), H(z, c), H(fmal(x, y, z), r));
            snprintf(name, sizeof name, "fdiml_%s", mname[m]);
            p2(name, 0, fdiml, x, y);
            snprintf(name, sizeof name, "hypotl_%s", mname[m]);
            p2(name, 1, hypotl, x, y);
            snprintf(name, sizeof name, "powl_%s", mname[m]);
            p2(name, 2, powl, R(-10, 10, 1), R(-5, 6, 0));
            snprintf(name, sizeof name, "atan2l_%s", mname[m]);
            p2(name, 3, atan2l, x, y);
            printf("f128 scalbnl_%s 0 %s = %s\n", mname[m], H(w, a), H(scalbnl(w, -(int)(rnd() % 120)), r));
        }
        /* exact cancellation in fmal: the sign of zero depends on the direction */
        long double one = L(ONE, 0), mone = L(ONE | 1ull << 63, 0);
        printf("f128 fmal_%s 0 %s %s %s = %s\n", mname[m], H(one, a), H(one, b), H(mone, c), H(fmal(one, one, mone), r));
        /* overflow: inf or the largest finite number */
        p1("expl_ovf", 0, expl, L(0x400d000000000000ull, 0));
        p2("powl_ovf", 0, powl, L(0xc000000000000000ull, 0), L(0x400d000400000000ull, 0));
    }
    fesetround(FE_TONEAREST);
}

/* exception flags of well-defined cases (aux: fetestexcept after the call) */
static void test_flags(void)
{
    long double one = L(ONE, 0), mone = L(ONE | 1ull << 63, 0), half = L(0x3ffe000000000000ull, 0),
                zero = L(0, 0), two = L(0x4000000000000000ull, 0), inf = L(0x7fff000000000000ull, 0),
                big = L(0x400c000000000000ull, 0), nbig = L(0xc00d000000000000ull, 0),
                tiny = L(0, 5), max = L(0x7ffeffffffffffffull, ~0ull);
    char a[40], b[40], r[40];
#define FL1(f, x)                                                                               \
    do {                                                                                        \
        feclearexcept(FE_ALL_EXCEPT);                                                           \
        long double v_ = f(x);                                                                  \
        int e_ = fetestexcept(FE_ALL_EXCEPT);                                                   \
        printf("f128 flags_" #f " 0 %s = %s %d\n", H(x, a), H(v_, r), e_);                      \
    } while (0)
#define FL2(f, x, y)                                                                            \
    do {                                                                                        \
        feclearexcept(FE_ALL_EXCEPT);                                                           \
        long double v_ = f(x, y);                                                               \
        int e_ = fetestexcept(FE_ALL_EXCEPT);                                                   \
        printf("f128 flags_" #f " 0 %s %s = %s %d\n", H(x, a), H(y, b), H(v_, r), e_);          \
    } while (0)
    FL1(expl, one); FL1(expl, zero); FL1(expl, big); FL1(expl, nbig); FL1(logl, zero);
    FL1(logl, mone); FL1(sqrtl, two); FL1(sqrtl, L(0x4001000000000000ull, 0)); FL1(rintl, half);
    FL1(nearbyintl, half); FL1(rintl, one); FL1(sinl, inf); FL1(sinl, tiny); FL1(atanhl, one);
    FL1(tgammal, mone); FL1(lgammal_, two); FL1(acosl, two); FL1(log1pl, mone); FL1(coshl, big);
    FL2(powl, zero, mone); FL2(fmodl, one, zero); FL2(nextafterl, max, inf); FL2(hypotl, max, max);
    FL2(atan2l, zero, zero); FL2(remainderl, inf, one);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        N = atoi(argv[1]);
    init_specials();
    test_exact();
    test_transcendental();
    test_flags();
    test_directed();
    return 0;
}
