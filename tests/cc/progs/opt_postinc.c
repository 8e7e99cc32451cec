// OPT: -O2
// LP128: same
// Post-increment accesses (`*p++`, `*q++ = v`): the addrfold pass reads and writes
// through the incremented pointer with the step taken off the offset, also after two
// increments, with a large element (an offset near the 12-bit limit) and with the
// pointer set otherwise in between.
#include <stdio.h>

struct big { int v[600]; };

__attribute__((noinline)) static unsigned copy_words(unsigned *dst, const unsigned *src, int n)
{
    unsigned s = 0;
    while (n--) {
        unsigned w = *src++;
        *dst++ = w ^ 0x5a5a5a5au;
        s += w + *src;  /* the next word, through the stepped pointer */
    }
    return s;
}

__attribute__((noinline)) static int two_steps(const short *p)
{
    int a = *p++;
    int b = *p++;
    int c = *p;
    p++;
    p++;
    return a * 100 + b * 10 + c + *p;
}

__attribute__((noinline)) static int bigstep(const struct big *b)
{
    const int *p = b->v;
    int x = *p++;
    p += 500;
    int y = *p;
    const int *q = p;
    p = b->v + 3;
    return x + y * 2 + *q + *p;
}

int main(void)
{
    unsigned src[9] = {1, 2, 3, 0xffffffffu, 0x80000000u, 7, 8, 9, 10}, dst[8];
    printf("%u\n", copy_words(dst, src, 8));
    for (int k = 0; k < 8; k++) printf("%x ", dst[k]);
    printf("\n");
    short s[6] = {3, -4, 5, 6, -7, 8};
    printf("%d\n", two_steps(s));
    static struct big b;
    for (int k = 0; k < 600; k++) b.v[k] = k * 3 - 100;
    printf("%d\n", bigstep(&b));
    return 0;
}
