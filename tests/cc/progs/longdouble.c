// LP128: same
// ILP32: as-lp64
#include <stdio.h>
#include <string.h>
static void bits(const char *n, long double x)
{
    unsigned char b[16];
    memcpy(b, &x, 16);
    printf("%-8s ", n);
    for (int i = 15; i >= 0; i--)
        printf("%02x", b[i]);
    printf("\n");
}
int main(void)
{
    volatile long double a = 1.5L, b = 3.0L, c = -0.1L;
    bits("a", a);
    bits("a+b", a + b);
    bits("a-b", a - b);
    bits("a*c", a * c);
    bits("a/b", a / b);
    bits("1/3", 1.0L / b);
    bits("-a", -a);
    printf("cmp %d %d %d %d\n", a < b, a == 1.5L, c < 0, b >= a);
    volatile double d = 0.1;
    long double ld = d;
    bits("0.1d", ld);
    printf("to double back %d\n", (double)ld == d);
    printf("to int %d %d\n", (int)(b * 7.0L), (int)c);
    volatile long long big = 123456789012345LL;
    bits("from ll", (long double)big);
    printf("to ll %lld\n", (long long)((long double)big * 2));
    printf("sizeof %d\n", (int)sizeof(long double));
    return 0;
}
