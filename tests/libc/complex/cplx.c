/* Prints the results of every <complex.h> function (double, float, long double) over a
 * grid of special operands (zeros, +-1, inf, NaN, tiny, huge) and pseudo-random ones, one
 * line per call: "name index type re-bits im-bits".  Built against glibc (the reference)
 * and zlibc; tests/libc/complex_test.sh compares the outputs with cplxcmp.c. */
#include <complex.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double sp[] = {0.0, -0.0, 1.0, -1.0, 0.5, -2.0, 3.0, 1e-310, -1e300, 0.75,
                            __builtin_inf(), -__builtin_inf(), __builtin_nan("")};
#define NSP (int)(sizeof sp / sizeof *sp)
static uint64_t st = 0x243f6a8885a308d3u;
static double rnd(double lo, double hi)
{
    st ^= st << 13;
    st ^= st >> 7;
    st ^= st << 17;
    return lo + (hi - lo) * (double)(st >> 11) / 9007199254740992.0;
}

static void pd(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    printf(" %016llx", (unsigned long long)u);
}
static void pf(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    printf(" %08x", (unsigned)u);
}
static void pl(long double l)
{
    uint64_t w[2];
    memcpy(w, &l, 16);
    printf(" %016llx%016llx", (unsigned long long)w[1], (unsigned long long)w[0]);
}

typedef double _Complex (*fd_t)(double _Complex);
typedef float _Complex (*ff_t)(float _Complex);
typedef long double _Complex (*fl_t)(long double _Complex);
struct fn { const char *name; fd_t d; ff_t f; fl_t l; double lo, hi; };
#define FN(n, lo, hi) {#n, n, n##f, n##l, lo, hi}
static const struct fn fns[] = {
    FN(cexp, -30, 30), FN(clog, -10, 10), FN(csqrt, -100, 100), FN(csin, -10, 10), FN(ccos, -10, 10),
    FN(ctan, -5, 5), FN(csinh, -10, 10), FN(ccosh, -10, 10), FN(ctanh, -5, 5), FN(casin, -3, 3),
    FN(cacos, -3, 3), FN(catan, -3, 3), FN(casinh, -3, 3), FN(cacosh, -3, 3), FN(catanh, -3, 3),
    FN(cproj, -10, 10), FN(conj, -10, 10),
};

static int with_ld = 1;
static void one(const struct fn *f, int i, double re, double im)
{
    double _Complex d = f->d(CMPLX(re, im));
    printf("%s %d d", f->name, i); pd(creal(d)); pd(cimag(d)); printf("\n");
    float _Complex g = f->f(CMPLXF((float)re, (float)im));
    printf("%s %d f", f->name, i); pf(crealf(g)); pf(cimagf(g)); printf("\n");
    if (!with_ld) return;
    long double _Complex l = f->l(CMPLXL(re, im));
    printf("%s %d l", f->name, i); pl(creall(l)); pl(cimagl(l)); printf("\n");
}

int main(int argc, char **argv)
{
    /* argv[1] = "d": double and float only (the slow soft-float binary128 skipped) */
    with_ld = !(argc > 1 && argv[1][0] == 'd');
    for (size_t k = 0; k < sizeof fns / sizeof *fns; k++) {
        const struct fn *f = &fns[k];
        int i = 0;
        for (int a = 0; a < NSP; a++)
            for (int b = 0; b < NSP; b++) one(f, i++, sp[a], sp[b]);
        for (int r = 0; r < 40; r++) {
            double re = rnd(f->lo, f->hi), im = rnd(f->lo, f->hi);
            if (r % 5 == 0) re *= 1e-3;   /* near an axis */
            if (r % 7 == 0) im = rnd(-1e-8, 1e-8);
            one(f, i++, re, im);
        }
    }
    /* cabs, carg, cpow */
    uint64_t seed = st;
    for (int i = 0; i < 60; i++) {
        double re = rnd(-50, 50), im = rnd(-50, 50);
        rnd(-3, 3), rnd(-3, 3);
        double _Complex z = CMPLX(re, im);
        printf("cabs %d d", i); pd(cabs(z)); pd(carg(z)); printf("\n");
        printf("cabs %d f", i); pf(cabsf(CMPLXF(re, im))); pf(cargf(CMPLXF(re, im))); printf("\n");
        if (with_ld) { printf("cabs %d l", i); pl(cabsl(CMPLXL(re, im))); pl(cargl(CMPLXL(re, im))); printf("\n"); }
    }
    st = seed;
    for (int i = 0; i < 60; i++) {
        double re = rnd(-50, 50), im = rnd(-50, 50), pr = rnd(-3, 3), pi = rnd(-3, 3);
        double _Complex z = CMPLX(re, im), w = CMPLX(pr, pi);
        double _Complex p = cpow(z, w);
        printf("cpow %d d", i); pd(creal(p)); pd(cimag(p)); printf("\n");
        float _Complex q = cpowf(CMPLXF(re, im), CMPLXF(pr, pi));
        printf("cpow %d f", i); pf(crealf(q)); pf(cimagf(q)); printf("\n");
        if (!with_ld) continue;
        long double _Complex t = cpowl(CMPLXL(re, im), CMPLXL(pr, pi));
        printf("cpow %d l", i); pl(creall(t)); pl(cimagl(t)); printf("\n");
    }
    return 0;
}
