/* Arithmetic: add, sub, mul, div, sqrt and the fused multiply-add family for binary32
 * and binary64 with RISC-V semantics (see <fp/fp.h>).
 *
 * Two layers:
 *   *_soft   reference implementations in integer arithmetic only (fp_impl.h's
 *            fp_round_pack does every rounding); they handle every input.
 *   f32_* / f64_*   the public functions: a fast path for the common inputs that uses the
 *            host's IEEE binary64 arithmetic in a way that is exact by construction
 *            (arguments below), falling back to *_soft for everything else.
 *            tests/fp/fp_fast_test.c checks them against the *_soft versions.
 *
 * The fast paths assume the host evaluates double expressions in binary64
 * (FLT_EVAL_METHOD == 0; other hosts, or -DZL_FP_NO_HOST, get the soft path only) in
 * its default environment: round-to-nearest-even, no flush-to-zero/denormals-are-zero
 * (the f64 add error term can be subnormal), and that <math.h>'s fma() and sqrt() are
 * correctly rounded (C requires both; glibc uses the FMA and SQRTSD instructions on
 * x86-64 when the CPU has them).  FP contraction cannot change any fast path: the only
 * product that is later added to (f32 fma) is exact, so a fused host multiply-add
 * gives the same value.
 *
 * Each fast path finds a candidate result on the host and then decides exactness, the
 * direction of the error and ties exactly (integer comparisons, error-free
 * transformations, or the fact that the double stands for the exact value), so the
 * result and every flag equal the reference's in all five rounding modes.
 */
#include "fp_impl.h"

#include <float.h>
#include <math.h>
#include <string.h>

#if defined(__clang__)
# pragma STDC FP_CONTRACT OFF
#endif

#if FLT_EVAL_METHOD == 0 && DBL_MANT_DIG == 53 && FLT_RADIX == 2 && !defined(ZL_FP_NO_HOST)
# define FP_HOST 1
#else
# define FP_HOST 0
#endif

#define M32 23
#define E32 8
#define M64 52
#define E64 11

/* ==== reference implementations ================================================= */

/* Finite non-zero a: biased exponent (<= 0 for subnormals) and significand with its
 * leading 1 at bit M. */
FP_INLINE u64 fp_unpack(u64 a, int *e, int M, int EB)
{
    int ex = fp_exp_of(a, M, EB);
    u64 f = a & FP_FRAC(M);
    if (FP_LIKELY(ex != 0)) {
        *e = ex;
        return f | ((u64)1 << M);
    }
    int sh = fp_clz64(f) - (63 - M);
    *e = 1 - sh;
    return f << sh;
}

FP_INLINE u64 fp_nan_result(u64 a, u64 b, u8 *fl, int M, int EB)
{
    if (fp_issnan(a, M, EB) || fp_issnan(b, M, EB))
        *fl |= FP_NV;
    return FP_QNAN(M, EB);
}

FP_INLINE u64 soft_add(u64 a, u64 b, int rm, u8 *fl, int M, int EB)
{
    const u64 SB = FP_SIGNB(M, EB), INF = FP_INF(M, EB);
    u64 aa = fp_abs(a, M, EB), ab = fp_abs(b, M, EB);
    if (FP_UNLIKELY(aa >= INF || ab >= INF)) {
        if (aa > INF || ab > INF)
            return fp_nan_result(a, b, fl, M, EB);
        if (aa == INF && ab == INF && ((a ^ b) & SB)) {
            *fl |= FP_NV;                            /* inf - inf */
            return FP_QNAN(M, EB);
        }
        return aa == INF ? a : b;
    }
    if (ab > aa) {                                   /* make |a| >= |b| */
        u64 t = a; a = b; b = t;
        t = aa; aa = ab; ab = t;
    }
    if (ab == 0) {
        if (aa == 0)                                 /* +-0 + +-0 */
            return a == b ? a : fp_zero_sum(rm, M, EB);
        return a;
    }
    /* Subnormals are taken with exponent 1 and no implicit bit: not normalised, but
     * then both operands are subnormal-scaled, the shift is 0 and the sum is exact
     * (fp_round_pack's normal branch then packs a subnormal or the min normal). */
    int ea = fp_exp_of(a, M, EB), eb = fp_exp_of(b, M, EB);
    u64 ma = a & FP_FRAC(M), mb = b & FP_FRAC(M);
    if (ea) ma |= (u64)1 << M; else ea = 1;
    if (eb) mb |= (u64)1 << M; else eb = 1;
    ma <<= 62 - M;
    mb = fp_shr_jam64(mb << (62 - M), ea - eb);
    int sign = fp_sign_of(a, M, EB);
    u64 s;
    if (!((a ^ b) & SB)) {
        s = ma + mb;                                 /* < 2^64 */
        if (s >> 63) {
            s = (s >> 1) | (s & 1);
            ea++;
        }
    } else {
        s = ma - mb;
        if (s == 0)
            return fp_zero_sum(rm, M, EB);
        int lz = fp_clz64(s) - 1;
        s <<= lz;
        ea -= lz;
    }
    return fp_round_pack(sign, ea, s, rm, fl, M, EB);
}

/* Exact product of two finite non-zero values in the u128 form used by soft_fma:
 * value = P * 2^(e - BIAS - 125), P's leading 1 at bit 125. */
