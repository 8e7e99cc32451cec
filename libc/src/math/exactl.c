/* The exactly computable long double (IEEE binary128) <math.h> functions, on the bit
 * patterns as two 64-bit halves (rv32 has no __int128) or on the exact 256-bit mp values of
 * mpl.c; no long double arithmetic is used, so the rv32 GCC build needs no soft-float
 * helpers.  Every result is the exact or correctly rounded one; rintl, nearbyintl, lrintl
 * and llrintl follow the current rounding direction (fegetround), the other results are
 * rounded to nearest-even. */
#include "mpl.h"
#include <math.h>
#include <fenv.h>
#include <limits.h>

#define SIGN (UINT64_C(1) << 63)
#define MANT_HI ((UINT64_C(1) << 48) - 1)
#define EXPO(b) ((int)((b).hi >> 48 & 0x7fff))

static int ld_neg(ldbits b) { return (int)(b.hi >> 63); }

/* ---- rounding to integers ---- */

/* mode 0 toward zero, 1 down, 2 up, 3 half away from zero, 4 half to even */
static long double round_mode(long double x, int mode)
{
    ldbits b = __zl_ldbits(x);
    int e = EXPO(b) - 16383, neg = ld_neg(b);
    if (__zl_ldclass(b) == 3)
        return __zl_ldqnan(b);
    if (e >= 112)
        return x;
    if (e < 0) {
        if (!((b.hi & ~SIGN) | b.lo))
            return x;
        int up;
        switch (mode) {
        case 1: up = neg; break;
        case 2: up = !neg; break;
        case 3: up = e == -1; break;
        case 4: up = e == -1 && ((b.hi & MANT_HI) | b.lo); break;
        default: up = 0;
        }
        ldbits r = {(b.hi & SIGN) | (up ? UINT64_C(0x3fff) << 48 : 0), 0};
        return __zl_ldval(r);
    }
    int f = 112 - e;   /* fraction bits, 1..112 */
    u64 mhi, mlo, hhi, hlo;   /* fraction mask, half */
    if (f >= 64) {
        mlo = ~UINT64_C(0);
        mhi = f == 64 ? 0 : (UINT64_C(1) << (f - 64)) - 1;
        hhi = f == 64 ? 0 : UINT64_C(1) << (f - 65);
        hlo = f == 64 ? UINT64_C(1) << 63 : 0;
    } else {
        mhi = 0;
        mlo = (UINT64_C(1) << f) - 1;
        hhi = 0;
        hlo = UINT64_C(1) << (f - 1);
    }
    u64 rhi = b.hi & mhi, rlo = b.lo & mlo;
    if (!(rhi | rlo))
        return x;
    int gt = rhi > hhi || (rhi == hhi && rlo > hlo), eq = rhi == hhi && rlo == hlo;
    int odd = f >= 64 ? (int)(b.hi >> (f - 64) & 1) : (int)(b.lo >> f & 1);
    int up;
    switch (mode) {
    case 1: up = neg; break;
    case 2: up = !neg; break;
    case 3: up = gt || eq; break;
    case 4: up = gt || (eq && odd); break;
    default: up = 0;
    }
    b.hi &= ~mhi;
    b.lo &= ~mlo;
    if (up) {   /* add one unit at bit f; the carry may reach the exponent */
        if (f >= 64)
            b.hi += UINT64_C(1) << (f - 64);
        else {
            u64 o = b.lo;
            b.lo += UINT64_C(1) << f;
            b.hi += b.lo < o;
        }
    }
    return __zl_ldval(b);
}

long double truncl(long double x) { return round_mode(x, 0); }
long double floorl(long double x) { return round_mode(x, 1); }
long double ceill(long double x) { return round_mode(x, 2); }
long double roundl(long double x) { return round_mode(x, 3); }
/* the current rounding direction (fcsr.frm) as a round_mode mode */
static int dyn_mode(void)
{
    switch (fegetround()) {
    case FE_TOWARDZERO: return 0;
    case FE_DOWNWARD: return 1;
    case FE_UPWARD: return 2;
    default: return 4;
    }
}

long double rintl(long double x)
{
    long double r = round_mode(x, dyn_mode());
    ldbits a = __zl_ldbits(x), b = __zl_ldbits(r);
    if ((a.hi != b.hi || a.lo != b.lo) && __zl_ldclass(a) != 3)
        feraiseexcept(FE_INEXACT);
    return r;
}
long double nearbyintl(long double x) { return round_mode(x, dyn_mode()); }

