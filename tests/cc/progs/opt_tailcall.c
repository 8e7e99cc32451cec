// OPT: -O2
// LP128: same
// Sibling calls (-foptimize-sibling-calls, on at -O2): a call whose result is what the
// function returns becomes a jump after the epilogue, so the mutual recursion below runs
// ten million deep in constant stack.  Not when the callee could see the caller's frame
// (an address of a local passed on), when arguments go on the stack, or when the result
// is converted first; results through ?: copies, FP and two-register structs, indirect
// and void calls are tail calls.
#include <stdio.h>

struct pair { long a, b; };

__attribute__((noinline)) int is_even(unsigned n);
__attribute__((noinline)) int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }
__attribute__((noinline)) int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }

__attribute__((noinline)) static long twice(long x) { return 2 * x; }
__attribute__((noinline)) static long via_pointer(long (*fn)(long), long x) { return fn(x + 1); }
__attribute__((noinline)) static long read_local(const long *p) { return *p * 10; }
__attribute__((noinline)) static long escapes(long x)
{
    long local = x + 5;   /* its address reaches the callee: no tail call */
    return read_local(&local);
}
__attribute__((noinline)) static long ten(long a, long b, long c, long d, long e, long f, long g, long h, long i, long j)
{
    return a + b + c + d + e + f + g + h + i * 100 + j * 1000;
}
__attribute__((noinline)) static long many(long x) { return ten(x, x, x, x, x, x, x, x, x, x); }
__attribute__((noinline)) static double half(double x) { return x / 2; }
__attribute__((noinline)) static double quarter(double x) { return half(half(x)); }
__attribute__((noinline)) static struct pair mk(long a, long b) { struct pair p = {a, b}; return p; }
__attribute__((noinline)) static struct pair swap(struct pair p) { return mk(p.b, p.a); }
static long total;
__attribute__((noinline)) static void add(long x) { total += x; }
__attribute__((noinline)) static void add_twice(long x) { add(x); add(x); }
__attribute__((noinline)) static int narrow(long x) { return (int)x; }
__attribute__((noinline)) static long widened(long x) { return narrow(x * 4294967296L + 7); }

int main(void)
{
    printf("%d %d\n", is_even(10000000), is_odd(9999999));
    printf("%ld %ld %ld\n", via_pointer(twice, 20), escapes(3), many(2));
    printf("%g\n", quarter(10.0));
    struct pair p = swap(mk(1, 2));
    printf("%ld %ld\n", p.a, p.b);
    add_twice(21);
    printf("%ld %ld\n", total, widened(3));
    return 0;
}
