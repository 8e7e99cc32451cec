// LP128: same
#include <stdio.h>
#include <stdint.h>
#include <inttypes.h>
int main(void)
{
    unsigned int u = 0xffffffffu;
    u++;
    printf("uint max+1 = %u\n", u);
    u = 0;
    u--;
    printf("uint 0-1 = %u\n", u);
    printf("uint mul = %u\n", 0x10000u * 0x10001u);
    unsigned char uc = 250;
    uc += 10;
    printf("uchar 250+10 = %d\n", uc);
    unsigned short us = 0;
    us -= 1;
    printf("ushort 0-1 = %d\n", us);
    uint64_t q = UINT64_MAX;
    q += 2;
    printf("u64 max+2 = %" PRIu64 "\n", q);
    q = (uint64_t)1 << 63;
    printf("u64 2^63*2 = %" PRIu64 "\n", q * 2);
    uint32_t a = 3000000000u, b = 3000000000u;
    printf("u32 sum = %" PRIu32 "\n", a + b);
    printf("neg of unsigned: %u\n", -(unsigned)5);
    printf("unsigned compare: %d %d\n", -1 < 0u, (unsigned)-1 == 0xffffffffu);
    return 0;
}