/* integral r to a signed integer of `bits` bits: its magnitude as (hi:lo); 0 when out of
 * range (FE_INVALID raised, *ok = 0) */
static int int_parts(long double r, int bits, u64 *hi, u64 *lo, int *neg)
{
    ldbits b = __zl_ldbits(r);
    int c = __zl_ldclass(b), e = EXPO(b) - 16383;
    *neg = ld_neg(b);
    *hi = *lo = 0;
    if (c == 0 || (c == 1 && e < 0))
        return 1;
    if (c != 1 || e > bits - 1)
        goto bad;
    u64 mh = (b.hi & MANT_HI) | UINT64_C(1) << 48, ml = b.lo;
    if (e <= 112) {   /* shift right by 112 - e */
        int s = 112 - e;
        if (s >= 64) {
            ml = mh >> (s - 64);
            mh = 0;
        } else if (s) {
            ml = ml >> s | mh << (64 - s);
            mh >>= s;
        }
    } else {
        int s = e - 112;   /* < 15 */
        mh = mh << s | ml >> (64 - s);
        ml <<= s;
    }
    if (e == bits - 1) {   /* only -2^(bits-1) fits */
        if (!*neg || mh != (bits > 64 ? UINT64_C(1) << (bits - 65) : 0) ||
            ml != (bits > 64 ? 0 : UINT64_C(1) << (bits - 1)))
            goto bad;
    }
    *hi = mh;
    *lo = ml;
    return 1;
bad:
    feraiseexcept(FE_INVALID);
    return 0;
}

#define TO_INT(name, T, rnd)                                                              \
    T name(long double x)                                                                 \
    {                                                                                     \
        u64 hi, lo;                                                                       \
        int neg;                                                                          \
        enum { W = (int)sizeof(T) * CHAR_BIT };                                           \
        if (!int_parts(rnd(x), W, &hi, &lo, &neg))                                        \
            return (T)((unsigned T)1 << (W - 1));                                          \
        unsigned T v = (unsigned T)lo;                                                    \
        if (W > 64)                                                                       \
            v |= (unsigned T)hi << (W > 64 ? 64 : 0);                                     \
        return neg ? (T)(0 - v) : (T)v;                                                   \
    }

TO_INT(lroundl, long, roundl)
TO_INT(lrintl, long, rintl)
TO_INT(llroundl, long long, roundl)
TO_INT(llrintl, long long, rintl)

/* ---- remainders ---- */

/* x as a 113-bit integer significand with bit 112 set and its exponent: x = M 2^E */
static void norm113(ldbits b, u64 *mh, u64 *ml, int *E)
{
    int ex = EXPO(b);
    *mh = b.hi & MANT_HI;
    *ml = b.lo;
    if (ex)
        *mh |= UINT64_C(1) << 48;
    else {
        ex = 1;
        while (!(*mh >> 48)) {
            *mh = *mh << 1 | *ml >> 63;
            *ml <<= 1;
            ex--;
        }
    }
    *E = ex - 16495;
}

/* |x| mod |y| (finite, y != 0): remainder R 2^EY (R < MY) and the low 64 bits of the
 * truncated quotient.  Returns 0 when |x| < |y| (R = x). */
static int fmod_core(ldbits bx, ldbits by, u64 *rh, u64 *rl, int *ey, u64 *myh, u64 *myl,
                     u64 *q)
{
    u64 xh, xl, yh, yl;
    int ex, EY;
    norm113(bx, &xh, &xl, &ex);
    norm113(by, &yh, &yl, &EY);
    *q = 0;
    *myh = yh;
    *myl = yl;
    *ey = EY;
    if (ex < EY || (ex == EY && (xh < yh || (xh == yh && xl < yl)))) {
        *rh = xh;
        *rl = xl;
        *ey = ex;
        return 0;
    }
    u64 qq = 0;
    for (int d = ex - EY;; d--) {
        int bit = xh > yh || (xh == yh && xl >= yl);
        if (bit) {
            xh -= yh + (xl < yl);
            xl -= yl;
        }
        qq = qq << 1 | (u64)bit;
        if (!d)
            break;
        xh = xh << 1 | xl >> 63;
        xl <<= 1;
    }
    *q = qq;
    *rh = xh;
    *rl = xl;
    return 1;
}

static long double from_int(int neg, u64 hi, u64 lo, int e2)
{
    mp r;
    __zl_mp_from_u128(&r, neg, hi, lo, e2);
    return __zl_mp_to_ld(&r);
}

