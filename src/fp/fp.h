/* <fp/fp.h> — IEEE 754 binary32/binary64 arithmetic with RISC-V F/D semantics.
 *
 * Every value is a raw bit pattern (u32 for binary32, u64 for binary64); nothing here
 * touches the host floating-point environment.  The semantics are those of the RISC-V
 * unprivileged spec, chapters "F" and "D":
 *
 *   - Rounding modes FP_RNE..FP_RMM (the `rm` argument) are the instruction encodings
 *     0..4.  The caller resolves DYN (7) to frm and rejects 5 and 6 before calling;
 *     other values give an unspecified (but well-defined, memory-safe) result.
 *   - Exception flags (FP_NV, FP_DZ, FP_OF, FP_UF, FP_NX, the fflags bits) are ORed into
 *     *flags, never cleared.  Tininess is detected after rounding; UF is raised only
 *     when the result is tiny AND inexact.  OF always comes with NX.
 *   - Every NaN result is the canonical NaN (F32_NAN / F64_NAN); no payload is
 *     propagated.  A signalling NaN operand raises NV (feq/fmin/fmax/fcvt included).
 *
 * Requirement on the host: the functions use the host's IEEE binary64 arithmetic
 * (+ - * / sqrt, fma() and conversions to and from binary32) on fast paths that are
 * exact by construction (src/fp/fp_arith.c), which assumes the host's default
 * floating-point environment: round-to-nearest, no flush-to-zero or
 * denormals-are-zero.  Do not call them with fesetround() or FTZ/DAZ in effect.  The
 * host's exception flags are never read; they may be left set.  f64 fma is fast only
 * where libm's fma() is (a hardware FMA: glibc picks it at run time).  Build with
 * -DZL_FP_NO_HOST to use integer arithmetic only.
 */
#ifndef ZL_FP_FP_H
#define ZL_FP_FP_H

#include <zl/types.h>

/* Rounding modes (the rm / frm encodings). */
enum { FP_RNE = 0, FP_RTZ = 1, FP_RDN = 2, FP_RUP = 3, FP_RMM = 4 };

/* Exception flags (the fflags bits). */
enum { FP_NX = 0x01, FP_UF = 0x02, FP_OF = 0x04, FP_DZ = 0x08, FP_NV = 0x10 };

/* The `op` of the fused multiply-add family, in RISC-V opcode order
 * (FMADD 0x43, FMSUB 0x47, FNMSUB 0x4b, FNMADD 0x4f: op = (opcode >> 2) & 3).
 * Bit 0 negates the addend, bit 1 negates the product; a single rounding. */
enum {
    FP_FMADD  = 0,  /*  (a*b) + c */
    FP_FMSUB  = 1,  /*  (a*b) - c */
    FP_FNMSUB = 2,  /* -(a*b) + c */
    FP_FNMADD = 3,  /* -(a*b) - c */
};

/* fclass result bits. */
enum {
    FP_CLASS_NINF = 1 << 0, FP_CLASS_NNORM = 1 << 1, FP_CLASS_NSUB = 1 << 2,
    FP_CLASS_NZERO = 1 << 3, FP_CLASS_PZERO = 1 << 4, FP_CLASS_PSUB = 1 << 5,
    FP_CLASS_PNORM = 1 << 6, FP_CLASS_PINF = 1 << 7, FP_CLASS_SNAN = 1 << 8,
    FP_CLASS_QNAN = 1 << 9,
};

#define F32_NAN  0x7fc00000u               /* canonical NaN */
#define F64_NAN  0x7ff8000000000000ull
#define F32_SIGN 0x80000000u
#define F64_SIGN 0x8000000000000000ull

/* ---- binary32 ---------------------------------------------------------------- */
u32 f32_add(u32 a, u32 b, int rm, u8 *flags);
u32 f32_sub(u32 a, u32 b, int rm, u8 *flags);
u32 f32_mul(u32 a, u32 b, int rm, u8 *flags);
u32 f32_div(u32 a, u32 b, int rm, u8 *flags);
u32 f32_sqrt(u32 a, int rm, u8 *flags);
u32 f32_fma(u32 a, u32 b, u32 c, int op, int rm, u8 *flags);   /* op: FP_FMADD.. */
u32 f32_fmadd(u32 a, u32 b, u32 c, int rm, u8 *flags);
u32 f32_fmsub(u32 a, u32 b, u32 c, int rm, u8 *flags);
u32 f32_fnmsub(u32 a, u32 b, u32 c, int rm, u8 *flags);
u32 f32_fnmadd(u32 a, u32 b, u32 c, int rm, u8 *flags);
u32 f32_min(u32 a, u32 b, u8 *flags);      /* fmin.s: minimumNumber, -0 < +0 */
u32 f32_max(u32 a, u32 b, u8 *flags);
int f32_eq(u32 a, u32 b, u8 *flags);       /* feq.s: quiet, NV only for sNaN */
int f32_lt(u32 a, u32 b, u8 *flags);       /* flt.s: signalling, NV for any NaN */
int f32_le(u32 a, u32 b, u8 *flags);       /* fle.s: signalling */
u32 f32_class(u32 a);                      /* fclass.s: one FP_CLASS_* bit */

