// Switches lowered as jump tables (dense runs of cases), binary searches (sparse cases)
// and case ranges, on every integer type; the same results as the comparison chains.
#include <stdio.h>

#define C4(n) case n: return (n) * 3 + 1; case n + 1: return (n) * 5; case n + 2: return -(n); case n + 3: return (n) ^ 0x55;
#define C16(n) C4(n) C4(n + 4) C4(n + 8) C4(n + 12)

/* 256 cases in one table */
static int big(int v)
{
    switch (v) {
    C16(0) C16(16) C16(32) C16(48) C16(64) C16(80) C16(96) C16(112)
    C16(128) C16(144) C16(160) C16(176) C16(192) C16(208) C16(224) C16(240)
    }
    return 7777;
}

/* a table with holes (to default), a table of ranges, and sparse cases around them */
static int mixed(int v)
{
    switch (v) {
    case -1000000: return 1;
    case -7: return 2;
    case -3: return 3;
    case -2: return 4;
    case 0: return 5;
    case 1: return 6;
    case 3: return 7;
    case 5 ... 9: return 8;
    case 12: return 9;
    case 500: return 10;
    case 600 ... 602: return 11;
    case 700: return 12;
    case 0x7fffffff: return 13;
    case 'A' ... 'F': return 14;
    case 'a' ... 'f': return 15;
    case 300 ... 299: return 99;  /* empty range (GCC warns): never taken */
    default: return 0;
    }
}

/* unsigned: the order is unsigned, and the largest values are near the top */
static int uns(unsigned v)
{
    switch (v) {
    case 0: return 1; case 1: return 2; case 2: return 3; case 3: return 4; case 4: return 5;
    case 6: return 6;
    case 0x80000000u: return 7;
    case 0xfffffff0u ... 0xfffffff8u: return 8;
    case 0xfffffffeu: return 9;
    case 0xffffffffu: return 10;
    case 1000: return 11; case 2000: return 12; case 3000: return 13; case 4000: return 14;
    }
    return 0;
}

static int sch(signed char c)
{
    switch (c) {
    case -128: return 1; case -127: return 2; case -126: return 3; case -125: return 4; case -124: return 5;
    case -1: return 6; case 0: return 7; case 127: return 8;
    }
    return 0;
}

static int ush(unsigned short s)
{
    switch (s) {
    case 65535: return 1; case 65534: return 2; case 65533: return 3; case 65532: return 4; case 65530: return 5;
    case 0: return 6; case 100: return 7;
    }
    return 0;
}

static int ll(long long x)
{
    switch (x) {
    case -9223372036854775807LL - 1: return 1;
    case -1: return 2; case 0: return 3; case 1: return 4; case 2: return 5; case 3: return 6; case 4: return 7;
    case 4294967296LL: return 8;
    case 4294967297LL: return 9;
    case 9223372036854775807LL: return 10;
    }
    return 0;
}

static int ull(unsigned long long x)
{
    switch (x) {
    case 0xfffffffffffffff0ULL: return 1; case 0xfffffffffffffff1ULL: return 2; case 0xfffffffffffffff2ULL: return 3;
    case 0xfffffffffffffff3ULL: return 4; case 0xfffffffffffffff5ULL: return 5; case 0xffffffffffffffffULL: return 6;
    case 0x8000000000000000ULL: return 7; case 5: return 8;
    }
    return 0;
}

static int i128(unsigned __int128 x)
{
    unsigned __int128 top = ~(unsigned __int128)0;
    (void)top;
    switch (x) {
    case 0: return 1; case 1: return 2; case 2: return 3; case 3: return 4; case 4: return 5;
    case (unsigned __int128)1 << 64: return 6;
    case ((unsigned __int128)1 << 127) - 1: return 7;
    case (unsigned __int128)1 << 127: return 8;
    case ~(unsigned __int128)0: return 9;
    case ~(unsigned __int128)0 - 1: return 10;
    case ~(unsigned __int128)0 - 2: return 11;
    case ~(unsigned __int128)0 - 3: return 12;
    case ~(unsigned __int128)0 - 5: return 13;
    }
    return 0;
}

enum color { RED = 10, GREEN, BLUE, CYAN, MAGENTA, YELLOW, BLACK = 40 };
static const char *color(enum color c)
{
    switch (c) {
    case RED: return "red"; case GREEN: return "green"; case BLUE: return "blue";
    case CYAN: return "cyan"; case MAGENTA: return "magenta"; case YELLOW: return "yellow";
    case BLACK: return "black";
    }
    return "?";
}

