/* Hand-written edge cases for src/fp: every operation at zeros, subnormals,
 * infinities, NaNs, the overflow/underflow boundaries in each rounding mode, ties
 * (RNE vs RMM), exact vs inexact, the fcvt saturation table, fmin/fmax, fclass.
 * Expected values follow the RISC-V F/D chapters (and were cross-checked against
 * qemu-riscv64, see qemu_diff_test.sh). */
#include <fp/fp.h>
#include "lib/check.h"

enum { RNE = FP_RNE, RTZ = FP_RTZ, RDN = FP_RDN, RUP = FP_RUP, RMM = FP_RMM };
enum { NV = FP_NV, DZ = FP_DZ, OF = FP_OF, UF = FP_UF, NX = FP_NX };

/* Checks value and flags; `F` in the expression is the flags pointer. */
#define F (&fl_)
#define T(expr, want, wfl)                                                      \
    do {                                                                        \
        u8 fl_ = 0;                                                             \
        u128 got_ = (u128)(expr);                                               \
        chk(__FILE__, __LINE__, #expr, got_, (u128)(want), fl_, (u8)(wfl));     \
    } while (0)

static void chk(const char *file, int line, const char *expr, u128 got, u128 want,
                u8 gfl, u8 wfl)
{
    if (got == want && gfl == wfl)
        return;
    char b[480];
    snprintf(b, sizeof b, "%s: got 0x%llx%016llx flags 0x%02x, want 0x%llx%016llx flags 0x%02x",
             expr, (unsigned long long)(u64)(got >> 64), (unsigned long long)(u64)got, gfl,
             (unsigned long long)(u64)(want >> 64), (unsigned long long)(u64)want, wfl);
    check_fail(file, line, b);
}

/* binary32 */
#define S_PZ    0x00000000u
#define S_NZ    0x80000000u
#define S_ONE   0x3f800000u
#define S_MONE  0xbf800000u
#define S_TWO   0x40000000u
#define S_HALF  0x3f000000u
#define S_THREE 0x40400000u
#define S_PINF  0x7f800000u
#define S_NINF  0xff800000u
#define S_QNAN  0x7fc00000u
#define S_QNANP 0x7fc12345u        /* quiet NaN with payload */
#define S_NQNAN 0xffc00000u        /* negative quiet NaN */
#define S_SNAN  0x7f800001u
#define S_NSNAN 0xffa00000u
#define S_MINSUB 0x00000001u
#define S_MAXSUB 0x007fffffu
#define S_MINNORM 0x00800000u
#define S_MAX   0x7f7fffffu
#define S_NMAX  0xff7fffffu
#define S_ULP1  0x3f800001u        /* 1 + 2^-23 */
#define S_2M24  0x33800000u        /* 2^-24: half an ulp of 1 */

/* binary64 */
#define D_PZ    0x0000000000000000ull
#define D_NZ    0x8000000000000000ull
#define D_ONE   0x3ff0000000000000ull
#define D_MONE  0xbff0000000000000ull
#define D_TWO   0x4000000000000000ull
#define D_HALF  0x3fe0000000000000ull
#define D_THREE 0x4008000000000000ull
#define D_PINF  0x7ff0000000000000ull
#define D_NINF  0xfff0000000000000ull
#define D_QNAN  0x7ff8000000000000ull
#define D_QNANP 0x7ff8000000012345ull
#define D_NQNAN 0xfff8000000000000ull
#define D_SNAN  0x7ff0000000000001ull
#define D_NSNAN 0xfff4000000000000ull
#define D_MINSUB 0x0000000000000001ull
#define D_MAXSUB 0x000fffffffffffffull
#define D_MINNORM 0x0010000000000000ull
#define D_MAX   0x7fefffffffffffffull
#define D_NMAX  0xffefffffffffffffull
#define D_ULP1  0x3ff0000000000001ull
#define D_2M53  0x3ca0000000000000ull   /* 2^-53: half an ulp of 1 */

static u32 s32(int sign, int e, u32 frac) { return ((u32)sign << 31) | ((u32)e << 23) | frac; }
static u64 s64(int sign, int e, u64 frac) { return ((u64)sign << 63) | ((u64)e << 52) | frac; }

TEST(add_zeros_and_signs)
{
    T(f32_add(S_ONE, S_ONE, RNE, F), S_TWO, 0);
    for (int rm = 0; rm <= 4; rm++) {
        u32 z = rm == RDN ? S_NZ : S_PZ;
        T(f32_add(S_PZ, S_NZ, rm, F), z, 0);
        T(f32_add(S_NZ, S_PZ, rm, F), z, 0);
        T(f32_add(S_PZ, S_PZ, rm, F), S_PZ, 0);
        T(f32_add(S_NZ, S_NZ, rm, F), S_NZ, 0);
        T(f32_add(S_ONE, S_MONE, rm, F), z, 0);
        T(f32_sub(S_ONE, S_ONE, rm, F), z, 0);
        T(f32_sub(S_PZ, S_PZ, rm, F), z, 0);
        T(f32_sub(S_NZ, S_PZ, rm, F), S_NZ, 0);
        T(f32_add(S_MINSUB, S_MINSUB | S_NZ, rm, F), z, 0);
        T(f32_add(S_ONE, S_NZ, rm, F), S_ONE, 0);
        T(f32_add(S_NZ, S_MINSUB, rm, F), S_MINSUB, 0);
        u64 dz = rm == RDN ? D_NZ : D_PZ;
        T(f64_add(D_PZ, D_NZ, rm, F), dz, 0);
        T(f64_add(D_NZ, D_NZ, rm, F), D_NZ, 0);
        T(f64_add(D_ONE, D_MONE, rm, F), dz, 0);
        T(f64_sub(D_MAX, D_MAX, rm, F), dz, 0);
        T(f64_sub(D_NZ, D_PZ, rm, F), D_NZ, 0);
        T(f64_add(D_MINNORM, D_MINNORM | D_NZ, rm, F), dz, 0);
    }
}

TEST(add_specials)
{
    T(f32_add(S_PINF, S_NINF, RNE, F), S_QNAN, NV);
    T(f32_sub(S_PINF, S_PINF, RNE, F), S_QNAN, NV);
    T(f32_add(S_PINF, S_PINF, RNE, F), S_PINF, 0);
    T(f32_add(S_NINF, S_MAX, RNE, F), S_NINF, 0);
    T(f32_add(S_QNANP, S_ONE, RNE, F), S_QNAN, 0);
    T(f32_add(S_ONE, S_NQNAN, RNE, F), S_QNAN, 0);
    T(f32_add(S_SNAN, S_ONE, RNE, F), S_QNAN, NV);
    T(f32_add(S_QNAN, S_NSNAN, RNE, F), S_QNAN, NV);
    T(f32_add(S_QNAN, S_PINF, RNE, F), S_QNAN, 0);
    T(f64_add(D_PINF, D_NINF, RNE, F), D_QNAN, NV);
    T(f64_add(D_QNANP, D_ONE, RNE, F), D_QNAN, 0);
    T(f64_add(D_ONE, D_SNAN, RNE, F), D_QNAN, NV);
    T(f64_sub(D_NSNAN, D_NINF, RNE, F), D_QNAN, NV);
    T(f64_add(D_NINF, D_NINF, RNE, F), D_NINF, 0);
}

TEST(add_ties_and_directed)
{
    /* 1 + 2^-24: exactly half an ulp above 1 (even) */
    T(f32_add(S_ONE, S_2M24, RNE, F), S_ONE, NX);
    T(f32_add(S_ONE, S_2M24, RMM, F), S_ULP1, NX);
    T(f32_add(S_ONE, S_2M24, RUP, F), S_ULP1, NX);
    T(f32_add(S_ONE, S_2M24, RTZ, F), S_ONE, NX);
    T(f32_add(S_ONE, S_2M24, RDN, F), S_ONE, NX);
    /* (1 + 2^-23) + 2^-24: tie with an odd lower neighbour */
    T(f32_add(S_ULP1, S_2M24, RNE, F), 0x3f800002u, NX);
    T(f32_add(S_ULP1, S_2M24, RMM, F), 0x3f800002u, NX);
    T(f32_add(S_ULP1, S_2M24, RTZ, F), S_ULP1, NX);
    /* negative tie */
    T(f32_add(S_MONE, S_2M24 | S_NZ, RNE, F), S_MONE, NX);
    T(f32_add(S_MONE, S_2M24 | S_NZ, RMM, F), 0xbf800001u, NX);
    T(f32_add(S_MONE, S_2M24 | S_NZ, RDN, F), 0xbf800001u, NX);
    T(f32_add(S_MONE, S_2M24 | S_NZ, RUP, F), S_MONE, NX);
    /* 1 - 2^-149: just below 1 */
    T(f32_sub(S_ONE, S_MINSUB, RNE, F), S_ONE, NX);
    T(f32_sub(S_ONE, S_MINSUB, RMM, F), S_ONE, NX);
    T(f32_sub(S_ONE, S_MINSUB, RTZ, F), 0x3f7fffffu, NX);
    T(f32_sub(S_ONE, S_MINSUB, RDN, F), 0x3f7fffffu, NX);
    T(f32_sub(S_ONE, S_MINSUB, RUP, F), S_ONE, NX);
    T(f32_add(S_ONE, S_MINSUB, RUP, F), S_ULP1, NX);
    /* same in binary64 */
    T(f64_add(D_ONE, D_2M53, RNE, F), D_ONE, NX);
    T(f64_add(D_ONE, D_2M53, RMM, F), D_ULP1, NX);
    T(f64_add(D_ONE, D_2M53, RUP, F), D_ULP1, NX);
    T(f64_add(D_ULP1, D_2M53, RNE, F), D_ULP1 + 1, NX);
    T(f64_add(D_ULP1, D_2M53, RTZ, F), D_ULP1, NX);
    T(f64_sub(D_ONE, D_MINSUB, RDN, F), 0x3fefffffffffffffull, NX);
    T(f64_sub(D_ONE, D_MINSUB, RNE, F), D_ONE, NX);
    T(f64_add(D_MONE, D_2M53 | D_NZ, RMM, F), D_MONE + 1, NX);
    T(f64_add(D_MONE, D_2M53 | D_NZ, RDN, F), D_MONE + 1, NX);
    T(f64_add(D_MONE, D_2M53 | D_NZ, RUP, F), D_MONE, NX);
    /* exact cancellation and exact results raise nothing */
    T(f64_add(0x3ff8000000000000ull, 0xbff0000000000000ull, RNE, F), D_HALF, 0);
    T(f32_sub(S_THREE, S_ONE, RUP, F), S_TWO, 0);
}

TEST(add_overflow)
{
    T(f32_add(S_MAX, S_MAX, RNE, F), S_PINF, OF | NX);
    T(f32_add(S_MAX, S_MAX, RMM, F), S_PINF, OF | NX);
    T(f32_add(S_MAX, S_MAX, RTZ, F), S_MAX, OF | NX);
    T(f32_add(S_MAX, S_MAX, RDN, F), S_MAX, OF | NX);
    T(f32_add(S_MAX, S_MAX, RUP, F), S_PINF, OF | NX);
    T(f32_add(S_NMAX, S_NMAX, RNE, F), S_NINF, OF | NX);
    T(f32_add(S_NMAX, S_NMAX, RTZ, F), S_NMAX, OF | NX);
    T(f32_add(S_NMAX, S_NMAX, RDN, F), S_NINF, OF | NX);
    T(f32_add(S_NMAX, S_NMAX, RUP, F), S_NMAX, OF | NX);
    /* max + half an ulp: RNE ties to even = 2^128 -> overflow; RTZ stays, no OF */
    T(f32_add(S_MAX, s32(0, 254 - 24, 0), RNE, F), S_PINF, OF | NX);
    T(f32_add(S_MAX, s32(0, 254 - 24, 0), RMM, F), S_PINF, OF | NX);
    T(f32_add(S_MAX, s32(0, 254 - 24, 0), RTZ, F), S_MAX, NX);
    T(f32_add(S_MAX, s32(0, 254 - 24, 0), RDN, F), S_MAX, NX);
    /* max + less than half an ulp */
    T(f32_add(S_MAX, s32(0, 254 - 25, 0), RNE, F), S_MAX, NX);
    T(f32_add(S_MAX, s32(0, 254 - 25, 0), RUP, F), S_PINF, OF | NX);
    T(f64_add(D_MAX, D_MAX, RNE, F), D_PINF, OF | NX);
    T(f64_add(D_MAX, D_MAX, RTZ, F), D_MAX, OF | NX);
    T(f64_add(D_NMAX, D_NMAX, RUP, F), D_NMAX, OF | NX);
    T(f64_add(D_NMAX, D_NMAX, RDN, F), D_NINF, OF | NX);
    T(f64_add(D_MAX, s64(0, 2046 - 53, 0), RNE, F), D_PINF, OF | NX);
    T(f64_add(D_MAX, s64(0, 2046 - 53, 0), RTZ, F), D_MAX, NX);
}

TEST(add_subnormal)
{
    /* subnormal sums are exact: no UF even though tiny */
    T(f32_add(S_MINSUB, S_MINSUB, RNE, F), 2u, 0);
    T(f32_add(S_MAXSUB, S_MINSUB, RNE, F), S_MINNORM, 0);
    T(f32_sub(S_MINNORM, S_MINSUB, RNE, F), S_MAXSUB, 0);
    T(f32_sub(0x00800001u, S_MINNORM, RDN, F), S_MINSUB, 0);
    T(f64_add(D_MINSUB, D_MINSUB, RNE, F), 2u, 0);
    T(f64_add(D_MAXSUB, D_MINSUB, RNE, F), D_MINNORM, 0);
    T(f64_sub(D_MINNORM, D_MINSUB, RTZ, F), D_MAXSUB, 0);
    T(f64_sub(0x0020000000000001ull, 0x0020000000000000ull, RNE, F), 2u, 0);
}

TEST(mul)
{
    T(f32_mul(S_PINF, S_PZ, RNE, F), S_QNAN, NV);
    T(f32_mul(S_NZ, S_NINF, RNE, F), S_QNAN, NV);
    T(f32_mul(S_PZ, S_QNAN, RNE, F), S_QNAN, 0);
    T(f32_mul(S_SNAN, S_PZ, RNE, F), S_QNAN, NV);
    T(f32_mul(S_NZ, S_ONE, RNE, F), S_NZ, 0);
    T(f32_mul(S_NZ, S_MONE, RDN, F), S_PZ, 0);
    T(f32_mul(S_NINF, S_MONE, RNE, F), S_PINF, 0);
    T(f32_mul(S_THREE, S_HALF, RNE, F), 0x3fc00000u, 0);
    T(f32_mul(S_MAX, S_TWO, RNE, F), S_PINF, OF | NX);
    T(f32_mul(S_MAX, S_TWO, RTZ, F), S_MAX, OF | NX);
    T(f32_mul(S_MAX, S_TWO | S_NZ, RUP, F), S_NMAX, OF | NX);
    T(f32_mul(S_MAX, S_TWO | S_NZ, RDN, F), S_NINF, OF | NX);
    /* min subnormal / 2: a tie between 0 and min subnormal */
    T(f32_mul(S_MINSUB, S_HALF, RNE, F), S_PZ, UF | NX);
    T(f32_mul(S_MINSUB, S_HALF, RMM, F), S_MINSUB, UF | NX);
    T(f32_mul(S_MINSUB, S_HALF, RUP, F), S_MINSUB, UF | NX);
    T(f32_mul(S_MINSUB, S_HALF, RTZ, F), S_PZ, UF | NX);
    T(f32_mul(S_MINSUB | S_NZ, S_HALF, RNE, F), S_NZ, UF | NX);
    T(f32_mul(S_MINSUB | S_NZ, S_HALF, RDN, F), S_MINSUB | S_NZ, UF | NX);
    T(f32_mul(S_MINSUB, s32(0, 126, 0x400000), RNE, F), S_MINSUB, UF | NX);   /* 0.75 */
    T(f32_mul(S_MINSUB, s32(0, 125, 0), RUP, F), S_MINSUB, UF | NX);          /* 0.25 */
    T(f32_mul(S_MAXSUB, S_TWO, RNE, F), 0x00fffffeu, 0);                      /* exact */
    T(f32_mul(S_MINNORM, S_HALF, RNE, F), 0x00400000u, 0);                    /* exact tiny */
    /* min normal * (1 - 2^-24): tiny after rounding too; RNE tie -> min normal */
    T(f32_mul(S_MINNORM, 0x3f7fffffu, RNE, F), S_MINNORM, UF | NX);
    T(f32_mul(S_MINNORM, 0x3f7fffffu, RMM, F), S_MINNORM, UF | NX);
    T(f32_mul(S_MINNORM, 0x3f7fffffu, RTZ, F), S_MAXSUB, UF | NX);
    T(f32_mul(S_MINNORM, 0x3f7fffffu, RUP, F), S_MINNORM, UF | NX);
    /* 2^-126 (1 - 2^-26): tiny before rounding, not after -> no UF in RNE/RUP/RMM */
    u32 a = s32(0, 63, 0x7ff800), b = s32(0, 64, 0x400);  /* (1-2^-13)2^-63, (1+2^-13)2^-63 */
    T(f32_mul(a, b, RNE, F), S_MINNORM, NX);
    T(f32_mul(a, b, RMM, F), S_MINNORM, NX);
    T(f32_mul(a, b, RUP, F), S_MINNORM, NX);
    T(f32_mul(a, b, RTZ, F), S_MAXSUB, UF | NX);
    T(f32_mul(a, b, RDN, F), S_MAXSUB, UF | NX);
    T(f32_mul(a | S_NZ, b, RDN, F), S_MINNORM | S_NZ, NX);
    /* binary64 */
    T(f64_mul(D_PINF, D_NZ, RNE, F), D_QNAN, NV);
    T(f64_mul(D_QNAN, D_PINF, RNE, F), D_QNAN, 0);
    T(f64_mul(D_MAX, D_TWO, RMM, F), D_PINF, OF | NX);
    T(f64_mul(D_MINSUB, D_HALF, RNE, F), D_PZ, UF | NX);
    T(f64_mul(D_MINSUB, D_HALF, RMM, F), D_MINSUB, UF | NX);
    T(f64_mul(D_MINNORM, 0x3fefffffffffffffull, RNE, F), D_MINNORM, UF | NX);
    T(f64_mul(D_MINNORM, 0x3fefffffffffffffull, RTZ, F), D_MAXSUB, UF | NX);
    u64 c = s64(0, 1023 - 512, 0xffffffe000000ull);   /* (1 - 2^-28) 2^-511 */
    u64 d = s64(0, 1023 - 511, 0x0000001000000ull);   /* (1 + 2^-28) 2^-511 */
    T(f64_mul(c, d, RNE, F), D_MINNORM, NX);
    T(f64_mul(c, d, RTZ, F), D_MAXSUB, UF | NX);
    /* ties in the product */
    T(f32_mul(0x3f800001u, 0x3fc00000u, RNE, F), 0x3fc00002u, NX);  /* 1.5 + 1.5*2^-23 */
    T(f32_mul(0x3f800001u, 0x3fc00000u, RMM, F), 0x3fc00002u, NX);
    T(f32_mul(0x3f800003u, 0x3fc00000u, RNE, F), 0x3fc00004u, NX);
    T(f32_mul(0x3f800003u, 0x3fc00000u, RMM, F), 0x3fc00005u, NX);
    T(f64_mul(0x3ff0000000000003ull, 0x3ff8000000000000ull, RNE, F), 0x3ff8000000000004ull, NX);
    T(f64_mul(0x3ff0000000000003ull, 0x3ff8000000000000ull, RMM, F), 0x3ff8000000000005ull, NX);
    T(f64_mul(0x3ff0000000000003ull, 0x3ff8000000000000ull, RTZ, F), 0x3ff8000000000004ull, NX);
}

TEST(div)
{
    T(f32_div(S_ONE, S_PZ, RNE, F), S_PINF, DZ);
    T(f32_div(S_MONE, S_PZ, RNE, F), S_NINF, DZ);
    T(f32_div(S_ONE, S_NZ, RNE, F), S_NINF, DZ);
    T(f32_div(S_PZ, S_PZ, RNE, F), S_QNAN, NV);
    T(f32_div(S_PINF, S_NINF, RNE, F), S_QNAN, NV);
    T(f32_div(S_PINF, S_PZ, RNE, F), S_PINF, 0);          /* no DZ for inf / 0 */
    T(f32_div(S_PZ, S_PINF, RNE, F), S_PZ, 0);
    T(f32_div(S_ONE, S_NINF, RNE, F), S_NZ, 0);
    T(f32_div(S_QNAN, S_PZ, RNE, F), S_QNAN, 0);
    T(f32_div(S_SNAN, S_PZ, RNE, F), S_QNAN, NV);
    T(f32_div(S_NZ, S_THREE, RNE, F), S_NZ, 0);
    T(f32_div(0x40c00000u, S_THREE, RNE, F), S_TWO, 0);   /* 6 / 3 */
    T(f32_div(S_ONE, S_THREE, RNE, F), 0x3eaaaaabu, NX);
    T(f32_div(S_ONE, S_THREE, RMM, F), 0x3eaaaaabu, NX);
    T(f32_div(S_ONE, S_THREE, RUP, F), 0x3eaaaaabu, NX);
    T(f32_div(S_ONE, S_THREE, RTZ, F), 0x3eaaaaaau, NX);
    T(f32_div(S_ONE, S_THREE, RDN, F), 0x3eaaaaaau, NX);
    T(f32_div(S_MONE, S_THREE, RDN, F), 0xbeaaaaabu, NX);
    T(f32_div(S_MONE, S_THREE, RUP, F), 0xbeaaaaaau, NX);
    T(f32_div(S_MAX, S_HALF, RNE, F), S_PINF, OF | NX);
    T(f32_div(S_MAX, S_HALF, RTZ, F), S_MAX, OF | NX);
    T(f32_div(S_MINSUB, S_TWO, RNE, F), S_PZ, UF | NX);
    T(f32_div(S_MINSUB, S_TWO, RMM, F), S_MINSUB, UF | NX);
    T(f32_div(S_MINNORM, S_TWO, RNE, F), 0x00400000u, 0);
    T(f64_div(D_ONE, D_PZ, RNE, F), D_PINF, DZ);
    T(f64_div(D_NZ, D_NZ, RNE, F), D_QNAN, NV);
    T(f64_div(D_ONE, D_THREE, RNE, F), 0x3fd5555555555555ull, NX);
    T(f64_div(D_ONE, D_THREE, RUP, F), 0x3fd5555555555556ull, NX);
    T(f64_div(D_ONE, D_THREE, RMM, F), 0x3fd5555555555555ull, NX);
    T(f64_div(D_TWO, D_THREE, RNE, F), 0x3fe5555555555555ull, NX);
    T(f64_div(D_TWO, D_THREE, RMM, F), 0x3fe5555555555555ull, NX);
    T(f64_div(D_TWO, D_THREE, RUP, F), 0x3fe5555555555556ull, NX);
    T(f64_div(D_MAX, D_HALF, RDN, F), D_MAX, OF | NX);
    T(f64_div(D_MINNORM, 0x4330000000000000ull, RNE, F), 0x0000000000000001ull, 0); /* / 2^52 */
    T(f64_div(D_MINNORM, 0x4340000000000000ull, RNE, F), D_PZ, UF | NX);           /* / 2^53 */
    T(f64_div(D_MINNORM, 0x4340000000000000ull, RUP, F), D_MINSUB, UF | NX);
}

TEST(sqrt)
{
    for (int rm = 0; rm <= 4; rm++) {
        T(f32_sqrt(S_NZ, rm, F), S_NZ, 0);
        T(f32_sqrt(S_PZ, rm, F), S_PZ, 0);
        T(f64_sqrt(D_NZ, rm, F), D_NZ, 0);
    }
    T(f32_sqrt(S_MONE, RNE, F), S_QNAN, NV);
    T(f32_sqrt(S_NINF, RNE, F), S_QNAN, NV);
    T(f32_sqrt(S_MINSUB | S_NZ, RNE, F), S_QNAN, NV);
    T(f32_sqrt(S_PINF, RNE, F), S_PINF, 0);
    T(f32_sqrt(S_QNANP, RNE, F), S_QNAN, 0);
    T(f32_sqrt(S_NQNAN, RNE, F), S_QNAN, 0);
    T(f32_sqrt(S_SNAN, RNE, F), S_QNAN, NV);
    T(f32_sqrt(0x40800000u, RNE, F), S_TWO, 0);
    T(f32_sqrt(S_TWO, RNE, F), 0x3fb504f3u, NX);
    T(f32_sqrt(S_TWO, RTZ, F), 0x3fb504f3u, NX);
    T(f32_sqrt(S_TWO, RMM, F), 0x3fb504f3u, NX);
    T(f32_sqrt(S_TWO, RUP, F), 0x3fb504f4u, NX);
    T(f32_sqrt(S_MINSUB, RNE, F), 0x1a3504f3u, NX);       /* 2^-74.5 */
    T(f32_sqrt(0x00000002u, RNE, F), 0x1a800000u, 0);     /* 2^-148 -> 2^-74 exactly */
    T(f32_sqrt(S_MAX, RNE, F), 0x5f7fffffu, NX);          /* 2^64 (1 - 2^-25 - ...) */
    T(f32_sqrt(S_MAX, RUP, F), 0x5f800000u, NX);
    T(f64_sqrt(D_MONE, RNE, F), D_QNAN, NV);
    T(f64_sqrt(D_SNAN, RNE, F), D_QNAN, NV);
    T(f64_sqrt(D_PINF, RNE, F), D_PINF, 0);
    T(f64_sqrt(D_TWO, RNE, F), 0x3ff6a09e667f3bcdull, NX);
    T(f64_sqrt(D_TWO, RTZ, F), 0x3ff6a09e667f3bccull, NX);
    T(f64_sqrt(D_TWO, RUP, F), 0x3ff6a09e667f3bcdull, NX);
    T(f64_sqrt(0x4022000000000000ull, RNE, F), D_THREE, 0);   /* sqrt(9) */
    T(f64_sqrt(D_MINSUB, RNE, F), 0x1e60000000000000ull, 0);  /* 2^-1074 -> 2^-537 */
    T(f64_sqrt(D_MAXSUB, RNE, F), 0x1fffffffffffffffull, NX);   /* just below 2^-511 (1-2^-53) */
    T(f64_sqrt(D_MAXSUB, RUP, F), 0x1fffffffffffffffull, NX);
    T(f64_sqrt(D_MAXSUB, RTZ, F), 0x1ffffffffffffffeull, NX);
}

TEST(fma)
{
    /* inf * 0 is invalid even with a quiet NaN addend */
    T(f32_fma(S_PINF, S_PZ, S_QNAN, FP_FMADD, RNE, F), S_QNAN, NV);
    T(f32_fma(S_NZ, S_NINF, S_QNANP, FP_FNMADD, RNE, F), S_QNAN, NV);
    T(f64_fma(D_PINF, D_PZ, D_QNAN, FP_FMADD, RNE, F), D_QNAN, NV);
    T(f64_fma(D_PZ, D_NINF, D_ONE, FP_FMSUB, RNE, F), D_QNAN, NV);
    T(f32_fma(S_QNAN, S_ONE, S_ONE, FP_FMADD, RNE, F), S_QNAN, 0);
    T(f32_fma(S_ONE, S_ONE, S_SNAN, FP_FMADD, RNE, F), S_QNAN, NV);
    T(f32_fma(S_QNAN, S_PZ, S_ONE, FP_FMADD, RNE, F), S_QNAN, 0);
    T(f64_fma(D_SNAN, D_PZ, D_QNAN, FP_FMADD, RNE, F), D_QNAN, NV);
    /* inf - inf in every variant */
    T(f32_fma(S_PINF, S_ONE, S_NINF, FP_FMADD, RNE, F), S_QNAN, NV);
    T(f32_fma(S_PINF, S_ONE, S_PINF, FP_FMSUB, RNE, F), S_QNAN, NV);
    T(f32_fma(S_PINF, S_ONE, S_PINF, FP_FNMSUB, RNE, F), S_QNAN, NV);
    T(f32_fma(S_PINF, S_ONE, S_NINF, FP_FNMADD, RNE, F), S_QNAN, NV);
    T(f32_fma(S_PINF, S_ONE, S_PINF, FP_FMADD, RNE, F), S_PINF, 0);
    T(f32_fma(S_PINF, S_ONE, S_PINF, FP_FNMADD, RNE, F), S_NINF, 0);
    T(f32_fma(S_ONE, S_ONE, S_PINF, FP_FNMADD, RNE, F), S_NINF, 0);
    T(f64_fma(D_MAX, D_MAX, D_NINF, FP_FMADD, RNE, F), D_NINF, 0);
    T(f64_fma(D_PINF, D_MONE, D_ONE, FP_FNMSUB, RNE, F), D_PINF, 0);
    /* signs of exact zeros */
    for (int rm = 0; rm <= 4; rm++) {
        u32 z = rm == RDN ? S_NZ : S_PZ;
        T(f32_fma(S_PZ, S_ONE, S_NZ, FP_FMADD, rm, F), z, 0);
        T(f32_fma(S_NZ, S_ONE, S_NZ, FP_FMADD, rm, F), S_NZ, 0);
        T(f32_fma(S_PZ, S_ONE, S_PZ, FP_FNMADD, rm, F), S_NZ, 0);   /* -0 - 0 */
        T(f32_fma(S_PZ, S_ONE, S_PZ, FP_FNMSUB, rm, F), z, 0);      /* -0 + 0 */
        T(f32_fma(S_PZ, S_ONE, S_PZ, FP_FMSUB, rm, F), z, 0);       /* 0 - 0 */
        T(f32_fma(S_ONE, S_ONE, S_ONE, FP_FMSUB, rm, F), z, 0);
        T(f32_fma(S_ONE, S_ONE, S_ONE, FP_FNMSUB, rm, F), z, 0);
        T(f32_fma(S_PZ, S_MONE, S_THREE, FP_FMADD, rm, F), S_THREE, 0);
        u64 dz = rm == RDN ? D_NZ : D_PZ;
        T(f64_fma(D_ONE, D_TWO, D_TWO, FP_FMSUB, rm, F), dz, 0);
        T(f64_fma(D_NZ, D_ONE, D_PZ, FP_FMADD, rm, F), dz, 0);
        T(f64_fma(D_NZ, D_ONE, D_PZ, FP_FMSUB, rm, F), D_NZ, 0);
        T(f64_fma(D_PZ, D_PZ, D_NZ, FP_FNMSUB, rm, F), D_NZ, 0);    /* -0 + -0 */
    }
    /* a single rounding: (1+2^-23)(1-2^-23) - 1 = -2^-46 exactly */
    T(f32_fma(S_ULP1, 0x3f7ffffeu, S_ONE, FP_FMSUB, RNE, F), 0xa8800000u, 0);
    T(f32_fma(S_ULP1, 0x3f7ffffeu, S_MONE, FP_FMADD, RNE, F), 0xa8800000u, 0);
    T(f32_fma(S_ULP1, 0x3f7ffffeu, S_ONE, FP_FNMSUB, RNE, F), 0x28800000u, 0);
    T(f64_fma(D_ULP1, 0x3feffffffffffffeull, D_MONE, FP_FMADD, RNE, F),
      0xb970000000000000ull, 0);   /* (1+2^-52)(1-2^-52) - 1 = -2^-104 */
    /* intermediate overflow is not an overflow */
    T(f32_fma(S_MAX, S_TWO, S_MAX, FP_FMSUB, RNE, F), S_MAX, 0);
    T(f64_fma(D_MAX, D_TWO, D_MAX, FP_FMSUB, RNE, F), D_MAX, 0);
    T(f64_fma(D_MAX, D_TWO, D_MAX, FP_FMADD, RTZ, F), D_MAX, OF | NX);
    /* ties decided on the exact sum: 1 + 2^-24 built as 2^-12 * 2^-12 + 1 */
    T(f32_fma(0x39800000u, 0x39800000u, S_ONE, FP_FMADD, RNE, F), S_ONE, NX);
    T(f32_fma(0x39800000u, 0x39800000u, S_ONE, FP_FMADD, RMM, F), S_ULP1, NX);
    T(f32_fma(0x39800000u, 0x39800001u, S_ONE, FP_FMADD, RNE, F), S_ULP1, NX);  /* just above */
    T(f64_fma(0x3e60000000000000ull, 0x3e30000000000000ull, D_ONE, FP_FMADD, RNE, F), D_ONE, NX);
    T(f64_fma(0x3e60000000000000ull, 0x3e30000000000000ull, D_ONE, FP_FMADD, RMM, F), D_ULP1, NX);
    T(f64_fma(0x3e60000000000000ull, 0x3e30000000000001ull, D_ONE, FP_FMADD, RNE, F), D_ULP1, NX);
    /* a tiny addend only moves the rounding */
    T(f64_fma(D_ONE, D_ONE, D_MINSUB, FP_FMADD, RUP, F), D_ULP1, NX);
    T(f64_fma(D_ONE, D_ONE, D_MINSUB, FP_FMSUB, RTZ, F), 0x3fefffffffffffffull, NX);
    T(f64_fma(D_ONE, D_ONE, D_MINSUB, FP_FMSUB, RNE, F), D_ONE, NX);
    /* underflow in the fused result: 2^-75 * 2^-75 - 0 is tiny, inexact only via tie */
    T(f32_fma(0x1a000000u, 0x1a000000u, S_PZ, FP_FMADD, RNE, F), S_PZ, UF | NX);   /* 2^-150 */
    T(f32_fma(0x1a000000u, 0x1a000000u, S_PZ, FP_FMADD, RMM, F), S_MINSUB, UF | NX);
    T(f32_fma(0x1a000000u, 0x1a000000u, S_MINSUB, FP_FMADD, RNE, F), 2u, UF | NX);  /* 1.5 ulp */
    T(f32_fma(S_MINNORM, S_ONE, S_MINSUB, FP_FMSUB, RNE, F), S_MAXSUB, 0);
    /* product far below the addend */
    T(f32_fma(S_MINSUB, S_MINSUB, S_ONE, FP_FMADD, RNE, F), S_ONE, NX);
    T(f32_fma(S_MINSUB, S_MINSUB, S_ONE, FP_FMADD, RUP, F), S_ULP1, NX);
    T(f32_fma(S_MINSUB, S_MINSUB, S_ONE, FP_FMSUB, RDN, F), S_MONE, NX);
    T(f32_fma(S_MINSUB, S_MINSUB, S_ONE, FP_FMSUB, RUP, F), 0xbf7fffffu, NX);
    T(f64_fma(D_MINSUB, D_MINSUB, D_MONE, FP_FMADD, RDN, F), D_MONE, NX);
    T(f64_fma(D_MINSUB, D_MINSUB, D_MONE, FP_FMADD, RUP, F), 0xbfefffffffffffffull, NX);
    /* the named wrappers */
    T(f32_fmadd(S_TWO, S_THREE, S_ONE, RNE, F), 0x40e00000u, 0);    /*  7 */
    T(f32_fmsub(S_TWO, S_THREE, S_ONE, RNE, F), 0x40a00000u, 0);    /*  5 */
    T(f32_fnmsub(S_TWO, S_THREE, S_ONE, RNE, F), 0xc0a00000u, 0);   /* -5 */
    T(f32_fnmadd(S_TWO, S_THREE, S_ONE, RNE, F), 0xc0e00000u, 0);   /* -7 */
    T(f64_fmadd(D_TWO, D_THREE, D_ONE, RNE, F), 0x401c000000000000ull, 0);
    T(f64_fmsub(D_TWO, D_THREE, D_ONE, RNE, F), 0x4014000000000000ull, 0);
    T(f64_fnmsub(D_TWO, D_THREE, D_ONE, RNE, F), 0xc014000000000000ull, 0);
    T(f64_fnmadd(D_TWO, D_THREE, D_ONE, RNE, F), 0xc01c000000000000ull, 0);
}

TEST(minmax)
{
    T(f32_min(S_PZ, S_NZ, F), S_NZ, 0);
    T(f32_min(S_NZ, S_PZ, F), S_NZ, 0);
    T(f32_max(S_PZ, S_NZ, F), S_PZ, 0);
    T(f32_max(S_NZ, S_PZ, F), S_PZ, 0);
    T(f32_min(S_QNAN, S_ONE, F), S_ONE, 0);
    T(f32_min(S_ONE, S_QNANP, F), S_ONE, 0);
    T(f32_max(S_NQNAN, S_MONE, F), S_MONE, 0);
    T(f32_min(S_SNAN, S_ONE, F), S_ONE, NV);
    T(f32_max(S_ONE, S_NSNAN, F), S_ONE, NV);
    T(f32_min(S_QNANP, S_QNANP, F), S_QNAN, 0);
    T(f32_max(S_SNAN, S_QNAN, F), S_QNAN, NV);
    T(f32_max(S_NINF, S_QNAN, F), S_NINF, 0);
    T(f32_min(S_ONE, S_TWO, F), S_ONE, 0);
    T(f32_max(S_ONE, S_TWO, F), S_TWO, 0);
    T(f32_min(S_MONE, S_TWO | S_NZ, F), S_TWO | S_NZ, 0);
    T(f32_max(S_MONE, S_TWO | S_NZ, F), S_MONE, 0);
    T(f32_min(S_NINF, S_PINF, F), S_NINF, 0);
    T(f32_max(S_NINF, S_PINF, F), S_PINF, 0);
    T(f32_min(S_MINSUB | S_NZ, S_PZ, F), S_MINSUB | S_NZ, 0);
    T(f32_max(S_MINSUB, S_NZ, F), S_MINSUB, 0);
    T(f64_min(D_PZ, D_NZ, F), D_NZ, 0);
    T(f64_max(D_NZ, D_PZ, F), D_PZ, 0);
    T(f64_min(D_QNAN, D_QNAN, F), D_QNAN, 0);
    T(f64_min(D_SNAN, D_MONE, F), D_MONE, NV);
    T(f64_max(D_QNANP, D_NINF, F), D_NINF, 0);
    T(f64_min(D_ONE, D_ULP1, F), D_ONE, 0);
    T(f64_max(D_MONE, D_MONE + 1, F), D_MONE, 0);
}

TEST(compare)
{
    T(f32_eq(S_PZ, S_NZ, F), 1, 0);
    T(f32_lt(S_NZ, S_PZ, F), 0, 0);
    T(f32_le(S_NZ, S_PZ, F), 1, 0);
    T(f32_le(S_PZ, S_NZ, F), 1, 0);
    T(f32_eq(S_QNAN, S_ONE, F), 0, 0);
    T(f32_eq(S_QNAN, S_QNAN, F), 0, 0);
    T(f32_eq(S_SNAN, S_ONE, F), 0, NV);
    T(f32_eq(S_ONE, S_NSNAN, F), 0, NV);
    T(f32_lt(S_QNAN, S_ONE, F), 0, NV);
    T(f32_le(S_ONE, S_QNAN, F), 0, NV);
    T(f32_lt(S_ONE, S_TWO, F), 1, 0);
    T(f32_lt(S_TWO, S_ONE, F), 0, 0);
    T(f32_lt(S_TWO | S_NZ, S_MONE, F), 1, 0);
    T(f32_lt(S_MONE, S_TWO | S_NZ, F), 0, 0);
    T(f32_lt(S_NINF, S_PINF, F), 1, 0);
    T(f32_lt(S_PINF, S_PINF, F), 0, 0);
    T(f32_le(S_PINF, S_PINF, F), 1, 0);
    T(f32_lt(S_MONE, S_MONE, F), 0, 0);
    T(f32_le(S_MONE, S_MONE, F), 1, 0);
    T(f32_lt(S_MONE, S_PZ, F), 1, 0);
    T(f32_lt(S_MINSUB | S_NZ, S_PZ, F), 1, 0);
    T(f32_le(S_MINSUB, S_NZ, F), 0, 0);
    T(f32_eq(S_ONE, S_ULP1, F), 0, 0);
    T(f64_eq(D_NZ, D_PZ, F), 1, 0);
    T(f64_eq(D_SNAN, D_SNAN, F), 0, NV);
    T(f64_lt(D_QNAN, D_QNAN, F), 0, NV);
    T(f64_le(D_NINF, D_QNAN, F), 0, NV);
    T(f64_lt(D_MONE - 1, D_MONE, F), 0, 0);
    T(f64_lt(D_MONE, D_MONE - 1, F), 1, 0);
    T(f64_le(D_MAXSUB, D_MINNORM, F), 1, 0);
    T(f64_lt(D_NZ, D_PZ, F), 0, 0);
}

TEST(fclass)
{
    T(f32_class(S_NINF), FP_CLASS_NINF, 0);
    T(f32_class(S_MONE), FP_CLASS_NNORM, 0);
    T(f32_class(S_NMAX), FP_CLASS_NNORM, 0);
    T(f32_class(S_MAXSUB | S_NZ), FP_CLASS_NSUB, 0);
    T(f32_class(S_NZ), FP_CLASS_NZERO, 0);
    T(f32_class(S_PZ), FP_CLASS_PZERO, 0);
    T(f32_class(S_MINSUB), FP_CLASS_PSUB, 0);
    T(f32_class(S_MINNORM), FP_CLASS_PNORM, 0);
    T(f32_class(S_PINF), FP_CLASS_PINF, 0);
    T(f32_class(S_SNAN), FP_CLASS_SNAN, 0);
    T(f32_class(S_NSNAN), FP_CLASS_SNAN, 0);
    T(f32_class(S_QNAN), FP_CLASS_QNAN, 0);
    T(f32_class(S_NQNAN), FP_CLASS_QNAN, 0);
    T(f64_class(D_NINF), 1 << 0, 0);
    T(f64_class(D_NMAX), 1 << 1, 0);
    T(f64_class(D_MINSUB | D_NZ), 1 << 2, 0);
    T(f64_class(D_NZ), 1 << 3, 0);
    T(f64_class(D_PZ), 1 << 4, 0);
    T(f64_class(D_MAXSUB), 1 << 5, 0);
    T(f64_class(D_ONE), 1 << 6, 0);
    T(f64_class(D_PINF), 1 << 7, 0);
    T(f64_class(D_SNAN), 1 << 8, 0);
    T(f64_class(D_QNANP), 1 << 9, 0);
}

TEST(f32_f64_conversions)
{
    T(f32_to_f64(S_ONE, F), D_ONE, 0);
    T(f32_to_f64(S_NZ, F), D_NZ, 0);
    T(f32_to_f64(S_NINF, F), D_NINF, 0);
    T(f32_to_f64(S_QNANP, F), D_QNAN, 0);
    T(f32_to_f64(S_NQNAN, F), D_QNAN, 0);
    T(f32_to_f64(S_SNAN, F), D_QNAN, NV);
    T(f32_to_f64(S_MINSUB, F), 0x36a0000000000000ull, 0);
    T(f32_to_f64(S_MAXSUB | S_NZ, F), 0xb80fffffc0000000ull, 0);
    T(f32_to_f64(S_MAX, F), 0x47efffffe0000000ull, 0);
    T(f64_to_f32(D_ONE, RNE, F), S_ONE, 0);
    T(f64_to_f32(D_NZ, RNE, F), S_NZ, 0);
    T(f64_to_f32(D_NINF, RUP, F), S_NINF, 0);
    T(f64_to_f32(D_QNANP, RNE, F), S_QNAN, 0);
    T(f64_to_f32(D_NSNAN, RNE, F), S_QNAN, NV);
    T(f64_to_f32(0x3fd5555555555555ull, RNE, F), 0x3eaaaaabu, NX);  /* 1/3 */
    T(f64_to_f32(0x3fd5555555555555ull, RTZ, F), 0x3eaaaaaau, NX);
    T(f64_to_f32(D_MAX, RNE, F), S_PINF, OF | NX);
    T(f64_to_f32(D_MAX, RTZ, F), S_MAX, OF | NX);
    T(f64_to_f32(D_NMAX, RUP, F), S_NMAX, OF | NX);
    T(f64_to_f32(D_NMAX, RDN, F), S_NINF, OF | NX);
    /* f32 max + half an ulp: RNE/RMM overflow, RTZ does not */
    T(f64_to_f32(0x47effffff0000000ull, RNE, F), S_PINF, OF | NX);
    T(f64_to_f32(0x47effffff0000000ull, RMM, F), S_PINF, OF | NX);
    T(f64_to_f32(0x47effffff0000000ull, RTZ, F), S_MAX, NX);
    T(f64_to_f32(0x47efffffefffffffull, RNE, F), S_MAX, NX);
    T(f64_to_f32(D_MINSUB, RNE, F), S_PZ, UF | NX);
    T(f64_to_f32(D_MINSUB, RUP, F), S_MINSUB, UF | NX);
    T(f64_to_f32(D_MINSUB | D_NZ, RDN, F), S_MINSUB | S_NZ, UF | NX);
    T(f64_to_f32(D_MINSUB | D_NZ, RMM, F), S_NZ, UF | NX);
    T(f64_to_f32(0x36a0000000000000ull, RNE, F), S_MINSUB, 0);         /* 2^-149 exact */
    T(f64_to_f32(0x3690000000000000ull, RNE, F), S_PZ, UF | NX);       /* 2^-150: tie */
    T(f64_to_f32(0x3690000000000000ull, RMM, F), S_MINSUB, UF | NX);
    T(f64_to_f32(0x3690000000000001ull, RNE, F), S_MINSUB, UF | NX);
    /* 2^-126 (1 - 2^-29): not tiny after rounding in RNE; tiny in RTZ */
    T(f64_to_f32(0x380fffffff000000ull, RNE, F), S_MINNORM, NX);
    T(f64_to_f32(0x380fffffff000000ull, RTZ, F), S_MAXSUB, UF | NX);
    /* 2^-126 (1 - 2^-24): tiny after rounding as well */
    T(f64_to_f32(0x380fffffe0000000ull, RNE, F), S_MINNORM, UF | NX);
    T(f64_to_f32(0x380fffffe0000000ull, RTZ, F), S_MAXSUB, UF | NX);
    /* 2^-126 (1 - 2^-25): a tie at 24 bits that RNE rounds up -> not tiny */
    T(f64_to_f32(0x380ffffff0000000ull, RNE, F), S_MINNORM, NX);
    T(f64_to_f32(0x380ffffff0000000ull, RMM, F), S_MINNORM, NX);
    T(f64_to_f32(0x380ffffff0000000ull, RUP, F), S_MINNORM, NX);
    T(f64_to_f32(0x380ffffff0000000ull, RDN, F), S_MAXSUB, UF | NX);
}

TEST(float_to_int_saturation)
{
    static const u32 s_nans[] = { S_QNAN, S_NQNAN, S_SNAN, S_NSNAN, S_QNANP };
    for (unsigned i = 0; i < 5; i++) {
        u32 n = s_nans[i];
        u64 d = f32_to_f64(n, &(u8){ 0 });
        T((u32)f32_to_i32(n, RNE, F), 0x7fffffff, NV);
        T(f32_to_u32(n, RNE, F), 0xffffffffu, NV);
        T((u64)f32_to_i64(n, RNE, F), 0x7fffffffffffffffull, NV);
        T(f32_to_u64(n, RNE, F), ~0ull, NV);
        T(f32_to_i128(n, RNE, F), ~(u128)0 >> 1, NV);
        T(f32_to_u128(n, RNE, F), ~(u128)0, NV);
        T((u32)f64_to_i32(d, RNE, F), 0x7fffffff, NV);
        T(f64_to_u32(d, RNE, F), 0xffffffffu, NV);
        T((u64)f64_to_i64(d, RNE, F), 0x7fffffffffffffffull, NV);
        T(f64_to_u64(d, RNE, F), ~0ull, NV);
        T(f64_to_i128(d, RNE, F), ~(u128)0 >> 1, NV);
        T(f64_to_u128(d, RNE, F), ~(u128)0, NV);
    }
    T((u32)f64_to_i32(D_SNAN, RNE, F), 0x7fffffff, NV);
    for (int rm = 0; rm <= 4; rm++) {
        T((u32)f32_to_i32(S_PINF, rm, F), 0x7fffffff, NV);
        T((u32)f32_to_i32(S_NINF, rm, F), 0x80000000u, NV);
        T(f32_to_u32(S_PINF, rm, F), 0xffffffffu, NV);
        T(f32_to_u32(S_NINF, rm, F), 0, NV);
        T((u64)f32_to_i64(S_NINF, rm, F), 0x8000000000000000ull, NV);
        T(f32_to_u64(S_NINF, rm, F), 0, NV);
        T(f32_to_i128(S_NINF, rm, F), (u128)1 << 127, NV);
        T(f32_to_u128(S_PINF, rm, F), ~(u128)0, NV);
        T((u32)f64_to_i32(D_PINF, rm, F), 0x7fffffff, NV);
        T(f64_to_u64(D_NINF, rm, F), 0, NV);
        T(f64_to_i128(D_PINF, rm, F), ~(u128)0 >> 1, NV);
        T(f64_to_u128(D_NINF, rm, F), 0, NV);
        T((u32)f32_to_i32(S_NZ, rm, F), 0, 0);
        T(f32_to_u32(S_NZ, rm, F), 0, 0);
        T(f64_to_u64(D_NZ, rm, F), 0, 0);
        T(f64_to_u128(D_NZ, rm, F), 0, 0);
        T((u32)f64_to_i32(D_MINSUB, rm, F), rm == RUP ? 1 : 0, NX);
        T((u32)f64_to_i32(D_MINSUB | D_NZ, rm, F), rm == RDN ? 0xffffffffu : 0, NX);
        /* unsigned: negative values that round to 0 give 0 with NX; to -1 give NV */
        T(f64_to_u32(D_MINSUB | D_NZ, rm, F), 0, rm == RDN ? NV : NX);
        T(f32_to_u64(S_MONE, rm, F), 0, NV);
        T(f32_to_u128(S_MONE, rm, F), 0, NV);
    }
    /* rounding to integer */
    const u64 d05 = D_HALF, d15 = 0x3ff8000000000000ull, d25 = 0x4004000000000000ull;
    T((u32)f64_to_i32(d05, RNE, F), 0, NX);
    T((u32)f64_to_i32(d15, RNE, F), 2, NX);
    T((u32)f64_to_i32(d25, RNE, F), 2, NX);
    T((u32)f64_to_i32(d05, RMM, F), 1, NX);
    T((u32)f64_to_i32(d25, RMM, F), 3, NX);
    T((u32)f64_to_i32(d25 | D_NZ, RMM, F), (u32)-3, NX);
    T((u32)f64_to_i32(d25 | D_NZ, RNE, F), (u32)-2, NX);
    T((u32)f64_to_i32(d15 | D_NZ, RTZ, F), (u32)-1, NX);
    T((u32)f64_to_i32(d15 | D_NZ, RDN, F), (u32)-2, NX);
    T((u32)f64_to_i32(d15 | D_NZ, RUP, F), (u32)-1, NX);
    T((u32)f64_to_i32(0x3fb999999999999aull, RUP, F), 1, NX);          /* 0.1 */
    T((u32)f64_to_i32(0xbfb999999999999aull, RDN, F), (u32)-1, NX);
    T((u32)f64_to_i32(D_THREE, RNE, F), 3, 0);
    T((u32)f32_to_i32(0x3f400000u, RNE, F), 1, NX);                     /* 0.75 */
    T((u32)f32_to_i32(0x3e800000u, RNE, F), 0, NX);                     /* 0.25 */
    T((u32)f32_to_i32(0xbe800000u, RMM, F), 0, NX);
    T(f32_to_u32(0xbe99999au, RNE, F), 0, NX);                     /* -0.3 */
    T(f32_to_u32(0xbf000000u, RNE, F), 0, NX);                     /* -0.5 ties to 0 */
    T(f32_to_u32(0xbf000000u, RMM, F), 0, NV);                     /* -0.5 -> -1 */
    T(f32_to_u32(0xbf333333u, RTZ, F), 0, NX);                     /* -0.7 */
    T(f32_to_u32(0xbf333333u, RNE, F), 0, NV);
    T(f32_to_u32(0xbf333333u, RUP, F), 0, NX);
    /* int32 limits from binary64 */
    T((u32)f64_to_i32(0x41dfffffffc00000ull, RNE, F), 0x7fffffff, 0);     /* 2^31-1 */
    T((u32)f64_to_i32(0x41dfffffffe00000ull, RNE, F), 0x7fffffff, NV);    /* 2^31-0.5 -> 2^31 */
    T((u32)f64_to_i32(0x41dfffffffe00000ull, RTZ, F), 0x7fffffff, NX);
    T((u32)f64_to_i32(0x41dfffffffe00000ull, RDN, F), 0x7fffffff, NX);
    T((u32)f64_to_i32(0x41e0000000000000ull, RTZ, F), 0x7fffffff, NV);    /* 2^31 */
    T((u32)f64_to_i32(0xc1e0000000000000ull, RNE, F), 0x80000000u, 0);    /* -2^31 */
    T((u32)f64_to_i32(0xc1e0000000100000ull, RNE, F), 0x80000000u, NX);   /* -2^31-0.5: even */
    T((u32)f64_to_i32(0xc1e0000000100000ull, RMM, F), 0x80000000u, NV);
    T((u32)f64_to_i32(0xc1e0000000100000ull, RUP, F), 0x80000000u, NX);
    T((u32)f64_to_i32(0xc1e0000000200000ull, RUP, F), 0x80000000u, NV);   /* -2^31-1 */
    T(f64_to_u32(0x41efffffffe00000ull, RNE, F), 0xffffffffu, 0);    /* 2^32-1 */
    T(f64_to_u32(0x41efffffffffffffull, RTZ, F), 0xffffffffu, NX);
    T(f64_to_u32(0x41efffffffffffffull, RNE, F), 0xffffffffu, NV);
    T(f64_to_u32(0x41f0000000000000ull, RDN, F), 0xffffffffu, NV);   /* 2^32 */
    T((u32)f32_to_i32(0x4effffffu, RNE, F), 0x7fffff80, 0);
    T((u32)f32_to_i32(0x4f000000u, RNE, F), 0x7fffffff, NV);             /* 2^31 */
    T((u32)f32_to_i32(0xcf000000u, RNE, F), 0x80000000u, 0);
    T((u32)f32_to_i32(0xcf000001u, RNE, F), 0x80000000u, NV);
    T(f32_to_u32(0x4f7fffffu, RNE, F), 0xffffff00u, 0);
    T(f32_to_u32(0x4f800000u, RNE, F), 0xffffffffu, NV);
    /* int64 / uint64 limits */
    T((u64)f64_to_i64(0x43dfffffffffffffull, RNE, F), 0x7ffffffffffffc00ull, 0);
    T((u64)f64_to_i64(0x43e0000000000000ull, RNE, F), 0x7fffffffffffffffull, NV);   /* 2^63 */
    T((u64)f64_to_i64(0xc3e0000000000000ull, RNE, F), 0x8000000000000000ull, 0);    /* -2^63 */
    T((u64)f64_to_i64(0xc3e0000000000001ull, RNE, F), 0x8000000000000000ull, NV);
    T(f64_to_u64(0x43e0000000000000ull, RNE, F), 0x8000000000000000ull, 0);
    T(f64_to_u64(0x43efffffffffffffull, RNE, F), 0xfffffffffffff800ull, 0);
    T(f64_to_u64(0x43f0000000000000ull, RNE, F), ~0ull, NV);                   /* 2^64 */
    T((u64)f32_to_i64(0x5effffffu, RNE, F), 0x7fffff8000000000ull, 0);
    T((u64)f32_to_i64(0x5f000000u, RNE, F), 0x7fffffffffffffffull, NV);
    T(f32_to_u64(0x5f7fffffu, RNE, F), 0xffffff0000000000ull, 0);
    T(f32_to_u64(0x5f800000u, RNE, F), ~0ull, NV);
    T((u64)f64_to_i64(0x4330000000000001ull, RNE, F), 0x0010000000000001ull, 0);    /* 2^52+1 */
    T((u64)f64_to_i64(0x432fffffffffffffull, RNE, F), 0x0010000000000000ull, NX);   /* 2^52-0.5 */
    T((u64)f64_to_i64(0x432ffffffffffffdull, RNE, F), 0x000ffffffffffffeull, NX);   /* -1.5 ulp */
    /* int128 / uint128 */
    T(f64_to_i128(0x47dfffffffffffffull, RNE, F), (u128)0x1fffffffffffffull << 74, 0);
    T(f64_to_i128(0x47e0000000000000ull, RNE, F), ~(u128)0 >> 1, NV);          /* 2^127 */
    T(f64_to_i128(0xc7e0000000000000ull, RNE, F), (u128)1 << 127, 0);          /* -2^127 */
    T(f64_to_i128(0xc7e0000000000001ull, RNE, F), (u128)1 << 127, NV);
    T(f64_to_u128(0x47efffffffffffffull, RNE, F), (u128)0x1fffffffffffffull << 75, 0);
    T(f64_to_u128(0x47f0000000000000ull, RNE, F), ~(u128)0, NV);              /* 2^128 */
    T(f64_to_i128(0x43f0000000000000ull, RNE, F), (u128)1 << 64, 0);
    T(f64_to_i128(0xc3f0000000000001ull, RNE, F), -(((u128)1 << 64) + 4096), 0);
    T(f64_to_u128(0x43efffffffffffffull, RNE, F), 0xfffffffffffff800ull, 0);
    T(f64_to_u128(D_THREE | D_NZ, RNE, F), 0, NV);
    T(f32_to_u128(S_MAX, RNE, F), (u128)0xffffff << 104, 0);
    T(f32_to_i128(S_MAX, RNE, F), ~(u128)0 >> 1, NV);
    T(f32_to_i128(S_NMAX, RNE, F), (u128)1 << 127, NV);
    T(f32_to_i128(0xff000000u, RNE, F), (u128)1 << 127, 0);                   /* -2^127 */
    T(f32_to_i128(0x7effffffu, RNE, F), (u128)0xffffff << 103, 0);
    T(f32_to_i128(0x3fc00000u | S_NZ, RMM, F), (u128)-2, NX);                  /* -1.5 */
    T(f32_to_u128(0x3fc00000u, RUP, F), 2, NX);
    T(f64_to_i128(d25, RNE, F), 2, NX);
}

TEST(int_to_float)
{
    for (int rm = 0; rm <= 4; rm++) {
        T(f32_from_i32(0, rm, F), S_PZ, 0);
        T(f64_from_i64(0, rm, F), D_PZ, 0);
        T(f32_from_u128(0, rm, F), S_PZ, 0);
        T(f64_from_i128(0, rm, F), D_PZ, 0);
        T(f32_from_i32(-1, rm, F), S_MONE, 0);
        T(f32_from_i32((i32)0x80000000, rm, F), 0xcf000000u, 0);
        T(f64_from_i32((i32)0x80000000, rm, F), 0xc1e0000000000000ull, 0);
        T(f64_from_i32(0x7fffffff, rm, F), 0x41dfffffffc00000ull, 0);
        T(f64_from_u32(0xffffffffu, rm, F), 0x41efffffffe00000ull, 0);
        T(f64_from_i64((i64)0x8000000000000000ull, rm, F), 0xc3e0000000000000ull, 0);
        T(f32_from_i128((i128)((u128)1 << 127), rm, F), 0xff000000u, 0);
        T(f64_from_i128((i128)((u128)1 << 127), rm, F), 0xc7e0000000000000ull, 0);
        T(f64_from_i128(-1, rm, F), D_MONE, 0);
    }
    T(f32_from_i32(0x7fffffff, RNE, F), 0x4f000000u, NX);
    T(f32_from_i32(0x7fffffff, RTZ, F), 0x4effffffu, NX);
    T(f32_from_i32(-0x7fffffff, RDN, F), 0xcf000000u, NX);
    T(f32_from_i32(-0x7fffffff, RUP, F), 0xceffffffu, NX);
    T(f32_from_u32(0xffffffffu, RNE, F), 0x4f800000u, NX);
    T(f32_from_u32(0xffffffffu, RTZ, F), 0x4f7fffffu, NX);
    /* ties: 2^24 + 1 and 2^24 + 3 */
    T(f32_from_i32(16777217, RNE, F), 0x4b800000u, NX);
    T(f32_from_i32(16777217, RMM, F), 0x4b800001u, NX);
    T(f32_from_i32(16777217, RUP, F), 0x4b800001u, NX);
    T(f32_from_i32(16777217, RTZ, F), 0x4b800000u, NX);
    T(f32_from_i32(-16777217, RMM, F), 0xcb800001u, NX);
    T(f32_from_i32(-16777217, RNE, F), 0xcb800000u, NX);
    T(f32_from_i32(16777219, RNE, F), 0x4b800002u, NX);
    T(f32_from_i32(16777219, RMM, F), 0x4b800002u, NX);
    T(f32_from_i32(16777219, RTZ, F), 0x4b800001u, NX);
    T(f32_from_i32(16777216, RNE, F), 0x4b800000u, 0);
    T(f32_from_u64(~0ull, RNE, F), 0x5f800000u, NX);
    T(f32_from_u64(~0ull, RDN, F), 0x5f7fffffu, NX);
    T(f32_from_i64(-1, RNE, F), S_MONE, 0);
    T(f64_from_u64(~0ull, RNE, F), 0x43f0000000000000ull, NX);
    T(f64_from_u64(~0ull, RTZ, F), 0x43efffffffffffffull, NX);
    T(f64_from_u64((1ull << 53) + 1, RNE, F), 0x4340000000000000ull, NX);
    T(f64_from_u64((1ull << 53) + 1, RMM, F), 0x4340000000000001ull, NX);
    T(f64_from_u64((1ull << 53) + 3, RNE, F), 0x4340000000000002ull, NX);
    T(f64_from_i64(-(i64)((1ull << 53) + 1), RMM, F), 0xc340000000000001ull, NX);
    T(f64_from_i64(-(i64)((1ull << 53) + 1), RDN, F), 0xc340000000000001ull, NX);
    T(f64_from_i64(-(i64)((1ull << 53) + 1), RUP, F), 0xc340000000000000ull, NX);
    T(f64_from_i64(0x7fffffffffffffffll, RNE, F), 0x43e0000000000000ull, NX);
    T(f64_from_i64(0x7fffffffffffffffll, RTZ, F), 0x43dfffffffffffffull, NX);
    /* u128 max exceeds binary32 max: overflow unless rounding down */
    T(f32_from_u128(~(u128)0, RNE, F), S_PINF, OF | NX);
    T(f32_from_u128(~(u128)0, RMM, F), S_PINF, OF | NX);
    T(f32_from_u128(~(u128)0, RUP, F), S_PINF, OF | NX);
    T(f32_from_u128(~(u128)0, RTZ, F), S_MAX, NX);
    T(f32_from_u128(~(u128)0, RDN, F), S_MAX, NX);
    T(f32_from_u128((u128)0xffffff << 104, RNE, F), S_MAX, 0);
    T(f32_from_u128(((u128)0xffffff << 104) + ((u128)1 << 103), RNE, F), S_PINF, OF | NX);
    T(f32_from_u128(((u128)0xffffff << 104) + ((u128)1 << 103) - 1, RNE, F), S_MAX, NX);
    T(f32_from_i128((i128)(~(u128)0 >> 1), RNE, F), 0x7f000000u, NX);
    T(f32_from_i128((i128)(~(u128)0 >> 1), RTZ, F), 0x7effffffu, NX);
    T(f64_from_u128(~(u128)0, RNE, F), 0x47f0000000000000ull, NX);
    T(f64_from_u128(~(u128)0, RTZ, F), 0x47efffffffffffffull, NX);
    T(f64_from_u128((u128)1 << 64, RNE, F), 0x43f0000000000000ull, 0);
    T(f64_from_u128(((u128)1 << 64) + 1, RUP, F), 0x43f0000000000001ull, NX);
    T(f64_from_u128(((u128)1 << 64) + 2048, RNE, F), 0x43f0000000000000ull, NX);  /* tie */
    T(f64_from_u128(((u128)1 << 64) + 2048, RMM, F), 0x43f0000000000001ull, NX);
    T(f64_from_u128(((u128)1 << 64) + 2049, RNE, F), 0x43f0000000000001ull, NX);
    T(f64_from_i128(-(i128)(((u128)1 << 64) + 2048), RMM, F), 0xc3f0000000000001ull, NX);
}

TEST(flags_accumulate)
{
    u8 fl = FP_DZ;
    CHECK_EQ_U(f32_add(S_ONE, S_2M24, RNE, &fl), S_ONE);
    CHECK_EQ_U(fl, FP_DZ | FP_NX);
    CHECK_EQ_U(f64_add(D_ONE, D_ONE, RNE, &fl), D_TWO);       /* exact: nothing cleared */
    CHECK_EQ_U(fl, FP_DZ | FP_NX);
    CHECK_EQ_U(f64_sqrt(D_MONE, RNE, &fl), D_QNAN);
    CHECK_EQ_U(fl, FP_DZ | FP_NX | FP_NV);
}

TEST(helpers)
{
    CHECK(f32_is_nan(S_SNAN) && f32_is_snan(S_SNAN) && !f32_is_snan(S_QNAN));
    CHECK(!f32_is_nan(S_PINF) && f64_is_nan(D_NQNAN) && f64_is_snan(D_NSNAN));
    CHECK_EQ_U(f32_sgnj(S_ONE, S_NZ), S_MONE);
    CHECK_EQ_U(f32_sgnjn(S_ONE, S_NZ), S_ONE);
    CHECK_EQ_U(f32_sgnjx(S_MONE, S_NZ), S_ONE);
    CHECK_EQ_U(f64_sgnj(D_MONE, D_PZ), D_ONE);
    CHECK_EQ_U(f64_sgnjn(D_ONE, D_ONE), D_MONE);
    CHECK_EQ_U(f64_sgnjx(D_MONE, D_MONE), D_ONE);
}

int main(void)
{
    RUN(add_zeros_and_signs);
    RUN(add_specials);
    RUN(add_ties_and_directed);
    RUN(add_overflow);
    RUN(add_subnormal);
    RUN(mul);
    RUN(div);
    RUN(sqrt);
    RUN(fma);
    RUN(minmax);
    RUN(compare);
    RUN(fclass);
    RUN(f32_f64_conversions);
    RUN(float_to_int_saturation);
    RUN(int_to_float);
    RUN(flags_accumulate);
    RUN(helpers);
    return check_done();
}