/* ---- binary64 ---------------------------------------------------------------- */
u64 f64_add(u64 a, u64 b, int rm, u8 *flags);
u64 f64_sub(u64 a, u64 b, int rm, u8 *flags);
u64 f64_mul(u64 a, u64 b, int rm, u8 *flags);
u64 f64_div(u64 a, u64 b, int rm, u8 *flags);
u64 f64_sqrt(u64 a, int rm, u8 *flags);
u64 f64_fma(u64 a, u64 b, u64 c, int op, int rm, u8 *flags);
u64 f64_fmadd(u64 a, u64 b, u64 c, int rm, u8 *flags);
u64 f64_fmsub(u64 a, u64 b, u64 c, int rm, u8 *flags);
u64 f64_fnmsub(u64 a, u64 b, u64 c, int rm, u8 *flags);
u64 f64_fnmadd(u64 a, u64 b, u64 c, int rm, u8 *flags);
u64 f64_min(u64 a, u64 b, u8 *flags);
u64 f64_max(u64 a, u64 b, u8 *flags);
int f64_eq(u64 a, u64 b, u8 *flags);
int f64_lt(u64 a, u64 b, u8 *flags);
int f64_le(u64 a, u64 b, u8 *flags);
u32 f64_class(u64 a);

/* ---- conversions between the formats (fcvt.d.s is exact; NaN -> canonical) --- */
u64 f32_to_f64(u32 a, u8 *flags);
u32 f64_to_f32(u64 a, int rm, u8 *flags);

/* ---- float -> integer (fcvt.{w,wu,l,lu,t,tu}.{s,d}) ---------------------------
 * Round with rm, then saturate as RISC-V requires: NaN -> largest value; +inf or a
 * rounded value above the range -> largest; -inf or below the range -> smallest (0 for
 * unsigned).  Out of range (NaN and infinities included) raises NV only; an in-range
 * inexact result raises NX only.  A negative value that rounds to 0 converts to an
 * unsigned 0 with NX (not NV). */
i32  f32_to_i32(u32 a, int rm, u8 *flags);
u32  f32_to_u32(u32 a, int rm, u8 *flags);
i64  f32_to_i64(u32 a, int rm, u8 *flags);
u64  f32_to_u64(u32 a, int rm, u8 *flags);
i32  f64_to_i32(u64 a, int rm, u8 *flags);
u32  f64_to_u32(u64 a, int rm, u8 *flags);
i64  f64_to_i64(u64 a, int rm, u8 *flags);
u64  f64_to_u64(u64 a, int rm, u8 *flags);
#ifdef ZL_HAVE_INT128
i128 f32_to_i128(u32 a, int rm, u8 *flags);
u128 f32_to_u128(u32 a, int rm, u8 *flags);
i128 f64_to_i128(u64 a, int rm, u8 *flags);
u128 f64_to_u128(u64 a, int rm, u8 *flags);
#endif

/* ---- integer -> float (fcvt.{s,d}.{w,wu,l,lu,t,tu}), rounded with rm ---------- */
u32 f32_from_i32(i32 v, int rm, u8 *flags);
u32 f32_from_u32(u32 v, int rm, u8 *flags);
u32 f32_from_i64(i64 v, int rm, u8 *flags);
u32 f32_from_u64(u64 v, int rm, u8 *flags);
u64 f64_from_i32(i32 v, int rm, u8 *flags);   /* always exact */
u64 f64_from_u32(u32 v, int rm, u8 *flags);   /* always exact */
u64 f64_from_i64(i64 v, int rm, u8 *flags);
u64 f64_from_u64(u64 v, int rm, u8 *flags);
#ifdef ZL_HAVE_INT128
u32 f32_from_i128(i128 v, int rm, u8 *flags);
u32 f32_from_u128(u128 v, int rm, u8 *flags);
u64 f64_from_i128(i128 v, int rm, u8 *flags);
u64 f64_from_u128(u128 v, int rm, u8 *flags);
#endif

/* ---- small helpers (pure bit operations, no flags) ---------------------------- */
static inline int f32_is_nan(u32 a)  { return (a & 0x7fffffffu) > 0x7f800000u; }
static inline int f64_is_nan(u64 a)  { return (a & ~F64_SIGN) > 0x7ff0000000000000ull; }
static inline int f32_is_snan(u32 a) { return f32_is_nan(a) && !(a & 0x00400000u); }
static inline int f64_is_snan(u64 a) { return f64_is_nan(a) && !(a & 0x0008000000000000ull); }
static inline u32 f32_sgnj(u32 a, u32 b)  { return (a & ~F32_SIGN) | (b & F32_SIGN); }
static inline u32 f32_sgnjn(u32 a, u32 b) { return (a & ~F32_SIGN) | (~b & F32_SIGN); }
static inline u32 f32_sgnjx(u32 a, u32 b) { return a ^ (b & F32_SIGN); }
static inline u64 f64_sgnj(u64 a, u64 b)  { return (a & ~F64_SIGN) | (b & F64_SIGN); }
static inline u64 f64_sgnjn(u64 a, u64 b) { return (a & ~F64_SIGN) | (~b & F64_SIGN); }
static inline u64 f64_sgnjx(u64 a, u64 b) { return a ^ (b & F64_SIGN); }

#endif /* ZL_FP_FP_H */
