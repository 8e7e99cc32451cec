/* the widest integer types: 128-bit long on rv128, __int128 at every XLEN (four registers on rv32) */
typedef unsigned __int128 u128;
typedef __int128 i128;
static u128 mulx(u128 a, u128 b) { return a * b; }
int main(void)
{
    u128 a = (u128)1 << 100;
    if ((a >> 99) != 2) return 1;
    u128 m = mulx(0xffffffffffffffffull, 0xffffffffffffffffull);
    if ((unsigned __int64)(m >> 64) != 0xfffffffffffffffeull || (unsigned __int64)m != 1) return 2;
    i128 n = -1;
    if ((n >> 127) != -1 || n >= 0) return 3;
    i128 big = (i128)1 << 126;
    if (big <= 0 || big + big >= 0) return 4;
#if __riscv_xlen == 128
    long l = 1L << 120;
    if (l >> 119 != 2 || sizeof l != 16) return 5;
    unsigned long ul = ~0UL;
    if (ul / 3 * 3 != ul) return 6;
    long q = -((long)1 << 100) / 7;
    if (q * 7 + (-((long)1 << 100) % 7) != -((long)1 << 100)) return 7;
    __int64 h = 1LL << 40;
    if (h * 1024 != (__int64)1 << 50) return 8;
    void *p = &l;
    if ((unsigned long)p == 0) return 9;
#endif
    return 0;
}