FP_INLINE u128 fp_mul_exact(u64 a, u64 b, int *e, int M, int EB)
{
    int ea, eb;
    u64 ma = fp_unpack(a, &ea, M, EB), mb = fp_unpack(b, &eb, M, EB);
    u128 p = (u128)ma * mb;                          /* in [2^2M, 2^(2M+2)) */
    int top = (int)(p >> (2 * M + 1)) & 1;
    *e = ea + eb - FP_BIAS(EB) + top;
    return p << (125 - 2 * M - top);
}

/* u128 with leading 1 at bit 125 -> u64 with leading 1 at bit 62, jammed. */
FP_INLINE u64 fp_compress(u128 x)
{
    return (u64)(x >> 63) | (((u64)x & (((u64)1 << 63) - 1)) != 0);
}

FP_INLINE u64 soft_mul(u64 a, u64 b, int rm, u8 *fl, int M, int EB)
{
    const u64 INF = FP_INF(M, EB);
    u64 aa = fp_abs(a, M, EB), ab = fp_abs(b, M, EB);
    int sign = fp_sign_of(a ^ b, M, EB);
    if (FP_UNLIKELY(aa >= INF || ab >= INF)) {
        if (aa > INF || ab > INF)
            return fp_nan_result(a, b, fl, M, EB);
        if (aa == 0 || ab == 0) {
            *fl |= FP_NV;                            /* inf * 0 */
            return FP_QNAN(M, EB);
        }
        return ((u64)sign << (M + EB)) | INF;
    }
    if (aa == 0 || ab == 0)
        return (u64)sign << (M + EB);
    int ea, eb;
    u64 ma = fp_unpack(a, &ea, M, EB), mb = fp_unpack(b, &eb, M, EB);
    u64 sig;
    int top;
    if (2 * M + 2 <= 64) {                           /* binary32: product fits in u64 */
        u64 p = ma * mb;                             /* in [2^2M, 2^(2M+2)) */
        top = (int)(p >> (2 * M + 1)) & 1;
        sig = p << ((62 - 2 * M - top) & 63);
    } else {
        u128 p = (u128)ma * mb;
        top = (int)(p >> (2 * M + 1)) & 1;
        sig = (u64)fp_shr_jam128(p, 2 * M + top - 62);
    }
    return fp_round_pack(sign, ea + eb - FP_BIAS(EB) + top, sig, rm, fl, M, EB);
}

FP_INLINE u64 soft_div(u64 a, u64 b, int rm, u8 *fl, int M, int EB)
{
    const u64 INF = FP_INF(M, EB);
    u64 aa = fp_abs(a, M, EB), ab = fp_abs(b, M, EB);
    int sign = fp_sign_of(a ^ b, M, EB);
    const u64 sgn = (u64)sign << (M + EB);
    if (FP_UNLIKELY(aa >= INF || ab >= INF)) {
        if (aa > INF || ab > INF)
            return fp_nan_result(a, b, fl, M, EB);
        if (aa == INF && ab == INF) {
            *fl |= FP_NV;                            /* inf / inf */
            return FP_QNAN(M, EB);
        }
        return aa == INF ? sgn | INF : sgn;          /* inf / x, x / inf */
    }
    if (ab == 0) {
        if (aa == 0) {
            *fl |= FP_NV;                            /* 0 / 0 */
            return FP_QNAN(M, EB);
        }
        *fl |= FP_DZ;
        return sgn | INF;
    }
    if (aa == 0)
        return sgn;
    int ea, eb;
    u64 ma = fp_unpack(a, &ea, M, EB), mb = fp_unpack(b, &eb, M, EB);
    int k = ma < mb;                                 /* quotient of significands < 1 */
    u64 sig;
    if (M <= 31) {
        /* q in [2^30, 2^31): M+3 significant bits and more; remainder -> sticky. */
        u64 num = ma << (30 + k);                    /* < 2^55 */
        u64 q = num / mb, r = num % mb;
        sig = (q << 32) | (r != 0);
    } else {
        u128 num = (u128)ma << (62 + k);              /* q in [2^62, 2^63) */
        u128 q = num / mb, r = num % mb;
        sig = (u64)q | (r != 0);
    }
    return fp_round_pack(sign, ea - eb + FP_BIAS(EB) - k, sig, rm, fl, M, EB);
}

/* floor(sqrt(x)), digit by digit; *inexact when the remainder x - root^2 != 0. */
static u64 fp_isqrt128(u128 x, int *inexact)
{
    u128 res = 0, bit = (u128)1 << 126;
    while (bit > x)
        bit >>= 2;
    while (bit) {
        if (x >= res + bit) {
            x -= res + bit;
            res = (res >> 1) + bit;
        } else {
            res >>= 1;
        }
        bit >>= 2;
    }
    *inexact = x != 0;
    return (u64)res;
}

static u64 fp_isqrt64(u64 x, int *inexact)
{
    u64 res = 0, bit = (u64)1 << 62;
    while (bit > x)
        bit >>= 2;
    while (bit) {
        if (x >= res + bit) {
            x -= res + bit;
            res = (res >> 1) + bit;
        } else {
            res >>= 1;
        }
        bit >>= 2;
    }
    *inexact = x != 0;
    return res;
}

