// LP128: manual
#include <stdio.h>
#define SZ(x) printf("%-24s size %2d %s\n", #x, (int)sizeof(x), (0 * (x) - 1 < 0) ? "signed" : "unsigned")
int main(void)
{
    SZ(0);
    SZ(2147483647);
    SZ(2147483648);
    SZ(0x7fffffff);
    SZ(0x80000000);
    SZ(0xffffffff);
    SZ(4294967295);
    SZ(4294967296);
    SZ(0x100000000);
    SZ(9223372036854775807);
    SZ(0x7fffffffffffffff);
    SZ(0x8000000000000000);
    SZ(0xffffffffffffffff);
    SZ(1u);
    SZ(1l);
    SZ(1L);
    SZ(1ul);
    SZ(1LU);
    SZ(1ll);
    SZ(1ULL);
    SZ(0x80000000l);
    SZ(2147483648u);
    SZ(017777777777);
    SZ(020000000000);
    printf("values %d %u %d\n", 0x7f, 0xffffffffu, 0777);
    printf("-2147483648 > 0: %d\n", -2147483648 > 0);
    printf("-0x80000000 > 0: %d\n", -0x80000000 > 0);
    return 0;
}
