// Variables assigned again before they are read (the deaddef pass, src/cc/opt/deaddef.c,
// removes the dead assignments): on every path, on some paths only, across loop back
// edges, in switch and goto, wide values (pairs and quadruples at -m64/-m32), floats,
// and computed goto (the pass leaves such functions alone).
#include <stdio.h>

static int pick(int c, int a, int b)
{
    int r = a;          // dead when c is even (reassigned), read when it is odd
    if (c & 1) return r + b;
    r = b;
    return r * 2;
}

static long long accum(int n)
{
    long long s = 5, t = 7;
    for (int i = 0; i < n; i++) {
        t = s * 3;      // the previous iteration's t is dead
        s = t + i;
    }
    return s + t;
}

static int sw(int c)
{
    int x = 100, y = 200;
    switch (c) {
    case 0: x = 1; break;
    case 1: x = 2; y = 3; break;
    case 2: y = 4; /* fall through */
    case 3: x = y + 1; break;
    default: break;
    }
    return x * 1000 + y;
}

static int loopy(int n)
{
    int last = -1, cur = 0, k;
    for (k = 0; k < n; k++) {
        last = cur;     // read after the loop only if the loop ran
        cur = k * k;
    }
    k = 3;
    return last + cur + k;
}

static double fl(int n)
{
    double a = 1.5, b = 2.5;
    if (n > 2) a = b * n;
    else b = a / 2;
    a = a + b;
    return a;
}

static unsigned __int128 wide(unsigned n)
{
    unsigned __int128 v = 1, w = 3;
    w = (unsigned __int128)n << 70;
    for (unsigned i = 0; i < n; i++) v = v * 3 + w;
    return v;
}

static int gotos(int n)
{
    int r = 10;
again:
    r = r + n;
    if (r < 50) goto again;
    r = r * 2;
    return r;
}

static int computed(int n)
{
    static void *const tab[] = {&&a, &&b};
    int v = 1;
    goto *tab[n & 1];
a:
    v = 2;
    return v;
b:
    return v + 40;
}

int main(void)
{
    int s = 0;
    for (int c = 0; c < 5; c++) s += pick(c, c + 1, c * 7) + sw(c);
    printf("%d %lld %lld %d %d\n", s, accum(0), accum(6), loopy(0), loopy(5));
    printf("%.2f %.2f\n", fl(1), fl(4));
    unsigned __int128 w = wide(4);
    printf("%08x %08x %08x %08x\n", (unsigned)(w >> 96), (unsigned)(w >> 64), (unsigned)(w >> 32), (unsigned)w);
    printf("%d %d %d %d\n", gotos(3), gotos(60), computed(0), computed(1));
    return 0;
}
