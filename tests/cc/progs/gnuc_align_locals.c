/* Over-aligned automatic objects: _Alignas and __attribute__((aligned(N))) above the
 * 16-byte stack alignment, with recursion, VLAs, alloca, variadic functions and
 * over-aligned struct types as locals, parameters and return values */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define ALIGNED(p, n) (((uintptr_t)(p) & ((n) - 1)) == 0)

static int fails;
static void check(const char *what, const void *p, unsigned long n)
{
    if (!ALIGNED(p, n)) {
        printf("MISALIGNED %s (%lu)\n", what, n);
        fails++;
    }
}

struct __attribute__((aligned(64))) A64 { int v[3]; };
struct B128 { char c; _Alignas(128) long x; };
typedef struct { double d; } __attribute__((aligned(256))) A256;
/* 32 bytes: in two registers at -m128 (2 x XLEN), by reference at -m64 and -m32 */
struct __attribute__((aligned(32))) A32 { long x; };

static struct A32 bump32(struct A32 a, int k)
{
    check("param a32", &a, 32);
    a.x += k;
    return a;
}

static int sum_a64(struct A64 a)
{
    check("param a64", &a, 64);
    return a.v[0] + a.v[1] + a.v[2];
}

static struct A64 make_a64(int k)
{
    struct A64 r = {{k, k + 1, k + 2}};
    check("local r", &r, 64);
    return r;
}

static A256 twice(A256 x)
{
    check("param a256", &x, 256);
    x.d *= 2;
    return x;
}

static int deep(int n)
{
    _Alignas(64) char buf[40];
    int __attribute__((aligned(128))) w = n;
    char c = (char)n;
    check("deep buf", buf, 64);
    check("deep w", &w, 128);
    memset(buf, n, sizeof buf);
    int r = n > 0 ? deep(n - 1) : 0;
    for (unsigned k = 0; k < sizeof buf; k++)
        if (buf[k] != (char)n) r += 1000;
    return r + w + c;
}

static long vsum(int n, ...)
{
    _Alignas(512) long acc[2] = {0, 0};
    check("variadic acc", acc, 512);
    va_list ap;
    va_start(ap, n);
    for (int k = 0; k < n; k++) acc[k & 1] += va_arg(ap, long);
    va_end(ap);
    return acc[0] * 100 + acc[1];
}

static int with_vla(int n)
{
    int vla[n];
    _Alignas(1024) int big[4] = {1, 2, 3, n};
    int *dyn = __builtin_alloca(n * sizeof(int));
    _Alignas(32) short s = 7;
    check("vla-fn big", big, 1024);
    check("vla-fn s", &s, 32);
    for (int k = 0; k < n; k++) vla[k] = dyn[k] = k;
    int t = 0;
    for (int k = 0; k < n; k++) t += vla[k] + dyn[k];
    {
        int inner[n + 1];
        _Alignas(64) int x = 5;
        check("vla-block x", &x, 64);
        inner[n] = x;
        t += inner[n];
    }
    return t + big[0] + big[3] + s;
}

static int page(void)
{
    _Alignas(4096) unsigned char pg[100];
    __attribute__((aligned(2048))) int q = 3;
    check("page", pg, 4096);
    check("q", &q, 2048);
    for (int k = 0; k < 100; k++) pg[k] = (unsigned char)k;
    int t = 0;
    for (int k = 0; k < 100; k++) t += pg[k];
    return t + q;
}

int main(void)
{
    _Alignas(64) int a = 1;
    struct A64 s = make_a64(10);
    struct A64 arr[3];
    struct B128 b = {'b', 99};
    A256 h = {1.25};
    check("main a", &a, 64);
    check("main s", &s, 64);
    check("main arr", arr, 64);
    check("main arr[1]", &arr[1], 64);
    check("main b", &b, 128);
    check("main b.x", &b.x, 128);
    check("main h", &h, 256);
    for (int k = 0; k < 3; k++) arr[k] = make_a64(k * 10);
    printf("sizeof %d %d %d\n", (int)sizeof(struct A64), (int)sizeof(struct B128), (int)sizeof(A256));
    printf("a %d s %d %d %d\n", a, s.v[0], s.v[1], s.v[2]);
    printf("sum %d %d\n", sum_a64(s), sum_a64(arr[2]));
    printf("b %c %ld\n", b.c, b.x);
    printf("twice %g\n", twice(twice(h)).d);
    printf("deep %d %d\n", deep(3), deep(9));
    printf("vsum %ld\n", vsum(5, 1L, 2L, 3L, 4L, 5L));
    printf("vla %d %d\n", with_vla(3), with_vla(17));
    printf("page %d\n", page());
    struct A32 q = {40};
    q = bump32(bump32(q, 1), 1);
    check("main q", &q, 32);
    printf("a32 %ld\n", q.x);
    printf("fails %d\n", fails);
    return 0;
}
