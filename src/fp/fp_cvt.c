/* Conversions: binary32 <-> binary64, float -> integer (RISC-V saturation), integer ->
 * float.  Integer arithmetic only. */
#include "fp_impl.h"

#define M32 23
#define E32 8
#define M64 52
#define E64 11

/* ---- between the formats ----------------------------------------------------- */

u64 f32_to_f64(u32 a, u8 *fl)
{
    u64 sgn = (u64)(a >> 31) << 63;
    u32 e = (a >> 23) & 0xff, f = a & 0x7fffff;
    if (FP_LIKELY(e - 1 < 0xfe))
        return sgn | ((u64)(e + 896) << 52) | ((u64)f << 29);
    if (e == 0xff) {
        if (f == 0)
            return sgn | FP_INF(M64, E64);
        if (!(f & 0x400000))
            *fl |= FP_NV;
        return F64_NAN;
    }
    if (f == 0)
        return sgn;
    int p = 31 - __builtin_clz(f);                   /* leading bit, 0..22 */
    return sgn | ((u64)(p + 874) << 52) | (((u64)f << (52 - p)) & FP_FRAC(M64));
}

u32 f64_to_f32(u64 a, int rm, u8 *fl)
{
    int e = (int)(a >> 52) & 0x7ff, sign = (int)(a >> 63);
    u64 f = a & FP_FRAC(M64);
    if (FP_UNLIKELY(e == 0x7ff)) {
        if (f == 0)
            return ((u32)sign << 31) | 0x7f800000u;
        if (!(f & ((u64)1 << 51)))
            *fl |= FP_NV;
        return F32_NAN;
    }
    if (e == 0) {
        if (f == 0)
            return (u32)sign << 31;
        e = -1000;                                   /* < 2^-1022: far below binary32 */
    }
    u64 sig = (f | ((u64)1 << 52)) << 10;
    return (u32)fp_round_pack(sign, e - 896, sig, rm, fl, M32, E32);
}

/* ---- float -> integer ---------------------------------------------------------- */

/* Round |a| to an integer under rm (with a's sign for the directed modes).
 * Sets *sign (0 for NaN: NaN saturates like +inf), *big when |rounded| >= 2^W
 * (W = 64 or 128; NaN and infinities included) and *nx when inexact. */
FP_INLINE u64 fp_round_int64(u64 a, int rm, int *sign, int *big, int *nx, int M, int EB)
{
    int e = fp_exp_of(a, M, EB);
    u64 m = a & FP_FRAC(M);
    *sign = fp_sign_of(a, M, EB);
    *big = 0;
    *nx = 0;
    if (e == FP_EMAX(EB)) {
        if (m)
            *sign = 0;
        *big = 1;
        return 0;
    }
    if (e == 0) {
        if (m == 0)
            return 0;
        e = 1;
    } else {
        m |= (u64)1 << M;
    }
    int E = e - FP_BIAS(EB);                         /* |a| = m * 2^(E - M) */
    if (E >= M) {
        if (E >= 64)
            *big = 1;
        return E >= 64 ? 0 : m << (E - M);
    }
    int s = M - E;
    if (s > M + 2)
        s = M + 2;                                   /* |a| < 1/2: keeps the decision */
    u64 ip = m >> s, fr = m & (((u64)1 << s) - 1), half = (u64)1 << (s - 1);
    if (fr == 0)
        return ip;
    *nx = 1;
    int inc;
    switch (rm) {
    case FP_RTZ: inc = 0; break;
    case FP_RDN: inc = *sign; break;
    case FP_RUP: inc = !*sign; break;
    case FP_RMM: inc = fr >= half; break;
    default:     inc = fr > half || (fr == half && (ip & 1)); break;
    }
    return ip + (u64)inc;                            /* <= 2^(M+1): no overflow */
}

#ifdef ZL_HAVE_INT128
FP_INLINE u128 fp_round_int128(u64 a, int rm, int *sign, int *big, int *nx, int M, int EB)
{
    int e = fp_exp_of(a, M, EB);
    int E = e - FP_BIAS(EB);
    if (e != FP_EMAX(EB) && E >= 64) {               /* integral, >= 2^64 */
        *sign = fp_sign_of(a, M, EB);
        *nx = 0;
        *big = E >= 128;
        return *big ? 0 : (u128)((a & FP_FRAC(M)) | ((u64)1 << M)) << (E - M);
    }
    return fp_round_int64(a, rm, sign, big, nx, M, EB);
}
#endif

