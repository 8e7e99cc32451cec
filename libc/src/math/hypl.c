/* long double hyperbolic functions and friends: sinhl coshl tanhl asinhl acoshl atanhl
 * cbrtl hypotl, on the 256-bit mp values of mpl.c (exp/log based; short series below
 * 2^-40 where the exp/log forms would cancel). */
#include "mpl.h"
#include <fenv.h>
#include <string.h>

#define overflow __zl_ld_overflow

static long double one(int neg) { return __zl_ldval((ldbits){(u64)(neg != 0) << 63 | UINT64_C(0x3fff) << 48, 0}); }

/* x (1 + c x^2) with c = num/den (the first two terms of an odd series) */
static long double odd2(const mp *x, int num, u32 den)
{
    mp t;
    __zl_mp_mul(&t, x, x);
    __zl_mp_div_u32(&t, &t, den);
    if (num < 0)
        t.s ^= 1;
    __zl_mp_add(&t, &t, &__zl_mp_one);
    __zl_mp_mul(&t, &t, x);
    return __zl_mp_to_ld(&t);
}

static int big(const mp *a, int lim)
{
    mp l;
    __zl_mp_from_int(&l, lim);
    return __zl_mp_cmp_abs(a, &l) > 0;
}

long double sinhl(long double x)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b);
    if (c == 3)
        return __zl_ldqnan(b);
    if (c != 1)
        return x;
    mp a, e, r;
    __zl_mp_from_ld(&a, x);
    int neg = a.s;
    a.s = 0;
    if (a.e <= -40) {
        a.s = neg;
        return odd2(&a, 1, 6);
    }
    if (big(&a, 12000))
        return overflow(neg);
    __zl_mp_exp(&e, &a);
    __zl_mp_div(&r, &__zl_mp_one, &e);
    __zl_mp_sub(&r, &e, &r);
    __zl_mp_scale(&r, -1);
    r.s = neg;
    return __zl_mp_to_ld(&r);
}

long double coshl(long double x)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b);
    if (c == 3)
        return __zl_ldqnan(b);
    if (c == 2)
        return __zl_ldinf(0);
    mp a, e, r;
    __zl_mp_from_ld(&a, x);
    a.s = 0;
    if (big(&a, 12000))
        return overflow(0);
    __zl_mp_exp(&e, &a);
    __zl_mp_div(&r, &__zl_mp_one, &e);
    __zl_mp_add(&r, &e, &r);
    __zl_mp_scale(&r, -1);
    return __zl_mp_to_ld(&r);
}

long double tanhl(long double x)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b);
    if (c == 3)
        return __zl_ldqnan(b);
    if (c == 0)
        return x;
    int neg = (int)(b.hi >> 63);
    if (c == 2)
        return one(neg);
    mp a, e, d;
    __zl_mp_from_ld(&a, x);
    if (a.e <= -40)
        return odd2(&a, -1, 3);
    a.s = 0;
    if (big(&a, 50)) {
        mp o = __zl_mp_one;   /* 1 - 2e^-100: just inside 1 */
        o.s = neg;
        return __zl_ld_inside(&o);
    }
    __zl_mp_scale(&a, 1);
    __zl_mp_expm1(&e, &a);                 /* (e^2a - 1) / (e^2a + 1) */
    __zl_mp_add(&d, &e, &__zl_mp_one);
    __zl_mp_add(&d, &d, &__zl_mp_one);
    __zl_mp_div(&e, &e, &d);
    e.s = neg;
    return __zl_mp_to_ld(&e);
}

long double asinhl(long double x)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b);
    if (c == 3)
        return __zl_ldqnan(b);
    if (c != 1)
        return x;
    mp a, t;
    __zl_mp_from_ld(&a, x);
    if (a.e <= -40)
        return odd2(&a, -1, 6);
    int neg = a.s;
    a.s = 0;
    __zl_mp_mul(&t, &a, &a);   /* log(a + sqrt(a^2 + 1)) */
    __zl_mp_add(&t, &t, &__zl_mp_one);
    __zl_mp_sqrt(&t, &t);
    __zl_mp_add(&t, &t, &a);
    __zl_mp_log(&t, &t);
    t.s = neg;
    return __zl_mp_to_ld(&t);
}

