// LP128: same
#include <stdio.h>
#include <stdint.h>
#include <inttypes.h>
int main(void)
{
    int64_t a = INT64_MAX, b = INT64_MIN;
    uint64_t c = UINT64_MAX;
    printf("%" PRId64 " %" PRId64 " %" PRIu64 "\n", a, b, c);
    printf("%" PRIx64 " %" PRIX64 " %" PRIo64 "\n", c, (uint64_t)0xabcdef12345ULL, (uint64_t)8);
    printf("sizeof %d %d %d %d\n", (int)sizeof(int8_t), (int)sizeof(int16_t), (int)sizeof(int32_t), (int)sizeof(int64_t));
    printf("least64 %d\n", (int)sizeof(int_least64_t));
    int64_t x = -5;
    uint64_t y = (uint64_t)x;
    printf("-5 as u64 %" PRIu64 "\n", y);
    printf("u64 wrap %" PRIu64 "\n", c + 1);
    int32_t i32 = INT32_MIN;
    printf("i32 min %" PRId32 " u32 max %" PRIu32 "\n", i32, UINT32_MAX);
    int8_t i8 = INT8_MIN;
    uint16_t u16 = UINT16_MAX;
    printf("%" PRId8 " %" PRIu16 "\n", i8, u16);
    uint64_t prod = (uint64_t)0xffffffffu * 0xffffffffu;
    printf("32x32 %" PRIx64 "\n", prod);
    int64_t q = (int64_t)-1000000000000LL / 7;
    printf("div %" PRId64 " mod %" PRId64 "\n", q, (int64_t)-1000000000000LL % 7);
    return 0;
}