FP_INLINE u64 soft_sqrt(u64 a, int rm, u8 *fl, int M, int EB)
{
    const u64 INF = FP_INF(M, EB);
    u64 aa = fp_abs(a, M, EB);
    if (FP_UNLIKELY(aa > INF))
        return fp_nan_result(a, a, fl, M, EB);
    if (aa == 0)
        return a;                                    /* sqrt(+-0) = +-0 */
    if (fp_sign_of(a, M, EB)) {
        *fl |= FP_NV;                                /* negative, -inf included */
        return FP_QNAN(M, EB);
    }
    if (aa == INF)
        return a;
    int e;
    u64 m = fp_unpack(a, &e, M, EB);
    int t = e - FP_BIAS(EB) - M;                     /* a = m * 2^t */
    if (t & 1) {
        m <<= 1;                                     /* m in [2^M, 2^(M+2)) */
        t -= 1;
    }
    /* Scale m by an even power n of two so that the integer root has at least M + 3
     * bits (31 for binary32 in u64, 62 for binary64 in u128), then normalise the
     * root, with the remainder as sticky bit, to bit 62. */
    const int n = M <= 28 ? 38 : 72;                 /* m << n < 2^63 resp. 2^126 */
    int inexact;
    u64 r = M <= 28 ? fp_isqrt64(m << (n & 63), &inexact)
                    : fp_isqrt128((u128)m << n, &inexact);
    u64 sig = r | (u64)inexact;
    int lz = fp_clz64(sig) - 1;
    sig <<= lz;                                      /* jam bit moves, stays below */
    /* sqrt(a) = sqrt(m 2^n) * 2^((t-n)/2) = sig * 2^((t-n)/2 - lz). */
    int ex = (t - n) / 2 - lz + FP_BIAS(EB) + 62;
    return fp_round_pack(0, ex, sig, rm, fl, M, EB);
}

FP_INLINE u64 soft_fma(u64 a, u64 b, u64 c, int op, int rm, u8 *fl, int M, int EB)
{
    const u64 INF = FP_INF(M, EB);
    const int S = M + EB;
    u64 aa = fp_abs(a, M, EB), ab = fp_abs(b, M, EB), ac = fp_abs(c, M, EB);
    int sp = fp_sign_of(a ^ b, M, EB) ^ ((op >> 1) & 1);
    int sc = fp_sign_of(c, M, EB) ^ (op & 1);
    if (FP_UNLIKELY(aa >= INF || ab >= INF || ac >= INF)) {
        if (fp_issnan(a, M, EB) || fp_issnan(b, M, EB) || fp_issnan(c, M, EB))
            *fl |= FP_NV;
        /* inf * 0 is invalid even when the addend is a quiet NaN (RISC-V). */
        if ((aa == INF && ab == 0) || (aa == 0 && ab == INF)) {
            *fl |= FP_NV;
            return FP_QNAN(M, EB);
        }
        if (aa > INF || ab > INF || ac > INF)
            return FP_QNAN(M, EB);
        if (aa == INF || ab == INF) {
            if (ac == INF && sc != sp) {
                *fl |= FP_NV;                        /* inf - inf */
                return FP_QNAN(M, EB);
            }
            return ((u64)sp << S) | INF;
        }
        return ((u64)sc << S) | INF;
    }
    if (aa == 0 || ab == 0) {                        /* exact zero product */
        if (ac == 0)
            return sp == sc ? (u64)sp << S : fp_zero_sum(rm, M, EB);
        return ((u64)sc << S) | ac;
    }
    int ep;
    u128 p = fp_mul_exact(a, b, &ep, M, EB);
    if (ac == 0)
        return fp_round_pack(sp, ep, fp_compress(p), rm, fl, M, EB);
    int ec;
    u128 cc = (u128)fp_unpack(c, &ec, M, EB) << (125 - M);
    u128 big, small;
    int e, d, sign;
    if (ep > ec || (ep == ec && p >= cc)) {
        big = p; small = cc; e = ep; d = ep - ec; sign = sp;
    } else {
        big = cc; small = p; e = ec; d = ec - ep; sign = sc;
    }
    small = fp_shr_jam128(small, d);
    u128 s;
    if (sp == sc) {
        s = big + small;                             /* < 2^127 */
        if (s >> 126) {
            s = (s >> 1) | (s & 1);
            e++;
        }
    } else {
        /* If bits of `small` were lost, big dominates: cancellation <= 1 bit. */
        s = big - small;
        if (s == 0)
            return fp_zero_sum(rm, M, EB);
        int lz = fp_clz128(s) - 2;
        s <<= lz;
        e -= lz;
    }
    return fp_round_pack(sign, e, fp_compress(s), rm, fl, M, EB);
}

u32 f32_add_soft(u32 a, u32 b, int rm, u8 *fl) { return (u32)soft_add(a, b, rm, fl, M32, E32); }
u32 f32_sub_soft(u32 a, u32 b, int rm, u8 *fl) { return (u32)soft_add(a, b ^ F32_SIGN, rm, fl, M32, E32); }
u32 f32_mul_soft(u32 a, u32 b, int rm, u8 *fl) { return (u32)soft_mul(a, b, rm, fl, M32, E32); }
u32 f32_div_soft(u32 a, u32 b, int rm, u8 *fl) { return (u32)soft_div(a, b, rm, fl, M32, E32); }
u32 f32_sqrt_soft(u32 a, int rm, u8 *fl) { return (u32)soft_sqrt(a, rm, fl, M32, E32); }
u32 f32_fma_soft(u32 a, u32 b, u32 c, int op, int rm, u8 *fl)
{
    return (u32)soft_fma(a, b, c, op, rm, fl, M32, E32);
}
u64 f64_add_soft(u64 a, u64 b, int rm, u8 *fl) { return soft_add(a, b, rm, fl, M64, E64); }
u64 f64_sub_soft(u64 a, u64 b, int rm, u8 *fl) { return soft_add(a, b ^ F64_SIGN, rm, fl, M64, E64); }
u64 f64_mul_soft(u64 a, u64 b, int rm, u8 *fl) { return soft_mul(a, b, rm, fl, M64, E64); }
u64 f64_div_soft(u64 a, u64 b, int rm, u8 *fl) { return soft_div(a, b, rm, fl, M64, E64); }
u64 f64_sqrt_soft(u64 a, int rm, u8 *fl) { return soft_sqrt(a, rm, fl, M64, E64); }
u64 f64_fma_soft(u64 a, u64 b, u64 c, int op, int rm, u8 *fl)
{
    return soft_fma(a, b, c, op, rm, fl, M64, E64);
}

