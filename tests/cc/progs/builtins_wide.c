// Bit builtins on long long (a register pair on rv32) and switch case ranges on types
// wider than a register.
#include <stdio.h>
static int sw(__int128 v) { switch (v) { case -5 ... -1: return 1; case 0: return 2; case 1 ... 1000: return 3; default: return 4; } }
static int swl(long long v) { switch (v) { case -5 ... -1: return 1; case 0x100000000LL ... 0x200000000LL: return 3; default: return 4; } }
static int swu(unsigned long long v) { switch (v) { case 5 ... 0xffffffffffULL: return 1; default: return 4; } }
int main(void)
{
    volatile unsigned long long a = 0x00f0000000000100ULL, z = 0, t = 0x8000000000000000ULL, o = 1, h = 0x100000000ULL;
    int ex = (int)sizeof(long long) * 8 - 64; /* 64 more leading zeros on LP128 */
    printf("clz %d %d %d %d\n", __builtin_clzll(a) - ex, __builtin_clzll(t) - ex, __builtin_clzll(o) - ex, __builtin_clzll(h) - ex);
    printf("ctz %d %d %d %d\n", __builtin_ctzll(a), __builtin_ctzll(t), __builtin_ctzll(o), __builtin_ctzll(h));
    printf("ffs %d %d %d %d %d\n", __builtin_ffsll(a), __builtin_ffsll(t), __builtin_ffsll(o), __builtin_ffsll(h), __builtin_ffsll(z));
    printf("pop %d %d %d\n", __builtin_popcountll(a), __builtin_popcountll(z + 0xffffffffffffffffULL), __builtin_popcountll(h | 7));
    printf("bswap %llx %x\n", (unsigned long long)__builtin_bswap64(0x0102030405060708ULL), __builtin_bswap32(0x11223344u));
    printf("sw %d %d %d %d %d\n", sw(-3), sw(0), sw(1000), sw(1001), sw(-6));
    printf("swl %d %d %d %d\n", swl(-5), swl(0x100000000LL), swl(0x200000001LL), swl(0));
    printf("swu %d %d %d\n", swu(5), swu(0xffffffffffULL), swu(0x10000000000ULL));
    return 0;
}
