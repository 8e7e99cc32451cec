/* The host-arithmetic fast paths of src/fp/fp_arith.c against the integer-only
 * reference implementations (*_soft, src/fp/fp_impl.h), in all five rounding modes
 * including RMM, on biased random operands plus operands aimed at the fast paths'
 * edges: results at the ends of the accepted exponent window, exact results, ties. */
#include <fp/fp_impl.h>
#include "lib/check.h"
#include "fp/fp_gen.h"

#define N_FAST 1000000L    /* x 5 modes = 5e6 comparisons per operation */
#define N_SQRT 300000L

static long g_bad;

static void cmp(const char *name, int rm, u64 a, u64 b, u64 c, u64 fast, u8 ffl, u64 soft, u8 sfl)
{
    if (fast == soft && ffl == sfl)
        return;
    if (g_bad++ == 0) {
        char buf[300];
        snprintf(buf, sizeof buf,
                 "%s rm=%d a=%016llx b=%016llx c=%016llx: fast %016llx/%02x soft %016llx/%02x",
                 name, rm, (unsigned long long)a, (unsigned long long)b, (unsigned long long)c,
                 (unsigned long long)fast, ffl, (unsigned long long)soft, sfl);
        check_fail(__FILE__, __LINE__, buf);
    }
}

/* Operand makers aimed at the fast paths. */
static u64 d_near_edges(void)
{
    /* exponents around 1..3 and 2044..2046 so results straddle the window */
    int e = tg_below(2) ? tg_range(1, 60) : tg_range(1990, 2046);
    return tg_make((int)(tg_next() & 1), e, tg_mant(52), 52, 11);
}

static u64 d_any(void) { return tg_fp(52, 11); }

#define CHECK2(name, fast_fn, soft_fn, a, b)                                            \
    for (int rm = 0; rm <= 4; rm++) {                                                   \
        u8 ff = 0, sf = 0;                                                              \
        u64 fr = fast_fn(a, b, rm, &ff), sr = soft_fn(a, b, rm, &sf);                   \
        cmp(name, rm, a, b, 0, fr, ff, sr, sf);                                         \
    }

TEST(f64_add_sub)
{
    g_bad = 0;
    tg_seed(0xadd);
    for (long i_ = 0; i_ < N_FAST; i_++) {
        u64 a, b;
        switch (tg_below(4)) {
        case 0: a = d_near_edges(); b = tg_near(a, 52, 11); break;
        case 1: {        /* b below a by 52..55 binades: ties/half-ulp errors in the sum */
            a = d_any();
            b = tg_make((int)(tg_next() & 1), (int)((a >> 52) & 0x7ff) - tg_range(51, 56),
                        tg_below(2) ? 0 : tg_mant(52), 52, 11);
            break;
        }
        default: a = d_any(); b = tg_near(a, 52, 11); break;
        }
        CHECK2("f64_add", f64_add, f64_add_soft, a, b);
        CHECK2("f64_sub", f64_sub, f64_sub_soft, a, b);
    }
    if (g_bad) printf("# f64 add/sub: %ld mismatches\n", g_bad);
}

TEST(f64_mul)
{
    g_bad = 0;
    tg_seed(0x3e1);
    for (long i_ = 0; i_ < N_FAST; i_++) {
        u64 a = tg_below(4) ? d_any() : d_near_edges();
        u64 b = tg_scale_partner(a, 1, 52, 11);
        CHECK2("f64_mul", f64_mul, f64_mul_soft, a, b);
    }
}

TEST(f64_div)
{
    g_bad = 0;
    tg_seed(0xd1f);
    for (long i_ = 0; i_ < N_FAST; i_++) {
        u64 a, b;
        if (tg_below(4) == 0) {      /* exact quotients: a = q * b when that is exact */
            u8 fl = 0;
            u64 q = tg_make((int)(tg_next() & 1), tg_range(900, 1150), tg_mant(52) & ~0xfffffffull, 52, 11);
            b = tg_make((int)(tg_next() & 1), tg_range(900, 1150), tg_mant(52) & ~0xfffffffull, 52, 11);
            a = f64_mul_soft(q, b, FP_RNE, &fl);
        } else {
            a = tg_below(4) ? d_any() : d_near_edges();
            b = tg_scale_partner(a, 0, 52, 11);
        }
        CHECK2("f64_div", f64_div, f64_div_soft, a, b);
    }
}