/* ==== fast paths on the host's binary64 ========================================= */
#if FP_HOST

FP_INLINE double h_from(u64 x) { double d; memcpy(&d, &x, sizeof d); return d; }
FP_INLINE u64 h_bits(double d) { u64 x; memcpy(&x, &d, sizeof x); return x; }
FP_INLINE u32 h_bits32(float f) { u32 x; memcpy(&x, &f, sizeof x); return x; }

/* Directed-rounding fix-up of a round-to-nearest-even result r, the encoding of a
 * binary64 (biased exponent in [2, 2045]) or binary32 (in [2, 253]) number with sign
 * neg, given whether the exact value differs (nx), is larger in magnitude (up) and
 * lies exactly half an ulp above |r| (tie: only with up).  Stepping the encoding by one
 * moves by one ulp in magnitude and stays finite and normal; the exponent window also
 * keeps the exact value out of the tiny range, so no UF/OF analysis is needed.  Free
 * of data-dependent branches (rm is the same for long runs of calls). */
FP_INLINE u64 h_fix(u64 r, int neg, int nx, int up, int tie, int rm)
{
    u64 away;                                        /* round away from zero */
    switch (rm) {
    case FP_RTZ: away = 0; break;
    case FP_RDN: away = (u64)neg; break;
    case FP_RUP: away = (u64)!neg; break;
    case FP_RMM: return r + (u64)(up & tie);
    default:     return r;
    }
    /* below |r| and towards zero: one step down; above |r| and away: one step up */
    u64 step = (away & (u64)up) - (u64)(!away & !up);
    return r + (step & -(u64)nx);
}

/* The exact value of a finite binary32 as a double (the host's conversion is exact;
 * without DAZ a subnormal converts to its value). */
FP_INLINE double h_of_f32(u32 a)
{
    float f;
    memcpy(&f, &a, sizeof f);
    return (double)f;
}

/* Round a finite double (given by its bits) to binary32 under rm. */
FP_INLINE u32 h_to_f32(u64 d, int rm, u8 *fl)
{
    int e = (int)(d >> 52) & 0x7ff;
    int sign = (int)(d >> 63);
    if (e == 0)                                      /* never reached with d != 0 */
        return (d << 1) ? (u32)fp_round_pack(sign, -1000, (u64)1 << 62, rm, fl, M32, E32)
                        : (u32)sign << 31;
    u64 sig = ((d & FP_FRAC(M64)) | ((u64)1 << 52)) << 10;
    return (u32)fp_round_pack(sign, e - 896, sig, rm, fl, M32, E32);
}

/* Every binary32 fast path below computes a finite double d that "stands for" the
 * exact result x: for every number y with at most 25 significant bits, d compares with
 * y (<, ==, >) as x does.  Rounding x to binary32 in any mode, and its NX, UF (tininess
 * after rounding) and OF, depend only on such comparisons: the binary32 numbers and
 * the midpoints between them (normal or subnormal spacing), the tininess boundaries
 * just below 2^-126 and the overflow thresholds all have at most 25 significant bits.
 * So rounding d gives the result and the flags of x.  d stands for x when
 *   - d == x (x exactly representable in binary64), or
 *   - d is x rounded to odd at 53 bits (h_round_odd), or
 *   - d = RN(x) to 53 bits and x is never within 2^-53 |x| of such a y unless equal to
 *     it (quotients and square roots of binary32 numbers: see f32_div, f32_sqrt).
 * h_round_f32 rounds d with the host's conversion (round-to-nearest-even in the
 * default environment) when the result f has a biased exponent in [2, 253], which
 * keeps x out of the tiny range (|x| > 2^-125 - 2^-150) and a step away from
 * overflow; NX is d != f, and the directed modes adjust f by h_fix.  Everything else
 * goes through fp_round_pack. */
FP_INLINE u32 h_round_f32(double d, int rm, u8 *fl)
{
    float f = (float)d;
    u32 fb = h_bits32(f);
    int ef = (int)(fb >> 23) & 0xff;
    if (FP_LIKELY((unsigned)(ef - 2) < 252u)) {
        double fd = (double)f;
        int nx = fd != d;
        *fl |= (u8)(FP_NX * nx);                     /* no branch */
        if (FP_LIKELY(rm == FP_RNE))
            return fb;
        u64 ad = h_bits(d) << 1, af = h_bits(fd) << 1;     /* magnitudes, same sign */
        int up = ad > af;
        /* |d| - |f| is exact (Sterbenz); half an ulp of f is 2^(ef-151) */
        int tie = up & (h_bits(h_from(ad >> 1) - h_from(af >> 1)) == (u64)(ef + 872) << 52);
        return (u32)h_fix(fb, (int)(fb >> 31), nx, up, tie, rm);
    }
    return h_to_f32(h_bits(d), rm, fl);
}

