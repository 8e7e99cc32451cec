/* long double (IEEE binary128 in software through libzlrt) at every XLEN */
static long double half(long double x) { return x / 2; }
static long double sum(int n, ...);
#include <stdarg.h>
static long double sum(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    long double s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, long double);
    va_end(ap);
    return s;
}
long double g = 2.5L;
struct S { char c; long double v; };
int main(void)
{
    long double a = 1, b = 3;
    long double c = a / b;
    if (c * 3 != 1) return 1;            /* 1/3*3 rounds back to 1 in binary128 */
    if (!(c > 0.3333L) || !(c < 0.3334L)) return 2;
    double d = (double)c;
    if (d != 1.0 / 3.0) return 3;
    if (half(g) != 1.25L || -g != -2.5L) return 4;
    long double big = 1e300;
    big = big * big;                     /* 1e600 fits binary128 */
    /* (double)1e300 is not 10^300: the quotient is within 2 double ulps of 1e300L */
    if (big / 1e300L - 1e300L > 1e285L || 1e300L - big / 1e300L > 1e285L) return 5;
    if ((long)(long double)123456789 != 123456789) return 6;
    if ((int)(-2.75L) != -2) return 7;
    if (sum(3, 1.0L, 2.0L, 0.5L) != 3.5L) return 8;
    struct S s = { 'x', 7.0L };
    if (s.v + 1 != 8) return 9;
    long double z = 0;
    if (z || !a) return 10;
    unsigned long long u = 18446744073709551615ULL;
    long double lu = u;
    if ((unsigned long long)lu != u) return 11;
    float f = (float)c;
    if (f != 1.0f / 3.0f) return 12;
    return 0;
}
