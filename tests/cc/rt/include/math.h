/* tests/cc minimal runtime: <math.h> (only what Csmith's safe_math.h uses). */
#ifndef ZLRT_MATH_H
#define ZLRT_MATH_H

double fabs(double x);
float fabsf(float x);
double ldexp(double x, int e);
float ldexpf(float x, int e);

#endif
