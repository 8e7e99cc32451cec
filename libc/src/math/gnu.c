/* GNU and legacy (SVID/BSD) math names: sincos, exp10 and pow10, finite, drem,
 * significand, scalb.  Each is the C99 function it names: exp10 is pow(10, x) (10 is exact,
 * so the result is as accurate as pow's, and exact for integral x up to 10^22). */
#include <math.h>

void sincos(double x, double *s, double *c)
{
    *s = sin(x);
    *c = cos(x);
}

void sincosf(float x, float *s, float *c)
{
    *s = sinf(x);
    *c = cosf(x);
}

void sincosl(long double x, long double *s, long double *c)
{
    *s = sinl(x);
    *c = cosl(x);
}

double exp10(double x) { return pow(10.0, x); }
float exp10f(float x) { return powf(10.0f, x); }
long double exp10l(long double x) { return powl(10.0L, x); }
double pow10(double x) { return exp10(x); }
float pow10f(float x) { return exp10f(x); }
long double pow10l(long double x) { return exp10l(x); }

int finite(double x) { return isfinite(x); }
int finitef(float x) { return isfinite(x); }
double drem(double x, double y) { return remainder(x, y); }
float dremf(float x, float y) { return remainderf(x, y); }

/* x scaled into [1, 2); zeros, infinities and NaNs as they are. */
double significand(double x) { return isfinite(x) && x != 0 ? scalbn(x, -ilogb(x)) : x; }
float significandf(float x) { return isfinite(x) && x != 0 ? scalbnf(x, -ilogbf(x)) : x; }

/* x * 2^n for a floating n: NaN for a NaN or a non-integral n (invalid), the infinite
 * cases by multiplication or division, and n clamped far beyond any exponent range. */
#define SCALB(T, sfx)                                     \
    T scalb##sfx(T x, T n)                                \
    {                                                     \
        if (isnan(x) || isnan(n))                         \
            return x * n;                                 \
        if (isinf(n))                                     \
            return n > 0 ? x * n : x / -n;                \
        if (rint##sfx(n) != n)                            \
            return (n - n) / (n - n);                     \
        if (n > 65000)                                    \
            return scalbn##sfx(x, 65000);                 \
        if (n < -65000)                                   \
            return scalbn##sfx(x, -65000);                \
        return scalbn##sfx(x, (int)n);                    \
    }
SCALB(double, )
SCALB(float, f)
