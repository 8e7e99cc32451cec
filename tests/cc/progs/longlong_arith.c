// LP128: same
#include <stdio.h>
int main(void)
{
    volatile long long a = 123456789012345LL, b = -987654321LL;
    printf("%lld %lld %lld %lld %lld\n", a + b, a - b, a * 3, a / b, a % b);
    printf("%lld %lld\n", a >> 7, b >> 3);
    printf("%lld\n", (a << 5) ^ b);
    volatile unsigned long long u = 0xfedcba9876543210ULL;
    printf("%llx %llx %llx %llu\n", u >> 4, u << 4 & 0xffffffffffffffffULL, u & 0xffff0000ffffULL, (u % 1000000007ULL));
    printf("%llu\n", (u / 3) & 0xffffffffffffffffULL);
    long long m = 1;
    for (int i = 0; i < 62; i++)
        m *= 2;
    printf("2^62 = %lld\n", m);
    printf("mixed int: %lld\n", a * 2 + 7);
    printf("cmp %d %d\n", a > b, (unsigned long long)b > (unsigned long long)a);
    long long n = -7;
    printf("div signs %lld %lld %lld %lld\n", n / 2, n % 2, -n / -2, n % -2);
    return 0;
}
