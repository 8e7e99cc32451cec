/* Stand-ins for the libgcc routines that riscv64-linux-gnu-gcc calls when it compiles for
 * rv32 (ilp32d): Debian ships that compiler without an rv32 libgcc. Used only to build
 * the ILP32 reference outputs of tests/cc/progs with GCC (tests/cc/progs/gen/mkexpect.sh)
 * and the -m32 side of tests/cc/abi_interop_test.sh; zl-cc brings its own libzlrt.
 * Only 64-bit division and the 64-bit integer <-> float/double conversions are here
 * (no long double): the programs that need more take their ILP32 expectation another way. */
#if __SIZEOF_POINTER__ != 4
#error "gcc32.c is for rv32 only"
#endif
typedef unsigned long long u64;
typedef long long i64;

u64 __udivmoddi4(u64 n, u64 d, u64 *rem);
u64 __udivdi3(u64 n, u64 d);
u64 __umoddi3(u64 n, u64 d);
i64 __divdi3(i64 n, i64 d);
i64 __moddi3(i64 n, i64 d);
double __floatundidf(u64 u);
double __floatdidf(i64 i);
float __floatundisf(u64 u);
float __floatdisf(i64 i);
u64 __fixunsdfdi(double d);
i64 __fixdfdi(double d);
u64 __fixunssfdi(float f);
i64 __fixsfdi(float f);

u64 __udivmoddi4(u64 n, u64 d, u64 *rem)
{
    u64 q = 0, r = 0;
    for (int i = 63; i >= 0; i--) {
        r = (r << 1) | ((n >> i) & 1);
        if (r >= d) {
            r -= d;
            q |= (u64)1 << i;
        }
    }
    if (rem)
        *rem = r;
    return q;
}

u64 __udivdi3(u64 n, u64 d) { return __udivmoddi4(n, d, 0); }
u64 __umoddi3(u64 n, u64 d) { u64 r; __udivmoddi4(n, d, &r); return r; }

i64 __divdi3(i64 n, i64 d)
{
    u64 un = n < 0 ? -(u64)n : (u64)n, ud = d < 0 ? -(u64)d : (u64)d;
    u64 q = __udivmoddi4(un, ud, 0);
    return (i64)((n < 0) != (d < 0) ? -q : q);
}

i64 __moddi3(i64 n, i64 d)
{
    u64 un = n < 0 ? -(u64)n : (u64)n, ud = d < 0 ? -(u64)d : (u64)d, r;
    __udivmoddi4(un, ud, &r);
    return (i64)(n < 0 ? -r : r);
}

/* hi * 2^32 and lo are exact doubles, so the one addition rounds correctly */
double __floatundidf(u64 u)
{
    return (double)(unsigned)(u >> 32) * 4294967296.0 + (double)(unsigned)u;
}

double __floatdidf(i64 i)
{
    return i < 0 ? -__floatundidf(-(u64)i) : __floatundidf((u64)i);
}

/* keep 53 bits and a sticky bit so that the final rounding to float is the only one */
float __floatundisf(u64 u)
{
    if (u >> 53) {
        u64 s = (u >> 11) | ((u & 0x7ff) != 0);
        return (float)(__floatundidf(s) * 2048.0);
    }
    return (float)__floatundidf(u);
}

float __floatdisf(i64 i)
{
    return i < 0 ? -__floatundisf(-(u64)i) : __floatundisf((u64)i);
}

u64 __fixunsdfdi(double d)
{
    if (!(d >= 1.0))
        return 0;
    unsigned hi = (unsigned)(d * (1.0 / 4294967296.0));
    unsigned lo = (unsigned)(d - (double)hi * 4294967296.0);
    return ((u64)hi << 32) | lo;
}

i64 __fixdfdi(double d)
{
    return d < 0 ? -(i64)__fixunsdfdi(-d) : (i64)__fixunsdfdi(d);
}

u64 __fixunssfdi(float f) { return __fixunsdfdi((double)f); }
i64 __fixsfdi(float f) { return __fixdfdi((double)f); }
