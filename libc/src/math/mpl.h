/* Internal: the 256-bit multi-precision floating point of zlibc's long double math
 * (docs/libc.md, "long double math").  long double is IEEE binary128 at every XLEN; the
 * functions never use long double arithmetic (rv32 has no soft-float helpers in the GCC
 * build): a value is decoded from its bits into an mp, computed with 256-bit significands
 * (u32 limbs, so the code is the same on rv32, rv64 and rv128) and rounded once, to
 * nearest-even, into the binary128 result. */
#ifndef ZL_MPL_H
#define ZL_MPL_H
#include "zl_libc.h"
#include <stdint.h>

#define MP_NL 8   /* limbs of 32 bits: 256-bit significand */

/* value = (-1)^s * M * 2^(e - 256), M = m[MP_NL-1]..m[0] with bit 255 set; M == 0 is zero */
typedef struct {
    int s;
    int e;
    u32 m[MP_NL];
} mp;

/* binary128 bit pattern */
typedef struct {
    u64 hi, lo;
} ldbits;

ldbits __zl_ldbits(long double x);
long double __zl_ldval(ldbits b);
/* class of a bit pattern: 0 zero, 1 finite non-zero, 2 infinity, 3 NaN */
int __zl_ldclass(ldbits b);
long double __zl_ldqnan(ldbits b);          /* the result for a NaN operand b */
long double __zl_ldinvalid(void);            /* default NaN, raises FE_INVALID, errno EDOM */
long double __zl_ldinf(int neg);
long double __zl_lddivzero(int neg);         /* +-inf, raises FE_DIVBYZERO, errno ERANGE */

void __zl_mp_from_ld(mp *r, long double x);
void __zl_mp_from_int(mp *r, i64 v);
void __zl_mp_from_u128(mp *r, int s, u64 hi, u64 lo, int e2);   /* (hi:lo) 2^e2 */
long double __zl_mp_to_ld(const mp *a);      /* rounds in the current direction; flags */
long double __zl_ld_overflow(int neg);       /* a result too large / too small in magnitude */
long double __zl_ld_underflow(int neg);
long double __zl_ld_inside(const mp *v);     /* a result just inside v (toward zero) */
int __zl_mp_is_zero(const mp *a);
int __zl_mp_cmp_abs(const mp *a, const mp *b);
int __zl_mp_cmp(const mp *a, const mp *b);
void __zl_mp_add(mp *r, const mp *a, const mp *b);
void __zl_mp_sub(mp *r, const mp *a, const mp *b);
void __zl_mp_mul(mp *r, const mp *a, const mp *b);
void __zl_mp_div(mp *r, const mp *a, const mp *b);
void __zl_mp_mul_u32(mp *r, const mp *a, u32 k);
void __zl_mp_div_u32(mp *r, const mp *a, u32 k);
void __zl_mp_sqrt(mp *r, const mp *a);       /* truncated root, bit 0 = inexact (sticky) */
void __zl_mp_scale(mp *r, int k);            /* r *= 2^k */
/* nearest integer (ties away) of a, |a| < 2^62; *frac = a - that integer (exact) */
i64 __zl_mp_round_int(const mp *a, mp *frac);
void __zl_mp_trunc(mp *r, const mp *a, int *odd);   /* toward zero; parity */
int __zl_mp_is_int(const mp *a);             /* a is an integer */
int __zl_mp_is_odd_int(const mp *a);         /* a is an odd integer */

/* elementary functions on mp: series summed to about 2^-250 absolute error */
void __zl_mp_exp(mp *r, const mp *x);        /* |x| < 2^20 */
void __zl_mp_log(mp *r, const mp *x);        /* x > 0 */
void __zl_mp_log1p(mp *r, const mp *x);      /* x > -1 (accurate for small x) */
void __zl_mp_expm1(mp *r, const mp *x);      /* |x| < 2^20 (accurate for small x) */
void __zl_mp_atan(mp *r, const mp *x);
/* sin and cos of r with |r| <= pi/4 (either pointer may be 0) */
void __zl_mp_sincos_small(const mp *r, mp *s, mp *c);
/* x reduced modulo pi/2: x = k pi/2 + r, |r| <= pi/4; returns k mod 4 */
int __zl_mp_rem_pio2(const mp *x, mp *r);

extern const mp __zl_mp_one, __zl_mp_ln2, __zl_mp_pi, __zl_mp_pio2, __zl_mp_pio4,
    __zl_mp_log2e, __zl_mp_log10e, __zl_mp_2osqrtpi, __zl_mp_1osqrtpi, __zl_mp_euler,
    __zl_mp_hln2pi, __zl_mp_1meuler;
extern const mp __zl_mp_lg1[6], __zl_mp_lg2[6];
#define MP_STIRLING_K 40
extern const mp __zl_mp_stirling[MP_STIRLING_K];

#endif
