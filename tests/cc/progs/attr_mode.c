/* GNU C's mode attribute: integer and floating machine modes name types of exact sizes,
 * keeping the base type's signedness; TI gives 128-bit arithmetic at every XLEN (as
 * libtommath's mp_word does with `unsigned long __attribute__((mode(TI)))`). */
#include <stdio.h>

typedef unsigned long u128_t __attribute__((mode(TI)));
typedef long s128_t __attribute__((__mode__(__TI__)));
typedef int s8_t __attribute__((mode(QI)));
typedef unsigned int u8_t __attribute__((mode(byte)));
typedef int s16_t __attribute__((mode(HI)));
typedef unsigned u32_t __attribute__((mode(SI)));
typedef long s64_t __attribute__((mode(DI)));
typedef unsigned long word_t __attribute__((mode(word)));
typedef long ptrmode_t __attribute__((mode(pointer)));
typedef float f32_t __attribute__((mode(SF)));
typedef float f64_t __attribute__((mode(DF)));
typedef double f128_t __attribute__((mode(TF)));
__attribute__((mode(DI))) typedef int before_t;
enum e { E0, E1 };
typedef enum e e8_t __attribute__((mode(QI)));

struct s { int a __attribute__((mode(HI))); int b; };

static u128_t div3(u128_t w) { return w / 3; }

static int mp_div_3(const unsigned long long *dp, int used, unsigned long long *q)
{
    /* the loop of libtommath's mp_div_3 with 60-bit digits in a TI-mode word */
    const int bits = 60;
    u128_t b = ((u128_t)1 << bits) / 3, w = 0, t;
    for (int ix = used - 1; ix >= 0; ix--) {
        w = (w << bits) | dp[ix];
        if (w >= 3u) {
            t = (w * b) >> bits;
            w -= t + t + t;
            while (w >= 3u) { t += 1u; w -= 3u; }
        } else {
            t = 0;
        }
        q[ix] = (unsigned long long)t;
    }
    return (int)w;
}

int main(void)
{
    printf("sizes %d %d %d %d %d %d %d %d\n", (int)sizeof(u128_t), (int)sizeof(s128_t),
           (int)sizeof(s8_t), (int)sizeof(u8_t), (int)sizeof(s16_t), (int)sizeof(u32_t),
           (int)sizeof(s64_t), (int)sizeof(before_t));
    printf("word %d pointer %d (pointer %d)\n", (int)sizeof(word_t), (int)sizeof(ptrmode_t),
           (int)sizeof(void *));
    printf("float %d %d %d\n", (int)sizeof(f32_t), (int)sizeof(f64_t), (int)sizeof(f128_t));
    printf("enum %d member %d struct %d\n", (int)sizeof(e8_t), (int)sizeof(((struct s *)0)->a),
           (int)sizeof(struct s));
    s8_t m = (s8_t)200;
    u8_t um = (u8_t)200;
    s16_t h = (s16_t)40000;
    printf("signedness %d %u %d %d\n", m, (unsigned)um, h, (s128_t)-1 < 0);
    u128_t x = (u128_t)1 << 100;
    printf("shift %llu %llu\n", (unsigned long long)(x >> 70), (unsigned long long)(div3(x) >> 96));
    unsigned long long dp[3] = { 0x123456789abcdefULL, 0xfedcba987654321ULL, 0x5ULL }, q[3];
    int r = mp_div_3(dp, 3, q);
    printf("div3 %llx %llx %llx r %d\n", q[2], q[1], q[0], r);
    f128_t ld = 1.0L / 3;
    printf("tf %.20Lf\n", (long double)ld);
    return 0;
}