long double acoshl(long double x)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b);
    if (c == 3)
        return __zl_ldqnan(b);
    mp a, t, u;
    __zl_mp_from_ld(&a, x);
    int k = c == 0 ? -1 : __zl_mp_cmp(&a, &__zl_mp_one);
    if (k < 0)
        return __zl_ldinvalid();
    if (k == 0)
        return __zl_ldval((ldbits){0, 0});
    if (c == 2)
        return x;
    __zl_mp_sub(&t, &a, &__zl_mp_one);   /* log(a + sqrt((a - 1)(a + 1))) */
    __zl_mp_add(&u, &a, &__zl_mp_one);
    __zl_mp_mul(&t, &t, &u);
    __zl_mp_sqrt(&t, &t);
    __zl_mp_sub(&u, &a, &__zl_mp_one);
    __zl_mp_add(&t, &t, &u);             /* log1p(a - 1 + sqrt(...)) */
    __zl_mp_log1p(&t, &t);
    return __zl_mp_to_ld(&t);
}

long double atanhl(long double x)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b);
    if (c == 3)
        return __zl_ldqnan(b);
    if (c == 0)
        return x;
    mp a, t, u;
    __zl_mp_from_ld(&a, x);
    int neg = a.s;
    int k = c == 2 ? 1 : __zl_mp_cmp_abs(&a, &__zl_mp_one);
    if (k > 0)
        return __zl_ldinvalid();
    if (k == 0)
        return __zl_lddivzero(neg);
    if (a.e <= -40)
        return odd2(&a, 1, 3);
    a.s = 0;
    __zl_mp_sub(&u, &__zl_mp_one, &a);   /* log1p(2a / (1 - a)) / 2 */
    __zl_mp_div(&t, &a, &u);
    __zl_mp_scale(&t, 1);
    __zl_mp_log1p(&t, &t);
    __zl_mp_scale(&t, -1);
    t.s = neg;
    return __zl_mp_to_ld(&t);
}

long double cbrtl(long double x)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b);
    if (c == 3)
        return __zl_ldqnan(b);
    if (c != 1)
        return x;
    mp a, y, t;
    __zl_mp_from_ld(&a, x);
    int neg = a.s;
    a.s = 0;
    /* a = m 2^(3q), m in [1/2, 4) */
    int e = a.e, q = (e >= 0 ? e : e - 2) / 3;
    a.e = e - 3 * q;
    static const u32 guess[3] = {0xe6666666u, 0x90a3d70au, 0xb5c28f5cu};   /* .9 1.13 1.42 */
    memset(&y, 0, sizeof y);
    y.m[MP_NL - 1] = guess[a.e];
    y.e = a.e ? 1 : 0;
    /* Newton: y = (2y + a/y^2) / 3, quadratic from a 14% error: 7 steps */
    for (int i = 0; i < 7; i++) {
        __zl_mp_mul(&t, &y, &y);
        __zl_mp_div(&t, &a, &t);
        __zl_mp_scale(&y, 1);
        __zl_mp_add(&y, &y, &t);
        __zl_mp_div_u32(&y, &y, 3);
    }
    /* an exact cube has a root of at most 38 significant bits: y rounded to 40 bits, cubed
     * exactly, equal to a means the root is exact (so also in the directed modes) */
    mp cr = y, c3;
    u32 half = 1u << 23;   /* bit 216 - 1 of the 256: rounding to the top 40 bits */
    u64 tt = (u64)cr.m[6] + half;
    cr.m[6] = (u32)tt;
    if (tt >> 32 && ++cr.m[7] == 0) {
        cr.m[7] = 0x80000000u;
        cr.e++;
    }
    cr.m[6] &= ~((1u << 24) - 1);
    for (int i = 0; i < 6; i++)
        cr.m[i] = 0;
    __zl_mp_mul(&c3, &cr, &cr);
    __zl_mp_mul(&c3, &c3, &cr);
    if (__zl_mp_cmp(&c3, &a) == 0)
        y = cr;
    __zl_mp_scale(&y, q);
    y.s = neg;
    return __zl_mp_to_ld(&y);
}

long double hypotl(long double x, long double y)
{
    ldbits bx = __zl_ldbits(x), by = __zl_ldbits(y);
    int cx = __zl_ldclass(bx), cy = __zl_ldclass(by);
    if ((cx == 3 && !(bx.hi >> 47 & 1)) || (cy == 3 && !(by.hi >> 47 & 1)))
        return __zl_ldqnan(cx == 3 && !(bx.hi >> 47 & 1) ? bx : by);   /* signaling NaN */
    if (cx == 2 || cy == 2)
        return __zl_ldinf(0);
    if (cx == 3)
        return __zl_ldqnan(bx);
    if (cy == 3)
        return __zl_ldqnan(by);
    mp a, t;
    __zl_mp_from_ld(&a, x);
    __zl_mp_from_ld(&t, y);
    __zl_mp_mul(&a, &a, &a);
    __zl_mp_mul(&t, &t, &t);
    __zl_mp_add(&a, &a, &t);
    __zl_mp_sqrt(&a, &a);
    return __zl_mp_to_ld(&a);
}