long double fmodl(long double x, long double y)
{
    ldbits bx = __zl_ldbits(x), by = __zl_ldbits(y);
    int cx = __zl_ldclass(bx), cy = __zl_ldclass(by);
    if (cx == 3)
        return __zl_ldqnan(bx);
    if (cy == 3)
        return __zl_ldqnan(by);
    if (cx == 2 || cy == 0)
        return __zl_ldinvalid();
    if (cy == 2 || cx == 0)
        return x;
    u64 rh, rl, yh, yl, q;
    int ey;
    if (!fmod_core(bx, by, &rh, &rl, &ey, &yh, &yl, &q))
        return x;
    return from_int(ld_neg(bx), rh, rl, ey);
}

long double remquol(long double x, long double y, int *quo)
{
    ldbits bx = __zl_ldbits(x), by = __zl_ldbits(y);
    int cx = __zl_ldclass(bx), cy = __zl_ldclass(by);
    *quo = 0;
    if (cx == 3)
        return __zl_ldqnan(bx);
    if (cy == 3)
        return __zl_ldqnan(by);
    if (cx == 2 || cy == 0)
        return __zl_ldinvalid();
    if (cy == 2 || cx == 0)
        return x;
    u64 rh, rl, yh, yl, q;
    int ey;
    fmod_core(bx, by, &rh, &rl, &ey, &yh, &yl, &q);
    int neg = ld_neg(bx);
    /* |x| mod |y| = R 2^ey (when |x| < |y|, R 2^ey is |x| and q is 0) */
    mp r, ym, h;
    __zl_mp_from_u128(&r, 0, rh, rl, ey);
    __zl_mp_from_ld(&ym, y);
    ym.s = 0;
    h = r;
    __zl_mp_scale(&h, 1);
    int c = __zl_mp_cmp(&h, &ym);
    int qt = (int)(q & 7);   /* glibc's remquol: the quotient mod 8, then the rounding */
    if (c > 0 || (c == 0 && (q & 1))) {
        __zl_mp_sub(&r, &r, &ym);
        qt++;
    }
    if (neg)
        r.s ^= 1;
    if (__zl_mp_is_zero(&r))
        r.s = neg;
    *quo = ld_neg(bx) != ld_neg(by) ? -qt : qt;
    return __zl_mp_to_ld(&r);
}

long double remainderl(long double x, long double y)
{
    int q;
    return remquol(x, y, &q);
}

/* ---- exponent manipulation ---- */

long double frexpl(long double x, int *e)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b);
    *e = 0;
    if (c == 3)
        return __zl_ldqnan(b);
    if (c != 1)
        return x;
    mp m;
    __zl_mp_from_ld(&m, x);
    *e = m.e;
    m.e = 0;
    return __zl_mp_to_ld(&m);
}

long double scalbnl(long double x, int n)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b);
    if (c == 3)
        return __zl_ldqnan(b);
    if (c != 1)
        return x;
    mp m;
    __zl_mp_from_ld(&m, x);
    if (n > 40000)
        n = 40000;
    if (n < -40000)
        n = -40000;
    __zl_mp_scale(&m, n);
    return __zl_mp_to_ld(&m);
}

long double ldexpl(long double x, int n) { return scalbnl(x, n); }
long double scalblnl(long double x, long n)
{
    return scalbnl(x, n > 40000 ? 40000 : n < -40000 ? -40000 : (int)n);
}

int ilogbl(long double x)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b);
    if (c != 1) {
        feraiseexcept(FE_INVALID);
        return c == 0 ? FP_ILOGB0 : c == 2 ? INT_MAX : FP_ILOGBNAN;
    }
    mp m;
    __zl_mp_from_ld(&m, x);
    return m.e - 1;
}

long double logbl(long double x)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b);
    if (c == 3)
        return __zl_ldqnan(b);
    if (c == 2)
        return __zl_ldinf(0);
    if (c == 0)
        return __zl_lddivzero(1);
    mp m;
    __zl_mp_from_int(&m, ilogbl(x));
    return __zl_mp_to_ld(&m);
}

long double modfl(long double x, long double *ip)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b);
    if (c == 3) {
        *ip = __zl_ldqnan(b);
        return *ip;
    }
    long double t = truncl(x);
    *ip = t;
    ldbits z = {b.hi & SIGN, 0};
    if (c == 2)
        return __zl_ldval(z);
    mp a, i;
    __zl_mp_from_ld(&a, x);
    __zl_mp_from_ld(&i, t);
    __zl_mp_sub(&a, &a, &i);
    if (__zl_mp_is_zero(&a))
        return __zl_ldval(z);
    return __zl_mp_to_ld(&a);
}

