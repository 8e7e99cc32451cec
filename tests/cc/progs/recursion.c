// LP128: same
#include <stdio.h>
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static int ack(int m, int n)
{
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}
static int is_even(int n);
static int is_odd(int n) { return n == 0 ? 0 : is_even(n - 1); }
static int is_even(int n) { return n == 0 ? 1 : is_odd(n - 1); }
static long long fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
static void hanoi(int n, int from, int to, int via, int *moves)
{
    if (n == 0) return;
    hanoi(n - 1, from, via, to, moves);
    (*moves)++;
    hanoi(n - 1, via, to, from, moves);
}
static int depth(int n) { int pad[16]; pad[n % 16] = n; return n == 0 ? 0 : 1 + depth(n - 1) + pad[n % 16] * 0; }
int main(void)
{
    printf("fib(20)=%d\n", fib(20));
    printf("ack(2,3)=%d\n", ack(2, 3));
    printf("even(17)=%d odd(17)=%d\n", is_even(17), is_odd(17));
    printf("fact(20)=%lld\n", fact(20));
    int moves = 0;
    hanoi(10, 1, 3, 2, &moves);
    printf("hanoi(10) moves %d\n", moves);
    printf("depth %d\n", depth(5000));
    return 0;
}
