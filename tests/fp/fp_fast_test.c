/* The host-arithmetic fast paths of src/fp/fp_arith.c against the integer-only
 * reference implementations (*_soft, src/fp/fp_impl.h), in all five rounding modes
 * including RMM, on biased random operands plus operands aimed at the fast paths'
 * edges: results at the ends of the accepted exponent window, exact results, ties,
 * the f64 fma's quick exactness test (lowest set bits) and its 128-bit window, the
 * f32 add's exact/round-to-odd split (exponents 29 vs 30 apart); and on a grid of
 * special and boundary values.
 *
 * The reference is itself checked against the host FPU (fp_host_test.c) and against
 * qemu-riscv64 (qemu_diff_test.sh).  Coverage counters, computed from the operands
 * and the reference results alone, make sure each case a fast path distinguishes is
 * actually exercised (a generator change cannot silently stop testing ties, say).
 * Budget: about 58 million fast/reference comparisons, under 2 s of CPU at -O2
 * (about 2.5 s with ASan+UBSan). */
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

/* A coverage floor: the category must have been hit at least `min` times. */
static void need(const char *what, long got, long min)
{
    printf("#   %-40s %8ld\n", what, got);
    if (got < min) {
        char buf[160];
        snprintf(buf, sizeof buf, "coverage: %s hit %ld times, want >= %ld", what, got, min);
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

/* A fraction with only its top k bits random (k = 0..M): short significands make
 * exact products and sums, and ties, common. */
static u64 short_mant_k(int M, int k)
{
    u64 frac = tg_next() & (((u64)1 << M) - 1);
    return k == 0 ? 0 : (frac & ~(((u64)1 << (M - k)) - 1)) | ((u64)1 << (M - k));
}
static u64 short_mant(int M) { return short_mant_k(M, tg_range(0, M / 2 + 1)); }

/* The biased exponent of an encoding and the significand with the implicit bit. */
static int ex64(u64 x) { return (int)(x >> 52) & 0x7ff; }
static u64 sig64(u64 x) { return (x & FP_FRAC(52)) | (ex64(x) ? (u64)1 << 52 : 0); }
static int normal64(u64 x) { return ex64(x) >= 1 && ex64(x) <= 2046; }
static int in_window64(u64 r) { return ex64(r) >= 2 && ex64(r) <= 2045; }

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

/* f64_mul's fast path (RNE): normal operands, RN product with biased exponent in
 * [2, 2045], exactness from the lowest set bits.  Exact products and ties also
 * exercise the directed modes (soft path) and f64_fma with a zero addend. */
TEST(f64_mul)
{
    long fast = 0, exact = 0, ties = 0, inexact = 0;
    g_bad = 0;
    tg_seed(0x3e1);
    for (long i_ = 0; i_ < N_FAST; i_++) {
        u64 a, b;
        if (tg_below(3) == 0) {      /* short significands: exact products and ties */
            int ka = tg_range(0, 52), kb = tg_range(ka > 50 ? 0 : 50 - ka, ka > 52 ? 0 : 53 - ka);
            if (kb > 52) kb = 52;
            a = tg_make((int)(tg_next() & 1), tg_range(700, 1300), short_mant_k(52, ka), 52, 11);
            b = tg_make((int)(tg_next() & 1), tg_range(700, 1300), short_mant_k(52, kb), 52, 11);
            if (tg_below(4) == 0)    /* and at the ends of the window */
                b = tg_make((int)(b >> 63), tg_below(2) ? 1023 + 1 - ex64(a) + tg_range(-2, 2)
                                                        : 1023 + 2045 - ex64(a) + tg_range(-2, 2),
                            b, 52, 11);
        } else {
            a = tg_below(4) ? d_any() : d_near_edges();
            b = tg_scale_partner(a, 1, 52, 11);
        }
        CHECK2("f64_mul", f64_mul, f64_mul_soft, a, b);
        u8 f0 = 0, f4 = 0;
        u64 r0 = f64_mul_soft(a, b, FP_RNE, &f0), r4 = f64_mul_soft(a, b, FP_RMM, &f4);
        if (normal64(a) && normal64(b) && in_window64(r0)) {
            fast++;
            exact += f0 == 0;
            inexact += f0 == FP_NX;
            ties += r0 != r4;
        }
    }
    printf("# f64_mul coverage (fast-path operands):\n");
    need("fast path", fast, N_FAST / 3);
    need("exact", exact, 20000);
    need("inexact", inexact, 20000);
    need("ties (RMM != RNE)", ties, 2000);
    if (g_bad) printf("# f64 mul: %ld mismatches\n", g_bad);
}

/* Operands for f64_fma's fast path (all normal): the addend's exponent at chosen
 * distances from the product's, at the edges of the 128-bit window, sharing the
 * product's lowest set bit, cancelling it, or half an ulp away from an exact product. */
static void fma_operands(u64 *pa, u64 *pb, u64 *pc)
{
    int ep;                                          /* biased exponent of a*b */
    switch (tg_below(8)) {
    case 0: ep = tg_range(-60, 60); break;           /* results near the bottom */
    case 1: ep = tg_range(1990, 2100); break;        /* near the top */
    default: ep = tg_range(700, 1350); break;
    }
    int shortm = tg_below(3) == 0;
    int ea = tg_range(ep < 1023 ? 1 : ep - 1023 + 1, ep < 1023 ? ep + 1023 - 1 : 2046);
    int eb = ep - ea + 1023;
    if (eb < 1) eb = 1;
    if (eb > 2046) eb = 2046;
    u64 a = tg_make((int)(tg_next() & 1), ea, shortm ? short_mant(52) : tg_mant(52), 52, 11);
    u64 b = tg_make((int)(tg_next() & 1), eb, shortm ? short_mant(52) : tg_mant(52), 52, 11);
    ep = ea + eb - 1023;
    int sc = (int)(tg_next() & 1);
    u64 c;
    switch (tg_below(10)) {
    case 0: c = tg_make(sc, ep + tg_range(-3, 3), tg_mant(52), 52, 11); break;
    case 1: c = tg_make(sc, ep + tg_range(-60, 60), tg_mant(52), 52, 11); break;
    case 2: c = tg_make(sc, ep + tg_range(70, 80), tg_mant(52), 52, 11); break;   /* window */
    case 3: c = tg_make(sc, ep - tg_range(120, 134), tg_mant(52), 52, 11); break; /* edges */
    case 4: c = tg_make(sc, ep + tg_range(-200, 200), tg_mant(52), 52, 11); break;
    case 5: {                        /* -RN(a*b) or a neighbour: massive cancellation */
        u8 fl = 0;
        c = f64_mul_soft(a, b, (int)tg_below(5), &fl) ^ F64_SIGN;
        c += (u64)(i64)tg_range(-2, 2);
        break;
    }
    case 6: case 7: {                /* lowest set bit of c where a*b has its own */
        int lp = ea + eb - 1075 + fp_ctz64(sig64(a)) + fp_ctz64(sig64(b));
        int ec = ep + tg_range(-8, 3);
        int j = lp - ec;             /* bit of c's 53-bit significand */
        if (j < 0 || j > 52) {
            ec = lp - tg_range(0, 52);
            j = lp - ec;
        }
        u64 s = ((tg_mant(52) | ((u64)1 << 52)) >> j << j) | ((u64)1 << j);
        c = tg_make(sc, ec, s, 52, 11);
        break;
    }
    default: {                       /* a*b + (2k+1) half-ulps: ties when a*b is exact */
        u8 fl = 0;
        u64 p = f64_mul_soft(a, b, FP_RNE, &fl);
        int k = tg_range(0, 3), lg = k ? (k == 1 ? 1 : 2) : 0;   /* 2k+1 = 1, 3, 5, 7 */
        u64 odd = (u64)(2 * k + 1);
        c = tg_make(sc, ex64(p) - 53 + lg, (odd << (52 - lg)), 52, 11);
        break;
    }
    }
    *pa = a; *pb = b; *pc = c;
}

TEST(f64_fma)
{
    long fast = 0, exact = 0, ties = 0, same_low = 0, outside = 0, cancel = 0;
    g_bad = 0;
    tg_seed(0xf64f3a);
    for (long i_ = 0; i_ < N_FAST; i_++) {
        u64 a, b, c;
        if (tg_below(4) == 0) {
            a = tg_fp(52, 11); b = tg_scale_partner(a, 1, 52, 11); c = tg_addend(a, b, 52, 11);
        } else {
            fma_operands(&a, &b, &c);
        }
        int op = (int)tg_below(4);
        for (int rm = 0; rm <= 4; rm++) {
            u8 ff = 0, sf = 0;
            u64 fr = f64_fma(a, b, c, op, rm, &ff), sr = f64_fma_soft(a, b, c, op, rm, &sf);
            cmp("f64_fma", rm, a, b, c, fr, ff, sr, sf);
        }
        /* what the fast path saw */
        u8 f0 = 0, f4 = 0;
        u64 r0 = f64_fma_soft(a, b, c, op, FP_RNE, &f0);
        u64 r4 = f64_fma_soft(a, b, c, op, FP_RMM, &f4);
        if (normal64(a) && normal64(b) && normal64(c) && in_window64(r0)) {
            int up = ex64(a) + ex64(b) - 1075, ur = ex64(r0);
            int lp = up + fp_ctz64(sig64(a)) + fp_ctz64(sig64(b));
            int lc = ex64(c) + fp_ctz64(sig64(c));
            int m = up < ex64(c) ? up : ex64(c);
            if (ur < m) m = ur;
            fast++;
            exact += f0 == 0;
            ties += r0 != r4;
            same_low += lp == lc;
            outside += ur - m > 127;
            cancel += ur < ex64(c) - 40 && ur < up + 52 - 40;
        }
    }
    printf("# f64_fma coverage (fast-path operands):\n");
    need("fast path", fast, N_FAST / 2);
    need("exact", exact, 20000);
    need("ties (RMM != RNE)", ties, 5000);
    need("same lowest set bit (lp == lc)", same_low, 20000);
    need("outside the 128-bit window", outside, 5000);
    need("cancellation by more than 40 binades", cancel, 5000);
    if (g_bad) printf("# f64 fma: %ld mismatches\n", g_bad);
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

TEST(f32_fma)
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
    }
}

/* binary32 add/sub/mul/div go through binary64 and one rounding (h_round_f32: the
 * host's conversion at RNE inside its exponent window, fp_round_pack otherwise); add
 * splits at an exponent difference of 29 (exact sum) vs 30+ (round to odd). */
static u32 s_make(int e, u32 frac) { return (u32)tg_make((int)(tg_next() & 1), e, frac, 23, 8); }
static u32 s_short(void) { return (u32)short_mant(23); }

TEST(f32_arith)
{
    long far = 0, far_nx = 0, zero_sum = 0, rne_edge = 0, ties = 0, exact = 0;
    g_bad = 0;
    tg_seed(0xf32);
    for (long i_ = 0; i_ < N_FAST; i_++) {
        u32 a, b;
        switch (tg_below(6)) {
        case 0: case 1:
            a = (u32)tg_fp(23, 8); b = (u32)tg_near(a, 23, 8); break;
        case 2: {                    /* exponent difference around the 29/30 split */
            a = (u32)tg_fp(23, 8);
            int e = (int)((a >> 23) & 0xff) + (tg_below(2) ? 1 : -1) * tg_range(26, 31);
            b = s_make(e, tg_below(2) ? (u32)tg_mant(23) : s_short());
            break;
        }
        case 3:                      /* products/quotients near underflow or overflow */
            a = (u32)tg_fp(23, 8); b = (u32)tg_scale_partner(a, (int)tg_below(2), 23, 8); break;
        case 4:                      /* short significands: exact results and ties */
            a = s_make(tg_range(100, 150), s_short());
            b = s_make(tg_range(100, 150), s_short());
            break;
        default:                     /* cancellation: b = -a or a neighbour */
            a = (u32)tg_fp(23, 8);
            b = (a ^ F32_SIGN) + (u32)tg_range(-2, 2);
            break;
        }
        if (tg_below(2)) { u32 t = a; a = b; b = t; }
        CHECK2("f32_add", f32_add, f32_add_soft, a, b);
        CHECK2("f32_sub", f32_sub, f32_sub_soft, a, b);
        CHECK2("f32_mul", f32_mul, f32_mul_soft, a, b);
        CHECK2("f32_div", f32_div, f32_div_soft, a, b);
        /* coverage of the add's and the rounding's cases */
        int ea = (int)((a >> 23) & 0xff), eb = (int)((b >> 23) & 0xff);
        u8 f0 = 0, f4 = 0;
        u32 r0 = f32_add_soft(a, b, FP_RNE, &f0), r4 = f32_add_soft(a, b, FP_RMM, &f4);
        if (ea != 0xff && eb != 0xff) {
            int d = (ea ? ea : 1) - (eb ? eb : 1);
            if (d > 29 || d < -29) {
                far++;
                far_nx += (f0 & FP_NX) != 0;
            }
            zero_sum += (r0 << 1) == 0;
            int er = (int)((r0 >> 23) & 0xff);
            rne_edge += er == 1 || er == 2 || er == 254 || er == 255;
            ties += r0 != r4;
            exact += f0 == 0;
        }
        u8 g0 = 0, g4 = 0;
        r0 = f32_mul_soft(a, b, FP_RNE, &g0);
        r4 = f32_mul_soft(a, b, FP_RMM, &g4);
        int er = (int)((r0 >> 23) & 0xff);
        rne_edge += er == 1 || er == 2 || er == 254 || er == 255;
        ties += r0 != r4;
    }
    printf("# f32 add/sub/mul/div coverage:\n");
    need("add: exponents more than 29 apart", far, 50000);
    need("add: ... and inexact (round to odd)", far_nx, 20000);
    need("add: zero sums", zero_sum, 5000);
    need("add/mul: result exponent 1, 2, 254 or 255", rne_edge, 5000);
    need("add/mul: ties (RMM != RNE)", ties, 5000);
    need("add: exact", exact, 20000);
    if (g_bad) printf("# f32 add/sub/mul/div: %ld mismatches\n", g_bad);
}

/* Every combination of special and boundary values, every operation and mode. */
static const u64 spec64[] = {
    0, 1, 2, 0x000fffffffffffffull, 0x0010000000000000ull, 0x0010000000000001ull,
    0x0020000000000000ull, 0x001fffffffffffffull, 0x3ca0000000000000ull,
    0x3fe0000000000000ull, 0x3fefffffffffffffull, 0x3ff0000000000000ull,
    0x3ff0000000000001ull, 0x3ff8000000000000ull, 0x4000000000000000ull,
    0x1e60000000000000ull, 0x5fe0000000000000ull, 0x7fd0000000000000ull,
    0x7fdfffffffffffffull, 0x7fe0000000000000ull, 0x7fefffffffffffffull,
    0x7ff0000000000000ull, 0x7ff8000000000000ull, 0x7ff0000000000001ull,
    0x7ff4000000000000ull,
};
static const u32 spec32[] = {
    0, 1, 2, 0x007fffffu, 0x00800000u, 0x00800001u, 0x01000000u, 0x00ffffffu,
    0x33800000u, 0x3f000000u, 0x3f7fffffu, 0x3f800000u, 0x3f800001u, 0x3fc00000u,
    0x40000000u, 0x1a000000u, 0x5f000000u, 0x7e800000u, 0x7effffffu, 0x7f000000u,
    0x7f7fffffu, 0x7f800000u, 0x7fc00000u, 0x7f800001u, 0x7fa00000u,
};
#define NSPEC64 (int)(sizeof spec64 / sizeof spec64[0])
#define NSPEC32 (int)(sizeof spec32 / sizeof spec32[0])

TEST(special_values)
{
    g_bad = 0;
    for (int i = 0; i < 2 * NSPEC64; i++)
        for (int j = 0; j < 2 * NSPEC64; j++) {
            u64 a = spec64[i / 2] | (u64)(i & 1) << 63, b = spec64[j / 2] | (u64)(j & 1) << 63;
            CHECK2("f64_add", f64_add, f64_add_soft, a, b);
            CHECK2("f64_sub", f64_sub, f64_sub_soft, a, b);
            CHECK2("f64_mul", f64_mul, f64_mul_soft, a, b);
            CHECK2("f64_div", f64_div, f64_div_soft, a, b);
            for (int k = 0; k < 2 * NSPEC64; k++) {
                u64 c = spec64[k / 2] | (u64)(k & 1) << 63;
                for (int op = 0; op < 4; op++)
                    for (int rm = 0; rm <= 4; rm++) {
                        u8 ff = 0, sf = 0;
                        u64 fr = f64_fma(a, b, c, op, rm, &ff);
                        u64 sr = f64_fma_soft(a, b, c, op, rm, &sf);
                        cmp("f64_fma", rm, a, b, c, fr, ff, sr, sf);
                    }
            }
        }
    for (int i = 0; i < 2 * NSPEC32; i++)
        for (int j = 0; j < 2 * NSPEC32; j++) {
            u32 a = spec32[i / 2] | (u32)(i & 1) << 31, b = spec32[j / 2] | (u32)(j & 1) << 31;
            CHECK2("f32_add", f32_add, f32_add_soft, a, b);
            CHECK2("f32_sub", f32_sub, f32_sub_soft, a, b);
            CHECK2("f32_mul", f32_mul, f32_mul_soft, a, b);
            CHECK2("f32_div", f32_div, f32_div_soft, a, b);
            for (int k = 0; k < 2 * NSPEC32; k++) {
                u32 c = spec32[k / 2] | (u32)(k & 1) << 31;
                for (int op = 0; op < 4; op++)
                    for (int rm = 0; rm <= 4; rm++) {
                        u8 ff = 0, sf = 0;
                        u32 fr = f32_fma(a, b, c, op, rm, &ff);
                        u32 sr = f32_fma_soft(a, b, c, op, rm, &sf);
                        cmp("f32_fma", rm, a, b, c, fr, ff, sr, sf);
                    }
            }
        }
    for (int i = 0; i < 2 * NSPEC64; i++)
        for (int rm = 0; rm <= 4; rm++) {
            u64 a = spec64[i / 2] | (u64)(i & 1) << 63;
            u8 ff = 0, sf = 0;
            u64 fr = f64_sqrt(a, rm, &ff), sr = f64_sqrt_soft(a, rm, &sf);
            cmp("f64_sqrt", rm, a, 0, 0, fr, ff, sr, sf);
        }
    for (int i = 0; i < 2 * NSPEC32; i++)
        for (int rm = 0; rm <= 4; rm++) {
            u32 a = spec32[i / 2] | (u32)(i & 1) << 31;
            u8 ff = 0, sf = 0;
            u32 fr = f32_sqrt(a, rm, &ff), sr = f32_sqrt_soft(a, rm, &sf);
            cmp("f32_sqrt", rm, a, 0, 0, fr, ff, sr, sf);
        }
}

int main(void)
{
    RUN(f64_add_sub);
    RUN(f64_mul);
    RUN(f64_fma);
    RUN(f64_div);
    RUN(f64_sqrt);
    RUN(f32_sqrt);
    RUN(f32_fma);
    RUN(f32_arith);
    RUN(special_values);
    return check_done();
}
