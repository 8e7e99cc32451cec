/* zl-cc runtime: division and modulus of integers twice as wide as a register
 * (long long on rv32: __divdi3 ...; __int128 on rv64: __divti3 ...), the helpers zl-cc's
 * lowering calls (the libgcc names and contracts).  Built by zl-cc itself. */
#if __riscv_xlen == 32 || __riscv_xlen == 64

#if __riscv_xlen == 32
typedef unsigned long long uw;
typedef long long sw;
#define NAME(op) __##op##di3
#else
typedef unsigned __int128 uw;
typedef __int128 sw;
#define NAME(op) __##op##ti3
#endif
#define WBITS ((int)sizeof(uw) * 8)

uw NAME(udiv)(uw n, uw d);
uw NAME(umod)(uw n, uw d);
sw NAME(div)(sw n, sw d);
sw NAME(mod)(sw n, sw d);

/* restoring shift-subtract division; division by zero traps like the hardware would
 * not: it is undefined behaviour in C, we return all ones as DIVU does */
static uw udivmod(uw n, uw d, uw *rem)
{
    if (d == 0) {
        *rem = n;
        return ~(uw)0;
    }
    uw q = 0, r = 0;
    for (int i = WBITS - 1; i >= 0; i--) {
        r = (r << 1) | ((n >> i) & 1);
        if (r >= d) {
            r -= d;
            q |= (uw)1 << i;
        }
    }
    *rem = r;
    return q;
}

uw NAME(udiv)(uw n, uw d)
{
    uw r;
    return udivmod(n, d, &r);
}

uw NAME(umod)(uw n, uw d)
{
    uw r;
    udivmod(n, d, &r);
    return r;
}

sw NAME(div)(sw n, sw d)
{
    int neg = (n < 0) != (d < 0);
    uw un = n < 0 ? -(uw)n : (uw)n, ud = d < 0 ? -(uw)d : (uw)d, r;
    uw q = udivmod(un, ud, &r);
    return (sw)(neg ? -q : q);
}

sw NAME(mod)(sw n, sw d)
{
    uw un = n < 0 ? -(uw)n : (uw)n, ud = d < 0 ? -(uw)d : (uw)d, r;
    udivmod(un, ud, &r);
    return (sw)(n < 0 ? -r : r);
}

#endif
