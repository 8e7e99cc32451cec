// Division and remainder by constant powers of two (the divpow2 pass,
// src/cc/opt/divpow2.c, makes them shifts, an add and a mask): signed values round
// toward zero and the remainder takes the dividend's sign, at 32 and 64 bits, for
// small and large k (a mask beyond an immediate), the extremes, and unsigned values;
// a negative divisor and a division by 1 stay divisions.
#include <stdint.h>
#include <stdio.h>

static const int32_t v32[] = {0, 1, -1, 7, -7, 8, -8, 9, -9, 4095, -4095, 4096, -4097,
                              2147483647, -2147483647 - 1, -2147483647, 123456789, -123456789};
static const int64_t v64[] = {0, 1, -1, 7, -7, 4096, -4097, 4294967296LL, -4294967297LL,
                              9223372036854775807LL, -9223372036854775807LL - 1,
                              -1234567890123LL, 1234567890123LL};

static unsigned h = 2166136261u;
static void mix(uint64_t x)
{
    for (int k = 0; k < 8; k++) {
        h ^= (unsigned)(x & 0xff);
        h *= 16777619u;
        x >>= 8;
    }
}

static int32_t sd2(int32_t x) { return x / 2; }
static int32_t sr2(int32_t x) { return x % 2; }
static int32_t sd8(int32_t x) { return x / 8; }
static int32_t sr8(int32_t x) { return x % 8; }
static int32_t sd4096(int32_t x) { return x / 4096; }
static int32_t sr4096(int32_t x) { return x % 4096; }
static int32_t sd2_30(int32_t x) { return x / (1 << 30); }
static int32_t sr2_30(int32_t x) { return x % (1 << 30); }
static int32_t sdm4(int32_t x) { return x / -4; }
static int32_t sd1(int32_t x) { return x / 1; }
static int64_t ld2(int64_t x) { return x / 2; }
static int64_t lr16(int64_t x) { return x % 16; }
static int64_t ld4096(int64_t x) { return x / 4096; }
static int64_t lr4096(int64_t x) { return x % 4096; }
static int64_t ld2_40(int64_t x) { return x / (1LL << 40); }
static int64_t lr2_62(int64_t x) { return x % (1LL << 62); }
static uint32_t ud16(uint32_t x) { return x / 16; }
static uint32_t ur16(uint32_t x) { return x % 16; }
static uint32_t ud2_31(uint32_t x) { return x / 0x80000000u; }
static uint32_t ur2_31(uint32_t x) { return x % 0x80000000u; }
static uint64_t uld8(uint64_t x) { return x / 8; }
static uint64_t ulr2_63(uint64_t x) { return x % 0x8000000000000000ULL; }
static uint64_t uld2_63(uint64_t x) { return x / 0x8000000000000000ULL; }

// a divisor held in a variable that is assigned twice is no constant
static int32_t two_defs(int32_t x, int c)
{
    int32_t d = 4;
    if (c) d = 16;
    return x / d + x % d;
}

int main(void)
{
    for (unsigned k = 0; k < sizeof v32 / sizeof *v32; k++) {
        int32_t x = v32[k];
        printf("%d: %d %d %d %d %d %d %d %d %d %d %d\n", x, sd2(x), sr2(x), sd8(x), sr8(x),
               sd4096(x), sr4096(x), sd2_30(x), sr2_30(x), x == -2147483647 - 1 ? 0 : sdm4(x),
               sd1(x), two_defs(x, (int)k & 1));
        uint32_t u = (uint32_t)x;
        printf("  %u %u %u %u\n", ud16(u), ur16(u), ud2_31(u), ur2_31(u));
        mix((uint64_t)(uint32_t)sd8(x));
    }
    for (unsigned k = 0; k < sizeof v64 / sizeof *v64; k++) {
        int64_t x = v64[k];
        printf("%lld: %lld %lld %lld %lld %lld %lld\n", (long long)x, (long long)ld2(x),
               (long long)lr16(x), (long long)ld4096(x), (long long)lr4096(x),
               (long long)ld2_40(x), (long long)lr2_62(x));
        uint64_t u = (uint64_t)x;
        printf("  %llu %llu %llu\n", (unsigned long long)uld8(u), (unsigned long long)ulr2_63(u),
               (unsigned long long)uld2_63(u));
        mix((uint64_t)ld4096(x));
    }
    // a loop summing quotients: the pass inside a loop body
    int32_t s = 0;
    for (int32_t i = -1000; i < 1000; i += 7) s += i / 4 + i % 4;
    printf("sum %d hash %08x\n", s, h);
    return 0;
}
