/* nexttoward and nexttowardf (docs/libc.md, "math"): exact.  The long double (IEEE
 * binary128 at every XLEN) is compared with x on the bit patterns, so no soft-float
 * long double helper is needed (rv32 has no libgcc); the step itself is nextafter's. */
#include "zl_libc.h"
#include <math.h>
#include <string.h>
#include <stdint.h>

/* a binary128 as sign and a 127-bit magnitude key (exponent, then 112 mantissa bits) */
struct q {
    int neg, nan;
    u64 hi, lo;   /* magnitude: hi holds exponent (15 bits) and mantissa bits 111..64 */
};

static struct q from_ld(long double y)
{
    unsigned char b[16];
    memcpy(b, &y, 16);
    u64 lo = 0, hi = 0;
    for (int i = 7; i >= 0; i--)
        lo = lo << 8 | b[i];
    for (int i = 15; i >= 8; i--)
        hi = hi << 8 | b[i];
    struct q r;
    r.neg = (int)(hi >> 63);
    hi &= ~(UINT64_C(1) << 63);
    r.nan = (hi >> 48) == 0x7fff && ((hi & ((UINT64_C(1) << 48) - 1)) || lo);
    r.hi = hi;
    r.lo = lo;
    return r;
}

/* a finite or infinite double as a binary128 (exact) */
static struct q from_d(double x)
{
    u64 b;
    memcpy(&b, &x, 8);
    struct q r;
    r.neg = (int)(b >> 63);
    r.nan = 0;
    int e = (int)(b >> 52 & 0x7ff);
    u64 m = b & ((UINT64_C(1) << 52) - 1);
    if (e == 0x7ff) {
        r.hi = UINT64_C(0x7fff) << 48;
        r.lo = 0;
        return r;
    }
    if (e == 0) {
        if (m == 0) {
            r.hi = r.lo = 0;
            return r;
        }
        e = 1;
        while (!(m >> 52)) {   /* normalise the subnormal */
            m <<= 1;
            e--;
        }
        m &= (UINT64_C(1) << 52) - 1;
    }
    /* 52 mantissa bits at the top of the 112: bits 111..60 */
    r.hi = (u64)(e - 1023 + 16383) << 48 | m >> 4;
    r.lo = m << 60;
    return r;
}

/* -1, 0, 1 for a < b, a == b, a > b (neither NaN) */
static int cmpq(struct q a, struct q b)
{
    if ((a.hi | a.lo) == 0 && (b.hi | b.lo) == 0)
        return 0;
    if (a.neg != b.neg)
        return a.neg ? -1 : 1;
    int c = a.hi != b.hi ? (a.hi < b.hi ? -1 : 1) : a.lo != b.lo ? (a.lo < b.lo ? -1 : 1) : 0;
    return a.neg ? -c : c;
}

double nexttoward(double x, long double y)
{
    struct q qy = from_ld(y);
    if (x != x)
        return x + x;
    if (qy.nan) {
        u64 b = UINT64_C(0x7ff8000000000000);
        double n;
        memcpy(&n, &b, 8);
        return n;
    }
    int c = cmpq(from_d(x), qy);
    if (c == 0)
        return qy.neg ? -fabs(x) : fabs(x);   /* y converted: x with y's sign */
    return nextafter(x, c < 0 ? HUGE_VAL : -HUGE_VAL);
}

float nexttowardf(float x, long double y)
{
    struct q qy = from_ld(y);
    if (x != x)
        return x + x;
    if (qy.nan) {
        u32 b = 0x7fc00000u;
        float n;
        memcpy(&n, &b, 4);
        return n;
    }
    int c = cmpq(from_d(x), qy);
    if (c == 0)
        return qy.neg ? -fabsf(x) : fabsf(x);
    return nextafterf(x, c < 0 ? HUGE_VALF : -HUGE_VALF);
}
