// LP128: same
#include <stdio.h>
static long long f12(int a, long long b, char c, short d, int e, unsigned f, long long g, int h, int i, long long j,
                     char k, int l)
{
    return a + b * 2 + c * 3 + d * 4 + e * 5 + f * 6 + g * 7 + h * 8 + i * 9 + j * 10 + k * 11 + l * 12;
}
static double fd(double a, float b, double c, float d, double e, float f, double g, float h, double i, float j,
                 int k, double l)
{
    return a + b * 2 + c * 3 + d * 4 + e * 5 + f * 6 + g * 7 + h * 8 + i * 9 + j * 10 + k * 11 + l * 12;
}
static int mix(int a, double b, int c, double d, int e, double f, int g, double h, int i, double j, int k,
               double l, int m, double n, int o, double p, int q, double r, int s)
{
    return a + (int)b + c + (int)d + e + (int)f + g + (int)h + i + (int)j + k + (int)l + m + (int)n + o + (int)p + q +
           (int)r + s;
}
struct s3 { int a, b, c; };
static int structs(struct s3 a, struct s3 b, struct s3 c, struct s3 d, struct s3 e, int tail)
{
    return a.a + b.b + c.c + d.a + e.b + tail;
}
int main(void)
{
    printf("f12 %lld\n", f12(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
    printf("fd %d\n", (int)fd(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12));
    printf("mix %d\n", mix(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19));
    struct s3 x = { 1, 2, 3 };
    printf("structs %d\n", structs(x, x, x, x, x, 100));
    return 0;
}
