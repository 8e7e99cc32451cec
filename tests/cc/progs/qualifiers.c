// LP128: same
#include <stdio.h>
static int sum(const int *restrict a, const int *restrict b, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += a[i] * b[i];
    return s;
}
int main(void)
{
    const int c = 10;
    volatile int v = 5;
    v = v + 1;
    v++;
    printf("const %d volatile %d\n", c, v);
    int a[3] = { 1, 2, 3 }, b[3] = { 4, 5, 6 };
    printf("dot %d\n", sum(a, b, 3));
    int x = 1;
    int *const cp = &x;
    *cp = 2;
    const int *pc = &x;
    printf("x %d %d\n", x, *pc);
    volatile unsigned char spin = 0;
    for (int i = 0; i < 1000; i++)
        spin++;
    printf("volatile loop %d\n", spin);
    const volatile int cv = 9;
    printf("cv %d\n", cv);
    const struct { int a; } cs = { 4 };
    printf("const struct %d\n", cs.a);
    return 0;
}
