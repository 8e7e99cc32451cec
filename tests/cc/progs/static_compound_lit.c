/* static initializers that copy a whole struct or union from a compound literal (a GCC
 * extension): at file and block scope, nested, designated, with addresses inside */
#include <stdio.h>

struct P { int a, b; };
struct Q { struct P p; int c; const char *s; };
union U { int i; char c[8]; };
static int g = 42;
struct R { int *ptr; struct P ps[2]; union U u; };

static struct P p = (struct P){1, 2};
struct Q q = {(struct P){3, 4}, 5, "five"};
struct Q q2 = {.p = (struct P){.b = 7}, .c = 8};
struct Q q3 = {.p.a = 9, .p = (struct P){.a = 10}};      /* the whole .p is replaced */
struct Q q4 = {.p = (struct P){11, 12}, .p.b = 13};      /* then one member */
struct R r = {&g, {(struct P){14, 15}, [1] = (struct P){.a = 16}}, (union U){.c = "abc"}};
const struct Q qc = (struct Q){{17, 18}, 19, "nineteen"};

static int f(void)
{
    static struct P lp = (struct P){20, 21};
    static struct Q lq = {(struct P){22, 23}, 24, 0};
    lp.a++;
    return lp.a * 100 + lp.b + lq.p.a + lq.p.b + lq.c;
}

int main(void)
{
    printf("p %d %d\n", p.a, p.b);
    printf("q %d %d %d %s\n", q.p.a, q.p.b, q.c, q.s);
    printf("q2 %d %d %d %d\n", q2.p.a, q2.p.b, q2.c, q2.s == 0);
    printf("q3 %d %d\n", q3.p.a, q3.p.b);
    printf("q4 %d %d\n", q4.p.a, q4.p.b);
    printf("r %d %d %d %d %d %s\n", *r.ptr, r.ps[0].a, r.ps[0].b, r.ps[1].a, r.ps[1].b, r.u.c);
    printf("qc %d %d %d %s\n", qc.p.a, qc.p.b, qc.c, qc.s);
    int x = f();
    printf("f %d %d\n", x, f());
    return 0;
}
