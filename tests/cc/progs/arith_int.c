// LP128: same
#include <stdio.h>
static int ops(int a, int b)
{
    printf("%d %d: + %d - %d * %d / %d %% %d & %d | %d ^ %d\n", a, b, a + b, a - b, a * b, a / b, a % b,
           a & b, a | b, a ^ b);
    return 0;
}
int main(void)
{
    ops(17, 5);
    ops(-17, 5);
    ops(17, -5);
    ops(-17, -5);
    ops(0, 7);
    ops(2147483647, 2);
    ops(-2147483647 - 1, 3);
    int x = 10;
    x += 5; x -= 3; x *= 4; x /= 5; x %= 7; x <<= 3; x >>= 1; x &= 0xff; x |= 0x100; x ^= 0x11;
    printf("x=%d\n", x);
    printf("precedence %d %d %d %d\n", 2 + 3 * 4, (2 + 3) * 4, 10 - 4 - 3, 100 / 10 / 5);
    printf("unary %d %d %d %d\n", -(-5), ~0, !0, !7);
    printf("mixed %d\n", 7 + 3 * 2 - 8 / 4 % 3 + (1 << 4) - (256 >> 2));
    return 0;
}