TEST(f64_sqrt)
{
    g_bad = 0;
    tg_seed(0x5a7);
    for (long i_ = 0; i_ < N_SQRT; i_++) {
        u64 a;
        if (tg_below(4) == 0) {      /* perfect squares and their neighbours */
            u8 fl = 0;
            u64 r = tg_make(0, tg_range(600, 1500), tg_mant(52) & ~0x7ffffffull, 52, 11);
            a = f64_mul_soft(r, r, FP_RNE, &fl) + (u64)tg_range(-1, 1);
        } else {
            a = tg_below(4) ? d_any() : d_near_edges();
        }
        for (int rm = 0; rm <= 4; rm++) {
            u8 ff = 0, sf = 0;
            u64 fr = f64_sqrt(a, rm, &ff), sr = f64_sqrt_soft(a, rm, &sf);
            cmp("f64_sqrt", rm, a, 0, 0, fr, ff, sr, sf);
        }
    }
}

TEST(f32_sqrt)
{
    g_bad = 0;
    tg_seed(0xf5a7);
    for (long i_ = 0; i_ < N_SQRT; i_++) {
        u32 a;
        if (tg_below(4) == 0) {
            u8 fl = 0;
            u32 r = (u32)tg_make(0, tg_range(64, 190), tg_mant(23) & ~0xfffu, 23, 8);
            a = f32_mul_soft(r, r, FP_RNE, &fl) + (u32)tg_range(-1, 1);
        } else {
            a = (u32)tg_fp(23, 8);
        }
        for (int rm = 0; rm <= 4; rm++) {
            u8 ff = 0, sf = 0;
            u32 fr = f32_sqrt(a, rm, &ff), sr = f32_sqrt_soft(a, rm, &sf);
            cmp("f32_sqrt", rm, a, 0, 0, fr, ff, sr, sf);
        }
    }
}

TEST(fma)
{
    g_bad = 0;
    tg_seed(0xf3a);
    for (long i_ = 0; i_ < N_FAST; i_++) {
        u64 a = tg_fp(23, 8), b = tg_scale_partner(a, 1, 23, 8), c = tg_addend(a, b, 23, 8);
        int op = (int)tg_below(4);
        for (int rm = 0; rm <= 4; rm++) {
            u8 ff = 0, sf = 0;
            u32 fr = f32_fma((u32)a, (u32)b, (u32)c, op, rm, &ff);
            u32 sr = f32_fma_soft((u32)a, (u32)b, (u32)c, op, rm, &sf);
            cmp("f32_fma", rm, a, b, c, fr, ff, sr, sf);
        }
        a = tg_fp(52, 11); b = tg_scale_partner(a, 1, 52, 11); c = tg_addend(a, b, 52, 11);
        for (int rm = 0; rm <= 4; rm++) {
            u8 ff = 0, sf = 0;
            u64 fr = f64_fma(a, b, c, op, rm, &ff), sr = f64_fma_soft(a, b, c, op, rm, &sf);
            cmp("f64_fma", rm, a, b, c, fr, ff, sr, sf);
        }
    }
}

/* The public f32 add/sub/mul/div are the reference code itself; keep them honest. */
TEST(f32_basic_ops_are_reference)
{
    g_bad = 0;
    tg_seed(0xf32);
    for (long i_ = 0; i_ < N_FAST / 4; i_++) {
        u32 a = (u32)tg_fp(23, 8), b = (u32)tg_near(a, 23, 8);
        CHECK2("f32_add", f32_add, f32_add_soft, a, b);
        CHECK2("f32_sub", f32_sub, f32_sub_soft, a, b);
        CHECK2("f32_mul", f32_mul, f32_mul_soft, a, b);
        CHECK2("f32_div", f32_div, f32_div_soft, a, b);
    }
}

int main(void)
{
    RUN(f64_add_sub);
    RUN(f64_mul);
    RUN(f64_div);
    RUN(f64_sqrt);
    RUN(f32_sqrt);
    RUN(fma);
    RUN(f32_basic_ops_are_reference);
    return check_done();
}