/* Round-to-odd fix-up: s = RN(x) and err = x - s exactly.  Returns the double nearest
 * x in the direction of truncation with its last bit forced to 1 when inexact (x
 * "rounded to odd").  It stands for x (see above): with 53 >= 25 + 2 bits the step
 * towards x never crosses or reaches a number of 25 significant bits, and an inexact
 * result has 53 significant bits so it equals none.
 * Requires s finite, non-zero and not subnormal when err != 0. */
FP_INLINE double h_round_odd(double s, double err)
{
    u64 sb = h_bits(s);
    if (err != 0 && !(sb & 1))
        sb += ((h_bits(err) ^ sb) >> 63) ? (u64)-1 : 1;   /* step towards x */
    return h_from(sb);
}

#define F64_NORMAL(e) ((unsigned)((e) - 1) < 2046u)
#define F64_SAFE(e)   ((unsigned)((e) - 2) < 2044u)  /* [2, 2045] */
#define F64_IMP       ((u64)1 << 52)

/* ---- binary64 ---- */

static u64 f64_addsub(u64 a, u64 b, int rm, u8 *fl)
{
    int ea = (int)(a >> 52) & 0x7ff, eb = (int)(b >> 52) & 0x7ff;
    if (FP_LIKELY(F64_NORMAL(ea) && F64_NORMAL(eb))) {
        double x = h_from(a), y = h_from(b);
        double s = x + y;
        u64 sb = h_bits(s);
        int es = (int)(sb >> 52) & 0x7ff;
        if (FP_LIKELY(F64_SAFE(es))) {
            /* Fast2Sum: with |big| >= |small| the error is exactly small - (s - big).
             * The operands are ordered, and NX raised, without data-dependent branches. */
            u64 swap = ((a ^ b) & -(u64)((b << 1) > (a << 1)));
            double big = h_from(a ^ swap), small = h_from(b ^ swap);
            double err = small - (s - big);
            *fl |= (u8)(FP_NX * (err != 0));
            if (FP_LIKELY(rm == FP_RNE))
                return sb;
            u64 eb2 = h_bits(err);
            int up = !((eb2 ^ sb) >> 63);
            u64 half_ulp = es > 53 ? (u64)(es - 53) << 52 : (u64)1 << (es - 2);
            return h_fix(sb, (int)(sb >> 63), err != 0, up, (eb2 << 1) == (half_ulp << 1), rm);
        }
        if (s == 0)                                  /* x == -y exactly */
            return fp_zero_sum(rm, M64, E64);
    }
    return f64_add_soft(a, b, rm, fl);
}

u64 f64_add(u64 a, u64 b, int rm, u8 *fl) { return f64_addsub(a, b, rm, fl); }
u64 f64_sub(u64 a, u64 b, int rm, u8 *fl) { return f64_addsub(a, b ^ F64_SIGN, rm, fl); }

/* Multiplication at RNE: p = RN(a*b) on the host.  With A, B, P the significands
 * (implicit bit included) of a, b, p, a*b = A*B * 2^(ea+eb-2150) and
 * p = P * 2^(ep-1075).  Since |a*b - p| <= ulp(p)/2 = 2^(ep-1076), a*b == p exactly
 * when a*b is a multiple of ulp(p), i.e. when its lowest set bit,
 * 2^(ea+eb-2150+tz(A)+tz(B)), is at least 2^(ep-1075): that is NX.  The directed
 * modes take the soft path, whose one 64x64->128 multiply and rounding cost no more
 * than finding the direction of the error here would (measured). */
u64 f64_mul(u64 a, u64 b, int rm, u8 *fl)
{
    int ea = (int)(a >> 52) & 0x7ff, eb = (int)(b >> 52) & 0x7ff;
    if (FP_LIKELY(rm == FP_RNE && F64_NORMAL(ea) && F64_NORMAL(eb))) {
        u64 pb = h_bits(h_from(a) * h_from(b));
        int ep = (int)(pb >> 52) & 0x7ff;
        if (FP_LIKELY(F64_SAFE(ep))) {
            const u64 FR = F64_IMP - 1;
            int low = ea + eb - 1075 + fp_ctz64((a & FR) | F64_IMP) + fp_ctz64((b & FR) | F64_IMP);
            *fl |= (u8)(FP_NX * (low < ep));         /* no branch */
            return pb;
        }
    }
    return f64_mul_soft(a, b, rm, fl);
}

/* Division: q = RN(a/b) on the host; the sign of a/b - q comes from comparing the
 * integers A*2^k and Q*B (significands with implicit bit), both exact in u128.  A
 * quotient of two 53-bit numbers is never a midpoint, so RMM equals RNE. */
