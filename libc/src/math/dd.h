/* Internal to zlibc's double/float math (docs/libc.md, "math"): double-double arithmetic
 * and the shared kernels.  A value is hi + lo with |lo| <= ulp(hi)/2, about 106 bits.
 * The error-free transformations (Knuth's two-sum, Dekker's split and product) need
 * round-to-nearest and no contraction of a*b+c into fma: the library is built with
 * -std=c11 (gcc: -ffp-contract=off) and every entry point switches fcsr to
 * round-to-nearest with cleared flags for its computation (mth_enter/mth_leave). */
#ifndef ZL_MATH_DD_H
#define ZL_MATH_DD_H
#include "zl_libc.h"
#include <string.h>
#include <math.h>
#include <stdint.h>

typedef struct {
    double hi, lo;
} dd;

static inline u64 mth_bits(double x)
{
    u64 b;
    memcpy(&b, &x, 8);
    return b;
}

static inline double mth_dbl(u64 b)
{
    double x;
    memcpy(&x, &b, 8);
    return x;
}

static inline u32 mth_fbits(float x)
{
    u32 b;
    memcpy(&b, &x, 4);
    return b;
}

static inline float mth_flt(u32 b)
{
    float x;
    memcpy(&x, &b, 4);
    return x;
}

/* 2^k for k in [-1022, 1023] */
static inline double mth_pow2(int k) { return mth_dbl((u64)(k + 1023) << 52); }

static inline dd dd_make(double hi, double lo)
{
    dd r = { hi, lo };
    return r;
}

static inline dd dd_d(double x) { return dd_make(x, 0); }

/* |a| >= |b| or a == 0 */
static inline dd dd_fast2sum(double a, double b)
{
    double s = a + b;
    return dd_make(s, b - (s - a));
}

static inline dd dd_2sum(double a, double b)
{
    double s = a + b, bb = s - a;
    return dd_make(s, (a - (s - bb)) + (b - bb));
}

/* Dekker's split: |a| < 2^995 */
static inline void dd_split(double a, double *h, double *l)
{
    double c = 134217729.0 * a;   /* 2^27 + 1 */
    *h = c - (c - a);
    *l = a - *h;
}

static inline dd dd_2prod(double a, double b)
{
    double p = a * b, ah, al, bh, bl;
    dd_split(a, &ah, &al);
    dd_split(b, &bh, &bl);
    return dd_make(p, ((ah * bh - p) + ah * bl + al * bh) + al * bl);
}

static inline dd dd_add(dd a, dd b)
{
    dd s = dd_2sum(a.hi, b.hi), t = dd_2sum(a.lo, b.lo);
    s.lo += t.hi;
    s = dd_fast2sum(s.hi, s.lo);
    s.lo += t.lo;
    return dd_fast2sum(s.hi, s.lo);
}

static inline dd dd_neg(dd a) { return dd_make(-a.hi, -a.lo); }
static inline dd dd_sub(dd a, dd b) { return dd_add(a, dd_neg(b)); }
static inline dd dd_add_d(dd a, double b) { return dd_add(a, dd_d(b)); }

static inline dd dd_mul(dd a, dd b)
{
    dd p = dd_2prod(a.hi, b.hi);
    p.lo += a.hi * b.lo + a.lo * b.hi;
    return dd_fast2sum(p.hi, p.lo);
}

static inline dd dd_mul_d(dd a, double b)
{
    dd p = dd_2prod(a.hi, b);
    p.lo += a.lo * b;
    return dd_fast2sum(p.hi, p.lo);
}

static inline dd dd_div(dd a, dd b)
{
    double q1 = a.hi / b.hi;
    dd r = dd_sub(a, dd_mul_d(b, q1));
    double q2 = r.hi / b.hi;
    r = dd_sub(r, dd_mul_d(b, q2));
    double q3 = r.hi / b.hi;
    dd q = dd_fast2sum(q1, q2);
    return dd_add_d(q, q3);
}

static inline dd dd_div_d(dd a, double b) { return dd_div(a, dd_d(b)); }

/* a * 2^k, exact (no overflow/underflow in the callers' ranges) */
static inline dd dd_ldexp(dd a, int k)
{
    double s = mth_pow2(k);
    return dd_make(a.hi * s, a.lo * s);
}

/* sqrt of a > 0: one Newton step on the double root. */
static inline dd dd_sqrt(dd a)
{
    double s = sqrt(a.hi);
    dd e = dd_sub(a, dd_2prod(s, s));
    return dd_fast2sum(s, e.hi / (2 * s));
}

static inline double dd_val(dd a) { return a.hi + a.lo; }

/* Results that must raise flags: evaluated at run time (a volatile operand keeps the
 * compiler from folding the operation away). */
static inline double mth_overflow(double sign)   /* +-inf, overflow + inexact */
{
    volatile double h = 0x1p1023;
    return sign * h * 2;
}
static inline double mth_underflow(double sign)  /* +-0, underflow + inexact */
{
    volatile double t = 0x1p-1022;
    return sign * t * t;
}
static inline double mth_round(double r)         /* r - tiny rounded: r, inexact (|r| >= 1) */
{
    volatile double t = 0x1p-100;
    return r > 0 ? r - t : r + t;
}

/* Floating-point environment of an entry point: round to nearest, flags cleared; on the
 * way out the caller's rounding mode and flags come back (then the final rounding may
 * add inexact/overflow/underflow, as Annex F wants for the result). */
unsigned __zl_fcsr(unsigned set, unsigned mask);
static inline unsigned mth_enter(void) { return __zl_fcsr(0, 0xff); }
static inline void mth_leave(unsigned env) { __zl_fcsr(env, 0xff); }

/* Rounds hi+lo (with |hi| in a safe range) times 2^k to double in one step where the
 * result is normal (k may be anything; overflow gives inf with the overflow flag). */
ZL_HIDDEN double __zl_mth_scale(dd v, int k);

/* Kernels (libc/src/math/kernels.c), all in round-to-nearest. */
ZL_HIDDEN dd __zl_dd_expm1(dd x);            /* e^x - 1, |x| <= 0.36 */
ZL_HIDDEN dd __zl_dd_exp(dd x, int *k);      /* e^x = result * 2^k, |x| < 2^11 */
ZL_HIDDEN dd __zl_dd_log1p(dd a);            /* log(1 + a), a > -1 */
ZL_HIDDEN dd __zl_dd_log(double x);          /* log(x), x > 0 finite */
ZL_HIDDEN dd __zl_dd_logdd(dd x);            /* log(x), x > 0 */
ZL_HIDDEN int __zl_rem_pio2(double x, dd *r);   /* x = n*pi/2 + r, |r| <= pi/4; returns n mod 4 */
ZL_HIDDEN dd __zl_dd_sin(dd r);              /* |r| <= pi/4 (a little more is fine) */
ZL_HIDDEN dd __zl_dd_cos(dd r);
ZL_HIDDEN dd __zl_dd_atan(dd x);             /* any finite x */
ZL_HIDDEN dd __zl_dd_sinpi(double x);        /* sin(pi x), exact reduction */

extern const dd __zl_ln2, __zl_pi, __zl_pio2;
#endif
