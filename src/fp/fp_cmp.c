/* Comparisons, fmin/fmax and fclass (RISC-V semantics; pure bit operations). */
#include "fp_impl.h"

#define M32 23
#define E32 8
#define M64 52
#define E64 11

/* a < b for non-NaN encodings, with -0 < +0 when `zeros_ordered`. */
FP_INLINE int fp_less(u64 a, u64 b, int zeros_ordered, int M, int EB)
{
    int sa = fp_sign_of(a, M, EB), sb = fp_sign_of(b, M, EB);
    if (sa != sb)
        return sa && (zeros_ordered || (fp_abs(a, M, EB) | fp_abs(b, M, EB)) != 0);
    return a != b && (sa ^ (a < b));
}

FP_INLINE int fp_eq(u64 a, u64 b, u8 *fl, int M, int EB)
{
    if (fp_isnan(a, M, EB) || fp_isnan(b, M, EB)) {
        if (fp_issnan(a, M, EB) || fp_issnan(b, M, EB))
            *fl |= FP_NV;
        return 0;
    }
    return a == b || (fp_abs(a, M, EB) | fp_abs(b, M, EB)) == 0;
}

FP_INLINE int fp_lt(u64 a, u64 b, u8 *fl, int M, int EB)
{
    if (fp_isnan(a, M, EB) || fp_isnan(b, M, EB)) {
        *fl |= FP_NV;
        return 0;
    }
    return fp_less(a, b, 0, M, EB);
}

FP_INLINE int fp_le(u64 a, u64 b, u8 *fl, int M, int EB)
{
    if (fp_isnan(a, M, EB) || fp_isnan(b, M, EB)) {
        *fl |= FP_NV;
        return 0;
    }
    return !fp_less(b, a, 0, M, EB);
}

/* minimumNumber / maximumNumber: a NaN operand yields the other operand, two NaNs the
 * canonical NaN; a signalling NaN raises NV either way; -0 < +0. */
FP_INLINE u64 fp_minmax(u64 a, u64 b, int max, u8 *fl, int M, int EB)
{
    int na = fp_isnan(a, M, EB), nb = fp_isnan(b, M, EB);
    if (FP_UNLIKELY(na || nb)) {
        if (fp_issnan(a, M, EB) || fp_issnan(b, M, EB))
            *fl |= FP_NV;
        if (na && nb)
            return FP_QNAN(M, EB);
        return na ? b : a;
    }
    return fp_less(a, b, 1, M, EB) ^ max ? a : b;
}

FP_INLINE u32 fp_class(u64 a, int M, int EB)
{
    int sign = fp_sign_of(a, M, EB), e = fp_exp_of(a, M, EB);
    u64 f = a & FP_FRAC(M);
    if (e == FP_EMAX(EB)) {
        if (f == 0)
            return sign ? FP_CLASS_NINF : FP_CLASS_PINF;
        return (f >> (M - 1)) ? FP_CLASS_QNAN : FP_CLASS_SNAN;
    }
    if (e == 0) {
        if (f == 0)
            return sign ? FP_CLASS_NZERO : FP_CLASS_PZERO;
        return sign ? FP_CLASS_NSUB : FP_CLASS_PSUB;
    }
    return sign ? FP_CLASS_NNORM : FP_CLASS_PNORM;
}

int f32_eq(u32 a, u32 b, u8 *fl) { return fp_eq(a, b, fl, M32, E32); }
int f32_lt(u32 a, u32 b, u8 *fl) { return fp_lt(a, b, fl, M32, E32); }
int f32_le(u32 a, u32 b, u8 *fl) { return fp_le(a, b, fl, M32, E32); }
u32 f32_min(u32 a, u32 b, u8 *fl) { return (u32)fp_minmax(a, b, 0, fl, M32, E32); }
u32 f32_max(u32 a, u32 b, u8 *fl) { return (u32)fp_minmax(a, b, 1, fl, M32, E32); }
u32 f32_class(u32 a) { return fp_class(a, M32, E32); }

int f64_eq(u64 a, u64 b, u8 *fl) { return fp_eq(a, b, fl, M64, E64); }
int f64_lt(u64 a, u64 b, u8 *fl) { return fp_lt(a, b, fl, M64, E64); }
int f64_le(u64 a, u64 b, u8 *fl) { return fp_le(a, b, fl, M64, E64); }
u64 f64_min(u64 a, u64 b, u8 *fl) { return fp_minmax(a, b, 0, fl, M64, E64); }
u64 f64_max(u64 a, u64 b, u8 *fl) { return fp_minmax(a, b, 1, fl, M64, E64); }
u32 f64_class(u64 a) { return fp_class(a, M64, E64); }
