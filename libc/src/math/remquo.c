/* remquo and remquof (docs/libc.md, "math"): exact.  r = x - n y with n = x/y rounded to
 * nearest even; *quo gets the sign of x/y and the low 3 bits of |n|.  fmod by 8|y| keeps
 * those bits, three exact conditional subtractions find them. */
#include "dd.h"

double remquo(double x, double y, int *quo)
{
    *quo = 0;
    if (x != x || y != y)
        return x + y;
    double ax = fabs(x), ay = fabs(y);
    if (ax > 0x1.fffffffffffffp+1023 || y == 0)
        return (x * y - x * y) / (x * y - x * y);   /* invalid */
    double y8 = 8 * ay;   /* exact, or inf */
    double r = y8 > 0x1.fffffffffffffp+1023 || ax < y8 ? ax : fmod(ax, y8);
    int n = 0;
    if (r >= 4 * ay)
        r -= 4 * ay, n += 4;
    if (r >= 2 * ay)
        r -= 2 * ay, n += 2;
    if (r >= ay)
        r -= ay, n += 1;
    /* r in [0, ay): round the quotient to nearest even */
    if (r > ay - r || (r == ay - r && (n & 1))) {
        r -= ay;
        n++;
    }
    n &= 7;
    int sx = (int)(mth_bits(x) >> 63);
    *quo = sx != (int)(mth_bits(y) >> 63) ? -n : n;
    return sx ? -r : r;
}

float remquof(float x, float y, int *quo) { return (float)remquo(x, y, quo); }
