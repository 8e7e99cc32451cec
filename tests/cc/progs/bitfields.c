// LP128: same
#include <stdio.h>
struct flags {
    unsigned a : 1;
    unsigned b : 3;
    unsigned c : 4;
    int s : 5;
    unsigned : 0;
    unsigned d : 7;
    _Bool e : 1;
};
struct packed3 { unsigned char x : 3, y : 3, z : 2; };
struct wide { unsigned long long lo : 40, hi : 24; };
int main(void)
{
    struct flags f = { 1, 5, 9, -3, 100, 1 };
    printf("a=%d b=%d c=%d s=%d d=%d e=%d\n", f.a, f.b, f.c, f.s, f.d, f.e);
    f.b = 9;   /* truncated to 3 bits */
    f.s = 15;
    f.s += 2;  /* 17 does not fit in 5 signed bits: modulo (implementation-defined) */
    printf("b=%d s=%d\n", f.b, f.s);
    f.c++;
    f.c += 7;
    printf("c=%d\n", f.c);
    printf("sizeof flags %d\n", (int)sizeof(struct flags));
    struct packed3 p = { 7, 2, 3 };
    printf("p %d %d %d size %d\n", p.x, p.y, p.z, (int)sizeof p);
    unsigned char raw;
    __builtin_memcpy(&raw, &p, 1);
    printf("raw %x\n", raw);
    struct wide w = { 0xffffffffffULL, 0x123456 };
    w.lo += 1;
    printf("w.lo %llx w.hi %llx\n", (unsigned long long)w.lo, (unsigned long long)w.hi);
    printf("promoted: %d\n", f.a - 2 < 0);
    int s = f.s;
    printf("signed field to int %d\n", s);
    return 0;
}
