/* <complex.h> for long double (binary128; the functions themselves: cimpl.h) */
#include <complex.h>
#include <float.h>
#include <math.h>

#define T long double
#define CT long double _Complex
#define F(n) n##l
#define C(n) n##l
#define LOGMAX 11350.0L
#define TMAX LDBL_MAX
#define TMIN LDBL_MIN
#define SCL 0x1p300L
#define USCL 0x1p-150L
#define TANHBIG 40.0L
#include "cimpl.h"
