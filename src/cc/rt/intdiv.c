/* zl-cc runtime: division and modulus of integers wider than a register (long long on
 * rv32: __divdi3 ...; __int128 on rv64 and rv32: __divti3 ...), and on rv32 the
 * multiplication of __int128 (__multi3), the helpers zl-cc's lowering calls (the libgcc
 * names and contracts; on rv32 a 128-bit integer is passed and returned by reference, the
 * psABI rule for scalars wider than 2*XLEN).  Built by zl-cc itself. */
#if __riscv_xlen == 32 || __riscv_xlen == 64

/* restoring shift-subtract division; division by zero is undefined behaviour in C, we
 * return all ones as DIVU does */
#define DEFINE_DIV(uw, sw, mode)                                            \
    uw __udiv##mode##3(uw n, uw d);                                         \
    uw __umod##mode##3(uw n, uw d);                                         \
    sw __div##mode##3(sw n, sw d);                                          \
    sw __mod##mode##3(sw n, sw d);                                          \
    static uw udivmod_##mode(uw n, uw d, uw *rem)                           \
    {                                                                       \
        if (d == 0) {                                                       \
            *rem = n;                                                       \
            return ~(uw)0;                                                  \
        }                                                                   \
        uw q = 0, r = 0;                                                    \
        for (int i = (int)sizeof(uw) * 8 - 1; i >= 0; i--) {                \
            r = (r << 1) | ((n >> i) & 1);                                  \
            if (r >= d) {                                                   \
                r -= d;                                                     \
                q |= (uw)1 << i;                                            \
            }                                                               \
        }                                                                   \
        *rem = r;                                                           \
        return q;                                                           \
    }                                                                       \
    uw __udiv##mode##3(uw n, uw d)                                          \
    {                                                                       \
        uw r;                                                               \
        return udivmod_##mode(n, d, &r);                                    \
    }                                                                       \
    uw __umod##mode##3(uw n, uw d)                                          \
    {                                                                       \
        uw r;                                                               \
        udivmod_##mode(n, d, &r);                                           \
        return r;                                                           \
    }                                                                       \
    sw __div##mode##3(sw n, sw d)                                           \
    {                                                                       \
        int neg = (n < 0) != (d < 0);                                       \
        uw un = n < 0 ? -(uw)n : (uw)n, ud = d < 0 ? -(uw)d : (uw)d, r;     \
        uw q = udivmod_##mode(un, ud, &r);                                  \
        return (sw)(neg ? -q : q);                                          \
    }                                                                       \
    sw __mod##mode##3(sw n, sw d)                                           \
    {                                                                       \
        uw un = n < 0 ? -(uw)n : (uw)n, ud = d < 0 ? -(uw)d : (uw)d, r;     \
        udivmod_##mode(un, ud, &r);                                         \
        return (sw)(n < 0 ? -r : r);                                        \
    }

#if __riscv_xlen == 32
DEFINE_DIV(unsigned long long, long long, di)

unsigned __int128 __multi3(unsigned __int128 a, unsigned __int128 b);

/* the low 128 bits of a * b, schoolbook on 32-bit words with 64-bit partial products */
unsigned __int128 __multi3(unsigned __int128 a, unsigned __int128 b)
{
    unsigned int x[4], y[4], r[4] = {0, 0, 0, 0};
    for (int i = 0; i < 4; i++) {
        x[i] = (unsigned int)(a >> (32 * i));
        y[i] = (unsigned int)(b >> (32 * i));
    }
    for (int i = 0; i < 4; i++) {
        unsigned long long carry = 0;
        for (int j = 0; i + j < 4; j++) {
            unsigned long long t = (unsigned long long)x[i] * y[j] + r[i + j] + carry;
            r[i + j] = (unsigned int)t;
            carry = t >> 32;
        }
    }
    return (unsigned __int128)r[0] | (unsigned __int128)r[1] << 32 | (unsigned __int128)r[2] << 64 |
           (unsigned __int128)r[3] << 96;
}
#endif
DEFINE_DIV(unsigned __int128, __int128, ti)

#endif
