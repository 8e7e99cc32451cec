// #pragma pack, as GCC reads it: pack(1) packs (members at any byte, bit-fields at any
// bit, so a field may run past its type's size), pack(2) caps member alignment at 2,
// push/pop nest, pack() restores the default; the value at the closing brace counts.
// Bit-fields that run past their type are read, written and initialised (static and
// automatic) byte by byte.  RV32 cannot hold such a 5-byte field in a register: zl-cc
// says so ("unsupported"), so the ilp32 build leaves those fields out.
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#pragma pack(push)
#pragma pack(1)
struct P1 { char a; int b; short c; };
#pragma pack(push, 2)
struct P2 { char a; int b; char c; };
#pragma pack(pop)
struct P3 { char a; int b; };
#if __SIZEOF_POINTER__ >= 8
struct B1 { signed f0 : 30; signed f1 : 31; signed f2 : 2; unsigned f3 : 28; };
#endif
struct B2 { unsigned a : 3; unsigned b : 7; signed c : 5; };
#pragma pack(pop)
struct D { char a; int b; };
#pragma pack(4)
struct Q { char a; double d; };
#pragma pack()
struct E { char a; double d; };

#if __SIZEOF_POINTER__ >= 8
static struct B1 gb = {17903, -38048, -1, 8141};
#endif
static struct B2 gb2 = {5, 100, -9};

static void bytes(const void *p, size_t n)
{
    for (size_t i = 0; i < n; i++) printf("%02x", ((const unsigned char *)p)[i]);
    printf("\n");
}

int main(void)
{
    printf("P1 %zu %zu %zu\n", sizeof(struct P1), offsetof(struct P1, b), offsetof(struct P1, c));
    printf("P2 %zu %zu %zu\n", sizeof(struct P2), offsetof(struct P2, b), offsetof(struct P2, c));
    printf("P3 %zu %zu\n", sizeof(struct P3), offsetof(struct P3, b));
    printf("D %zu %zu Q %zu %zu E %zu %zu\n", sizeof(struct D), offsetof(struct D, b), sizeof(struct Q),
           offsetof(struct Q, d), sizeof(struct E), offsetof(struct E, d));
    struct P1 p = {1, -2, 3};
    p.b += 7;
    printf("%d %d %d\n", p.a, p.b, p.c);
    printf("B2 %zu %u %u %d\n", sizeof(struct B2), gb2.a, gb2.b, gb2.c);
    bytes(&gb2, sizeof gb2);
    struct B2 l2 = {2, 77, 11};
    l2.c = -16;
    l2.b = (unsigned)(l2.b + 50);
    printf("%u %u %d\n", l2.a, l2.b, l2.c);
#if __SIZEOF_POINTER__ >= 8
    printf("B1 %zu %d %d %d %u\n", sizeof(struct B1), gb.f0, gb.f1, gb.f2, gb.f3);
    bytes(&gb, sizeof gb);
    struct B1 l = {-5, -123456789, 1, 1u << 27};
    printf("%d %d %d %u\n", l.f0, l.f1, l.f2, l.f3);
    l.f1 = -1000000000;
    l.f0 = 7;
    l.f3 = 268435455u;
    printf("%d %d %d %u\n", l.f0, l.f1, l.f2, l.f3);
    bytes(&l, sizeof l);
#endif
    return 0;
}
