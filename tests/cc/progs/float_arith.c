// LP128: same
#include <stdio.h>
#include <string.h>
static unsigned long long dbits(double d) { unsigned long long u = 0; memcpy(&u, &d, 8); return u & 0xffffffffffffffffULL; }
static unsigned fbits(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
static void pd(const char *n, double d) { printf("%-10s %016llx\n", n, dbits(d)); }
static void pf(const char *n, float f) { printf("%-10s %08x\n", n, fbits(f)); }
int main(void)
{
    volatile double a = 1.5, b = -0.25, c = 3.0;
    pd("a+b", a + b); pd("a-b", a - b); pd("a*b", a * b); pd("a/c", a / c);
    pd("-a", -a); pd("1/3", 1.0 / c); pd("a*a*a", a * a * a);
    volatile float x = 1.5f, y = 0.1f, z = 3.0f;
    pf("x+y", x + y); pf("x*y", x * y); pf("x/z", x / z); pf("y-x", y - x);
    printf("float op float is float: %d\n", (int)sizeof(x * y));
    printf("float op double is double: %d\n", (int)sizeof(x * a));
    printf("float op int is float: %d\n", (int)sizeof(x * 2));
    printf("cmp %d %d %d %d\n", a > b, a == 1.5, b < 0, x == 1.5);
    volatile double zero = 0.0;
    double inf = 1.0 / zero, nan = zero / zero;
    pd("inf", inf); pd("-inf", -inf);
    printf("nan==nan %d nan!=nan %d nan<1 %d inf>1e308 %d\n", nan == nan, nan != nan, nan < 1, inf > 1e308);
    pd("0.1+0.2", 0.1 + 0.2);
    pd("-0.0", -zero);
    printf("-0.0 == 0.0: %d\n", -zero == zero);
    double acc = 0;
    for (int i = 1; i <= 10; i++)
        acc += 1.0 / i;
    pd("harmonic", acc);
    float facc = 0;
    for (int i = 1; i <= 10; i++)
        facc += 1.0f / i;
    pf("harmonicf", facc);
    pd("1e300*1e10", 1e300 * (a - 0.5) * 1e10);
    pd("denorm", 4.9e-324 * (a - 0.5));
    pd("const", 2.5e-3 + 0x1.8p1);
    return 0;
}
