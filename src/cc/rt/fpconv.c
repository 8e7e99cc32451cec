/* zl-cc runtime: conversions between double/float and integers wider than a register
 * (rv32: __floatdidf, __fixdfdi, ... and for __int128 __floattidf, __fixdfti, ...; rv64:
 * __floattidf, __fixdfti, ...).  Integer -> FP rounds once, to nearest even: the value is
 * first narrowed to at most 64 bits (53 for float) by shifting right with the lost bits
 * ORed into bit 0 ("jamming", which keeps the rounding decision of the final conversion
 * intact), converted from its two register-sized halves (exact, except for the one
 * rounding of the final addition), then scaled by a power of two (exact).
 * FP -> integer truncates; out-of-range values are undefined behaviour in C. */
#if __riscv_xlen == 32 || __riscv_xlen == 64

/* one set of eight helpers for the integer types uw/sw split into halves uh/sh;
 * two_h = 2^(bits of uh) */
#define DEFINE_FPCONV(uw, sw, uh, mode, two_h)                                   \
    double __floatun##mode##df(uw v);                                            \
    double __float##mode##df(sw v);                                              \
    float __floatun##mode##sf(uw v);                                             \
    float __float##mode##sf(sw v);                                               \
    static double floatun_##mode(uw v, int bits)                                 \
    {                                                                            \
        int sh = 0;                                                              \
        if (bits < (int)sizeof(uw) * 8)                                          \
            while (v >> bits) {                                                  \
                v = (v >> 1) | (v & 1);                                          \
                sh++;                                                            \
            }                                                                    \
        uh hi = (uh)(v >> (sizeof(uh) * 8)), lo = (uh)v;                         \
        double d = (double)hi * two_h + (double)lo;                              \
        for (; sh >= 16; sh -= 16) d *= 65536.0;                                 \
        return d * (double)(1 << sh);                                            \
    }                                                                            \
    double __floatun##mode##df(uw v) { return floatun_##mode(v, 64); }          \
    double __float##mode##df(sw v)                                               \
    {                                                                            \
        if (v < 0) return -floatun_##mode(-(uw)v, 64);                           \
        return floatun_##mode((uw)v, 64);                                        \
    }                                                                            \
    float __floatun##mode##sf(uw v) { return (float)floatun_##mode(v, 53); }    \
    float __float##mode##sf(sw v)                                                \
    {                                                                            \
        if (v < 0) return -(float)floatun_##mode(-(uw)v, 53);                    \
        return (float)floatun_##mode((uw)v, 53);                                 \
    }                                                                            \
    uw __fixunsdf##mode(double d);                                               \
    sw __fixdf##mode(double d);                                                  \
    uw __fixunssf##mode(float f);                                                \
    sw __fixsf##mode(float f);                                                   \
    uw __fixunsdf##mode(double d)                                                \
    {                                                                            \
        if (!(d > 0)) return 0;                                                  \
        double h = d / two_h;                                                    \
        uh hi = (uh)h;                                                           \
        double rest = d - (double)hi * two_h;                                    \
        uh lo = (uh)rest;                                                        \
        return ((uw)hi << (sizeof(uh) * 8)) | lo;                                \
    }                                                                            \
    sw __fixdf##mode(double d)                                                   \
    {                                                                            \
        if (d < 0) return -(sw)__fixunsdf##mode(-d);                             \
        return (sw)__fixunsdf##mode(d);                                          \
    }                                                                            \
    uw __fixunssf##mode(float f) { return __fixunsdf##mode((double)f); }         \
    sw __fixsf##mode(float f) { return __fixdf##mode((double)f); }

#if __riscv_xlen == 32
DEFINE_FPCONV(unsigned long long, long long, unsigned int, di, 4294967296.0)
/* __int128 on rv32: halves of 64 bits, converted by the di helpers above */
DEFINE_FPCONV(unsigned __int128, __int128, unsigned long long, ti, 18446744073709551616.0)
#else
DEFINE_FPCONV(unsigned __int128, __int128, unsigned long, ti, 18446744073709551616.0)
#endif

#endif
