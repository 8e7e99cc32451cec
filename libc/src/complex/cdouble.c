/* <complex.h> for double (the functions themselves: cimpl.h) */
#include <complex.h>
#include <float.h>
#include <math.h>

#define T double
#define CT double _Complex
#define F(n) n
#define C(n) n
#define LOGMAX 700.0
#define TMAX DBL_MAX
#define TMIN DBL_MIN
#define SCL 0x1p200
#define USCL 0x1p-100
#define TANHBIG 22.0
#include "cimpl.h"