u64 f64_div(u64 a, u64 b, int rm, u8 *fl)
{
    int ea = (int)(a >> 52) & 0x7ff, eb = (int)(b >> 52) & 0x7ff;
    if (FP_LIKELY(F64_NORMAL(ea) && F64_NORMAL(eb))) {
        u64 qb = h_bits(h_from(a) / h_from(b));
        int eq = (int)(qb >> 52) & 0x7ff;
        if (FP_LIKELY(F64_SAFE(eq))) {
            const u64 IMP = (u64)1 << 52, FR = IMP - 1;
            u128 lhs = (u128)((a & FR) | IMP) << (ea - eb - eq + 1075);    /* k in [51, 54] */
            u128 rhs = (u128)((qb & FR) | IMP) * ((b & FR) | IMP);
            if (lhs == rhs)
                return qb;
            *fl |= FP_NX;
            return h_fix(qb, (int)(qb >> 63), 1, lhs > rhs, 0, rm);
        }
    }
    return f64_div_soft(a, b, rm, fl);
}

/* Square root: s = RN(sqrt(a)); compare a with s^2 exactly as A*2^k vs S*S.  Never a
 * midpoint either. */
u64 f64_sqrt(u64 a, int rm, u8 *fl)
{
    int ea = (int)(a >> 52);                         /* sign bit included: positive only */
    if (FP_LIKELY(F64_NORMAL(ea))) {
        u64 sb = h_bits(sqrt(h_from(a)));
        int es = (int)(sb >> 52);                    /* in [511, 1535] */
        const u64 IMP = (u64)1 << 52, FR = IMP - 1;
        u128 lhs = (u128)((a & FR) | IMP) << (ea - 2 * es + 1075);        /* k in [51, 54] */
        u128 sm = (sb & FR) | IMP;
        u128 rhs = sm * sm;
        if (lhs == rhs)
            return sb;
        *fl |= FP_NX;
        return h_fix(sb, 0, 1, lhs > rhs, 0, rm);
    }
    return f64_sqrt_soft(a, rm, fl);
}

/* Fused multiply-add: r = RN(x), x = a*b + c, from the host's fma() (C requires it to
 * round once; on x86-64 glibc it is the FMA instruction when the CPU has one).  Left to
 * find: whether x == r, and for the directed modes the sign of x - r and whether it is
 * exactly half an ulp.  Operands and r are normal here: each is N * 2^(u - 1075) with
 * an integer significand N in [2^52, 2^53) and u its biased exponent, so
 * a*b = P * 2^(up - 1075) with P = A*B < 2^106 and up = ea + eb - 1075.  Bit positions
 * below are exponents of 2 in units of 2^-1075.
 *
 * RNE only needs NX.  |x - r| <= ulp(r)/2 = 2^(ur-1076), so x == r exactly when x is a
 * multiple of ulp(r), i.e. when the lowest set bit of x is at position ur or above.
 * The lowest set bits of a*b and c are at lp = up + tz(A) + tz(B) and lc = ec + tz(C);
 * when they differ, x's is at min(lp, lc) (the 2-adic valuation of a sum of two terms
 * of different valuations), computed before the host call.
 *
 * Otherwise (lp == lc, or a directed mode) f64_fma_exact computes the residual. */
static FP_NOINLINE u64 f64_fma_exact(u64 a, u64 b, u64 c, int op, int rm, u8 *fl, u64 rb);

u64 f64_fma(u64 a, u64 b, u64 c, int op, int rm, u8 *fl)
{
    const u64 FR = F64_IMP - 1;
    int ea = (int)(a >> 52) & 0x7ff, eb = (int)(b >> 52) & 0x7ff, ec = (int)(c >> 52) & 0x7ff;
    u64 na = a ^ ((u64)(op >> 1) << 63), nc = c ^ ((u64)(op & 1) << 63);
    if (FP_LIKELY(F64_NORMAL(ea) && F64_NORMAL(eb) && F64_NORMAL(ec))) {
        int lp = ea + eb - 1075 + fp_ctz64((a & FR) | F64_IMP) + fp_ctz64((b & FR) | F64_IMP);
        int lc = ec + fp_ctz64((c & FR) | F64_IMP);
        int quick = rm == FP_RNE && lp != lc, low = lp < lc ? lp : lc;
        u64 rb = h_bits(fma(h_from(na), h_from(b), h_from(nc)));
        int ur = (int)(rb >> 52) & 0x7ff;
        if (FP_LIKELY(F64_SAFE(ur))) {
            if (FP_LIKELY(quick)) {
                *fl |= (u8)(FP_NX * (low < ur));
                return rb;
            }
            return f64_fma_exact(a, b, c, op, rm, fl, rb);
        }
    } else if ((c << 1) == 0 && F64_NORMAL(ea) && F64_NORMAL(eb)) {
        return f64_mul(na, b, rm, fl);               /* x = a*b exactly: a product */
    }
    return f64_fma_soft(a, b, c, op, rm, fl);
}

/* The residual of f64_fma (operands normal, r = RN(x) with biased exponent ur in
 * [2, 2045]), with integers modulo 2^128: x and r are multiples of 2^(m-1075),
 * m = min(up, ec, ur), and D = (|x| - |r|) / 2^(m-1075) is an integer with
 * |D| <= 2^(ur-m-1).  When ur - m <= 127, |D| <= 2^126 and D is recovered exactly from
 * its residue modulo 2^128: the sum of the three terms N * 2^(u-m), each negated when
 * its sign differs from r's (|x| = x * sign(r): RN keeps the sign of x), with u128
 * wrap-around and a term shifted by 128 or more contributing 0.  The window only leaves
 * out a product whose leading bit is about 74 or more binades below r's, or an addend
 * more than 127 binades below r: those take the soft path. */
