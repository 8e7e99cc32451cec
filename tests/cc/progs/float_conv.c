// LP128: same
#include <stdio.h>
#include <string.h>
static unsigned long long dbits(double d) { unsigned long long u = 0; memcpy(&u, &d, 8); return u & 0xffffffffffffffffULL; }
static unsigned fbits(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
int main(void)
{
    volatile double d = 0.1;
    float f = d;
    printf("double->float %08x\n", fbits(f));
    double back = f;
    printf("float->double %016llx\n", dbits(back));
    volatile double vals[] = { 2.5, -2.5, 3.7, -3.7, 0.49999, 1e9, -1e9, 123456.789 };
    for (int i = 0; i < 8; i++)
        printf("(int)%d = %d (long long) %lld\n", i, (int)vals[i], (long long)vals[i]);
    volatile int iv = 16777217;
    printf("int->float %08x int->double %016llx\n", fbits((float)iv), dbits((double)iv));
    volatile unsigned uv = 4294967295u;
    printf("uint->double %016llx uint->float %08x\n", dbits((double)uv), fbits((float)uv));
    volatile long long ll = -9007199254740993LL;
    printf("ll->double %016llx\n", dbits((double)ll));
    volatile unsigned long long ull = 18446744073709551615ULL;
    printf("ull->double %016llx ull->float %08x\n", dbits((double)ull), fbits((float)ull));
    volatile double big = 1e19;
    printf("double->ull %llu\n", (unsigned long long)big);
    volatile float fl = 3.9999f;
    printf("float->int %d float->uchar %d\n", (int)fl, (unsigned char)fl);
    printf("float to bool %d %d\n", (_Bool)0.0f, (_Bool)-0.5f);
    double x = 7;      /* int constant converted at compile time */
    float y = 'A';
    printf("implicit %016llx %08x\n", dbits(x), fbits(y));
    printf("double to float rounding %08x\n", fbits((float)(volatile double){ 1.00000005960464477539 }));
    return 0;
}
