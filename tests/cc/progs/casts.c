// LP128: same
#include <stdio.h>
#include <stdint.h>
int main(void)
{
    int i = -1;
    printf("(unsigned char)-1 = %d\n", (unsigned char)i);
    printf("(signed char)200 = %d\n", (signed char)200);
    printf("(short)70000 = %d\n", (short)70000);
    printf("(unsigned short)-2 = %d\n", (unsigned short)-2);
    printf("(int)3.99 = %d (int)-3.99 = %d\n", (int)3.99, (int)-3.99);
    printf("(unsigned)3e9 = %u\n", (unsigned)3e9);
    printf("(_Bool)0.1 = %d (_Bool)256 = %d (_Bool)0 = %d\n", (_Bool)0.1, (_Bool)256, (_Bool)0);
    printf("(int)(char)300 = %d\n", (int)(char)300);
    int64_t big = (int64_t)1 << 40;
    printf("(int32_t)(1<<40 + 5) = %d\n", (int32_t)(big + 5));
    printf("(uint32_t)-1LL = %u\n", (uint32_t)-1LL);
    double d = 1e10;
    printf("(float)1e10 == 1e10: %d\n", (float)d == d);
    printf("(double)(float)0.1 == 0.1: %d\n", (double)(float)0.1 == 0.1);
    void *vp = &i;
    int *ip = (int *)vp;
    printf("through void*: %d\n", *ip);
    printf("(void) discard ok\n");
    (void)0;
    return 0;
}
