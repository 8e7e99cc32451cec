/* Over-aligned aggregates (alignment 2*XLEN at rv128) as unnamed arguments after 0..9
 * integer arguments: register pair / stack slot placement must agree between caller and
 * va_arg (rv128: no aligned pair, docs/abi.md 3.3; rv32/rv64: the psABI's pair rule). */
#include <stdarg.h>
#include <stdio.h>

struct S { _Alignas(32) int a; int b; };

static void f(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    int x = 0;
    for (int i = 0; i < n; i++) x += va_arg(ap, int);
    struct S s = va_arg(ap, struct S);
    int y = va_arg(ap, int);
    va_end(ap);
    printf("%d %d %d %d %d\n", n, x, s.a, s.b, y);
}

int main(void)
{
    struct S s = {7, 8};
    f(0, s, 9);
    f(1, 1, s, 9);
    f(2, 1, 2, s, 9);
    f(5, 1, 2, 3, 4, 5, s, 9);
    f(6, 1, 2, 3, 4, 5, 6, s, 9);
    f(7, 1, 2, 3, 4, 5, 6, 7, s, 9);
    f(8, 1, 2, 3, 4, 5, 6, 7, 8, s, 9);
    f(9, 1, 2, 3, 4, 5, 6, 7, 8, 9, s, 9);
    return 0;
}
