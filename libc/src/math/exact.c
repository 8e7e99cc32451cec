/* The exactly computable <math.h> functions, on the IEEE bit patterns (no FP rounding is
 * involved except where the result is exact), so every result is the correctly rounded
 * one.  Rounding functions use round-to-nearest-even where the C standard says "current
 * rounding direction" (zlibc does not read fcsr's rounding mode here: documented). */
#include "zl_libc.h"
#include <math.h>
#include <string.h>
#include <stdint.h>
#include <limits.h>

static u64 bits(double x)
{
    u64 b;
    memcpy(&b, &x, 8);
    return b;
}

static double dbl(u64 b)
{
    double x;
    memcpy(&x, &b, 8);
    return x;
}

static u32 fbits(float x)
{
    u32 b;
    memcpy(&b, &x, 4);
    return b;
}

static float flt(u32 b)
{
    float x;
    memcpy(&x, &b, 4);
    return x;
}

#define EXP(b) ((int)((b) >> 52 & 0x7ff))
#define SIGN (UINT64_C(1) << 63)
#define MANT ((UINT64_C(1) << 52) - 1)

double fabs(double x) { return dbl(bits(x) & ~SIGN); }
float fabsf(float x) { return flt(fbits(x) & 0x7fffffffu); }
double copysign(double x, double y) { return dbl((bits(x) & ~SIGN) | (bits(y) & SIGN)); }
float copysignf(float x, float y) { return flt((fbits(x) & 0x7fffffffu) | (fbits(y) & 0x80000000u)); }

long double fabsl(long double x)
{
    unsigned char b[16];
    memcpy(b, &x, 16);
    b[15] &= 0x7f;
    memcpy(&x, b, 16);
    return x;
}

long double copysignl(long double x, long double y)
{
    unsigned char b[16], c[16];
    memcpy(b, &x, 16);
    memcpy(c, &y, 16);
    b[15] = (unsigned char)((b[15] & 0x7f) | (c[15] & 0x80));
    memcpy(&x, b, 16);
    return x;
}

/* Rounds x to an integer: mode 0 toward zero, 1 down, 2 up, 3 half away from zero,
 * 4 half to even. */
static double round_mode(double x, int mode)
{
    u64 b = bits(x);
    int e = EXP(b) - 1023;
    int neg = (int)(b >> 63);
    if (e >= 52)
        return x;   /* integral, infinite or NaN */
    if (e < 0) {
        /* |x| < 1 */
        if ((b & ~SIGN) == 0)
            return x;
        int up;
        switch (mode) {
        case 1: up = neg; break;
        case 2: up = !neg; break;
        case 3: up = e == -1; break;
        case 4: up = e == -1 && (b & MANT) != 0; break;
        default: up = 0;
        }
        return dbl((b & SIGN) | (up ? UINT64_C(0x3ff0000000000000) : 0));
    }
    u64 frac = MANT >> e;
    if (!(b & frac))
        return x;
    u64 half = (UINT64_C(1) << 51) >> e;
    u64 rem = b & frac;
    int up;
    switch (mode) {
    case 1: up = neg; break;
    case 2: up = !neg; break;
    case 3: up = rem >= half; break;
    case 4: up = rem > half || (rem == half && (b >> (52 - e) & 1)); break;
    default: up = 0;
    }
    b &= ~frac;
    if (up)
        b += frac + 1;   /* carries into the exponent correctly */
    return dbl(b);
}

double trunc(double x) { return round_mode(x, 0); }
double floor(double x) { return round_mode(x, 1); }
double ceil(double x) { return round_mode(x, 2); }
double round(double x) { return round_mode(x, 3); }
double rint(double x) { return round_mode(x, 4); }
double nearbyint(double x) { return round_mode(x, 4); }
float truncf(float x) { return (float)round_mode(x, 0); }
float floorf(float x) { return (float)round_mode(x, 1); }
float ceilf(float x) { return (float)round_mode(x, 2); }
float roundf(float x) { return (float)round_mode(x, 3); }
float rintf(float x) { return (float)round_mode(x, 4); }
float nearbyintf(float x) { return (float)round_mode(x, 4); }

