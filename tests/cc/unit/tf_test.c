/* zl-cc runtime binary128 (src/cc/rt/tf.c) compiled for the host and compared bit for bit
 * with the host compiler's __float128 (GCC/clang soft-fp) on random operands: add, sub,
 * mul, div, comparisons, conversions to/from double, float and integers.  ~1 s. */
#define ZL_TF_HOST_TEST 1
#define __addtf3 zl__addtf3
#define __subtf3 zl__subtf3
#define __multf3 zl__multf3
#define __divtf3 zl__divtf3
#define __negtf2 zl__negtf2
#define __eqtf2 zl__eqtf2
#define __netf2 zl__netf2
#define __lttf2 zl__lttf2
#define __letf2 zl__letf2
#define __gttf2 zl__gttf2
#define __getf2 zl__getf2
#define __unordtf2 zl__unordtf2
#define __extenddftf2 zl__extenddftf2
#define __extendsftf2 zl__extendsftf2
#define __trunctfdf2 zl__trunctfdf2
#define __trunctfsf2 zl__trunctfsf2
#define __fixtfsi zl__fixtfsi
#define __fixtfdi zl__fixtfdi
#define __fixtfti zl__fixtfti
#define __fixunstfsi zl__fixunstfsi
#define __fixunstfdi zl__fixunstfdi
#define __fixunstfti zl__fixunstfti
#define __floatsitf zl__floatsitf
#define __floatditf zl__floatditf
#define __floattitf zl__floattitf
#define __floatunsitf zl__floatunsitf
#define __floatunditf zl__floatunditf
#define __floatuntitf zl__floatuntitf
#include "cc/rt/tf.c"

#include <stdlib.h>

#include "lib/check.h"

typedef __float128 Q;
static u128_t B(Q q) { u128_t b; memcpy(&b, &q, 16); return b; }
static Q F(u128_t b) { Q q; memcpy(&q, &b, 16); return q; }
static u64_t rnd64(void) { return ((u64_t)rand() << 62) ^ ((u64_t)rand() << 31) ^ (u64_t)rand(); }
static u128_t rnd128(void) { return ((u128_t)rnd64() << 64) | rnd64(); }

static Q rq(void)
{
    double d;
    u64_t x = rnd64();
    memcpy(&d, &x, 8);
    switch (rand() % 8) {
    case 0: return (Q)(rand() % 1000 - 500);
    case 1: return (Q)d;
    case 2: return F(rnd128());
    case 3: {
        u128_t b = rnd128() & ~((u128_t)0x7fff << 112);
        return F(b | (u128_t)(16383 + rand() % 200 - 100) << 112);
    }
    case 4: return F(rnd128() & ~((u128_t)0x7fff << 112)); /* subnormal */
    case 5: return (Q)rand() / (Q)(rand() + 1);
    case 6: return F((u128_t)0x7ffe << 112 | rnd64()) * (Q)(rand() % 3); /* near overflow */
    default: return -(Q)rand() * F((u128_t)(16383 - 100) << 112);
    }
}

static int same(u128_t a, u128_t b) { return (is_nan(a) && is_nan(b)) || a == b; }

TEST(arith_random)
{
    srand(12345);
    for (int i = 0; i < 100000; i++) {
        Q a = rq(), b = rq();
        CHECK(same(__addtf3(B(a), B(b)), B(a + b)));
        CHECK(same(__subtf3(B(a), B(b)), B(a - b)));
        CHECK(same(__multf3(B(a), B(b)), B(a * b)));
        CHECK(same(__divtf3(B(a), B(b)), B(a / b)));
        CHECK((__lttf2(B(a), B(b)) < 0) == (a < b));
        CHECK((__letf2(B(a), B(b)) <= 0) == (a <= b));
        CHECK((__gttf2(B(a), B(b)) > 0) == (a > b));
        CHECK((__getf2(B(a), B(b)) >= 0) == (a >= b));
        CHECK((__eqtf2(B(a), B(b)) == 0) == (a == b));
        CHECK((__netf2(B(a), B(b)) != 0) == (a != b));
        if (check_st.cur_failed) {
            printf("# operands %016llx%016llx %016llx%016llx\n", (unsigned long long)(B(a) >> 64),
                   (unsigned long long)B(a), (unsigned long long)(B(b) >> 64), (unsigned long long)B(b));
            return;
        }
    }
}

TEST(conversions_random)
{
    srand(777);
    for (int i = 0; i < 100000 && !check_st.cur_failed; i++) {
        Q a = rq();
        double d = (double)a;
        float f = (float)a;
        u64_t db;
        u32_t fb;
        memcpy(&db, &d, 8);
        memcpy(&fb, &f, 4);
        double d2 = __trunctfdf2(B(a));
        float f2 = __trunctfsf2(B(a));
        u64_t db2;
        u32_t fb2;
        memcpy(&db2, &d2, 8);
        memcpy(&fb2, &f2, 4);
        CHECK(d != d || db2 == db);
        CHECK(f != f || fb2 == fb);
        u64_t x = rnd64();
        double dd;
        memcpy(&dd, &x, 8);
        CHECK(same(__extenddftf2(dd), B((Q)dd)));
        u32_t y = (u32_t)rnd64();
        float ff;
        memcpy(&ff, &y, 4);
        CHECK(same(__extendsftf2(ff), B((Q)ff)));
        i64_t iv = (i64_t)rnd64() >> (rand() % 64);
        CHECK(__floatditf(iv) == B((Q)iv));
        CHECK(__floatunditf((u64_t)iv) == B((Q)(u64_t)iv));
        CHECK(__floatsitf((i32_t)iv) == B((Q)(i32_t)iv));
        i128_t tv = (i128_t)rnd128() >> (rand() % 128);
        CHECK(__floattitf(tv) == B((Q)tv));
        CHECK(__floatuntitf((u128_t)tv) == B((Q)(u128_t)tv));
        Q s = a / F((u128_t)(16383 + rand() % 130) << 112);
        if (s == s && s < (Q)9.2e18 && s > (Q)-9.2e18) CHECK(__fixtfdi(B(s)) == (i64_t)s);
        if (s == s && s < (Q)2.1e9 && s > (Q)-2.1e9) CHECK(__fixtfsi(B(s)) == (i32_t)s);
        if (s == s && s < (Q)1.7e38 && s > (Q)-1.7e38) CHECK(__fixtfti(B(s)) == (i128_t)s);
        if (s == s && s >= 0 && s < (Q)1.8e19) CHECK(__fixunstfdi(B(s)) == (u64_t)s);
    }
}

int main(void)
{
    RUN(arith_random);
    RUN(conversions_random);
    return check_done();
}