/* ---- sqrt, fma ---- */

long double sqrtl(long double x)
{
    ldbits b = __zl_ldbits(x);
    int c = __zl_ldclass(b);
    if (c == 3)
        return __zl_ldqnan(b);
    if (c == 0)
        return x;
    if (ld_neg(b))
        return __zl_ldinvalid();
    if (c == 2)
        return x;
    mp m;
    __zl_mp_from_ld(&m, x);
    __zl_mp_sqrt(&m, &m);
    return __zl_mp_to_ld(&m);
}

long double fmal(long double x, long double y, long double z)
{
    ldbits bx = __zl_ldbits(x), by = __zl_ldbits(y), bz = __zl_ldbits(z);
    int cx = __zl_ldclass(bx), cy = __zl_ldclass(by), cz = __zl_ldclass(bz);
    if (cx == 3)
        return __zl_ldqnan(bx);
    if (cy == 3)
        return __zl_ldqnan(by);
    if ((cx == 2 && cy == 0) || (cx == 0 && cy == 2))
        return __zl_ldinvalid();
    if (cz == 3)
        return __zl_ldqnan(bz);
    int pneg = ld_neg(bx) ^ ld_neg(by);
    if (cx == 2 || cy == 2) {
        if (cz == 2 && ld_neg(bz) != pneg)
            return __zl_ldinvalid();
        return __zl_ldinf(pneg);
    }
    if (cz == 2)
        return z;
    mp a, m;
    __zl_mp_from_ld(&a, x);
    __zl_mp_from_ld(&m, y);
    __zl_mp_mul(&a, &a, &m);   /* exact: 226 bits */
    __zl_mp_from_ld(&m, z);
    __zl_mp_add(&a, &a, &m);
    if (__zl_mp_is_zero(&a)) {
        /* an exact zero: -0 only for (-0) + (-0), or in the downward direction (IEEE 754 6.3) */
        int zneg = ld_neg(bz), prod0 = cx == 0 || cy == 0;
        int down = fegetround() == FE_DOWNWARD;
        int neg = prod0 && cz == 0 ? (pneg && zneg) || (down && pneg != zneg) : down;
        return __zl_ldval((ldbits){(u64)neg << 63, 0});
    }
    return __zl_mp_to_ld(&a);
}

/* ---- comparisons, neighbours ---- */

static int is_snan(ldbits b) { return __zl_ldclass(b) == 3 && !(b.hi >> 47 & 1); }

long double fminl(long double x, long double y)
{
    ldbits bx = __zl_ldbits(x), by = __zl_ldbits(y);
    if (is_snan(bx) || is_snan(by))
        return __zl_ldqnan(is_snan(bx) ? bx : by);   /* as glibc: a signaling NaN is not missing data */
    if (__zl_ldclass(bx) == 3)
        return __zl_ldclass(by) == 3 ? __zl_ldqnan(bx) : y;
    if (__zl_ldclass(by) == 3)
        return x;
    mp a, b;
    __zl_mp_from_ld(&a, x);
    __zl_mp_from_ld(&b, y);
    if (__zl_ldclass(bx) == 2 || __zl_ldclass(by) == 2) {
        if (__zl_ldclass(bx) == 2 && ld_neg(bx))
            return x;
        if (__zl_ldclass(by) == 2 && ld_neg(by))
            return y;
        return __zl_ldclass(bx) == 2 ? y : x;
    }
    return __zl_mp_cmp(&a, &b) <= 0 ? x : y;
}

long double fmaxl(long double x, long double y)
{
    ldbits bx = __zl_ldbits(x), by = __zl_ldbits(y);
    if (is_snan(bx) || is_snan(by))
        return __zl_ldqnan(is_snan(bx) ? bx : by);   /* as glibc: a signaling NaN is not missing data */
    if (__zl_ldclass(bx) == 3)
        return __zl_ldclass(by) == 3 ? __zl_ldqnan(bx) : y;
    if (__zl_ldclass(by) == 3)
        return x;
    mp a, b;
    __zl_mp_from_ld(&a, x);
    __zl_mp_from_ld(&b, y);
    if (__zl_ldclass(bx) == 2 || __zl_ldclass(by) == 2) {
        if (__zl_ldclass(bx) == 2 && !ld_neg(bx))
            return x;
        if (__zl_ldclass(by) == 2 && !ld_neg(by))
            return y;
        return __zl_ldclass(bx) == 2 ? y : x;
    }
    return __zl_mp_cmp(&a, &b) >= 0 ? x : y;
}

