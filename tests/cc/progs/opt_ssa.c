// OPT: -O2
// LP128: same
/* The SSA passes (ssa, sccp, gvn, ssa_out): loops whose variables meet in phis (a swap
 * of two variables each trip, which out-of-SSA copies must not lose), constants through
 * phis and branches (a flag that is always 1, a mode that is always 2), expressions
 * computed again in dominated blocks, 64-bit and FP values at every XLEN; each result
 * is checked against a value worked out by hand or by a second formula. */
#include <stdio.h>
#include <stdint.h>

static int fails;

static void check(const char *what, long long got, long long want)
{
    if (got != want) {
        printf("FAIL %s: %lld, want %lld\n", what, got, want);
        fails++;
    }
}

/* fibonacci by swapping: a, b = b, a + b, and a plain swap each trip */
__attribute__((noinline)) static int64_t fib(int n)
{
    int64_t a = 0, b = 1;
    for (int i = 0; i < n; i++) {
        int64_t t = a + b;
        a = b;
        b = t;
    }
    return a;
}

__attribute__((noinline)) static int swaps(int n, int x, int y)
{
    for (int i = 0; i < n; i++) {
        int t = x;
        x = y;
        y = t;
    }
    return x * 10 + y;
}

/* a flag that is 1 on every path, a mode that is 2: the other branches never run */
__attribute__((noinline)) static int constant_paths(int n, volatile int *sink)
{
    int flag = 1, mode = 2, s = 0;
    for (int i = 0; i < n; i++) {
        if (flag) s += i;
        else s -= 1000;
        if (mode == 2) flag = 1;
        else { flag = 0; *sink = i; }
        if (i > n) mode = 3;   /* never */
    }
    return s * mode + flag;
}

/* the same expressions in a block and in the blocks it dominates */
__attribute__((noinline)) static int64_t redundant(int64_t x, int64_t y, int n)
{
    int64_t s = 0;
    int64_t base = x * y + (x ^ y);
    for (int i = 0; i < n; i++) {
        if (i & 1) s += x * y + (x ^ y);
        else s -= (y * x) + (y ^ x) - i;
        if (i % 3 == 0) s += base >> 1;
    }
    return s + base;
}

__attribute__((noinline)) static int64_t redundant_ref(int64_t x, int64_t y, int n)
{
    int64_t base = x * y + (x ^ y), s = 0;
    for (int i = 0; i < n; i++) {
        s += (i & 1) ? base : -(base - i);
        if (i % 3 == 0) s += base / 2 - ((base < 0) && (base & 1));
    }
    return s + base;
}

/* a value read before it is set on some path (it keeps its definitions) */
__attribute__((noinline)) static int maybe_set(int c, int n)
{
    int v;
    int s = 0;
    for (int i = 0; i < n; i++) {
        if (i == c) v = i * 3;
        if (i > c) s += v;
    }
    return s;
}

/* FP values through phis */
__attribute__((noinline)) static double fp_loop(int n)
{
    double a = 1.0, b = 0.5;
    for (int i = 0; i < n; i++) {
        double t = a;
        a = b * 2.0;
        b = t + 0.25;
    }
    return a + b;
}

/* a loop nest: the inner loop's variables meet the outer loop's */
__attribute__((noinline)) static uint32_t nest(int n)
{
    uint32_t h = 2166136261u;
    for (int i = 0; i < n; i++) {
        uint32_t k = (uint32_t)i;
        for (int j = 0; j < i; j++) {
            k = k * 31 + (uint32_t)j;
            if (k & 4) continue;
            h ^= k;
            h *= 16777619u;
        }
        h += k;
    }
    return h;
}

static uint32_t nest_ref(int n)
{
    uint32_t h = 2166136261u;
    int i = 0;
    while (i < n) {
        uint32_t k = (uint32_t)i;
        int j = 0;
        while (j < i) {
            k = k * 31 + (uint32_t)j;
            if (!(k & 4)) {
                h ^= k;
                h *= 16777619u;
            }
            j++;
        }
        h += k;
        i++;
    }
    return h;
}

int main(void)
{
    volatile int sink = 0;
    check("fib 50", fib(50), 12586269025LL);
    check("fib 1", fib(1), 1);
    check("swaps 3", swaps(3, 1, 2), 21);
    check("swaps 4", swaps(4, 1, 2), 12);
    check("constant paths", constant_paths(10, &sink), 91);
    check("sink", sink, 0);
    check("redundant", redundant(123456789, -987, 50), redundant_ref(123456789, -987, 50));
    check("redundant small", redundant(3, 5, 7), redundant_ref(3, 5, 7));
    check("maybe set", maybe_set(4, 10), 60);
    check("maybe set never", maybe_set(20, 10), 0);
    check("fp loop", (long long)(fp_loop(5) * 1000), 11250);
    check("nest", nest(40), nest_ref(40));
    printf("opt_ssa: %s (%d failures)\n", fails ? "FAIL" : "ok", fails);
    return fails != 0;
}
