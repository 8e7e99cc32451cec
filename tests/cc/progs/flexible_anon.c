// LP128: same
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct msg { int len; char data[]; };
struct vec { union { struct { int x, y, z; }; int v[3]; }; int tag; };
struct outer { int a; struct { int b, c; }; union { int d; float f; }; };
int main(void)
{
    struct msg *m = malloc(sizeof(struct msg) + 6);
    m->len = 5;
    memcpy(m->data, "hello", 6);
    printf("flex %d %s sizeof %d\n", m->len, m->data, (int)sizeof(struct msg));
    struct vec v = { .x = 1, .y = 2, .z = 3, .tag = 9 };
    printf("anon %d %d %d tag %d\n", v.v[0], v.v[1], v.v[2], v.tag);
    v.v[1] = 20;
    printf("alias y=%d\n", v.y);
    struct outer o = { 1, { 2, 3 }, { 4 } };
    printf("outer %d %d %d %d\n", o.a, o.b, o.c, o.d);
    o.f = 1.0f;
    printf("union member bits %x\n", (unsigned)o.d);
    return 0;
}
