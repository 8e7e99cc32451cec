/* long double constant arithmetic in static initializers is folded exactly in binary128
 * (with libzlrt's soft-float built into the compiler): the bits equal those the same
 * expression gives at run time and GCC's */
#include <stdio.h>
#include <string.h>

static void bits(const char *n, long double x, long double rt)
{
    unsigned char b[16], c[16];
    memcpy(b, &x, 16);
    memcpy(c, &rt, 16);
    printf("%-6s ", n);
    for (int i = 15; i >= 0; i--) printf("%02x", b[i]);
    printf(" %s\n", memcmp(b, c, 16) ? "differs from run time" : "ok");
}

static long double s_third = 1.0L / 3;
static long double s_diff = 2.0L / 3 - 1.0L / 3;
static long double s_tenth = 0.1L * 3;
static long double s_u64 = (long double)18446744073709551615ULL + 1;
static long double s_big = -1.0L / 7 * 1e100L;
static long double s_mix = 1e4000L * 1e-3000L + 0.5f;
static long double s_sub = __LDBL_MIN__ / 3;
static long double s_dbl = 0.1 + 0.2L;
static long double s_i128 = (long double)((__int128)1 << 100) + 1;
static long double s_neg = -(3.0L - 5 * 0.25L);
static long double s_cond = sizeof(int) == 4 ? 1.0L / 9 : 2;
static long double arr[3] = {1.0L / 5, 2.0L / 5, 3.0L / 5};
static struct { int i; long double x; } st = {1, 22.0L / 7};
static double s_d = 1.0L / 3;
static float s_f = 2.0L / 3;
static double s_d2 = 1.0L + 0x1p-60L;
static int s_int = (int)(10.0L / 3 * 3);
static long long s_ll = (long long)(1e18L / 7);
static long double s_ddiv = (double)1 / 3;
static long double s_fdiv = 2.0f / 3;
static _Bool s_b1 = 0.5L, s_b2 = 0.25, s_b3 = -0x1p-16400L, s_b4 = 0.0L, s_b5 = -0.0, s_b6 = 1e300;

int main(void)
{
    volatile long double one = 1.0L, two = 2.0L, three = 3.0L, seven = 7.0L;
    bits("third", s_third, one / 3);
    bits("diff", s_diff, two / 3 - one / 3);
    bits("tenth", s_tenth, 0.1L * three);
    bits("u64", s_u64, (long double)18446744073709551615ULL + one);
    bits("big", s_big, -one / seven * 1e100L);
    bits("mix", s_mix, 1e4000L * one * 1e-3000L + 0.5f);
    bits("sub", s_sub, __LDBL_MIN__ * one / 3);
    bits("dbl", s_dbl, 0.1 + 0.2L * one);
    bits("i128", s_i128, (long double)((__int128)1 << 100) + one);
    bits("neg", s_neg, -(three - 5 * 0.25L));
    bits("cond", s_cond, one / 9);
    bits("arr0", arr[0], one / 5);
    bits("arr2", arr[2], three / 5);
    bits("st", st.x, 22 * one / 7);
    volatile double d = one / 3;
    volatile float f = two / 3;
    volatile double d2 = one + 0x1p-60L;
    printf("d %d f %d d2 %d int %d ll %lld\n", s_d == d, s_f == f, s_d2 == d2, s_int, s_ll);
    volatile double dthird = 1.0 / 3;
    volatile float fthird = 2.0f / 3;
    bits("ddiv", s_ddiv, dthird);
    bits("fdiv", s_fdiv, fthird);
    printf("bool %d %d %d %d %d %d\n", s_b1, s_b2, s_b3, s_b4, s_b5, s_b6);
    return 0;
}
