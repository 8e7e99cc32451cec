/* Internal to src/fp: format-generic helpers shared by the fp_*.c files, and the
 * reference ("soft", integer-only) entry points that the tests compare the fast paths
 * against.  Not part of the public API (<fp/fp.h>).
 *
 * Formats are described by two compile-time constants, M (stored fraction bits: 23 or
 * 52) and EB (exponent bits: 8 or 11); encodings of both formats travel in a u64.
 *
 * Unpacked working form used by round_pack(): a finite non-zero value
 *     sign, exp, sig   with   value = (-1)^sign * sig * 2^(exp - BIAS - 62)
 * where sig (u64) normally has its leading 1 at bit 62 (bit 63 is headroom), so `exp`
 * is the biased exponent the result would have if normal.  Bits below the result's
 * precision are "jammed": bit 0 is ORed with every bit shifted out, which keeps the
 * rounding decision exact as long as at least two extra bits survive (they do: there
 * are 62 - M >= 10 of them).
 */
#ifndef ZL_FP_IMPL_H
#define ZL_FP_IMPL_H

#include <fp/fp.h>

#if defined(__GNUC__) || defined(__clang__)
# define FP_INLINE static inline __attribute__((always_inline))
# define FP_NOINLINE __attribute__((noinline))
# define FP_LIKELY(x)   __builtin_expect(!!(x), 1)
# define FP_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
# define FP_INLINE static inline
# define FP_NOINLINE
# define FP_LIKELY(x)   (x)
# define FP_UNLIKELY(x) (x)
#endif

/* Format constants. */
#define FP_BIAS(EB)   ((1 << ((EB) - 1)) - 1)
#define FP_EMAX(EB)   ((1 << (EB)) - 1)                   /* all-ones exponent field */
#define FP_SIGNB(M, EB) ((u64)1 << ((M) + (EB)))
#define FP_FRAC(M)    (((u64)1 << (M)) - 1)
#define FP_INF(M, EB) ((u64)FP_EMAX(EB) << (M))
#define FP_QNAN(M, EB) (FP_INF(M, EB) | ((u64)1 << ((M) - 1)))   /* canonical NaN */

FP_INLINE int fp_exp_of(u64 a, int M, int EB) { return (int)(a >> M) & FP_EMAX(EB); }
FP_INLINE int fp_sign_of(u64 a, int M, int EB) { return (int)(a >> (M + EB)) & 1; }
FP_INLINE u64 fp_abs(u64 a, int M, int EB) { return a & (FP_SIGNB(M, EB) - 1); }
FP_INLINE int fp_isnan(u64 a, int M, int EB) { return fp_abs(a, M, EB) > FP_INF(M, EB); }
FP_INLINE int fp_issnan(u64 a, int M, int EB)
{
    return fp_isnan(a, M, EB) && !(a & ((u64)1 << (M - 1)));
}

FP_INLINE int fp_clz64(u64 x) { return x ? __builtin_clzll(x) : 64; }
FP_INLINE int fp_ctz64(u64 x) { return x ? __builtin_ctzll(x) : 64; }
FP_INLINE int fp_clz128(u128 x)
{
    u64 hi = (u64)(x >> 64);
    return hi ? __builtin_clzll(hi) : 64 + fp_clz64((u64)x);
}

/* x >> n, ORing every bit shifted out into bit 0 (n >= 0, any size). */
FP_INLINE u64 fp_shr_jam64(u64 x, int n)
{
    if (n <= 0)
        return x;
    if (n < 64)
        return (x >> n) | ((x << (64 - n)) != 0);
    return x != 0;
}
FP_INLINE u128 fp_shr_jam128(u128 x, int n)
{
    if (n <= 0)
        return x;
    if (n < 128)
        return (x >> n) | ((x << (128 - n)) != 0);
    return x != 0;
}

/* Result of an overflow under rm: +-infinity or +-largest finite. */
FP_INLINE u64 fp_overflow(int sign, int rm, u8 *fl, int M, int EB)
{
    *fl |= FP_OF | FP_NX;
    int to_inf = rm == FP_RTZ ? 0 : rm == FP_RDN ? sign : rm == FP_RUP ? !sign : 1;
    u64 mag = to_inf ? FP_INF(M, EB) : FP_INF(M, EB) - 1;
    return ((u64)sign << (M + EB)) | mag;
}

