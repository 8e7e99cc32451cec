/* Compiler support routines for rv32 builds by GCC (Debian's riscv64 cross compiler ships
 * no rv32 libgcc): 64-bit shifts, division and conversions.  Linked from libc.a only in
 * the rv32 build; zl-cc builds use zl-cc's libzlrt instead (docs/libc.md).  Written with
 * 32-bit operations only, so none of them calls another helper. */
#include <stdint.h>
#include <string.h>

typedef unsigned long long du;
typedef long long di;

du __ashldi3(du a, int b);
du __lshrdi3(du a, int b);
di __ashrdi3(di a, int b);
du __udivmoddi4(du n, du d, du *rem);
du __udivdi3(du n, du d);
du __umoddi3(du n, du d);
di __divdi3(di n, di d);
di __moddi3(di n, di d);
double __floatundidf(du a);
double __floatdidf(di a);
float __floatundisf(du a);
float __floatdisf(di a);
du __fixunsdfdi(double a);
di __fixdfdi(double a);
di __fixsfdi(float a);
du __fixunssfdi(float a);
int __clzsi2(unsigned a);
int __ctzsi2(unsigned a);
int __popcountsi2(unsigned a);

static unsigned hi(du a) { return (unsigned)(a >> 32); }
static unsigned lo(du a) { return (unsigned)a; }
static du mk(unsigned h, unsigned l) { return (du)h << 32 | l; }

du __ashldi3(du a, int b)
{
    if (b == 0)
        return a;
    if (b >= 32)
        return mk(lo(a) << (b - 32), 0);
    return mk(hi(a) << b | lo(a) >> (32 - b), lo(a) << b);
}

du __lshrdi3(du a, int b)
{
    if (b == 0)
        return a;
    if (b >= 32)
        return mk(0, hi(a) >> (b - 32));
    return mk(hi(a) >> b, lo(a) >> b | hi(a) << (32 - b));
}

di __ashrdi3(di a, int b)
{
    int h = (int)hi((du)a);
    if (b == 0)
        return a;
    if (b >= 32)
        return (di)mk((unsigned)(h >> 31), (unsigned)(h >> (b - 32)));
    return (di)mk((unsigned)(h >> b), lo((du)a) >> b | (unsigned)h << (32 - b));
}

int __clzsi2(unsigned a)
{
    int n = 0;
    if (!a)
        return 32;
    while (!(a & 0x80000000u)) {
        a <<= 1;
        n++;
    }
    return n;
}

int __ctzsi2(unsigned a)
{
    int n = 0;
    if (!a)
        return 32;
    while (!(a & 1)) {
        a >>= 1;
        n++;
    }
    return n;
}

int __popcountsi2(unsigned a)
{
    int n = 0;
    for (; a; a &= a - 1)
        n++;
    return n;
}

/* Shift-subtract division on 32-bit halves. */
du __udivmoddi4(du n, du d, du *rem)
{
    if (hi(d) == 0 && hi(n) == 0) {
        if (rem)
            *rem = lo(n) % lo(d);
        return lo(n) / lo(d);
    }
    unsigned qh = 0, ql = 0, rh = 0, rl = 0;
    unsigned nh = hi(n), nl = lo(n), dh = hi(d), dl = lo(d);
    for (int i = 63; i >= 0; i--) {
        /* r = r << 1 | bit i of n */
        unsigned bit = i >= 32 ? nh >> (i - 32) & 1 : nl >> i & 1;
        rh = rh << 1 | rl >> 31;
        rl = rl << 1 | bit;
        if (rh > dh || (rh == dh && rl >= dl)) {
            unsigned borrow = rl < dl;
            rl -= dl;
            rh -= dh + borrow;
            if (i >= 32)
                qh |= 1u << (i - 32);
            else
                ql |= 1u << i;
        }
    }
    if (rem)
        *rem = mk(rh, rl);
    return mk(qh, ql);
}

du __udivdi3(du n, du d) { return __udivmoddi4(n, d, 0); }
du __umoddi3(du n, du d)
{
    du r;
    __udivmoddi4(n, d, &r);
    return r;
}

static du uneg(du a) { return mk(~hi(a) + (lo(a) == 0), ~lo(a) + 1); }

di __divdi3(di n, di d)
{
    int neg = 0;
    du un = (du)n, ud = (du)d;
    if (hi(un) >> 31) { un = uneg(un); neg ^= 1; }
    if (hi(ud) >> 31) { ud = uneg(ud); neg ^= 1; }
    du q = __udivmoddi4(un, ud, 0);
    return (di)(neg ? uneg(q) : q);
}

di __moddi3(di n, di d)
{
    int neg = 0;
    du un = (du)n, ud = (du)d, r;
    if (hi(un) >> 31) { un = uneg(un); neg = 1; }
    if (hi(ud) >> 31)
        ud = uneg(ud);
    __udivmoddi4(un, ud, &r);
    return (di)(neg ? uneg(r) : r);
}

/* (double)hi * 2^32 is exact; adding lo rounds once: correctly rounded. */
double __floatundidf(du a)
{
    return (double)hi(a) * 4294967296.0 + (double)lo(a);
}

double __floatdidf(di a)
{
    if (hi((du)a) >> 31)
        return -__floatundidf(uneg((du)a));
    return __floatundidf((du)a);
}

float __floatundisf(du a)
{
    /* Round to 24 bits with sticky first, so the final conversion rounds once. */
    unsigned h = hi(a), l = lo(a);
    if (!h)
        return (float)l;
    int sh = 32 - __clzsi2(h);          /* bits of a above 32 */
    unsigned top = (unsigned)(__lshrdi3(a, sh)) | ((l & ((1u << sh) - 1)) != 0);
    /* top holds the high 32 bits with a sticky bit; scale back */
    float f = (float)top;
    while (sh--)
        f *= 2.0f;
    return f;
}

float __floatdisf(di a)
{
    if (hi((du)a) >> 31)
        return -__floatundisf(uneg((du)a));
    return __floatundisf((du)a);
}

du __fixunsdfdi(double a)
{
    unsigned w[2];
    memcpy(w, &a, 8);
    if (w[1] >> 31)
        return 0;
    int e = (int)(w[1] >> 20 & 0x7ff) - 1075;
    if (e < -52 - 1)
        return 0;
    du m = mk((w[1] & 0xfffff) | 0x100000, w[0]);
    if (e >= 12)
        return ~(du)0;   /* out of range */
    return e >= 0 ? __ashldi3(m, e) : __lshrdi3(m, -e);
}

di __fixdfdi(double a)
{
    if (a < 0)
        return (di)uneg(__fixunsdfdi(-a));
    return (di)__fixunsdfdi(a);
}

du __fixunssfdi(float a) { return __fixunsdfdi((double)a); }
di __fixsfdi(float a) { return __fixdfdi((double)a); }
