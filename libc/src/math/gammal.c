/* long double error and gamma functions: erfl erfcl tgammal lgammal lgammal_r, on the
 * 256-bit mp values of mpl.c.
 *   erf x   = 2/sqrt(pi) e^(-x^2) sum 2^n x^(2n+1) / (1 3 5 ... (2n+1))   (no cancellation)
 *   erfc x  = 1 - erf x below 5 (at most 39 of the 256 bits cancel); from 5 on the continued
 *             fraction e^(-x^2)/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))),
 *             evaluated forward (numerator and denominator recurrences, one division).
 *   lgamma  Stirling's series with 40 terms (B_2k / (2k(2k-1) x^(2k-1))) from x >= 40, the
 *             recurrence Gamma(x) = Gamma(x+n) / (x (x+1) ... (x+n-1)) below, Taylor series
 *             at 1 and 2 (zeta values) within 2^-40 of them, and the reflection formula
 *             Gamma(x) Gamma(1-x) = pi / sin(pi x) for x < 0.
 * lgammal sets signgam (defined with the double lgamma in gamma.c). */
#include "mpl.h"
#include <math.h>
#include <fenv.h>
#include <string.h>


static long double ldzero(int neg) { return __zl_ldval((ldbits){(u64)(neg != 0) << 63, 0}); }
static long double ldone(int neg) { return __zl_ldval((ldbits){(u64)(neg != 0) << 63 | UINT64_C(0x3fff) << 48, 0}); }

static int big(const mp *a, int lim)
{
    mp l;
    __zl_mp_from_int(&l, lim);
    return __zl_mp_cmp_abs(a, &l) > 0;
}

/* erf(a) for 0 <= a < 9 */
static void erf_mp(mp *r, const mp *a)
{
    mp a2, t, s, e;
    if (__zl_mp_is_zero(a)) {
        memset(r, 0, sizeof *r);
        return;
    }
    __zl_mp_mul(&a2, a, a);
    t = *a;
    s = *a;
    mp a2x2 = a2;
    __zl_mp_scale(&a2x2, 1);
    for (u32 n = 1; n < 2000; n++) {
        __zl_mp_mul(&t, &t, &a2x2);
        __zl_mp_div_u32(&t, &t, 2 * n + 1);
        __zl_mp_add(&s, &s, &t);
        if (t.e < s.e - 220 && __zl_mp_cmp_abs(&t, &s) < 0 && 2 * n + 1 > 4 * (u32)(a2.e > 0 ? 1u << a2.e : 1u))
            break;
    }
    a2.s = 1;
    __zl_mp_exp(&e, &a2);
    __zl_mp_mul(&s, &s, &e);
    __zl_mp_mul(r, &s, &__zl_mp_2osqrtpi);
}

long double erfl(long double x)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b), neg = (int)(b.hi >> 63);
    if (c == 3)
        return __zl_ldqnan(b);
    if (c == 0)
        return x;
    if (c == 2)
        return ldone(neg);
    mp a;
    __zl_mp_from_ld(&a, x);
    a.s = 0;
    if (big(&a, 9)) {
        mp o = __zl_mp_one;   /* 1 - erfc(x), erfc(9) < 2^-120: just inside 1 */
        o.s = neg;
        return __zl_ld_inside(&o);
    }
    erf_mp(&a, &a);
    a.s = neg;
    return __zl_mp_to_ld(&a);
}

