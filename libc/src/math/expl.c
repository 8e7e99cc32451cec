/* long double exponentials and logarithms: expl exp2l expm1l logl log2l log10l log1pl powl.
 * Computed on the 256-bit mp values of mpl.c (exp: reduction by k ln2, a Taylor polynomial
 * on r/2^12 and 12 squarings; log: reduction by 2^(j/16) and the atanh series) and rounded
 * once, so the results are correctly rounded except in hard cases closer than about 2^-140
 * ulp to a rounding boundary. */
#include "mpl.h"
#include <fenv.h>

static long double zero(int neg) { return __zl_ldval((ldbits){(u64)(neg != 0) << 63, 0}); }

#define underflow __zl_ld_underflow
#define overflow __zl_ld_overflow

/* e^x for finite x, scaled: x * mul first (mul may be 0 for none) */
static long double exp_common(long double x, const mp *mul)
{
    mp a, lim;
    __zl_mp_from_ld(&a, x);
    if (mul)
        __zl_mp_mul(&a, &a, mul);
    __zl_mp_from_int(&lim, 12000);
    if (__zl_mp_cmp_abs(&a, &lim) > 0)
        return a.s ? underflow(0) : overflow(0);
    __zl_mp_exp(&a, &a);
    return __zl_mp_to_ld(&a);
}

long double expl(long double x)
{
    ldbits b = __zl_ldbits(x);
    switch (__zl_ldclass(b)) {
    case 3: return __zl_ldqnan(b);
    case 2: return b.hi >> 63 ? zero(0) : x;
    }
    return exp_common(x, 0);
}

long double exp2l(long double x)
{
    ldbits b = __zl_ldbits(x);
    switch (__zl_ldclass(b)) {
    case 3: return __zl_ldqnan(b);
    case 2: return b.hi >> 63 ? zero(0) : x;
    }
    mp a;
    __zl_mp_from_ld(&a, x);
    if (__zl_mp_is_int(&a) && a.e <= 16) {   /* exact: 2^n (also in the directed modes) */
        i64 n = __zl_mp_round_int(&a, 0);
        a = __zl_mp_one;
        __zl_mp_scale(&a, (int)n);
        return __zl_mp_to_ld(&a);
    }
    return exp_common(x, &__zl_mp_ln2);
}

long double expm1l(long double x)
{
    ldbits b = __zl_ldbits(x);
    switch (__zl_ldclass(b)) {
    case 3: return __zl_ldqnan(b);
    case 2: return b.hi >> 63 ? __zl_ldval((ldbits){UINT64_C(0xbfff) << 48, 0}) : x;
    case 0: return x;
    }
    mp a, lim;
    __zl_mp_from_ld(&a, x);
    __zl_mp_from_int(&lim, 12000);
    if (__zl_mp_cmp_abs(&a, &lim) > 0) {
        if (a.s) {
            mp m1 = __zl_mp_one;
            m1.s = 1;
            return __zl_ld_inside(&m1);   /* -1 + e^x */
        }
        return overflow(0);
    }
    __zl_mp_expm1(&a, &a);
    return __zl_mp_to_ld(&a);
}

/* the special cases of the logarithms; returns 1 with *r set when x is one */
static int log_special(long double x, long double *r)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b);
    if (c == 3)
        *r = __zl_ldqnan(b);
    else if (c == 0)
        *r = __zl_lddivzero(1);
    else if (b.hi >> 63)
        *r = __zl_ldinvalid();
    else if (c == 2)
        *r = x;
    else
        return 0;
    return 1;
}

static long double log_scaled(long double x, const mp *mul)
{
    long double r;
    if (log_special(x, &r))
        return r;
    mp a;
    __zl_mp_from_ld(&a, x);
    __zl_mp_log(&a, &a);
    if (mul)
        __zl_mp_mul(&a, &a, mul);
    return __zl_mp_to_ld(&a);
}

long double logl(long double x) { return log_scaled(x, 0); }
/* The exact results are returned exactly (so also in the directed rounding modes):
 * log2 of a power of two, log10 of a power of ten. */
long double log2l(long double x)
{
    long double r;
    if (log_special(x, &r))
        return r;
    mp a;
    __zl_mp_from_ld(&a, x);
    if (a.m[MP_NL - 1] == 0x80000000u) {
        int pow2 = 1;
        for (int i = 0; i < MP_NL - 1; i++)
            pow2 &= a.m[i] == 0;
        if (pow2) {
            __zl_mp_from_int(&a, a.e - 1);
            return __zl_mp_to_ld(&a);
        }
    }
    return log_scaled(x, &__zl_mp_log2e);
}

