/* zl-cc runtime: the remaining libgcc helpers that GCC-compiled code may call and that
 * zl-cc itself expands inline — 64-bit shifts on rv32 (__ashldi3 ...) and the 32-bit bit
 * counts (__clzsi2 ...).  With them libzlrt is a complete libgcc replacement for programs
 * that GCC compiles against zlibc at rv32, where Debian's cross compiler ships no libgcc.
 * Written with 32-bit operations only, so none of them calls another helper. */
#if __riscv_xlen == 32
typedef unsigned long long du;
typedef long long di;

du __ashldi3(du a, int b);
du __lshrdi3(du a, int b);
di __ashrdi3(di a, int b);

static unsigned hi(du a) { return (unsigned)(a >> 32); }
static unsigned lo(du a) { return (unsigned)a; }
static du mk(unsigned h, unsigned l) { return (du)h << 32 | l; }

du __ashldi3(du a, int b)
{
    if (b == 0) return a;
    if (b >= 32) return mk(lo(a) << (b - 32), 0);
    return mk(hi(a) << b | lo(a) >> (32 - b), lo(a) << b);
}

du __lshrdi3(du a, int b)
{
    if (b == 0) return a;
    if (b >= 32) return mk(0, hi(a) >> (b - 32));
    return mk(hi(a) >> b, lo(a) >> b | hi(a) << (32 - b));
}

di __ashrdi3(di a, int b)
{
    int h = (int)hi((du)a);
    if (b == 0) return a;
    if (b >= 32) return (di)mk((unsigned)(h >> 31), (unsigned)(h >> (b - 32)));
    return (di)mk((unsigned)(h >> b), lo((du)a) >> b | (unsigned)h << (32 - b));
}
#endif

int __clzsi2(unsigned a);
int __ctzsi2(unsigned a);
int __popcountsi2(unsigned a);

int __clzsi2(unsigned a)
{
    int n = 0;
    if (!a) return 32;
    for (; !(a & 0x80000000u); a <<= 1) n++;
    return n;
}

int __ctzsi2(unsigned a)
{
    int n = 0;
    if (!a) return 32;
    for (; !(a & 1); a >>= 1) n++;
    return n;
}

int __popcountsi2(unsigned a)
{
    int n = 0;
    for (; a; a &= a - 1) n++;
    return n;
}
