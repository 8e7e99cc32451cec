/* <complex.h> for float: each function evaluates the double one on the widened argument
 * and rounds the parts once more.  Double's range and precision make the result faithful
 * (double rounding can move it by at most half an ulp of float), and the special values
 * of Annex G carry over unchanged. */
#include <complex.h>

#define W(z) ((double _Complex)(z))
#define N(z) ((float _Complex)(z))
#define CPLX1(n) float _Complex n##f(float _Complex z) { return N(n(W(z))); }
#define CPLXR(n) float n##f(float _Complex z) { return (float)n(W(z)); }

CPLX1(cacos) CPLX1(casin) CPLX1(catan) CPLX1(ccos) CPLX1(csin) CPLX1(ctan)
CPLX1(cacosh) CPLX1(casinh) CPLX1(catanh) CPLX1(ccosh) CPLX1(csinh) CPLX1(ctanh)
CPLX1(cexp) CPLX1(clog) CPLX1(csqrt)
CPLXR(cabs) CPLXR(carg)

float _Complex cpowf(float _Complex z, float _Complex w) { return N(cpow(W(z), W(w))); }
float _Complex conjf(float _Complex z) { return __builtin_complex(__real__ z, -__imag__ z); }
float _Complex cprojf(float _Complex z) { return N(cproj(W(z))); }
float crealf(float _Complex z) { return __real__ z; }
float cimagf(float _Complex z) { return __imag__ z; }
