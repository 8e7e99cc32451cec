// Small functions holding inline asm, inlined by the inline pass (src/cc/opt/inline.c):
// asm in loops (the loop stays free of call points for ivsr and the allocator), "+r"
// and early-clobber outputs, a memory operand, a "memory" clobber, a clobbered register,
// a register asm variable, and asm with a local label or %= (those functions stay calls).
#include <stdio.h>

static inline double root(double x)
{
    double r;
    __asm__("fsqrt.d %0, %1" : "=f"(r) : "f"(x));
    return r;
}
static inline int add3(int x)
{
    __asm__("addi %0, %0, 3" : "+r"(x));
    return x;
}
static inline int sum2(int a, int b)
{
    int r;
    __asm__("add %0, %1, %2\n\tadd %0, %0, %2" : "=&r"(r) : "r"(a), "r"(b));
    return r;
}
static inline int loadm(const int *p)
{
    int r;
    __asm__ volatile("lw %0, %1" : "=r"(r) : "m"(*p) : "memory");
    return r;
}
static inline int clob(int x)
{
    int r;
    __asm__("mv t3, %1\n\taddi t3, t3, 5\n\tmv %0, t3" : "=r"(r) : "r"(x) : "t3");
    return r;
}
static inline int pinned(int x)
{
    register int a5 __asm__("a5") = x;
    __asm__("addi %0, %0, 7" : "+r"(a5));
    return a5;
}
static inline int label(int x)
{
    __asm__("beqz %0, 1f\n\taddi %0, %0, -1\n1:" : "+r"(x));
    return x;
}
static inline int uniq(int x)
{
    __asm__("addi %0, %0, 11 # %=" : "+r"(x));
    return x;
}

static double a[64];
static int v[64];

int main(void)
{
    for (int i = 0; i < 64; i++) {
        a[i] = (double)(i * i);
        v[i] = i;
    }
    double s = 0;
    for (int i = 0; i < 64; i++) {
        a[i] = root(a[i]);
        s += a[i];
    }
    unsigned t = 0, live1 = 1, live2 = 2, live3 = 3;
    for (int i = 0; i < 64; i++) {
        int x = v[i];
        t += add3(x) + sum2(x, live1) + loadm(&v[63 - i]) + clob(x) + pinned(x) + label(x) + uniq(x);
        live1 = live1 * 3 + live2;
        live2 ^= live3 + x;
        live3 += live1 >> 7;
    }
    printf("%.1f %u %u %u %u\n", s, t, live1, live2, live3);
    printf("%d %d %d\n", label(0), label(5), uniq(-11));
    return 0;
}