/* fall-through and a default in the middle of a table */
static int fall(int v)
{
    int r = 0;
    switch (v) {
    case 1: r += 1;
    case 2: r += 10;
    default: r += 100;
    case 3: r += 1000; break;
    case 4: r += 10000;
    case 5: r += 100000; break;
    case 6: return -1;
    }
    return r;
}

/* a state machine: a table inside a loop, its cases jumping back */
static int states(const char *s)
{
    int st = 0, n = 0;
    for (; *s; s++) {
        switch (st * 4 + (*s & 3)) {
        case 0: st = 1; break;
        case 1: n++; break;
        case 2: st = 2; n += 2; break;
        case 3: continue;
        case 4: st = 0; break;
        case 5: n *= 2; break;
        case 6: st = 3; break;
        case 7: n--; break;
        case 8: case 9: st = 1; break;
        case 10: n += 5; break;
        case 11: st = 0; n ^= 1; break;
        default: st = 0; break;
        }
    }
    return n * 10 + st;
}

int main(void)
{
    unsigned long long sum = 0;
    for (int v = -20; v < 300; v++) sum = sum * 31 + (unsigned long long)big(v);
    printf("big %llu\n", sum & 0xffffffffULL);
    int mv[] = {-1000001, -1000000, -999999, -8, -7, -6, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13,
                64, 65, 70, 71, 96, 97, 102, 103, 298, 299, 300, 499, 500, 501, 599, 600, 601, 602, 603, 700,
                2147483646, 2147483647, -2147483647 - 1};
    for (unsigned k = 0; k < sizeof mv / sizeof *mv; k++) printf("%d:%d ", mv[k], mixed(mv[k]));
    printf("\n");
    unsigned uv[] = {0, 1, 4, 5, 6, 7, 999, 1000, 4000, 0x7fffffffu, 0x80000000u, 0x80000001u, 0xffffffefu,
                     0xfffffff0u, 0xfffffff4u, 0xfffffff8u, 0xfffffff9u, 0xfffffffeu, 0xffffffffu};
    for (unsigned k = 0; k < sizeof uv / sizeof *uv; k++) printf("%u:%d ", uv[k], uns(uv[k]));
    printf("\n");
    for (int c = -128; c < 128; c++)
        if (sch((signed char)c)) printf("%d:%d ", c, sch((signed char)c));
    printf("\n");
    for (int s = 0; s < 65536; s++)
        if (ush((unsigned short)s)) printf("%d:%d ", s, ush((unsigned short)s));
    printf("\n");
    long long lv[] = {-9223372036854775807LL - 1, -9223372036854775807LL, -2, -1, 0, 4, 5, 4294967295LL, 4294967296LL,
                      4294967297LL, 4294967298LL, 9223372036854775806LL, 9223372036854775807LL};
    for (unsigned k = 0; k < sizeof lv / sizeof *lv; k++) printf("%d ", ll(lv[k]));
    printf("\n");
    unsigned long long uq[] = {0, 5, 6, 0x7fffffffffffffffULL, 0x8000000000000000ULL, 0xffffffffffffffefULL,
                               0xfffffffffffffff0ULL, 0xfffffffffffffff3ULL, 0xfffffffffffffff4ULL,
                               0xfffffffffffffff5ULL, 0xfffffffffffffffeULL, 0xffffffffffffffffULL};
    for (unsigned k = 0; k < sizeof uq / sizeof *uq; k++) printf("%d ", ull(uq[k]));
    printf("\n");
    unsigned __int128 one = 1, all = ~(unsigned __int128)0;
    unsigned __int128 qv[] = {0, 4, 5, one << 64, (one << 64) + 1, (one << 127) - 2, (one << 127) - 1, one << 127,
                              (one << 127) + 1, all, all - 1, all - 2, all - 3, all - 4, all - 5, all - 6};
    for (unsigned k = 0; k < sizeof qv / sizeof *qv; k++) printf("%d ", i128(qv[k]));
    printf("\n");
    for (int c = 9; c <= 41; c++) printf("%s ", color((enum color)c));
    printf("\n");
    for (int v = 0; v <= 7; v++) printf("%d ", fall(v));
    printf("\n%d %d\n", states("abcdefghijklmnopqrstuvwxyz0123456789"), states("a1b2c3d4e5f6g7h8i9j0kkkkzzzz"));
    return 0;
}
