// LP128: same
#include <stdio.h>
static int counter(void)
{
    static int n;
    return ++n;
}
static int *addr(void)
{
    static int keep = 100;
    return &keep;
}
int global_init = 7;
int global_zero;
static int file_static = 3;
extern int later;
int later = 11;
static const char *const table[] = { "a", "b" };
int main(void)
{
    counter(); counter();
    printf("counter %d\n", counter());
    *addr() += 5;
    printf("static via pointer %d\n", *addr());
    printf("globals %d %d %d %d\n", global_init, global_zero, file_static, later);
    for (int i = 0; i < 3; i++) {
        static int s = 10;
        int a = 10;
        s++; a++;
        printf("iter %d static %d auto %d\n", i, s, a);
    }
    register int r = 4;
    printf("register %d\n", r * r);
    auto int au = 1;
    printf("auto %d %s\n", au, table[1]);
    return 0;
}
