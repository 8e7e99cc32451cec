// LP128: same
#include <stdio.h>
#include <stdarg.h>
static int sum(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; i++)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}
static void mixed(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    for (const char *p = fmt; *p; p++) {
        switch (*p) {
        case 'i': printf("i:%d ", va_arg(ap, int)); break;
        case 'L': printf("L:%lld ", va_arg(ap, long long)); break;
        case 'd': printf("d*8:%d ", (int)(va_arg(ap, double) * 8)); break;
        case 's': printf("s:%s ", va_arg(ap, char *)); break;
        case 'p': printf("p:%d ", *va_arg(ap, int *)); break;
        case 'c': printf("c:%c ", va_arg(ap, int)); break;
        }
    }
    va_end(ap);
    printf("\n");
}
static long long vsum2(int n, va_list ap)
{
    long long s = 0;
    for (int i = 0; i < n; i++)
        s += va_arg(ap, long long);
    return s;
}
static long long sum_ll(int n, ...)
{
    va_list ap, ap2;
    va_start(ap, n);
    va_copy(ap2, ap);
    long long a = vsum2(n, ap);
    long long b = vsum2(n, ap2);
    va_end(ap2);
    va_end(ap);
    return a + b;
}
int main(void)
{
    int v = 77;
    printf("sum %d %d %d\n", sum(0), sum(3, 1, 2, 3), sum(10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
    mixed("iLdspc", 5, 1234567890123LL, 2.5, "str", &v, 'z');
    mixed("ddddddddddi", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 42);
    mixed("iiiiiiiiiL", 1, 2, 3, 4, 5, 6, 7, 8, 9, -5LL);
    float f = 1.5f;
    mixed("dc", f, (char)'q');   /* float promotes to double, char to int */
    printf("sum_ll %lld\n", sum_ll(3, 10LL, 20LL, 30LL));
    return 0;
}
