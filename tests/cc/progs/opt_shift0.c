// OPT: -O2
// LP128: same
// Shifts by 0 (a macro's field at offset 0, as Lua's GET_OPCODE) fold to their operand
// at the shift's width: a 32-bit shift of a wider value still truncates it, and the
// extension goes only where every definition of the operand leaves it extended.
#include <stdint.h>
#include <stdio.h>

#define FIELD(x, pos, n) (((x) >> (pos)) & ((1u << (n)) - 1))
static int sh0 = 0;

__attribute__((noinline)) static unsigned decode(const unsigned *pc, int n)
{
    unsigned sum = 0, i;
    for (int k = 0; k < n; k++) {
        i = *pc++;
        if (k & 1) i = pc[-1] + 0x80000000u;
        sum = sum * 31 + FIELD(i, 0, 7) + FIELD(i, 7, 8) + (i >> 0);
    }
    return sum;
}

__attribute__((noinline)) static unsigned trunc32(uint64_t v)
{
    /* a 32-bit shift by 0 of a 64-bit value keeps its low 32 bits */
    return (unsigned)v >> 0;
}

__attribute__((noinline)) static uint64_t wide(uint64_t v, int s)
{
    return (v << 0) + (v >> 0) + (uint64_t)((int64_t)v >> s);
}

__attribute__((noinline)) static int narrow_ops(int a, short b, unsigned char c)
{
    return (a >> 0) + (b >> 0) + (c << 0) + (int)((unsigned)(a + b) >> sh0);
}

int main(void)
{
    unsigned code[] = {0x12345678u, 0xfedcba98u, 0x80000001u, 0x7fffffffu, 0u, 0xffffffffu};
    printf("%u\n", decode(code, 6));
    /* the comparisons read the whole register, which must hold the canonical value */
    printf("%u %u %d %d\n", trunc32(0x123456789abcdef0ull), trunc32(0xffffffff80000000ull),
           trunc32(0x123456789abcdef0ull) == 0x9abcdef0u, trunc32(0x180000000ull) == 0x80000000u);
    printf("%llu %llu\n", (unsigned long long)wide((uint64_t)-5, 0),
           (unsigned long long)wide(0x6000000000000000ull, 0));
    printf("%d %d\n", narrow_ops(-7, -300, 200), narrow_ops(0x7fffffff, 1, 255));
    return 0;
}