/* Saturation for an N-bit target (N <= 64): a value that is out of range after
 * rounding, NaN or infinite gives NV only; in range gives NX when inexact. */
#define TO_SIGNED(T, UT, N, a, rm, fl, M, EB)                                  \
    do {                                                                       \
        int sign_, big_, nx_;                                                  \
        u64 mag_ = fp_round_int64(a, rm, &sign_, &big_, &nx_, M, EB);          \
        const u64 lim_ = (u64)1 << ((N) - 1);                                  \
        if (!big_ && (sign_ ? mag_ <= lim_ : mag_ < lim_)) {                    \
            if (nx_) *(fl) |= FP_NX;                                           \
            return (T)(sign_ ? (UT)(0 - mag_) : (UT)mag_);                     \
        }                                                                      \
        *(fl) |= FP_NV;                                                        \
        return (T)(sign_ ? (UT)lim_ : (UT)(lim_ - 1));                         \
    } while (0)

#define TO_UNSIGNED(T, N, a, rm, fl, M, EB)                                    \
    do {                                                                       \
        int sign_, big_, nx_;                                                  \
        u64 mag_ = fp_round_int64(a, rm, &sign_, &big_, &nx_, M, EB);          \
        if (!big_ && (sign_ ? mag_ == 0 : (mag_ >> ((N) - 1) >> 1) == 0)) {      \
            if (nx_) *(fl) |= FP_NX;                                           \
            return (T)mag_;                                                    \
        }                                                                      \
        *(fl) |= FP_NV;                                                        \
        return sign_ ? 0 : (T)~(T)0;                                           \
    } while (0)

i32 f32_to_i32(u32 a, int rm, u8 *fl) { TO_SIGNED(i32, u32, 32, a, rm, fl, M32, E32); }
u32 f32_to_u32(u32 a, int rm, u8 *fl) { TO_UNSIGNED(u32, 32, a, rm, fl, M32, E32); }
i64 f32_to_i64(u32 a, int rm, u8 *fl) { TO_SIGNED(i64, u64, 64, a, rm, fl, M32, E32); }
u64 f32_to_u64(u32 a, int rm, u8 *fl) { TO_UNSIGNED(u64, 64, a, rm, fl, M32, E32); }
i32 f64_to_i32(u64 a, int rm, u8 *fl) { TO_SIGNED(i32, u32, 32, a, rm, fl, M64, E64); }
u32 f64_to_u32(u64 a, int rm, u8 *fl) { TO_UNSIGNED(u32, 32, a, rm, fl, M64, E64); }
i64 f64_to_i64(u64 a, int rm, u8 *fl) { TO_SIGNED(i64, u64, 64, a, rm, fl, M64, E64); }
u64 f64_to_u64(u64 a, int rm, u8 *fl) { TO_UNSIGNED(u64, 64, a, rm, fl, M64, E64); }

#ifdef ZL_HAVE_INT128
#define TO_I128(a, rm, fl, M, EB)                                              \
    do {                                                                       \
        int sign_, big_, nx_;                                                  \
        u128 mag_ = fp_round_int128(a, rm, &sign_, &big_, &nx_, M, EB);        \
        const u128 lim_ = (u128)1 << 127;                                      \
        if (!big_ && (sign_ ? mag_ <= lim_ : mag_ < lim_)) {                    \
            if (nx_) *(fl) |= FP_NX;                                           \
            return (i128)(sign_ ? 0 - mag_ : mag_);                            \
        }                                                                      \
        *(fl) |= FP_NV;                                                        \
        return (i128)(sign_ ? lim_ : lim_ - 1);                                \
    } while (0)

