// More live values than registers, around loops and calls, so the allocator must spill
// (src/cc/regalloc.c spills the interval with the fewest uses weighted by loop depth):
// long-lived values used only outside the loops, values used in nested loops, values
// live across calls (callee-saved registers only), doubles and integers, and loops
// whose counters and sums compete for the registers.
#include <stdio.h>

static int noinl(int x) { return x ^ 0x55; }
static int (*volatile fp)(int) = noinl;

static unsigned mix(unsigned h, unsigned v) { return (h ^ v) * 16777619u; }

static unsigned many(unsigned seed, int n)
{
    unsigned a = seed, b = seed * 3, c = seed * 5, d = seed * 7, e = seed * 11, f = seed * 13;
    unsigned g = seed * 17, h = seed * 19, i2 = seed * 23, j2 = seed * 29, k2 = seed * 31;
    unsigned l = seed * 37, m = seed * 41, o = seed * 43, p = seed * 47, q = seed * 53;
    unsigned acc = 0;
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < n; j++) {
            unsigned t = (unsigned)(i * n + j);
            acc = mix(acc, t * a + b);
            acc += (unsigned)fp((int)(t ^ c));
            if (t & 1) acc ^= d + e * t;
        }
        acc += f * (unsigned)i + g;
        a += h;
    }
    acc = mix(acc, i2 + j2 + k2);
    acc = mix(acc, l ^ m ^ o);
    return mix(acc, p - q + a);
}

static double fmany(int n)
{
    double x0 = 1, x1 = 2, x2 = 3, x3 = 4, x4 = 5, x5 = 6, x6 = 7, x7 = 8, x8 = 9, x9 = 10;
    double x10 = 11, x11 = 12, x12 = 13, x13 = 14, s = 0;
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < 8; k++) s += x0 * k + x1 - x2 / (k + 1);
        s += (double)fp(i) * x3;
        x0 += x4 * 0.5;
        x1 -= x5 * 0.25;
    }
    return s + x6 + x7 + x8 + x9 + x10 + x11 + x12 + x13;
}

static int matrix(void)
{
    static short ma[16 * 16], mb[16 * 16];
    static int mc[16 * 16];
    for (int i = 0; i < 256; i++) {
        ma[i] = (short)(i * 7 - 100);
        mb[i] = (short)(i * 3 + 5);
    }
    int col = 5, sum = 0;
    for (int r = 0; r < 3; r++) {
        for (int i = 0; i < 16; i++)
            for (int j = 0; j < 16; j++) {
                int acc = 0;
                for (int k = 0; k < 16; k++) {
                    int a = (ma[i * 16 + k] >> 2) & 0xf;
                    int b = (mb[k * 16 + j] >> 5) & 0x7f;
                    acc += a * b;
                }
                mc[i * 16 + j] = acc;
            }
        for (int i = 0; i < 256; i++) sum += mc[i] ^ fp(col + r);
        for (int i = 0; i < 256; i++) ma[i] = (short)(ma[i] + col);
    }
    return sum;
}

int main(void)
{
    printf("%u %u\n", many(1, 5), many(12345, 17));
    printf("%.3f %.3f\n", fmany(3), fmany(40));
    printf("%d\n", matrix());
    return 0;
}
