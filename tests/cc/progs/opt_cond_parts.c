// LP128: same
// Conditions made of parts: `x != 0` / `x == 0` of comparisons, ?: and comma
// expressions, and conversions that keep zero apart from non-zero (to _Bool, to wider
// integers) branch on each part; a narrowing conversion is still applied ((char)256 is
// false).  Side effects happen once, in order.
#include <stdio.h>

static int trace[64], nt;
static int t(int v) { trace[nt++] = v; return v; }
static long wide(long v) { trace[nt++] = (int)(v & 0xff); return v; }

__attribute__((noinline)) static int pick(int *p, int k, int **slot)
{
    if (!p ? (*slot = 0, 0) : (*slot = p + k, !(**slot == 0))) return **slot;
    return -1;
}

__attribute__((noinline)) static int conds(int a, int b, long c, unsigned u)
{
    int r = 0;
    if ((a < b) != 0) r |= 1;
    if ((a < b) == 0) r |= 2;
    if (0 != (t(a) > t(b))) r |= 4;
    if (__builtin_expect((unsigned long)c + 1 <= 1u, 0) != 0) r |= 8;
    if ((_Bool)u) r |= 16;
    if ((long)a) r |= 32;
    if ((char)(a * 256)) r |= 64;          /* narrowing: 256 * a has a zero low byte */
    if ((t(a), t(b), a == b)) r |= 128;
    if (a ? (b ? t(1) : t(0)) : (c ? 1 : 0)) r |= 256;
    if ((a > 2 ? wide(c) : wide(0)) == 0) r |= 512;
    if (((a & 1) ? (void *)0 : (void *)&r)) r |= 1024;
    if (!((a ^ b) ? (u & 2) : (u & 4))) r |= 2048;
    return r;
}

int main(void)
{
    int v[4] = {7, 0, -3, 9}, *s;
    int p0 = pick(v, 0, &s), p1 = pick(v, 1, &s), p2 = pick(0, 2, &s);
    printf("%d %d %d %d\n", p0, p1, p2, s == 0);
    long cs[3] = {-1, 0, 5};
    for (int a = -1; a <= 3; a++)
        for (int b = 0; b <= 2; b++)
            for (int k = 0; k < 3; k++) {
                nt = 0;
                int r = conds(a, b, cs[k], (unsigned)(a + b * 3 + k));
                printf("%d %d %ld: %d [", a, b, cs[k], r);
                for (int q = 0; q < nt; q++) printf(" %d", trace[q]);
                printf(" ]\n");
            }
    return 0;
}