long double log10l(long double x)
{
    long double r;
    if (log_special(x, &r))
        return r;
    mp a, p;
    __zl_mp_from_ld(&a, x);
    if (__zl_mp_is_int(&a) && a.e <= 160 && !a.s) {   /* 10^n, n <= 48, is exact in binary128 */
        p = __zl_mp_one;
        for (int n = 0; n <= 48 && __zl_mp_cmp(&p, &a) <= 0; n++) {
            if (__zl_mp_cmp(&p, &a) == 0) {
                __zl_mp_from_int(&p, n);
                return __zl_mp_to_ld(&p);
            }
            __zl_mp_mul_u32(&p, &p, 10);
        }
    }
    return log_scaled(x, &__zl_mp_log10e);
}

long double log1pl(long double x)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b);
    if (c == 3)
        return __zl_ldqnan(b);
    if (c == 0)
        return x;
    mp a, m1;
    __zl_mp_from_ld(&a, x);
    __zl_mp_from_int(&m1, -1);
    int k = __zl_mp_cmp(&a, &m1);
    if (k == 0)
        return __zl_lddivzero(1);
    if (k < 0)
        return __zl_ldinvalid();
    if (c == 2)
        return x;
    __zl_mp_log1p(&a, &a);
    return __zl_mp_to_ld(&a);
}

long double powl(long double x, long double y)
{
    ldbits bx = __zl_ldbits(x), by = __zl_ldbits(y);
    int cx = __zl_ldclass(bx), cy = __zl_ldclass(by);
    int xneg = (int)(bx.hi >> 63), yneg = (int)(by.hi >> 63);
    mp a, e, t;
    if (cy == 0)
        return __zl_ldval((ldbits){UINT64_C(0x3fff) << 48, 0});   /* 1, even for NaN x */
    if (bx.hi == UINT64_C(0x3fff) << 48 && bx.lo == 0)
        return x;                                                  /* pow(1, y) = 1 */
    if (cx == 3)
        return __zl_ldqnan(bx);
    if (cy == 3)
        return __zl_ldqnan(by);
    __zl_mp_from_ld(&e, y);
    int yint = cy == 1 && __zl_mp_is_int(&e), yodd = cy == 1 && __zl_mp_is_odd_int(&e);
    if (cx == 0) {
        if (yneg)
            return __zl_lddivzero(yodd && xneg);
        return zero(yodd && xneg);
    }
    __zl_mp_from_ld(&a, x);
    a.s = 0;
    if (cy == 2) {
        int c = __zl_mp_cmp_abs(&a, &__zl_mp_one);
        if (c == 0)
            return __zl_ldval((ldbits){UINT64_C(0x3fff) << 48, 0});
        return (c > 0) != yneg ? __zl_ldinf(0) : zero(0);
    }
    if (cx == 2) {
        int neg = xneg && yodd;
        return yneg ? zero(neg) : __zl_ldinf(neg);
    }
    if (xneg && !yint)
        return __zl_ldinvalid();
    int neg = xneg && yodd;
    if (yint && e.e <= 8) {
        /* x^n with n integral and bits(x) |n| <= 256: the power is exact in mp (and 1/x^n is
         * one division with a sticky bit), so the result is correctly rounded, also when
         * it is exact (in every rounding direction) */
        int low = 0;
        while (!(a.m[low / 32] >> (low % 32) & 1))
            low++;
        i64 n = __zl_mp_round_int(&e, 0), an = n < 0 ? -n : n;
        if ((256 - low) * an <= 256) {
            mp p = __zl_mp_one;
            for (i64 i = 0; i < an; i++)
                __zl_mp_mul(&p, &p, &a);
            if (n < 0)
                __zl_mp_div(&p, &__zl_mp_one, &p);
            p.s = neg;
            return __zl_mp_to_ld(&p);
        }
    }
    __zl_mp_log(&a, &a);
    __zl_mp_mul(&a, &a, &e);
    __zl_mp_from_int(&t, 12000);
    if (__zl_mp_cmp_abs(&a, &t) > 0)
        return a.s ? underflow(neg) : overflow(neg);
    __zl_mp_exp(&a, &a);
    a.s = neg;
    return __zl_mp_to_ld(&a);
}
