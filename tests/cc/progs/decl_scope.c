// LP128: same
#include <stdio.h>
int x = 1;
static int f(void) { return x; }
int main(void)
{
    printf("global x=%d\n", x);
    int x = 2;
    printf("local x=%d f()=%d\n", x, f());
    {
        int x = 3;
        printf("inner x=%d\n", x);
        {
            extern int x;
            printf("extern x=%d\n", x);
        }
    }
    for (int x = 10; x < 12; x++)
        printf("loop x=%d\n", x);
    printf("after loop x=%d\n", x);
    int a = 1, b = a + 1, c = b * 2;
    printf("a=%d b=%d c=%d\n", a, b, c);
    int arr[3] = { 1, 2, 3 }, *p = arr + 1, **pp = &p;
    printf("**pp=%d\n", **pp);
    return 0;
}