static FP_NOINLINE u64 f64_fma_exact(u64 a, u64 b, u64 c, int op, int rm, u8 *fl, u64 rb)
{
    const u64 FR = F64_IMP - 1;
    int ea = (int)(a >> 52) & 0x7ff, eb = (int)(b >> 52) & 0x7ff, ec = (int)(c >> 52) & 0x7ff;
    int ur = (int)(rb >> 52) & 0x7ff, up = ea + eb - 1075;
    int m = up < ec ? up : ec;
    if (ur < m)
        m = ur;
    if (FP_UNLIKELY(ur - m > 127))
        return f64_fma_soft(a, b, c, op, rm, fl);
    u64 na = a ^ ((u64)(op >> 1) << 63), nc = c ^ ((u64)(op & 1) << 63);
    int kp = up - m, kc = ec - m, kr = ur - m;
    u128 P = (u128)((a & FR) | F64_IMP) * ((b & FR) | F64_IMP);
    u128 tp = kp < 128 ? P << kp : 0;
    u128 tc = kc < 128 ? (u128)((c & FR) | F64_IMP) << kc : 0;
    u128 tr = (u128)((rb & FR) | F64_IMP) << kr;
    u128 np = -(u128)((na ^ b ^ rb) >> 63);          /* all ones: negate */
    u128 nq = -(u128)((nc ^ rb) >> 63);
    u128 d = ((tp ^ np) - np) + ((tc ^ nq) - nq) - tr;
    if (d == 0)
        return rb;
    *fl |= FP_NX;
    int above = !(d >> 127);                         /* |x| > |r|; kr >= 1 as d != 0 */
    return h_fix(rb, (int)(rb >> 63), 1, above, above & (d == (u128)1 << (kr - 1)), rm);
}

/* ---- binary32 ----
 * Every operation computes a double that stands for the exact result (see
 * h_round_f32) and rounds it once. */

#define F32_FINITE(x) ((((x) >> 23) & 0xff) != 0xff)

/* Sum: x and y are a and b exactly.  With units 2^ua >= 2^ub (ua = max(biased
 * exponent, 1) - 150) and d = ua - ub, a + b = (A*2^d +- B) * 2^ub with integers
 * A, B < 2^24, and |A*2^d +- B| <= (2^24 - 1)(2^d + 1) < 2^53 when d <= 29: the double
 * sum is exact.  Otherwise s = RN(x + y) with the exact error from Fast2Sum
 * (|big| >= |small|; no overflow or underflow at binary32 magnitudes), rounded to odd;
 * s != 0 there.  An exact zero sum takes its sign from the RISC-V rules. */
static u32 f32_addsub(u32 a, u32 b, int rm, u8 *fl)
{
    u32 ea = (a >> 23) & 0xff, eb = (b >> 23) & 0xff;
    if (FP_LIKELY(ea != 0xff && eb != 0xff)) {
        double x = h_of_f32(a), y = h_of_f32(b);
        double s = x + y;
        int d = (int)(ea ? ea : 1) - (int)(eb ? eb : 1);
        if (FP_LIKELY((unsigned)(d + 29) <= 58u)) {
            if (FP_UNLIKELY(s == 0))
                return a == b ? a : (u32)fp_zero_sum(rm, M32, E32);
            return h_round_f32(s, rm, fl);
        }
        double big = x, small = y;                   /* s != 0: magnitudes far apart */
        if ((b << 1) > (a << 1)) { big = y; small = x; }
        return h_round_f32(h_round_odd(s, small - (s - big)), rm, fl);
    }
    return f32_add_soft(a, b, rm, fl);
}

u32 f32_add(u32 a, u32 b, int rm, u8 *fl) { return f32_addsub(a, b, rm, fl); }
u32 f32_sub(u32 a, u32 b, int rm, u8 *fl) { return f32_addsub(a, b ^ F32_SIGN, rm, fl); }

/* Product: 24 x 24 <= 53 significant bits, magnitude 0 or in [2^-298, 2^256): exact.
 * A zero product keeps the host's sign, the exclusive or of the operands' signs.
 * (The directed modes take the soft path: for mul and div it is as fast, measured.) */
u32 f32_mul(u32 a, u32 b, int rm, u8 *fl)
{
    if (FP_LIKELY(rm == FP_RNE && F32_FINITE(a) && F32_FINITE(b)))
        return h_round_f32(h_of_f32(a) * h_of_f32(b), rm, fl);
    return f32_mul_soft(a, b, rm, fl);
}

/* Quotient: q = RN(a/b) to 53 bits (|a/b| in [2^-277, 2^277]: normal).  It stands for
 * x = a/b: write a = A 2^s, b = B 2^t (integers A, B < 2^24) and let y = Y 2^v
 * (Y < 2^25) differ from x.  |x - y| = |A 2^s - Y B 2^(v+t)| / (B 2^t), the numerator a
 * non-zero multiple of 2^min(s, v+t): if that is 2^s, |x - y| >= 2^(s-t)/B > 2^-48 |x|
 * (as x < 2^(s-t+24)); else |x - y| >= 2^v/B > 2^-49 |y|, which exceeds 2^-50 |x| when
 * |y| >= |x|/2 and |x|/2 otherwise.  Either way |x - y| > 2^-53 |x| >= |q - x|.  And
 * y == x is exact in binary64, so q == x.  Division by zero and the directed modes
 * take the soft path. */