static long long to_ll(double r)
{
    /* r is integral; values outside long long's range are unspecified (FE_INVALID). */
    if (!(r >= -9223372036854775808.0 && r < 9223372036854775808.0))
        return LLONG_MIN;
    u64 b = bits(r);
    int e = EXP(b) - 1023;
    if (e < 0)
        return 0;
    u64 m = (b & MANT) | (UINT64_C(1) << 52);
    u64 v = e >= 52 ? m << (e - 52) : m >> (52 - e);
    return (b >> 63) ? -(long long)v : (long long)v;
}

long long llround(double x) { return to_ll(round(x)); }
long long llrint(double x) { return to_ll(rint(x)); }
long lround(double x) { return (long)to_ll(round(x)); }
long lrint(double x) { return (long)to_ll(rint(x)); }

double frexp(double x, int *e)
{
    u64 b = bits(x);
    int ex = EXP(b);
    if (ex == 0x7ff || (b & ~SIGN) == 0) {
        *e = 0;
        return x;
    }
    if (ex == 0) {
        /* subnormal: normalise */
        u64 m = b & MANT;
        int sh = 0;
        while (!(m & (UINT64_C(1) << 52))) {
            m <<= 1;
            sh++;
        }
        *e = -1022 - sh + 1;
        return dbl((b & SIGN) | UINT64_C(0x3fe0000000000000) | (m & MANT));
    }
    *e = ex - 1022;
    return dbl((b & ~(UINT64_C(0x7ff) << 52)) | UINT64_C(0x3fe0000000000000));
}

float frexpf(float x, int *e) { return (float)frexp(x, e); }

double scalbn(double x, int n)
{
    u64 b = bits(x);
    int ex = EXP(b);
    if (ex == 0x7ff || (b & ~SIGN) == 0)
        return x;
    u64 m = b & MANT;
    if (ex == 0) {
        while (!(m & (UINT64_C(1) << 52))) {
            m <<= 1;
            ex--;
        }
        ex++;
    } else
        m |= UINT64_C(1) << 52;
    long ne = (long)ex + n;
    if (ne >= 0x7ff) {
        errno = ERANGE;
        return dbl((b & SIGN) | (UINT64_C(0x7ff) << 52));
    }
    if (ne > 0)
        return dbl((b & SIGN) | (u64)ne << 52 | (m & MANT));
    /* subnormal or zero result: shift right by 1 - ne with round half to even */
    long sh = 1 - ne;
    if (sh > 54) {
        errno = ERANGE;
        return dbl(b & SIGN);
    }
    u64 kept = m >> sh, rem = m & ((UINT64_C(1) << sh) - 1), half = UINT64_C(1) << (sh - 1);
    if (rem > half || (rem == half && (kept & 1)))
        kept++;
    if (rem)
        errno = ERANGE;
    return dbl((b & SIGN) | kept);   /* a carry into bit 52 yields the smallest normal */
}

double ldexp(double x, int n) { return scalbn(x, n); }
double scalbln(double x, long n) { return scalbn(x, n > INT_MAX ? INT_MAX : n < INT_MIN ? INT_MIN : (int)n); }
float ldexpf(float x, int n) { return scalbnf(x, n); }
float scalbnf(float x, int n)
{
    /* exact in double, then one rounding to float */
    if (n > 400)
        n = 400;
    if (n < -400)
        n = -400;
    return (float)scalbn((double)x, n);
}

double modf(double x, double *ip)
{
    double t = trunc(x);
    *ip = t;
    u64 b = bits(x);
    if (EXP(b) == 0x7ff)
        return (b & MANT) ? x : dbl(b & SIGN);
    return copysign(x - t, x);   /* exact */
}

float modff(float x, float *ip)
{
    double i;
    float f = (float)modf(x, &i);
    *ip = (float)i;
    return f;
}