long double erfcl(long double x)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b), neg = (int)(b.hi >> 63);
    if (c == 3)
        return __zl_ldqnan(b);
    if (c == 2)
        return neg ? __zl_ldval((ldbits){UINT64_C(0x4000) << 48, 0}) : ldzero(0);
    mp a, r;
    __zl_mp_from_ld(&a, x);
    a.s = 0;
    if (neg || !big(&a, 5)) {
        if (neg && big(&a, 9)) {
            mp two = __zl_mp_one;   /* 2 - erfc(|x|): just inside 2 */
            two.e++;
            return __zl_ld_inside(&two);
        }
        erf_mp(&r, &a);
        if (!neg)
            r.s = 1;
        __zl_mp_add(&r, &r, &__zl_mp_one);
        return __zl_mp_to_ld(&r);
    }
    if (big(&a, 110))
        return __zl_ld_underflow(0);
    mp fl;
    int odd;
    __zl_mp_trunc(&fl, &a, &odd);
    i64 ip = __zl_mp_round_int(&fl, 0);
    u32 N = (u32)(440 / ip + 8);
    mp A0 = __zl_mp_one, A1 = a, B0, B1 = __zl_mp_one, t;
    memset(&B0, 0, sizeof B0);
    for (u32 n = 1; n <= N; n++) {
        /* A(n) = a A(n-1) + (n/2) A(n-2) */
        __zl_mp_mul_u32(&t, &A0, n);
        __zl_mp_scale(&t, -1);
        A0 = A1;
        __zl_mp_mul(&A1, &A1, &a);
        __zl_mp_add(&A1, &A1, &t);
        __zl_mp_mul_u32(&t, &B0, n);
        __zl_mp_scale(&t, -1);
        B0 = B1;
        __zl_mp_mul(&B1, &B1, &a);
        __zl_mp_add(&B1, &B1, &t);
    }
    __zl_mp_div(&r, &B1, &A1);
    __zl_mp_mul(&t, &a, &a);
    t.s = 1;
    __zl_mp_exp(&t, &t);
    __zl_mp_mul(&r, &r, &t);
    __zl_mp_mul(&r, &r, &__zl_mp_1osqrtpi);
    return __zl_mp_to_ld(&r);
}

/* Stirling: log Gamma(x) for x >= 40 (truncation error below 2^-252) */
static void stirling(mp *r, const mp *x)
{
    mp w, s, t, l;
    __zl_mp_mul(&w, x, x);
    __zl_mp_div(&w, &__zl_mp_one, &w);
    s = __zl_mp_stirling[MP_STIRLING_K - 1];
    for (int k = MP_STIRLING_K - 2; k >= 0; k--) {
        __zl_mp_mul(&s, &s, &w);
        __zl_mp_add(&s, &s, &__zl_mp_stirling[k]);
    }
    __zl_mp_div(&s, &s, x);
    __zl_mp_log(&l, x);
    t = __zl_mp_one;
    __zl_mp_scale(&t, -1);
    __zl_mp_sub(&t, x, &t);
    __zl_mp_mul(&l, &l, &t);   /* (x - 1/2) log x */
    __zl_mp_sub(&l, &l, x);
    __zl_mp_add(&l, &l, &__zl_mp_hln2pi);
    __zl_mp_add(r, &l, &s);
}

/* log Gamma(x) for x > 0 (mp); exact Taylor series near 1 and 2 when near12 */
static void lgamma_pos(mp *r, const mp *x, int near12)
{
    mp z, p, t;
    if (near12) {
        for (int c = 1; c <= 2; c++) {
            __zl_mp_from_int(&t, c);
            __zl_mp_sub(&z, x, &t);
            if (__zl_mp_is_zero(&z)) {
                memset(r, 0, sizeof *r);
                return;
            }
            if (z.e > -40)
                continue;
            const mp *co = c == 1 ? __zl_mp_lg1 : __zl_mp_lg2;
            p = co[5];
            for (int k = 4; k >= 0; k--) {
                __zl_mp_mul(&p, &p, &z);
                __zl_mp_add(&p, &p, &co[k]);
            }
            __zl_mp_mul(&p, &p, &z);
            if (c == 1)
                __zl_mp_sub(&p, &p, &__zl_mp_euler);
            else
                __zl_mp_add(&p, &p, &__zl_mp_1meuler);
            __zl_mp_mul(r, &p, &z);
            return;
        }
    }
    __zl_mp_from_int(&t, 40);
    if (__zl_mp_cmp(x, &t) >= 0) {
        stirling(r, x);
        return;
    }
    /* x + n >= 40 */
    mp prod = *x, y = *x;
    for (;;) {
        __zl_mp_add(&y, &y, &__zl_mp_one);
        if (__zl_mp_cmp(&y, &t) >= 0)
            break;
        __zl_mp_mul(&prod, &prod, &y);
    }
    stirling(&z, &y);
    __zl_mp_log(&p, &prod);
    __zl_mp_sub(r, &z, &p);
}

