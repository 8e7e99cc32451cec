// __int128 and long double as values at every XLEN (four words, passed by reference, on
// rv32): calls with many arguments, varargs, structs, function pointers, switch,
// bit-fields, static data, conversions, and values live across calls.
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
typedef __int128 i128;
typedef unsigned __int128 u128;

/* printed as four 32-bit words: the same text in every data model */
static void p128(const char *n, u128 v)
{
    printf("%-12s %08x%08x%08x%08x\n", n, (unsigned)(v >> 96), (unsigned)(v >> 64), (unsigned)(v >> 32), (unsigned)v);
}

static void pdbl(const char *n, double d)
{
    unsigned long long u = 0;
    memcpy(&u, &d, 8);
    p128(n, u);
}

static void pld(const char *n, long double x)
{
    unsigned char b[16];
    memcpy(b, &x, 16);
    printf("%-12s ", n);
    for (int i = 15; i >= 0; i--) printf("%02x", b[i]);
    printf("\n");
}

/* decimal digits by repeated division */
static void pdec(const char *n, i128 v)
{
    char buf[48];
    int k = 47, neg = v < 0;
    u128 u = neg ? -(u128)v : (u128)v;
    buf[k] = 0;
    do {
        buf[--k] = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u);
    if (neg) buf[--k] = '-';
    printf("%-12s %s\n", n, buf + k);
}

static u128 K = ((u128)0x0123456789abcdefULL << 64) | 0xfedcba9876543210ULL;
static i128 arr[3] = {-1, (i128)1 << 100, -((i128)7 << 90)};
static long double LD[2] = {2.5L, -1e-300L};

struct SI { char c; i128 v; short s; };
struct SL { int i; long double v; };
struct BF {
    unsigned long long a : 40;
    long long b : 23;
    unsigned long long c : 1;
    long long d : 64;
    unsigned e : 5;
};

static i128 many(i128 a, int b, i128 c, long long d, i128 e, i128 f, i128 g, i128 h, i128 i, i128 j)
{
    return a - c + e * 3 - f + g + h - i + j + b + d;
}

static u128 sum_va(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    u128 s = 0;
    for (int k = 0; k < n; k++) {
        if (k & 1) s += (u128)va_arg(ap, int);
        else s ^= va_arg(ap, u128) << k;
    }
    va_end(ap);
    return s;
}

static long double ld_va(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    long double s = 0;
    for (int k = 0; k < n; k++) {
        s = s * 2 + va_arg(ap, long double);
        s -= va_arg(ap, double);
    }
    va_end(ap);
    return s;
}

static struct SI mk_si(i128 v)
{
    struct SI s = {'x', v, 7};
    return s;
}

static i128 take_si(struct SI s) { return s.v + s.c + s.s; }

static struct SL mk_sl(long double v)
{
    struct SL s = {3, v * 2};
    return s;
}

static long double ldmix(long double a, double b, long double c, float d, int e)
{
    return a * b + c - d + e;
}

static i128 shl(i128 a, int n) { return a << n; }
static i128 sar(i128 a, int n) { return a >> n; }
static i128 (*ops[2])(i128, int) = {shl, sar};

static int classify(i128 v)
{
    switch (v) {
    case 0: return 0;
    case -1: return 1;
    case (i128)1 << 70: return 2;
    case -((i128)3 << 100): return 3;
    default: return 4;
    }
}

static i128 opaque(i128 v) { return v; }