/* fmod: exact, by shift-and-subtract on the significands. */
double fmod(double x, double y)
{
    u64 bx = bits(x), by = bits(y);
    int ex = EXP(bx), ey = EXP(by);
    if (ex == 0x7ff || (by & ~SIGN) == 0 || (ey == 0x7ff && (by & MANT)))
        return (x * y) / (x * y);   /* NaN (invalid) */
    if (ey == 0x7ff)
        return x;
    if ((bx & ~SIGN) <= (by & ~SIGN))
        return (bx & ~SIGN) == (by & ~SIGN) ? dbl(bx & SIGN) : x;
    u64 mx = bx & MANT, my = by & MANT;
    if (ex == 0) {
        ex = 1;
        while (!(mx & (UINT64_C(1) << 52))) {
            mx <<= 1;
            ex--;
        }
    } else
        mx |= UINT64_C(1) << 52;
    if (ey == 0) {
        ey = 1;
        while (!(my & (UINT64_C(1) << 52))) {
            my <<= 1;
            ey--;
        }
    } else
        my |= UINT64_C(1) << 52;
    for (; ex > ey; ex--) {
        if (mx >= my)
            mx -= my;
        mx <<= 1;
    }
    if (mx >= my)
        mx -= my;
    if (!mx)
        return dbl(bx & SIGN);
    while (!(mx & (UINT64_C(1) << 52))) {
        mx <<= 1;
        ey--;
    }
    if (ey > 0)
        return dbl((bx & SIGN) | (u64)ey << 52 | (mx & MANT));
    return dbl((bx & SIGN) | (mx >> (1 - ey)));   /* exact subnormal */
}

float fmodf(float x, float y) { return (float)fmod(x, y); }

double remainder(double x, double y)
{
    u64 bx = bits(x), by = bits(y);
    if (EXP(bx) == 0x7ff || (by & ~SIGN) == 0 || (EXP(by) == 0x7ff && (by & MANT)))
        return (x * y) / (x * y);
    if (EXP(by) == 0x7ff)
        return x;
    double ay = fabs(y), r = fabs(x);
    int odd = 0;
    if (ay <= 8.98846567431157854e307)   /* 2 * ay is finite */
        r = fmod(r, 2 * ay);
    if (r >= ay) {
        r -= ay;   /* exact: ay <= r < 2 ay */
        odd = 1;
    }
    /* r in [0, ay): go to the nearer multiple, ties to the even quotient */
    if (r > ay - r || (r == ay - r && odd))
        r -= ay;
    return (bx >> 63) ? -r : r;
}

double fmin(double a, double b)
{
    if (a != a)
        return b;
    if (b != b)
        return a;
    if (a == b)
        return (bits(a) >> 63) ? a : b;
    return a < b ? a : b;
}

double fmax(double a, double b)
{
    if (a != a)
        return b;
    if (b != b)
        return a;
    if (a == b)
        return (bits(a) >> 63) ? b : a;
    return a > b ? a : b;
}

float fminf(float a, float b) { return (float)fmin(a, b); }
float fmaxf(float a, float b) { return (float)fmax(a, b); }
double fdim(double a, double b) { return a != a ? a : b != b ? b : a > b ? a - b : 0; }

double nextafter(double x, double y)
{
    if (x != x || y != y)
        return x + y;
    if (x == y)
        return y;
    u64 b = bits(x);
    if ((b & ~SIGN) == 0)
        b = (bits(y) & SIGN) | 1;
    else if ((x < y) == !(b >> 63))
        b++;
    else
        b--;
    if (EXP(b) == 0x7ff || EXP(b) == 0)
        errno = ERANGE;
    return dbl(b);
}

int ilogb(double x)
{
    int e;
    u64 b = bits(x);
    if ((b & ~SIGN) == 0)
        return FP_ILOGB0;
    if (EXP(b) == 0x7ff)
        return (b & MANT) ? FP_ILOGBNAN : INT_MAX;
    frexp(x, &e);
    return e - 1;
}

double logb(double x)
{
    u64 b = bits(x);
    if ((b & ~SIGN) == 0) {
        errno = ERANGE;
        return dbl(SIGN | (UINT64_C(0x7ff) << 52));
    }
    if (EXP(b) == 0x7ff)
        return x * x;
    return (double)ilogb(x);
}

