/* zlibc <complex.h> (C11 7.3): the complex functions for double, float and long double
 * (docs/libc.md, "complex"); special values as C11 Annex G. */
#ifndef _ZL_COMPLEX_H
#define _ZL_COMPLEX_H
#include <bits/zl_config.h>
__ZL_BEGIN
#define complex _Complex
#define _Complex_I (__extension__ 1.0fi)
#define I _Complex_I
#define CMPLX(x, y) __builtin_complex((double)(x), (double)(y))
#define CMPLXF(x, y) __builtin_complex((float)(x), (float)(y))
#define CMPLXL(x, y) __builtin_complex((long double)(x), (long double)(y))

#define __ZL_CPLX1(n) double _Complex n(double _Complex); float _Complex n##f(float _Complex); \
    long double _Complex n##l(long double _Complex);
#define __ZL_CPLXR(n) double n(double _Complex); float n##f(float _Complex); \
    long double n##l(long double _Complex);
__ZL_CPLX1(cacos) __ZL_CPLX1(casin) __ZL_CPLX1(catan) __ZL_CPLX1(ccos) __ZL_CPLX1(csin)
__ZL_CPLX1(ctan) __ZL_CPLX1(cacosh) __ZL_CPLX1(casinh) __ZL_CPLX1(catanh) __ZL_CPLX1(ccosh)
__ZL_CPLX1(csinh) __ZL_CPLX1(ctanh) __ZL_CPLX1(cexp) __ZL_CPLX1(clog) __ZL_CPLX1(csqrt)
__ZL_CPLX1(conj) __ZL_CPLX1(cproj)
__ZL_CPLXR(cabs) __ZL_CPLXR(carg) __ZL_CPLXR(cimag) __ZL_CPLXR(creal)
double _Complex cpow(double _Complex, double _Complex);
float _Complex cpowf(float _Complex, float _Complex);
long double _Complex cpowl(long double _Complex, long double _Complex);
#undef __ZL_CPLX1
#undef __ZL_CPLXR
__ZL_END
#endif