int main(void)
{
    p128("K", K);
    p128("arr0", arr[0]);
    p128("arr1", arr[1]);
    p128("arr2", arr[2]);
    pld("LD0", LD[0]);
    pld("LD1", LD[1]);

    i128 a = opaque(-((i128)0x1234567 << 80)), b = opaque(987654321987654321LL);
    p128("a+b", a + b);
    p128("a-b", a - b);
    p128("a*b", a * b);
    p128("a/b", a / b);
    p128("a%b", a % b);
    p128("a&~b", a & ~b);
    p128("a|b", a | b);
    p128("a^b", a ^ b);
    p128("-a", -a);
    for (int s = 0; s < 128; s += 19) {
        char n[16];
        snprintf(n, sizeof n, "a<<%d", s);
        p128(n, (u128)a << s);
        snprintf(n, sizeof n, "a>>%d", s);
        p128(n, a >> s);
        snprintf(n, sizeof n, "ua>>%d", s);
        p128(n, (u128)a >> s);
    }
    printf("cmp %d %d %d %d %d %d\n", a < b, a > b, a <= a, (u128)a > (u128)b, a == a, a != b);
    pdec("a", a);
    pdec("b", b);

    u128 f = 1;
    for (int k = 1; k <= 33; k++) f *= (u128)k;
    pdec("33!", (i128)f);
    i128 x = 5;
    x <<= 100;
    x /= 3;
    x %= (i128)1 << 90;
    x -= 17;
    x *= -3;
    p128("x", x);
    i128 y = x++;
    --y;
    p128("x++", x);
    p128("--y", y);

    p128("many", many(a, 5, b, -12345678901LL, (i128)1 << 64, 3, -4, 5, (i128)-1 << 90, 7));
    p128("sum_va", sum_va(5, K, 3, (u128)a, -2, K >> 7));
    struct SI si = mk_si(a);
    p128("si", take_si(si));
    printf("si.c %c s %d\n", si.c, si.s);
    p128("ops0", ops[0](b, 70));
    p128("ops1", ops[1](a, 70));
    printf("classify %d %d %d %d %d\n", classify(0), classify(-1), classify((i128)1 << 70),
           classify(-((i128)3 << 100)), classify(2));

    /* long long (and unsigned) bit-fields */
    struct BF bf = {0};
    bf.a = 0xfedcba9876ULL;
    bf.b = -123456;
    bf.c = 1;
    bf.d = -0x123456789abcdefLL;
    bf.e = 21;
    bf.a += 0x10;
    bf.b--;
    printf("bf %llx %lld %llu %lld %u\n", (unsigned long long)bf.a, (long long)bf.b,
           (unsigned long long)bf.c, (long long)bf.d, bf.e);
    printf("bf= %lld\n", (long long)(bf.b = 0x7fffff));

    /* conversions */
    double d = (double)K;
    float fl = (float)a;
    long double ld = (long double)K;
    pdbl("K->d", d);
    pdbl("a->f", fl);
    pld("K->ld", ld);
    pld("a->ld", (long double)a);
    p128("ld->u128", (u128)(ld / 3));
    p128("ld->i128", (i128)(-ld / 5));
    p128("d->i128", (i128)-1.5e30);
    p128("d->u128", (u128)3.25e37);
    p128("f->i128", (i128)-7.0e20f);
    p128("ll->i128", (i128)-5LL);
    p128("u->u128", (u128)0xffffffffu);
    printf("i128->ll %lld i128->int %d i128->uchar %u\n", (long long)(a >> 64), (int)b, (unsigned char)b);
    printf("bool %d %d\n", (_Bool)((i128)1 << 100), !(u128)0);

    /* long double arithmetic and calls */
    long double p = 1.25L, q = -3.0L;
    pld("ldmix", ldmix(p, 0.5, q, 2.0f, 7));
    pld("ld_va", ld_va(3, p, 1.0, q, 0.25, (long double)1 / 3, -2.0));
    struct SL sl = mk_sl(q);
    printf("sl.i %d\n", sl.i);
    pld("sl.v", sl.v);
    printf("ld cmp %d %d %d\n", p < q, p == 1.25L, q != q);
    long double acc = 0;
    for (int k = 1; k <= 10; k++) acc += (long double)1 / k;
    pld("H10", acc);
    printf("ld->int %d ld->ll %lld\n", (int)(acc * 1000), (long long)(acc * 1e15L));

    /* many values live across calls */
    i128 v0 = opaque(1), v1 = opaque(2), v2 = opaque(3), v3 = opaque(4), v4 = opaque(5);
    i128 v5 = opaque(6), v6 = opaque(7), v7 = opaque(8);
    i128 t = opaque(v0 + v1) * opaque(v2 + v3) - opaque(v4 * v5) + v6 * v7;
    p128("live", t + v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7);
    return 0;
}