/* sqrt: correctly rounded by the bit-by-bit integer square root of the scaled significand. */
double sqrt(double x)
{
    u64 b = bits(x);
    int ex = EXP(b);
    if (b >> 63)
        return (b & ~SIGN) ? (x - x) / (x - x) : x;   /* sqrt(-0) = -0; negative: NaN */
    if (ex == 0x7ff || b == 0)
        return x;
    u64 m = b & MANT;
    if (ex == 0) {
        ex = 1;
        while (!(m & (UINT64_C(1) << 52))) {
            m <<= 1;
            ex--;
        }
    } else
        m |= UINT64_C(1) << 52;
    int e = ex - 1023;          /* x = m * 2^(e - 52) */
    if (e & 1) {
        m <<= 1;
        e--;
    }
    /* root of m * 2^(e-52): take q = isqrt(m << 62... ) using 128-bit style remainder on
     * two 64-bit words: compute 55 result bits (53 + guard + sticky). */
    u64 rem_hi = 0, rem_lo = 0, q = 0;
    /* radicand: m << 64 (m has 53 or 54 bits); process two bits at a time */
    u64 rad_hi = m, rad_lo = 0;
    for (int i = 0; i < 59; i++) {
        /* bring down two bits */
        rem_hi = rem_hi << 2 | rem_lo >> 62;
        rem_lo = rem_lo << 2 | rad_hi >> 62;
        rad_hi = rad_hi << 2 | rad_lo >> 62;
        rad_lo <<= 2;
        /* trial = 4q + 1 (two words) */
        u64 t_lo = q << 2 | 1, t_hi = q >> 62;
        if (rem_hi > t_hi || (rem_hi == t_hi && rem_lo >= t_lo)) {
            u64 borrow = rem_lo < t_lo;
            rem_lo -= t_lo;
            rem_hi -= t_hi + borrow;
            q = q << 1 | 1;
        } else
            q <<= 1;
    }
    /* m was taken as a 118-bit radicand (m << 64 in a 128-bit window shifted 118 bits):
     * q = floor(sqrt(m * 2^64)) scaled; normalise q to 54 bits + sticky */
    int sticky = rem_hi || rem_lo;
    int qb = 0;
    for (u64 t = q; t; t >>= 1)
        qb++;
    int sh = qb - 54;
    if (sh > 0) {
        sticky |= (q & ((UINT64_C(1) << sh) - 1)) != 0;
        q >>= sh;
    }
    u64 r = q >> 1;
    if ((q & 1) && (sticky || (r & 1)))
        r++;
    /* value: sqrt(m * 2^(e-52)) = sqrt(m) * 2^((e-52)/2); sqrt(m) has its leading bit at
     * position 26 (m in [2^52, 2^54)); r is normalised to 53 bits */
    int re = e / 2;
    if (r >> 53) {
        r >>= 1;
        re++;
    }
    return dbl((u64)(re + 1023) << 52 | (r & MANT));
}

float sqrtf(float x)
{
    /* double has more than 2*24+2 bits: rounding the double root to float is correct */
    return (float)sqrt((double)x);
}

/* classification for compilers without the GCC builtins (the <math.h> macros) */
int __fpclassify(double x)
{
    u64 b = bits(x);
    int e = EXP(b);
    if (e == 0x7ff)
        return (b & MANT) ? FP_NAN : FP_INFINITE;
    if (e == 0)
        return (b & MANT) ? FP_SUBNORMAL : FP_ZERO;
    return FP_NORMAL;
}

int __fpclassifyf(float x)
{
    u32 b = fbits(x);
    u32 e = b >> 23 & 0xff, m = b & 0x7fffff;
    if (e == 0xff)
        return m ? FP_NAN : FP_INFINITE;
    if (e == 0)
        return m ? FP_SUBNORMAL : FP_ZERO;
    return FP_NORMAL;
}

int __fpclassifyl(long double x)
{
    u32 w[4];
    memcpy(w, &x, 16);
    int e = (int)(w[3] >> 16 & 0x7fff);
    int m = (w[3] & 0xffff) || w[2] || w[1] || w[0];
    if (e == 0x7fff)
        return m ? FP_NAN : FP_INFINITE;
    if (e == 0)
        return m ? FP_SUBNORMAL : FP_ZERO;
    return FP_NORMAL;
}

int __signbit(double x) { return (int)(bits(x) >> 63); }
int __signbitf(float x) { return (int)(fbits(x) >> 31); }
int __signbitl(long double x)
{
    unsigned char b[16];
    memcpy(b, &x, 16);
    return b[15] >> 7;
}