long double fdiml(long double x, long double y)
{
    ldbits bx = __zl_ldbits(x), by = __zl_ldbits(y);
    int cx = __zl_ldclass(bx), cy = __zl_ldclass(by);
    if (cx == 3)
        return __zl_ldqnan(bx);
    if (cy == 3)
        return __zl_ldqnan(by);
    if (cx == 2 || cy == 2) {
        if (cx == 2 && cy == 2)
            return ld_neg(bx) && !ld_neg(by) ? __zl_ldval((ldbits){0, 0}) :
                   ld_neg(bx) == ld_neg(by) ? __zl_ldval((ldbits){0, 0}) : x;
        if (cx == 2)
            return ld_neg(bx) ? __zl_ldval((ldbits){0, 0}) : x;
        return ld_neg(by) ? __zl_ldinf(0) : __zl_ldval((ldbits){0, 0});
    }
    mp a, b;
    __zl_mp_from_ld(&a, x);
    __zl_mp_from_ld(&b, y);
    if (__zl_mp_cmp(&a, &b) <= 0)
        return __zl_ldval((ldbits){0, 0});
    __zl_mp_sub(&a, &a, &b);
    return __zl_mp_to_ld(&a);
}

long double nextafterl(long double x, long double y)
{
    ldbits bx = __zl_ldbits(x), by = __zl_ldbits(y);
    if (__zl_ldclass(bx) == 3)
        return __zl_ldqnan(bx);
    if (__zl_ldclass(by) == 3)
        return __zl_ldqnan(by);
    mp a, b;
    __zl_mp_from_ld(&a, x);
    __zl_mp_from_ld(&b, y);
    int c;
    if (__zl_ldclass(bx) == 2 || __zl_ldclass(by) == 2) {
        /* compare with infinities by the bit patterns' order */
        int ix = __zl_ldclass(bx) == 2, iy = __zl_ldclass(by) == 2;
        if (ix && iy)
            c = ld_neg(bx) == ld_neg(by) ? 0 : ld_neg(bx) ? -1 : 1;
        else if (ix)
            c = ld_neg(bx) ? -1 : 1;
        else
            c = ld_neg(by) ? 1 : -1;
    } else
        c = __zl_mp_cmp(&a, &b);
    if (c == 0)
        return y;
    if (!((bx.hi & ~SIGN) | bx.lo)) {
        ldbits r = {by.hi & SIGN, 1};
        feraiseexcept(FE_UNDERFLOW | FE_INEXACT);
        errno = ERANGE;
        return __zl_ldval(r);
    }
    /* away from zero when moving in x's direction of sign */
    if ((c < 0) == !ld_neg(bx)) {
        bx.lo++;
        bx.hi += bx.lo == 0;
    } else {
        bx.hi -= bx.lo == 0;
        bx.lo--;
    }
    int e = EXPO(bx);
    if (e == 0x7fff) {
        feraiseexcept(FE_OVERFLOW | FE_INEXACT);
        errno = ERANGE;
    } else if (e == 0) {
        feraiseexcept(FE_UNDERFLOW | FE_INEXACT);
        errno = ERANGE;
    }
    return __zl_ldval(bx);
}

long double nexttowardl(long double x, long double y) { return nextafterl(x, y); }

/* nanl("n-char-sequence"): the sequence read as a number (strtoull's base 0) gives the
 * payload, as glibc does; anything else gives the default quiet NaN. */
long double nanl(const char *s)
{
    ldbits b = {UINT64_C(0x7fff800000000000), 0};
    u64 v = 0;
    u64 base = 10;
    int ok = 1;
    const char *p = s;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
    } else if (p[0] == '0')
        base = 8;
    if (!*s)
        ok = 0;
    for (; *p && ok; p++) {
        u64 d = (u64)(*p >= '0' && *p <= '9' ? *p - '0' : *p >= 'a' && *p <= 'z' ? *p - 'a' + 10 :
                *p >= 'A' && *p <= 'Z' ? *p - 'A' + 10 : 99);
        if (d >= base)
            ok = 0;
        else
            v = v * (u64)base + (u64)d;
    }
    if (ok)
        b.lo = v;
    return __zl_ldval(b);
}
