/* zlibc <math.h>: classification macros, constants, the exactly computable functions
 * (rounding, remainders, scaling, sqrt, fma — correctly rounded, on integer arithmetic) and
 * the C99 transcendental functions for double and float (docs/libc.md, "math": faithful
 * or better, in double-double arithmetic).  math_errhandling is MATH_ERREXCEPT: errors are
 * reported by the floating-point exception flags, not errno. */
#ifndef _ZL_MATH_H
#define _ZL_MATH_H
#include <bits/zl_config.h>
__ZL_BEGIN
#if defined(__GNUC__) && !defined(__zlcc__)
#define INFINITY (__builtin_inff())
#define NAN (__builtin_nanf(""))
#define HUGE_VAL (__builtin_huge_val())
#define HUGE_VALF (__builtin_huge_valf())
#define HUGE_VALL (__builtin_huge_vall())
#else
/* Annex F arithmetic in constant expressions (zl-cc) */
#define INFINITY (1e5000f)
#define NAN (0.0f / 0.0f)
#define HUGE_VAL (1e5000)
#define HUGE_VALF (1e5000f)
#define HUGE_VALL (1e5000L)
#endif
#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
#if defined(__GNUC__) && !defined(__zlcc__)
#define fpclassify(x) __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO, x)
#define isnan(x) __builtin_isnan(x)
#define isinf(x) __builtin_isinf_sign(x)
#define isfinite(x) __builtin_isfinite(x)
#define isnormal(x) __builtin_isnormal(x)
#define signbit(x) __builtin_signbit(x)
#else
int __fpclassify(double);
int __fpclassifyf(float);
int __fpclassifyl(long double);
int __signbit(double);
int __signbitf(float);
int __signbitl(long double);
#define fpclassify(x) (sizeof(x) == sizeof(float) ? __fpclassifyf(x) : \
                       sizeof(x) == sizeof(double) ? __fpclassify(x) : __fpclassifyl(x))
#define isnan(x) (fpclassify(x) == FP_NAN)
#define isinf(x) (fpclassify(x) == FP_INFINITE)
#define isfinite(x) (fpclassify(x) > FP_INFINITE)
#define isnormal(x) (fpclassify(x) == FP_NORMAL)
#define signbit(x) (sizeof(x) == sizeof(float) ? __signbitf(x) : \
                    sizeof(x) == sizeof(double) ? __signbit(x) : __signbitl(x))
