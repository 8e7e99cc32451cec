/* zl-cc runtime: conversions between double/float and integers twice as wide as a
 * register (rv32: __floatdidf, __fixdfdi, ... and for __int128 __floattidf, __fixdfti, ...;
 * rv64: __floattidf, __fixdfti, ...).
 * An integer is split into register-sized halves; hi * 2^XLEN is exact in double, so
 * integer -> double rounds once; integer -> float goes through double (may round twice). */
#if __riscv_xlen == 32 || __riscv_xlen == 64

/* one set of eight helpers for the integer types uw/sw split into halves uh/sh;
 * two_h = 2^(bits of uh) */
#define DEFINE_FPCONV(uw, sw, uh, mode, two_h)                                   \
    double __floatun##mode##df(uw v);                                            \
    double __float##mode##df(sw v);                                              \
    float __floatun##mode##sf(uw v);                                             \
    float __float##mode##sf(sw v);                                               \
    uw __fixunsdf##mode(double d);                                               \
    sw __fixdf##mode(double d);                                                  \
    uw __fixunssf##mode(float f);                                                \
    sw __fixsf##mode(float f);                                                   \
    double __floatun##mode##df(uw v)                                             \
    {                                                                            \
        uh hi = (uh)(v >> (sizeof(uh) * 8)), lo = (uh)v;                         \
        return (double)hi * two_h + (double)lo;                                  \
    }                                                                            \
    double __float##mode##df(sw v)                                               \
    {                                                                            \
        if (v < 0) return -__floatun##mode##df(-(uw)v);                          \
        return __floatun##mode##df((uw)v);                                       \
    }                                                                            \
    float __floatun##mode##sf(uw v) { return (float)__floatun##mode##df(v); }    \
    float __float##mode##sf(sw v) { return (float)__float##mode##df(v); }        \
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
