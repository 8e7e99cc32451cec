/* 1- and 2-byte _Atomic operators and builtins at every position in the aligned word
 * (bytes 0-3, halfwords 0 and 2): neighbours untouched, the old value sign- or
 * zero-extended; compare-and-swap loops on plain char/short/enum (the value read and
 * the one compared must be extended alike, or the loop never ends); _Bool, pointer and
 * floating compound assignments.  Values only (single-threaded); atomic_test.sh checks
 * the instructions. */
// GCCDIFF-LIBS: -latomic
#include <stdio.h>
struct w4 { _Atomic signed char c[4]; };
struct h4 { _Atomic short h[2]; };
_Alignas(4) struct w4 W;
_Alignas(4) struct h4 H;
_Atomic _Bool B;
_Atomic(int *) P;
int arr[10];
_Atomic int I;
_Atomic unsigned U;
_Atomic float F;
_Atomic unsigned char UC;
static void dumpw(const char *s) {
    unsigned char *p = (unsigned char *)&W;
    printf("%s %02x %02x %02x %02x\n", s, p[0], p[1], p[2], p[3]);
}
static void operators(void) {
    for (int k = 0; k < 4; k++) {
        W.c[0] = W.c[1] = W.c[2] = W.c[3] = 0x55;
        W.c[k] = -1;
        int o = W.c[k]++;
        printf("k%d old %d\n", k, o);
        dumpw("inc");
        o = (W.c[k] += 100);
        printf("new %d\n", o);
        dumpw("add");
        o = (W.c[k] *= 3);
        printf("mul %d\n", o);
        dumpw("mul");
        o = (W.c[k] &= 0x70);
        printf("and %d\n", o);
        o = W.c[k]--;
        printf("dec %d\n", o);
        dumpw("dec");
        signed char e = W.c[k];
        o = __sync_val_compare_and_swap(&W.c[k], e, (signed char)-128);
        printf("cas %d\n", o);
        dumpw("cas");
    }
    for (int k = 0; k < 2; k++) {
        H.h[0] = H.h[1] = 0x1234;
        H.h[k] = -2;
        int o = H.h[k]++;
        printf("h%d old %d now %d other %d\n", k, o, H.h[k], H.h[1 - k]);
        o = (H.h[k] -= 30000);
        printf("h sub %d %d %d\n", o, H.h[0], H.h[1]);
        o = (H.h[k] <<= 2);
        printf("h shl %d %d %d\n", o, H.h[0], H.h[1]);
    }
    B = 0;
    printf("b %d", (int)(B += 2));
    printf(" %d", (int)B);
    printf(" %d", (int)(B -= 1));
    printf(" %d", (int)B++);
    printf(" %d", (int)B--);
    printf(" %d", (int)B--);
    printf(" %d", (int)(B |= 4));
    printf(" %d", (int)(B ^= 2));
    printf(" %d\n", (int)(B *= 0.5));
    P = arr;
    P += 2; P++; P -= 1LL; ++P;
    long long n = 3;
    P += n;
    P -= (unsigned char)2;
    printf("p %d\n", (int)(P - arr));
    I = 5;
    printf("i %d", I += 1.5);
    printf(" %d", I *= 2.5);
    printf(" %d", I /= 2);
    printf(" %d", I <<= 3LL);
    printf(" %d", I %= 7);
    printf(" %d", I -= 10u);
    printf(" %d\n", I >>= 1);
    U = 0x80000000u;
    printf("u %u", U++);
    printf(" %u", U);
    printf(" %u", U *= 3);
    printf(" %u", U /= 2);
    printf(" %u\n", U += 0x80000000u);
    F = 1.5f;
    printf("f %d", (int)(1000 * (F += 1)));
    printf(" %d", (int)(1000 * F++));
    printf(" %d", (int)(1000 * (F *= 2.0)));
    printf(" %d\n", (int)(1000 * (F /= 3)));
    UC = 250;
    printf("uc %d", UC += 10);
    printf(" %d", UC++);
    printf(" %d", (int)__atomic_fetch_add(&UC, 255, 5));
    printf(" %d", (int)__atomic_add_fetch(&UC, 1, 5));
    printf(" %d", (int)__atomic_sub_fetch(&UC, 20, 5));
    printf(" %d\n", (int)__atomic_exchange_n(&UC, 200, 5));
}
unsigned char bc = 44;
signed char bsc = -1;
unsigned bu = 0x80000000u;
unsigned short bus = 0xffff;
static void builtins(void) {
    printf("%d", __sync_bool_compare_and_swap(&bc, 300, 5));
    printf(" %d", bc);
    printf(" %d", __sync_bool_compare_and_swap(&bsc, 255, 7));
    printf(" %d", bsc);
    printf(" %d", __sync_bool_compare_and_swap(&bu, 0x80000000u, 1));
    printf(" %u", bu);
    unsigned e = 1;
    printf(" %d", __atomic_compare_exchange_n(&bu, &e, 0x90000000u, 0, 5, 5));
    printf(" %u", bu);
    printf(" %d", __sync_val_compare_and_swap(&bus, -1, 3));
    printf(" %d", bus);
    unsigned short ee = 3;
    printf(" %d", __atomic_compare_exchange_n(&bus, &ee, 0x8000, 0, 5, 5));
    ee = 3;
    printf(" %d %d", __atomic_compare_exchange_n(&bus, &ee, 0x8000, 0, 5, 5), ee);
    printf(" %d\n", (int)__atomic_fetch_or(&bus, 0x10001, 5));
}
_Atomic char pc = (char)200;
_Atomic short ps = -5;
_Atomic unsigned short pus = 60000;
enum E { E_A = 1, E_B = 0x7fffffff };
_Atomic enum E pe = E_B;
static void cas_loops(void) {
    printf("%d", pc *= 1);
    printf(" %d", pc <<= 0);
    printf(" %d", ps *= 1);
    printf(" %d", pus /= 1);
    printf(" %d", (int)(pe *= 1));
    printf(" %d\n", (int)(pe++));
}

int main(void)
{
    operators();
    builtins();
    cas_loops();
    return 0;
}
