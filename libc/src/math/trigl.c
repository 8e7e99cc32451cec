/* long double trigonometric functions: sinl cosl tanl asinl acosl atanl atan2l.
 * sin/cos/tan: reduction modulo pi/2 by Payne-Hanek with the bits of 2/pi (mpl.c, exact for
 * every binary128 argument), then Taylor series on |r| <= pi/4 in 256-bit mp arithmetic.
 * atan: atan(j/16) + atan of the remainder (series); asin/acos through atan. */
#include "mpl.h"

static long double zero(int neg) { return __zl_ldval((ldbits){(u64)(neg != 0) << 63, 0}); }

/* which: 0 sin, 1 cos, 2 tan */
static long double trig(long double x, int which)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b);
    if (c == 3)
        return __zl_ldqnan(b);
    if (c == 2)
        return __zl_ldinvalid();
    if (c == 0 && which != 1)
        return x;
    mp a, r, s, co;
    __zl_mp_from_ld(&a, x);
    int k = __zl_mp_rem_pio2(&a, &r);
    __zl_mp_sincos_small(&r, &s, &co);
    switch (which) {
    case 0:
        a = k & 1 ? co : s;
        if (k & 2)
            a.s ^= 1;
        break;
    case 1:
        a = k & 1 ? s : co;
        if (((k + 1) & 2))
            a.s ^= 1;
        break;
    default:
        if (k & 1) {
            __zl_mp_div(&a, &co, &s);
            a.s ^= 1;
        } else
            __zl_mp_div(&a, &s, &co);
    }
    return __zl_mp_to_ld(&a);
}

long double sinl(long double x) { return trig(x, 0); }
long double cosl(long double x) { return trig(x, 1); }
long double tanl(long double x) { return trig(x, 2); }

long double atanl(long double x)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b);
    if (c == 3)
        return __zl_ldqnan(b);
    if (c == 0)
        return x;
    mp a;
    if (c == 2) {
        a = __zl_mp_pio2;
        a.s = (int)(b.hi >> 63);
        return __zl_mp_to_ld(&a);
    }
    __zl_mp_from_ld(&a, x);
    __zl_mp_atan(&a, &a);
    return __zl_mp_to_ld(&a);
}

long double atan2l(long double y, long double x)
{
    ldbits by = __zl_ldbits(y), bx = __zl_ldbits(x);
    int cy = __zl_ldclass(by), cx = __zl_ldclass(bx);
    int yneg = (int)(by.hi >> 63), xneg = (int)(bx.hi >> 63);
    mp a, t;
    if (cx == 3)
        return __zl_ldqnan(bx);
    if (cy == 3)
        return __zl_ldqnan(by);
    if (cy == 0) {
        if (!xneg)
            return y;
        a = __zl_mp_pi;
    } else if (cx == 0) {
        a = __zl_mp_pio2;
    } else if (cy == 2) {
        if (cx == 2) {
            a = __zl_mp_pio4;
            if (xneg)
                __zl_mp_sub(&a, &__zl_mp_pi, &a);
        } else
            a = __zl_mp_pio2;
    } else if (cx == 2) {
        if (!xneg)
            return zero(yneg);
        a = __zl_mp_pi;
    } else {
        __zl_mp_from_ld(&a, y);
        __zl_mp_from_ld(&t, x);
        a.s = t.s = 0;
        __zl_mp_div(&a, &a, &t);
        __zl_mp_atan(&a, &a);
        if (xneg)
            __zl_mp_sub(&a, &__zl_mp_pi, &a);
    }
    a.s = yneg;
    return __zl_mp_to_ld(&a);
}

/* asin x = atan(x / sqrt((1 - x)(1 + x))) */
long double asinl(long double x)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b);
    if (c == 3)
        return __zl_ldqnan(b);
    if (c == 0)
        return x;
    mp a, u, v;
    __zl_mp_from_ld(&a, x);
    int k = c == 2 ? 1 : __zl_mp_cmp_abs(&a, &__zl_mp_one);
    if (k > 0)
        return __zl_ldinvalid();
    if (k == 0) {
        u = __zl_mp_pio2;
        u.s = a.s;
        return __zl_mp_to_ld(&u);
    }
    __zl_mp_sub(&u, &__zl_mp_one, &a);
    __zl_mp_add(&v, &__zl_mp_one, &a);
    __zl_mp_mul(&u, &u, &v);
    __zl_mp_sqrt(&u, &u);
    __zl_mp_div(&a, &a, &u);
    __zl_mp_atan(&a, &a);
    return __zl_mp_to_ld(&a);
}

/* acos x = 2 atan(sqrt((1 - x) / (1 + x))) */
long double acosl(long double x)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b);
    if (c == 3)
        return __zl_ldqnan(b);
    mp a, u, v;
    __zl_mp_from_ld(&a, x);
    int k = c == 2 ? 1 : __zl_mp_cmp_abs(&a, &__zl_mp_one);
    if (k > 0)
        return __zl_ldinvalid();
    if (k == 0)
        return a.s ? __zl_mp_to_ld(&__zl_mp_pi) : zero(0);
    __zl_mp_sub(&u, &__zl_mp_one, &a);
    __zl_mp_add(&v, &__zl_mp_one, &a);
    __zl_mp_div(&u, &u, &v);
    __zl_mp_sqrt(&u, &u);
    __zl_mp_atan(&u, &u);
    __zl_mp_scale(&u, 1);
    return __zl_mp_to_ld(&u);
}
