/* Float versions of exact functions that had only a double version (docs/libc.md,
 * "math"): float arguments are exact doubles and these results are exact in float (or
 * rounded once), except nextafterf, which steps in float. */
#include "zl_libc.h"
#include <math.h>
#include <string.h>
#include <limits.h>

float remainderf(float x, float y) { return (float)remainder(x, y); }
float fdimf(float x, float y) { return (float)fdim(x, y); }
int ilogbf(float x) { return ilogb(x); }
float logbf(float x) { return (float)logb(x); }
long lroundf(float x) { return lround(x); }
long long llroundf(float x) { return llround(x); }
long lrintf(float x) { return lrint(x); }
long long llrintf(float x) { return llrint(x); }
float scalblnf(float x, long n)
{
    return scalbnf(x, n > 1000 ? 1000 : n < -1000 ? -1000 : (int)n);
}

float nextafterf(float x, float y)
{
    if (x != x || y != y)
        return x + y;
    if (x == y)
        return y;
    u32 b, by;
    memcpy(&b, &x, 4);
    memcpy(&by, &y, 4);
    if ((b & 0x7fffffffu) == 0)
        b = (by & 0x80000000u) | 1;
    else if ((x < y) == !(b >> 31))
        b++;
    else
        b--;
    if ((b & 0x7f800000u) == 0x7f800000u || (b & 0x7f800000u) == 0)
        errno = ERANGE;
    memcpy(&x, &b, 4);
    return x;
}
