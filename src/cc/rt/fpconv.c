/* zl-cc runtime: conversions between double/float and integers twice as wide as a
 * register (rv32: __floatdidf, __fixdfdi, ...; rv64: __floattidf, __fixdfti, ...).
 * An integer is split into register-sized halves; hi * 2^XLEN is exact in double, so
 * integer -> double rounds once; integer -> float goes through double (may round twice). */
#if __riscv_xlen == 32 || __riscv_xlen == 64

#if __riscv_xlen == 32
typedef unsigned long long uw;
typedef long long sw;
typedef unsigned int uh;
typedef int sh;
#define TWO_H 4294967296.0
#define N(a, b) a##di##b
#else
typedef unsigned __int128 uw;
typedef __int128 sw;
typedef unsigned long uh;
typedef long sh;
#define TWO_H 18446744073709551616.0
#define N(a, b) a##ti##b
#endif
#define HBITS ((int)sizeof(uh) * 8)

double N(__floatun, df)(uw v);
double N(__float, df)(sw v);
float N(__floatun, sf)(uw v);
float N(__float, sf)(sw v);
uw N(__fixunsdf, )(double d);
sw N(__fixdf, )(double d);
uw N(__fixunssf, )(float f);
sw N(__fixsf, )(float f);

double N(__floatun, df)(uw v)
{
    uh hi = (uh)(v >> HBITS), lo = (uh)v;
    return (double)hi * TWO_H + (double)lo;
}

double N(__float, df)(sw v)
{
    if (v < 0) return -N(__floatun, df)(-(uw)v);
    return N(__floatun, df)((uw)v);
}

float N(__floatun, sf)(uw v) { return (float)N(__floatun, df)(v); }
float N(__float, sf)(sw v) { return (float)N(__float, df)(v); }

uw N(__fixunsdf, )(double d)
{
    if (!(d > 0)) return 0;
    double h = d / TWO_H;
    uh hi = (uh)h;
    double rest = d - (double)hi * TWO_H;
    uh lo = (uh)rest;
    return ((uw)hi << HBITS) | lo;
}

sw N(__fixdf, )(double d)
{
    if (d < 0) return -(sw)N(__fixunsdf, )(-d);
    return (sw)N(__fixunsdf, )(d);
}

uw N(__fixunssf, )(float f) { return N(__fixunsdf, )((double)f); }
sw N(__fixsf, )(float f) { return N(__fixdf, )((double)f); }

#endif
