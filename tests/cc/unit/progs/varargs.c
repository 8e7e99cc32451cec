/* variadic functions through <stdarg.h> */
#include <stdarg.h>
static long vsum(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    long s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, long);
    va_end(ap);
    return s;
}
static double dsum(int n, ...)
{
    va_list ap, aq;
    va_start(ap, n);
    va_copy(aq, ap);
    double s = 0;
    for (int i = 0; i < n; i++) s += va_arg(aq, double);
    va_end(aq);
    va_end(ap);
    return s;
}
struct P { int a, b; };
static int mixed(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = 0;
    for (; *fmt; fmt++) {
        if (*fmt == 'i') r += va_arg(ap, int);
        else if (*fmt == 'c') r += va_arg(ap, int);
        else if (*fmt == 'p') { struct P p = va_arg(ap, struct P); r += p.a * p.b; }
        else if (*fmt == 'd') r += (int)va_arg(ap, double);
    }
    va_end(ap);
    return r;
}
int main(void)
{
    if (vsum(3, 1L, 2L, 3L) != 6) return 1;
    if (vsum(10, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L) != 55) return 2;
    if (dsum(3, 1.5, 2.5, 3.0) != 7.0) return 3;
    struct P p = { 3, 4 };
    if (mixed("icpd", 5, 'a', p, 2.75) != 5 + 97 + 12 + 2) return 4;
    return 0;
}
