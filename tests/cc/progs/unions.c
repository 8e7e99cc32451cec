// LP128: same
#include <stdio.h>
#include <stdint.h>
union word { uint32_t u; uint16_t h[2]; uint8_t b[4]; float f; };
struct tagged { int kind; union { int i; double d; const char *s; } v; };
static void pr(struct tagged t)
{
    switch (t.kind) {
    case 0: printf("int %d\n", t.v.i); break;
    case 1: printf("double*4 %d\n", (int)(t.v.d * 4)); break;
    case 2: printf("str %s\n", t.v.s); break;
    }
}
int main(void)
{
    union word w;
    w.u = 0x11223344;
    printf("bytes %x %x %x %x\n", w.b[0], w.b[1], w.b[2], w.b[3]);
    printf("halves %x %x\n", w.h[0], w.h[1]);
    w.f = 1.0f;
    printf("1.0f bits %x\n", w.u);
    printf("sizeof union word %d\n", (int)sizeof(union word));
    struct tagged t = { 0, { .i = 5 } };
    pr(t);
    t.kind = 1; t.v.d = 2.75; pr(t);
    t.kind = 2; t.v.s = "hi"; pr(t);
    union word z = { 0 };
    printf("zero init %x\n", z.u);
    union word d = { .b = { 1, 2 } };
    printf("designated %x\n", d.u);
    return 0;
}
