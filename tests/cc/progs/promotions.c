// LP128: same
#include <stdio.h>
int main(void)
{
    unsigned char a = 200, b = 100;
    printf("uchar+uchar = %d (int)\n", a + b);
    printf("sizeof(uchar+uchar) = %d\n", (int)sizeof(a + b));
    unsigned short s = 65535;
    printf("ushort*ushort>0 as int: %d\n", s * 2 > 0);
    signed char c = -1;
    unsigned int u = 1;
    printf("schar(-1) < uint(1): %d\n", c < u);
    printf("schar(-1) < int(1): %d\n", c < 1);
    printf("~uchar(0) = %d\n", ~(unsigned char)0);
    printf("uchar << 24 = %d\n", (int)((unsigned char)1 << 24));
    _Bool t = 1;
    printf("bool+bool = %d sizeof %d\n", t + t, (int)sizeof(t + t));
    short sh = -5;
    printf("short >> 1 = %d\n", sh >> 1);
    char ch = 'A';
    printf("sizeof(+ch) = %d sizeof(ch) = %d\n", (int)sizeof(+ch), (int)sizeof(ch));
    printf("-uchar = %d\n", -(unsigned char)3);
    printf("int vs unsigned: %d\n", -1 > 1u);
    unsigned short x = 0xffff, y = 0xffff;
    printf("ushort ^ ushort: %d\n", (x ^ y));
    printf("char arithmetic: %d\n", (char)250 + (char)10);
    return 0;
}
