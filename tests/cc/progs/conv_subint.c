/* Conversions between the integer types narrower than a register, on values only known
 * at run time (volatile sources, parameters, return values): a negative value of a
 * narrower signed type converted to a wider unsigned type wraps modulo 2^N
 * ((unsigned short)(signed char)-23 is 65513), and the callee may rely on the caller's
 * extension of narrow arguments.  Csmith seed 126 found the missing wrap. */
#include <stdio.h>

typedef signed char sc;
typedef unsigned char uc;
typedef unsigned short us;
typedef unsigned int ui;

static volatile sc vsc[] = { -128, -23, -1, 0, 1, 127 };
static volatile uc vuc[] = { 0, 1, 127, 128, 233, 255 };
static volatile short vss[] = { -32768, -300, -1, 0, 1, 32767 };
static volatile us vus[] = { 0, 1, 255, 32768, 65513, 65535 };
static volatile int vsi[] = { -2147483647 - 1, -70000, -1, 0, 65536, 2147483647 };
static volatile ui vui[] = { 0u, 1u, 65535u, 65536u, 2147483648u, 4294967295u };

__attribute__((noinline)) static us div_us(us a, us b) { return b == 0 ? a : a / b; }
__attribute__((noinline)) static uc div_uc(uc a, uc b) { return b == 0 ? a : a / b; }
__attribute__((noinline)) static short half_ss(short a) { return a / 2; }
__attribute__((noinline)) static us ret_us(sc a) { return a; }
__attribute__((noinline)) static uc ret_uc(short a) { return a; }
__attribute__((noinline)) static sc ret_sc(us a) { return a; }

#define N 6
#define ROW(name, src, T) do { \
        printf("%-12s", name); \
        for (int i = 0; i < N; i++) printf(" %lld", (long long)(T)src[i]); \
        printf("\n"); \
    } while (0)

int main(void)
{
    ROW("sc->us", vsc, us); ROW("sc->uc", vsc, uc); ROW("sc->short", vsc, short);
    ROW("sc->ui", vsc, ui); ROW("sc->int", vsc, int);
    ROW("uc->sc", vuc, sc); ROW("uc->short", vuc, short); ROW("uc->us", vuc, us);
    ROW("short->us", vss, us); ROW("short->uc", vss, uc); ROW("short->sc", vss, sc);
    ROW("short->ui", vss, ui);
    ROW("us->short", vus, short); ROW("us->sc", vus, sc); ROW("us->uc", vus, uc);
    ROW("int->us", vsi, us); ROW("int->uc", vsi, uc); ROW("int->sc", vsi, sc);
    ROW("int->short", vsi, short);
    ROW("ui->us", vui, us); ROW("ui->short", vui, short); ROW("ui->sc", vui, sc);
    unsigned sum = 0;
    for (int i = 0; i < N; i++) {
        sc a = vsc[i];
        short s = vss[i];
        us u = vus[i];
        unsigned long d = div_us(a, 64);
        unsigned long e = div_uc(a, 3);
        long h = half_ss(a);
        unsigned long r = ret_us(a);
        unsigned long q = ret_uc(s);
        long t = ret_sc(u);
        us assigned = a;
        uc narrowed = s;
        unsigned long w = assigned;
        w = w * 1000 + narrowed;
        printf("%d: %lu %lu %ld %lu %lu %ld %lu\n", i, d, e, h, r, q, t, w);
        sum = sum * 31 + (unsigned)(d + e + (unsigned long)h + r + q + (unsigned long)t + w);
    }
    printf("sum %u\n", sum);
    return 0;
}