u32 f32_div(u32 a, u32 b, int rm, u8 *fl)
{
    if (FP_LIKELY(rm == FP_RNE && F32_FINITE(a) && F32_FINITE(b) && (b << 1) != 0))
        return h_round_f32(h_of_f32(a) / h_of_f32(b), rm, fl);
    return f32_div_soft(a, b, rm, fl);
}

/* For binary32 a, the exact sqrt(a) is either a binary32 number or differs from every
 * 25-bit number y (binary32 numbers and the midpoints between them) by more than
 * 2^-51 |y|: a - y^2 is a non-zero multiple of 2^(2 exp(y)), and
 * |sqrt(a) - y| = |a - y^2| / (sqrt(a) + y).  RN to 53 bits moves it by at most
 * 2^-53 |sqrt(a)|, so the double lies strictly on the same side of every such y and
 * equals one only when sqrt(a) does: it stands for sqrt(a) (no UF/OF: sqrt stays in
 * range). */
u32 f32_sqrt(u32 a, int rm, u8 *fl)
{
    if (FP_UNLIKELY(a - 1 >= 0x7f7fffffu))           /* zero, negative, inf, NaN */
        return f32_sqrt_soft(a, rm, fl);
    return h_round_f32(sqrt(h_of_f32(a)), rm, fl);
}

u32 f32_fma(u32 a, u32 b, u32 c, int op, int rm, u8 *fl)
{
    if (FP_UNLIKELY(!F32_FINITE(a) || !F32_FINITE(b) || !F32_FINITE(c)))
        return f32_fma_soft(a, b, c, op, rm, fl);
    double p = h_of_f32(a) * h_of_f32(b);           /* exact */
    double z = h_of_f32(c);
    if (op & 2) p = -p;
    if (op & 1) z = -z;
    double s = p + z;
    /* TwoSum: the exact error of s (no overflow possible at these magnitudes). */
    double bv = s - p;
    double err = (p - (s - bv)) + (z - bv);
    if (s == 0) {                                    /* exact zero */
        u64 pb = h_bits(p), zb = h_bits(z);
        if ((pb ^ zb) >> 63)
            return (u32)fp_zero_sum(rm, M32, E32);
        return (u32)(pb >> 63) << 31;
    }
    /* x = p + z is a non-zero multiple of 2^-298, so s is normal. */
    return h_round_f32(h_round_odd(s, err), rm, fl);
}

#else /* !FP_HOST: reference paths only */

u64 f64_add(u64 a, u64 b, int rm, u8 *fl) { return f64_add_soft(a, b, rm, fl); }
u64 f64_sub(u64 a, u64 b, int rm, u8 *fl) { return f64_sub_soft(a, b, rm, fl); }
u64 f64_mul(u64 a, u64 b, int rm, u8 *fl) { return f64_mul_soft(a, b, rm, fl); }
u64 f64_div(u64 a, u64 b, int rm, u8 *fl) { return f64_div_soft(a, b, rm, fl); }
u64 f64_sqrt(u64 a, int rm, u8 *fl) { return f64_sqrt_soft(a, rm, fl); }
u64 f64_fma(u64 a, u64 b, u64 c, int op, int rm, u8 *fl) { return f64_fma_soft(a, b, c, op, rm, fl); }
u32 f32_add(u32 a, u32 b, int rm, u8 *fl) { return f32_add_soft(a, b, rm, fl); }
u32 f32_sub(u32 a, u32 b, int rm, u8 *fl) { return f32_sub_soft(a, b, rm, fl); }
u32 f32_mul(u32 a, u32 b, int rm, u8 *fl) { return f32_mul_soft(a, b, rm, fl); }
u32 f32_div(u32 a, u32 b, int rm, u8 *fl) { return f32_div_soft(a, b, rm, fl); }
u32 f32_sqrt(u32 a, int rm, u8 *fl) { return f32_sqrt_soft(a, rm, fl); }
u32 f32_fma(u32 a, u32 b, u32 c, int op, int rm, u8 *fl) { return f32_fma_soft(a, b, c, op, rm, fl); }

#endif /* FP_HOST */

u32 f32_fmadd(u32 a, u32 b, u32 c, int rm, u8 *fl)  { return f32_fma(a, b, c, FP_FMADD, rm, fl); }
u32 f32_fmsub(u32 a, u32 b, u32 c, int rm, u8 *fl)  { return f32_fma(a, b, c, FP_FMSUB, rm, fl); }
u32 f32_fnmsub(u32 a, u32 b, u32 c, int rm, u8 *fl) { return f32_fma(a, b, c, FP_FNMSUB, rm, fl); }
u32 f32_fnmadd(u32 a, u32 b, u32 c, int rm, u8 *fl) { return f32_fma(a, b, c, FP_FNMADD, rm, fl); }
u64 f64_fmadd(u64 a, u64 b, u64 c, int rm, u8 *fl)  { return f64_fma(a, b, c, FP_FMADD, rm, fl); }
u64 f64_fmsub(u64 a, u64 b, u64 c, int rm, u8 *fl)  { return f64_fma(a, b, c, FP_FMSUB, rm, fl); }
u64 f64_fnmsub(u64 a, u64 b, u64 c, int rm, u8 *fl) { return f64_fma(a, b, c, FP_FNMSUB, rm, fl); }
u64 f64_fnmadd(u64 a, u64 b, u64 c, int rm, u8 *fl) { return f64_fma(a, b, c, FP_FNMADD, rm, fl); }
