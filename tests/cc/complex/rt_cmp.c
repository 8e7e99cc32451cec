/* Drives the complex multiplication/division helpers (__mulsc3 ... __divtc3) with
 * special and pseudo-random operands and prints every result's bits, so that the output
 * with libgcc's helpers and with libzlrt's can be compared (tests/cc/complex_rt_test.sh).
 * Compiled by riscv64-linux-gnu-gcc (rv64 and rv32). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

float _Complex __mulsc3(float, float, float, float);
double _Complex __muldc3(double, double, double, double);
long double _Complex __multc3(long double, long double, long double, long double);
float _Complex __divsc3(float, float, float, float);
double _Complex __divdc3(double, double, double, double);
long double _Complex __divtc3(long double, long double, long double, long double);

static uint64_t state = 0x9e3779b97f4a7c15u;
static uint64_t rnd(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

/* a double that is special (inf, nan, 0, tiny, huge) about half the time */
static double pick(void)
{
    static const double sp[] = {0.0, -0.0, 1.0, -1.0, 1e308, -1e308, 1e-308, 4.9e-324, 3.0, 0.5, 1e154, 1e-160};
    uint64_t r = rnd();
    double inf = __builtin_inf(), nan = __builtin_nan("");
    switch (r % 8) {
    case 0: return (r >> 8) & 1 ? inf : -inf;
    case 1: return nan;
    case 2: case 3: return sp[(r >> 8) % (sizeof sp / sizeof *sp)];
    default: {
        /* random sign, exponent anywhere, random fraction */
        uint64_t b = rnd();
        int e = (int)((r >> 8) % 2046) + 1;
        if ((r >> 20) & 1) e = 1023 + (int)((r >> 21) % 64) - 32;
        b = (b & 0x800fffffffffffffu) | ((uint64_t)e << 52);
        double d;
        memcpy(&d, &b, 8);
        return d;
    }
    }
}

static void pd(double d) { uint64_t u; memcpy(&u, &d, 8); if (d != d) u = 0x7ff8000000000000u; printf(" %016llx", (unsigned long long)u); }
static void pf(float f) { uint32_t u; memcpy(&u, &f, 4); if (f != f) u = 0x7fc00000u; printf(" %08x", (unsigned)u); }
static void pl(long double l)
{
    uint64_t w[2];
    memcpy(w, &l, 16);
    if (l != l) { w[1] = 0x7fff800000000000u; w[0] = 0; }
    printf(" %016llx%016llx", (unsigned long long)w[1], (unsigned long long)w[0]);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? (int)strtol(argv[1], NULL, 10) : 4000;
    for (int i = 0; i < n; i++) {
        double a = pick(), b = pick(), c = pick(), d = pick();
        double _Complex m = __muldc3(a, b, c, d), q = __divdc3(a, b, c, d);
        printf("d%d", i); pd(__real__ m); pd(__imag__ m); pd(__real__ q); pd(__imag__ q); printf("\n");
        float fa = (float)a, fb = (float)b, fc = (float)c, fd = (float)d;
        if (i & 1) { fa = (float)(a * 1e-300); fc = (float)(c * 1e-300); }
        float _Complex fm = __mulsc3(fa, fb, fc, fd), fq = __divsc3(fa, fb, fc, fd);
        printf("f%d", i); pf(__real__ fm); pf(__imag__ fm); pf(__real__ fq); pf(__imag__ fq); printf("\n");
        if (i % 8 == 0) {
            long double la = a, lb = b, lc = c, ld = d;
            if (i & 8) { la *= 1e4000L; ld *= 1e-4000L; }
            long double _Complex lm = __multc3(la, lb, lc, ld), lq = __divtc3(la, lb, lc, ld);
            printf("l%d", i); pl(__real__ lm); pl(__imag__ lm); pl(__real__ lq); pl(__imag__ lq); printf("\n");
        }
    }
    return 0;
}