/* |sin(pi x)| for a = |x| (not an integer), and the sign of Gamma(-a): negative iff
 * trunc(a) is even */
static void sinpi_abs(mp *r, const mp *a, int *gneg)
{
    mp ip, f, g;
    int odd;
    __zl_mp_trunc(&ip, a, &odd);
    *gneg = !odd;
    __zl_mp_sub(&f, a, &ip);                /* (0, 1) */
    __zl_mp_sub(&g, &__zl_mp_one, &f);
    if (__zl_mp_cmp(&g, &f) < 0)
        f = g;                               /* (0, 1/2] */
    g = __zl_mp_one;
    __zl_mp_scale(&g, -2);
    if (__zl_mp_cmp(&f, &g) <= 0) {
        __zl_mp_mul(&f, &f, &__zl_mp_pi);
        __zl_mp_sincos_small(&f, r, 0);
    } else {
        __zl_mp_scale(&g, 1);
        __zl_mp_sub(&f, &g, &f);
        __zl_mp_mul(&f, &f, &__zl_mp_pi);
        __zl_mp_sincos_small(&f, 0, r);
    }
}

long double lgammal_r(long double x, int *sg)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b), neg = (int)(b.hi >> 63);
    *sg = 1;
    if (c == 3)
        return __zl_ldqnan(b);
    if (c == 2)
        return __zl_ldinf(0);
    if (c == 0) {
        *sg = neg ? -1 : 1;
        return __zl_lddivzero(0);
    }
    mp a, r, s, t;
    __zl_mp_from_ld(&a, x);
    if (!neg) {
        lgamma_pos(&r, &a, 1);
        return __zl_mp_to_ld(&r);
    }
    if (__zl_mp_is_int(&a))
        return __zl_lddivzero(0);
    a.s = 0;
    int gneg;
    sinpi_abs(&s, &a, &gneg);
    *sg = gneg ? -1 : 1;
    /* Gamma(-a) Gamma(1 + a) = -pi / sin(pi a): lgamma(-a) = log(pi / |sin|) - lgamma(1 + a) */
    __zl_mp_add(&t, &a, &__zl_mp_one);
    lgamma_pos(&r, &t, 1);
    __zl_mp_div(&s, &__zl_mp_pi, &s);
    __zl_mp_log(&s, &s);
    __zl_mp_sub(&r, &s, &r);
    return __zl_mp_to_ld(&r);
}

long double lgammal(long double x) { return lgammal_r(x, &signgam); }

long double tgammal(long double x)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b), neg = (int)(b.hi >> 63);
    if (c == 3)
        return __zl_ldqnan(b);
    if (c == 2)
        return neg ? __zl_ldinvalid() : x;
    if (c == 0)
        return __zl_lddivzero(neg);
    mp a, r, s;
    __zl_mp_from_ld(&a, x);
    if (!neg) {
        if (big(&a, 1800))
            return __zl_ld_overflow(0);
        if (__zl_mp_is_int(&a) && !big(&a, 60)) {   /* (n-1)!: exact in 256 bits up to n = 60 */
            i64 n = __zl_mp_round_int(&a, 0);
            r = __zl_mp_one;
            for (i64 k = 2; k < n; k++)
                __zl_mp_mul_u32(&r, &r, (u32)k);
            return __zl_mp_to_ld(&r);
        }
        lgamma_pos(&r, &a, 0);
        __zl_mp_exp(&r, &r);
        return __zl_mp_to_ld(&r);
    }
    if (__zl_mp_is_int(&a))
        return __zl_ldinvalid();
    a.s = 0;
    int gneg;
    sinpi_abs(&s, &a, &gneg);
    if (big(&a, 1800))
        return __zl_ld_underflow(gneg);
    /* Gamma(-a) = -pi / (a sin(pi a) Gamma(a)) = pi / (|sin| Gamma(1 + a)) with the sign */
    __zl_mp_add(&r, &a, &__zl_mp_one);
    lgamma_pos(&r, &r, 0);
    __zl_mp_exp(&r, &r);
    __zl_mp_mul(&r, &r, &s);
    __zl_mp_div(&r, &__zl_mp_pi, &r);
    r.s = gneg;
    return __zl_mp_to_ld(&r);
}
