// LP128: same
#include <stdio.h>
int main(void)
{
    printf("hello, world\n");
    puts("puts works");
    putchar('x');
    putchar('\n');
    return 0;
}
