// Integer <-> floating conversions of __int128 and long long, correctly rounded (values
// with bits beyond the 53/24 significant ones, including sticky-only low bits): hashes of
// the results' bit patterns.
#include <stdio.h>
#include <string.h>
typedef unsigned __int128 u128;
typedef __int128 i128;
static u128 st = 12345;
static u128 rnd(void) { st = st * (((u128)0x2360ed051fc65da4ULL << 64) | 0x4385df649fccf645ULL) + 1442695040888963407ULL; return st; }
int main(void)
{
    unsigned h1 = 0, h2 = 0, h3 = 0, h4 = 0, h5 = 0, h6 = 0;
    for (int i = 0; i < 3000; i++) {
        u128 r = rnd();
        int sh = (int)(r >> 120) & 127;
        u128 v = rnd() >> sh;
        if (i % 3 == 0) v |= 1; /* sticky-only cases */
        if (i % 5 == 0) v = (v >> 60 << 60) | ((u128)1 << (sh & 63)); 
        double d = (double)v, e = (double)(i128)v;
        float f = (float)v, g = (float)(i128)v;
        unsigned long long ll = (unsigned long long)(v & 0xffffffffffffffffULL);
        double dl = (double)ll; float fl = (float)(long long)(v >> 65);
        unsigned w[2]; unsigned x;
        memcpy(w, &d, 8); h1 = h1 * 31 + w[0] + w[1] * 7;
        memcpy(w, &e, 8); h2 = h2 * 31 + w[0] + w[1] * 7;
        memcpy(&x, &f, 4); h3 = h3 * 31 + x;
        memcpy(&x, &g, 4); h4 = h4 * 31 + x;
        memcpy(w, &dl, 8); h5 = h5 * 31 + w[0] + w[1] * 7;
        memcpy(&x, &fl, 4); h6 = h6 * 31 + x;
        u128 back = (u128)d; i128 bk = (i128)e;
        h1 ^= (unsigned)(back >> 64) ^ (unsigned)back; h2 ^= (unsigned)(bk >> 70);
    }
    printf("%08x %08x %08x %08x %08x %08x\n", h1, h2, h3, h4, h5, h6);
    return 0;
}
