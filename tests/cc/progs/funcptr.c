// LP128: same
#include <stdio.h>
static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
typedef int (*binop)(int, int);
static binop pick(char c)
{
    switch (c) {
    case '+': return add;
    case '-': return sub;
    default: return mul;
    }
}
static int apply(int (*f)(int, int), int a, int b) { return f(a, b); }
struct op { const char *name; binop fn; };
static void hello(void) { printf("hello via pointer\n"); }
int main(void)
{
    binop table[3] = { add, sub, mul };
    for (int i = 0; i < 3; i++)
        printf("table[%d](7,3)=%d\n", i, table[i](7, 3));
    printf("pick %d %d %d\n", pick('+')(2, 3), pick('-')(2, 3), pick('*')(2, 3));
    printf("apply %d\n", apply(mul, 6, 7));
    printf("deref call %d %d\n", (*add)(1, 1), (**add)(2, 2));
    struct op ops[] = { { "add", add }, { "mul", &mul } };
    for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++)
        printf("%s -> %d\n", ops[i].name, ops[i].fn(4, 5));
    void (*h)(void) = hello;
    h();
    printf("equal %d %d\n", table[0] == add, table[1] == add);
    int (*(*getter)(char))(int, int) = pick;
    printf("nested declarator %d\n", getter('-')(10, 4));
    return 0;
}