#endif
#define M_E 2.7182818284590452354
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_SQRT2 1.41421356237309504880
typedef float float_t;
typedef double double_t;
#define FP_ILOGB0 (-2147483647)     /* glibc's values on RISC-V */
#define FP_ILOGBNAN 2147483647
#define MATH_ERRNO 1
#define MATH_ERREXCEPT 2
#define math_errhandling 2
#define isunordered(x, y) (isnan(x) || isnan(y))
#define isgreater(x, y) (!isunordered(x, y) && (x) > (y))
#define isgreaterequal(x, y) (!isunordered(x, y) && (x) >= (y))
#define isless(x, y) (!isunordered(x, y) && (x) < (y))
#define islessequal(x, y) (!isunordered(x, y) && (x) <= (y))
#define islessgreater(x, y) (!isunordered(x, y) && ((x) < (y) || (x) > (y)))
#define __ZL_MATH2(name) double name(double); float name##f(float);
__ZL_MATH2(fabs)
__ZL_MATH2(floor)
__ZL_MATH2(ceil)
__ZL_MATH2(trunc)
__ZL_MATH2(round)
__ZL_MATH2(rint)
__ZL_MATH2(nearbyint)
__ZL_MATH2(sqrt)
#undef __ZL_MATH2
double copysign(double, double);
float copysignf(float, float);
double fmod(double, double);
float fmodf(float, float);
double remainder(double, double);
double fmin(double, double);
double fmax(double, double);
double fdim(double, double);
float fminf(float, float);
float fmaxf(float, float);
double frexp(double, int *);
double ldexp(double, int);
double scalbn(double, int);
double scalbln(double, long);
float frexpf(float, int *);
float ldexpf(float, int);
float scalbnf(float, int);
double modf(double, double *);
float modff(float, float *);
long lround(double);
long long llround(double);
long lrint(double);
long long llrint(double);
double nextafter(double, double);
int ilogb(double);
double logb(double);
float remainderf(float, float);
float fdimf(float, float);
float nextafterf(float, float);
double nexttoward(double, long double);
float nexttowardf(float, long double);
int ilogbf(float);
float logbf(float);
long lroundf(float);
long long llroundf(float);
long lrintf(float);
long long llrintf(float);
float scalblnf(float, long);
double remquo(double, double, int *);
float remquof(float, float, int *);
double nan(const char *);
float nanf(const char *);
double fma(double, double, double);
float fmaf(float, float, float);
#define __ZL_MATHT(name) double name(double); float name##f(float);
__ZL_MATHT(exp)
__ZL_MATHT(exp2)
__ZL_MATHT(expm1)
__ZL_MATHT(log)
__ZL_MATHT(log2)
__ZL_MATHT(log10)
__ZL_MATHT(log1p)
__ZL_MATHT(sin)
__ZL_MATHT(cos)
__ZL_MATHT(tan)
__ZL_MATHT(asin)
__ZL_MATHT(acos)
__ZL_MATHT(atan)
__ZL_MATHT(sinh)
__ZL_MATHT(cosh)
__ZL_MATHT(tanh)
__ZL_MATHT(asinh)
__ZL_MATHT(acosh)
__ZL_MATHT(atanh)
__ZL_MATHT(cbrt)
__ZL_MATHT(erf)
__ZL_MATHT(erfc)
__ZL_MATHT(tgamma)
__ZL_MATHT(lgamma)
#undef __ZL_MATHT
extern int signgam;
double lgamma_r(double, int *);
float lgammaf_r(float, int *);
double pow(double, double);
float powf(float, float);
double atan2(double, double);
float atan2f(float, float);
double hypot(double, double);
float hypotf(float, float);
long double fabsl(long double);
long double copysignl(long double, long double);
/* long double (IEEE binary128 at every XLEN; libc/src/math/ files ending in l.c, docs/libc.md) */
#define __ZL_MATHL1(name) long double name##l(long double);
__ZL_MATHL1(floor) __ZL_MATHL1(ceil) __ZL_MATHL1(trunc) __ZL_MATHL1(round)
__ZL_MATHL1(rint) __ZL_MATHL1(nearbyint) __ZL_MATHL1(sqrt) __ZL_MATHL1(logb)
__ZL_MATHL1(exp) __ZL_MATHL1(exp2) __ZL_MATHL1(expm1) __ZL_MATHL1(log) __ZL_MATHL1(log2)
__ZL_MATHL1(log10) __ZL_MATHL1(log1p) __ZL_MATHL1(sin) __ZL_MATHL1(cos) __ZL_MATHL1(tan)
__ZL_MATHL1(asin) __ZL_MATHL1(acos) __ZL_MATHL1(atan) __ZL_MATHL1(sinh) __ZL_MATHL1(cosh)
__ZL_MATHL1(tanh) __ZL_MATHL1(asinh) __ZL_MATHL1(acosh) __ZL_MATHL1(atanh) __ZL_MATHL1(cbrt)
__ZL_MATHL1(erf) __ZL_MATHL1(erfc) __ZL_MATHL1(tgamma) __ZL_MATHL1(lgamma)
#undef __ZL_MATHL1
#define __ZL_MATHL2(name) long double name##l(long double, long double);
__ZL_MATHL2(fmod) __ZL_MATHL2(remainder) __ZL_MATHL2(fmin) __ZL_MATHL2(fmax)
__ZL_MATHL2(fdim) __ZL_MATHL2(nextafter) __ZL_MATHL2(nexttoward) __ZL_MATHL2(pow)
__ZL_MATHL2(atan2) __ZL_MATHL2(hypot)
#undef __ZL_MATHL2
long double remquol(long double, long double, int *);
long double fmal(long double, long double, long double);
long double frexpl(long double, int *);
long double ldexpl(long double, int);
long double scalbnl(long double, int);
long double scalblnl(long double, long);
long double modfl(long double, long double *);
long double nanl(const char *);
long double lgammal_r(long double, int *);
int ilogbl(long double);
long lroundl(long double);
long long llroundl(long double);
long lrintl(long double);
long long llrintl(long double);
/* GNU and legacy names (libc/src/math/gnu.c) */
void sincos(double, double *, double *);
void sincosf(float, float *, float *);
void sincosl(long double, long double *, long double *);
double exp10(double);
float exp10f(float);
long double exp10l(long double);
double pow10(double);
float pow10f(float);
long double pow10l(long double);
int finite(double);
int finitef(float);
double drem(double, double);
float dremf(float, float);
double significand(double);
float significandf(float);
double scalb(double, double);
float scalbf(float, float);
__ZL_END
#endif
