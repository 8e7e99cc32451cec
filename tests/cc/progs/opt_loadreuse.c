// Loads reused within a block (pass loadreuse): a store through another pointer to the
// same memory, a narrower store over part of a value, a union, a call, memcpy, and
// volatile objects must all be seen.
#include <stdio.h>
#include <string.h>

struct node { int key; long val; struct node *next; };
union pun { unsigned u; unsigned char b[4]; float f; };
int counter;
static volatile int vcount;
volatile unsigned char vflags[4];

__attribute__((noinline)) static void bump(void) { counter += 7; vcount++; }

__attribute__((noinline)) static long alias(struct node *p, struct node *q)
{
    long a = p->val;
    q->val = a + 5;          /* q may be p */
    long b = p->val;
    p->key = 3;
    int k = q->key;
    return a * 1000 + b * 10 + k;
}

__attribute__((noinline)) static unsigned narrow(unsigned *p)
{
    *p = 0x11223344u;
    unsigned char *c = (unsigned char *)p;
    c[1] = 0xee;             /* another base: the next load reads memory */
    unsigned x = *p;
    *p = 0xffffff80u;
    int s = *(signed char *)p;   /* through the same base as the store, but narrower */
    return x + (unsigned)s;
}

__attribute__((noinline)) static unsigned pun(union pun *u)
{
    u->u = 0x3f800000u;
    float f = u->f;
    u->b[3] = 0x40;
    return (unsigned)(f * 4) + u->u;
}

__attribute__((noinline)) static int calls(int *g)
{
    int a = *g;
    bump();
    int b = *g;
    int c = counter;
    return a * 100 + b * 10 + (c == b);
}

__attribute__((noinline)) static long copies(struct node *p, struct node *q)
{
    p->val = 40;
    memcpy(q, p, sizeof *p);
    q->val += 2;
    struct node t = *q;
    return p->val + q->val + t.val;
}

__attribute__((noinline)) static int vol(void)
{
    vcount = 1;
    int a = vcount;
    int b = vcount;
    vflags[2] = 9;
    int c = vflags[2] + vflags[2];
    return a + b + c + vcount;
}

__attribute__((noinline)) static long walk(struct node *n)
{
    long s = 0;
    for (; n; n = n->next)
        s += n->val * n->key + n->val;
    return s;
}

int main(void)
{
    struct node a = {1, 10, 0}, b = {2, 20, 0};
    long r1 = alias(&a, &a);
    long r2 = alias(&a, &b);
    printf("%ld %ld\n", r1, r2);
    unsigned u = 0;
    printf("%u\n", narrow(&u));
    union pun p;
    printf("%u\n", pun(&p));
    printf("%d\n", calls(&counter));
    struct node c;
    printf("%ld\n", copies(&a, &c));
    printf("%d %d\n", vol(), vcount);
    struct node n3 = {3, 30, 0}, n2 = {2, 20, &n3}, n1 = {1, 10, &n2};
    printf("%ld\n", walk(&n1));
    return 0;
}
