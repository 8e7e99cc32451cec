/* integer arithmetic, promotions and usual arithmetic conversions */
int main(void)
{
    unsigned char uc = 200;
    signed char sc = -100;
    short s = -3000;
    unsigned short us = 60000;
    int i = -7;
    unsigned u = 3000000000u;
    if (uc + uc != 400) return 1;          /* promoted to int */
    if (sc * 2 != -200) return 2;
    if (s * 20 != -60000) return 3;
    if (us * 2 != 120000) return 4;
    if (i / 2 != -3 || i % 2 != -1) return 5;
    if (u / 7 != 428571428u) return 6;
    if (-1 < 0u) return 7;                  /* -1 converts to UINT_MAX */
    if ((unsigned char)300 != 44) return 8;
    if ((signed char)200 != -56) return 9;
    if ((u >> 31) != 1) return 10;
    if ((i >> 1) != -4) return 11;
    if ((1u << 31) != 2147483648u) return 12;
    long l = u;                             /* zero-extension of unsigned int */
    if (sizeof(long) > 4 && l != 3000000000L) return 13;
    int x = 0x7fffffff;
    unsigned ux = (unsigned)x + 1u;
    if (ux != 0x80000000u) return 14;
    if ((x ^ -1) != ~x) return 15;
    if ((-5 & 3) != 3 || (5 | 8) != 13) return 16;
    long long ll = -1;
    if ((unsigned long long)ll != ~0ULL) return 17;
    int m = 1000000;
    if (m * 3 / 3 != m) return 18;
    unsigned short w = 65535;
    w++;
    if (w != 0) return 19;
    char c = 255;
    if (c != 255) return 20;                /* plain char is unsigned */
    _Bool b = 42;
    if (b != 1) return 21;
    int neg = -2147483647 - 1;
    if (neg / -1 == 0 && 0) return 22;
    return 0;
}
