// LP128: manual
#include <stdio.h>
#include <string.h>
struct s1 { char c; int f : 4; };
struct s2 { int a : 20; int b : 20; };
struct s3 { char c; long l : 4; };
struct s4 { short a : 9; short b : 9; };
struct s5 { char a; long long b : 60; };
struct s6 { unsigned a : 31; unsigned b : 2; };
struct s7 { char c; int : 0; char d; };
struct s8 { unsigned x : 3; } __attribute__((packed));
static void dump(const char *n, const void *p, int size)
{
    const unsigned char *b = p;
    printf("%s size %d:", n, size);
    for (int i = 0; i < size; i++)
        printf(" %02x", b[i]);
    printf("\n");
}
int main(void)
{
    struct s1 a; memset(&a, 0, sizeof a); a.c = 1; a.f = -1; dump("s1", &a, sizeof a);
    struct s2 b; memset(&b, 0, sizeof b); b.a = 0x12345; b.b = -2; dump("s2", &b, sizeof b);
    struct s3 c; memset(&c, 0, sizeof c); c.c = 1; c.l = 5; dump("s3", &c, sizeof c);
    struct s4 d; memset(&d, 0, sizeof d); d.a = 255; d.b = -1; dump("s4", &d, sizeof d);
    struct s5 e; memset(&e, 0, sizeof e); e.a = 7; e.b = 0x123456789abcdefLL; dump("s5", &e, sizeof e);
    struct s6 f; memset(&f, 0, sizeof f); f.a = 1; f.b = 3; dump("s6", &f, sizeof f);
    struct s7 g; memset(&g, 0, sizeof g); g.c = 1; g.d = 2; dump("s7", &g, sizeof g);
    printf("s8 size %d\n", (int)sizeof(struct s8));
    return 0;
}