#define TO_U128(a, rm, fl, M, EB)                                              \
    do {                                                                       \
        int sign_, big_, nx_;                                                  \
        u128 mag_ = fp_round_int128(a, rm, &sign_, &big_, &nx_, M, EB);        \
        if (!big_ && (!sign_ || mag_ == 0)) {                                  \
            if (nx_) *(fl) |= FP_NX;                                           \
            return mag_;                                                       \
        }                                                                      \
        *(fl) |= FP_NV;                                                        \
        return sign_ ? 0 : ~(u128)0;                                           \
    } while (0)

i128 f32_to_i128(u32 a, int rm, u8 *fl) { TO_I128(a, rm, fl, M32, E32); }
u128 f32_to_u128(u32 a, int rm, u8 *fl) { TO_U128(a, rm, fl, M32, E32); }
i128 f64_to_i128(u64 a, int rm, u8 *fl) { TO_I128(a, rm, fl, M64, E64); }
u128 f64_to_u128(u64 a, int rm, u8 *fl) { TO_U128(a, rm, fl, M64, E64); }
#endif

/* ---- integer -> float ---------------------------------------------------------- */

FP_INLINE u64 fp_from_mag64(int sign, u64 v, int rm, u8 *fl, int M, int EB)
{
    if (v == 0)
        return 0;                                    /* +0 */
    int lz = fp_clz64(v);
    u64 sig = lz ? v << (lz - 1) : (v >> 1) | (v & 1);   /* leading 1 at bit 62 */
    return fp_round_pack(sign, FP_BIAS(EB) + 63 - lz, sig, rm, fl, M, EB);
}

u32 f32_from_i32(i32 v, int rm, u8 *fl) { return (u32)fp_from_mag64(v < 0, v < 0 ? 0 - (u64)v : (u64)v, rm, fl, M32, E32); }
u32 f32_from_u32(u32 v, int rm, u8 *fl) { return (u32)fp_from_mag64(0, v, rm, fl, M32, E32); }
u32 f32_from_i64(i64 v, int rm, u8 *fl) { return (u32)fp_from_mag64(v < 0, v < 0 ? 0 - (u64)v : (u64)v, rm, fl, M32, E32); }
u32 f32_from_u64(u64 v, int rm, u8 *fl) { return (u32)fp_from_mag64(0, v, rm, fl, M32, E32); }
u64 f64_from_i32(i32 v, int rm, u8 *fl) { return fp_from_mag64(v < 0, v < 0 ? 0 - (u64)v : (u64)v, rm, fl, M64, E64); }
u64 f64_from_u32(u32 v, int rm, u8 *fl) { return fp_from_mag64(0, v, rm, fl, M64, E64); }
u64 f64_from_i64(i64 v, int rm, u8 *fl) { return fp_from_mag64(v < 0, v < 0 ? 0 - (u64)v : (u64)v, rm, fl, M64, E64); }
u64 f64_from_u64(u64 v, int rm, u8 *fl) { return fp_from_mag64(0, v, rm, fl, M64, E64); }

#ifdef ZL_HAVE_INT128
FP_INLINE u64 fp_from_mag128(int sign, u128 v, int rm, u8 *fl, int M, int EB)
{
    if ((v >> 64) == 0)
        return fp_from_mag64(sign, (u64)v, rm, fl, M, EB);
    int lz = fp_clz128(v);                           /* < 64 */
    u64 sig = (u64)fp_shr_jam128(v, 65 - lz);        /* leading 1 at bit 62 */
    return fp_round_pack(sign, FP_BIAS(EB) + 127 - lz, sig, rm, fl, M, EB);
}

u32 f32_from_i128(i128 v, int rm, u8 *fl) { return (u32)fp_from_mag128(v < 0, v < 0 ? 0 - (u128)v : (u128)v, rm, fl, M32, E32); }
u32 f32_from_u128(u128 v, int rm, u8 *fl) { return (u32)fp_from_mag128(0, v, rm, fl, M32, E32); }
u64 f64_from_i128(i128 v, int rm, u8 *fl) { return fp_from_mag128(v < 0, v < 0 ? 0 - (u128)v : (u128)v, rm, fl, M64, E64); }
u64 f64_from_u128(u128 v, int rm, u8 *fl) { return fp_from_mag128(0, v, rm, fl, M64, E64); }
#endif
