/* division of the widest types and their float conversions (runtime helpers on rv32/rv64,
 * single instructions on rv128) */
typedef long long ll;
typedef unsigned long long ull;
int main(void)
{
    volatile ll a = 1234567890123456789LL, b = -987654321LL;
    if (a / b != -1249999988LL || a % b != 725308641LL) return 1;
    volatile ull u = 0xfedcba9876543210ULL, v = 0x12345ULL;
    if (u / v != 0xe0004fa01c4dULL || u % v != 0x10a4fULL) return 2;
    double d = (double)a;
    if (d != 1234567890123456789.0) return 3;
    if ((ll)-3.0e15 != -3000000000000000LL) return 4;
    if ((ull)1.8e19 != 18000000000000000000ULL) return 5;
    float f = (float)((ll)1 << 40);
    if (f != 1099511627776.0f) return 6;
    volatile unsigned __int128 x = ((unsigned __int128)0x0123456789abcdefULL << 64) | 0xfedcba9876543210ULL;
    volatile unsigned __int128 y = 1000000007;
    unsigned __int128 q = x / y, r = x % y;
    if (q * y + r != x || r >= y) return 7;
    volatile __int128 n = -(__int128)x;
    if (n / (__int128)y != -(__int128)q || n % (__int128)y != -(__int128)r) return 8;
    return 0;
}
