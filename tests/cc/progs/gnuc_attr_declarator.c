/* GNU attributes inside declarators: at the start of a nested (also abstract) declarator,
 * after '*', among a parameter array's qualifiers; gcc accepts and ignores them here */
#include <stdio.h>

static int f(void) { return 42; }
static int twice(int x) { return 2 * x; }

int (__attribute__((unused)) *p1)(void) = f;
void (* __attribute__((unused)) fp)(void);
int * __attribute__((unused)) * pp;
int (__attribute__((unused)) *(__attribute__((unused)) p3))(int) = twice;
int __attribute__((unused)) (*p4)(void) = f;
int (__attribute__((unused)) p5) = 5;
typedef int (__attribute__((unused)) *T)(void);
static int sum3(int a[__attribute__((unused)) const 3]) { return a[0] + a[1] + a[2]; }
static int (__attribute__((unused)) *pick(int k))(void) { return k ? f : 0; }

int main(void)
{
    void *p = (void *)&f;
    int r = ((int (__attribute__((noinline)) *)(void))p)();
    T t = f;
    int v[3] = {1, 2, 3};
    printf("cast %d\n", r);
    printf("sizes %d %d %d\n", (int)(sizeof(int (__attribute__((noinline)) *)(void)) == sizeof(void *)),
           (int)sizeof(int (__attribute__((unused)) [3])),
           (int)(sizeof(int (__attribute__((unused)) (*)[3])) == sizeof(void *)));
    printf("calls %d %d %d %d %d\n", p1(), p3(21), p4(), t(), pick(1)());
    printf("p5 %d sum %d null %d\n", p5, sum3(v), fp == 0 && pp == 0);
    return 0;
}
