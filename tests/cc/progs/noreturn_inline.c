// LP128: same
// EXIT: 7
#include <stdio.h>
#include <stdlib.h>
#include <stdnoreturn.h>
static inline int sq(int x) { return x * x; }
inline static int cube(int x) { return x * sq(x); }
static _Noreturn void die(int code)
{
    printf("dying with %d\n", code);
    exit(code);
}
noreturn static void die2(void) { die(7); }
int main(void)
{
    printf("sq %d cube %d\n", sq(7), cube(3));
    if (cube(2) == 8)
        die2();
    printf("not reached\n");
    return 0;
}