/* Round the unpacked value (sign, exp, sig) — see the header comment; sig != 0 and
 * sig < 2^63 — to format (M, EB) under rm, raising NX/UF/OF, and return its encoding. */
FP_INLINE u64 fp_round_pack(int sign, int exp, u64 sig, int rm, u8 *fl, int M, int EB)
{
    const int SH = 62 - M;                       /* extra bits below the result's lsb */
    const u64 HALF = (u64)1 << (SH - 1), MASK = ((u64)1 << SH) - 1;
    const u64 sgn = (u64)sign << (M + EB);
    u64 inc;
    switch (rm) {
    case FP_RTZ: inc = 0; break;
    case FP_RDN: inc = sign ? MASK : 0; break;
    case FP_RUP: inc = sign ? 0 : MASK; break;
    default:     inc = HALF; break;             /* RNE, RMM */
    }
    if (FP_LIKELY((unsigned)(exp - 1) < (unsigned)(FP_EMAX(EB) - 1))) {
        u64 rb = sig & MASK;
        if (FP_LIKELY(rb == 0))                  /* exact */
            return sgn + ((u64)(exp - 1) << M) + (sig >> SH);
        *fl |= FP_NX;
        u64 m = (sig + inc) >> SH;               /* in [2^M, 2^(M+1)] */
        if (rm == FP_RNE && rb == HALF)
            m &= ~(u64)1;                        /* tie: to even */
        /* (exp-1)<<M + m: a carry out of the significand bumps the exponent. */
        u64 r = ((u64)(exp - 1) << M) + m;
        if (FP_UNLIKELY(r >= FP_INF(M, EB)))
            return fp_overflow(sign, rm, fl, M, EB);
        return sgn | r;
    }
    if (exp >= FP_EMAX(EB))                      /* >= 2^(emax+1) before rounding */
        return fp_overflow(sign, rm, fl, M, EB);
    /* exp <= 0: below the normal range before rounding.  Tininess is judged after
     * rounding to M+1 bits with an unbounded exponent: not tiny only if exp == 0 and
     * that rounding carries up to 2^emin. */
    int tiny = exp < 0 || ((sig + inc) >> 63) == 0;
    sig = fp_shr_jam64(sig, 1 - exp);
    u64 rb = sig & MASK;
    if (rb == 0)
        return sgn | (sig >> SH);                /* exact subnormal (or zero: never) */
    *fl |= FP_NX | (tiny ? FP_UF : 0);
    u64 m = (sig + inc) >> SH;                   /* <= 2^M: may become the min normal */
    if (rm == FP_RNE && rb == HALF)
        m &= ~(u64)1;
    return sgn | m;
}

/* Signed zero for an exact zero sum of operands with different signs. */
FP_INLINE u64 fp_zero_sum(int rm, int M, int EB)
{
    return rm == FP_RDN ? FP_SIGNB(M, EB) : 0;
}

/* Reference implementations (integer arithmetic only, no host FP): fp_arith.c. */
u32 f32_add_soft(u32 a, u32 b, int rm, u8 *flags);
u32 f32_sub_soft(u32 a, u32 b, int rm, u8 *flags);
u32 f32_mul_soft(u32 a, u32 b, int rm, u8 *flags);
u32 f32_div_soft(u32 a, u32 b, int rm, u8 *flags);
u32 f32_sqrt_soft(u32 a, int rm, u8 *flags);
u32 f32_fma_soft(u32 a, u32 b, u32 c, int op, int rm, u8 *flags);
u64 f64_add_soft(u64 a, u64 b, int rm, u8 *flags);
u64 f64_sub_soft(u64 a, u64 b, int rm, u8 *flags);
u64 f64_mul_soft(u64 a, u64 b, int rm, u8 *flags);
u64 f64_div_soft(u64 a, u64 b, int rm, u8 *flags);
u64 f64_sqrt_soft(u64 a, int rm, u8 *flags);
u64 f64_fma_soft(u64 a, u64 b, u64 c, int op, int rm, u8 *flags);

#endif /* ZL_FP_IMPL_H */
