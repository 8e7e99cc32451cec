/* Seeded, biased generators of binary32/binary64 bit patterns for the fp tests.
 *
 * Uniform random encodings almost never hit the cases that matter (zeros, subnormals,
 * infinities, NaNs, the edges of the exponent range, mantissas on or next to a
 * rounding midpoint), so patterns are drawn from weighted categories, and the second
 * and third operands can be correlated with the first (close exponents for
 * cancellation, exponent sums at the underflow/overflow thresholds for mul/div/fma).
 * Formats are (M, EB) = (23, 8) or (52, 11); encodings travel in a u64.
 */
#ifndef ZL_TESTS_FP_GEN_H
#define ZL_TESTS_FP_GEN_H

#include <zl/types.h>

static u64 tg_state = 0x2545f4914f6cdd1dull;

static inline void tg_seed(u64 s) { tg_state = s; }

static inline u64 tg_next(void)            /* splitmix64 */
{
    u64 z = (tg_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static inline u32 tg_below(u32 n) { return (u32)(((tg_next() >> 32) * n) >> 32); }

static inline int tg_range(int lo, int hi) { return lo + (int)tg_below((u32)(hi - lo + 1)); }

/* A significand (fraction bits only) of M bits. */
static inline u64 tg_mant(int M)
{
    const u64 mask = ((u64)1 << M) - 1;
    u64 r = tg_next() & mask;
    switch (tg_below(12)) {
    case 0: return 0;
    case 1: return mask;
    case 2: return (u64)1 << tg_below((u32)M);                      /* one bit */
    case 3: return mask ^ ((u64)1 << tg_below((u32)M));             /* one zero */
    case 4: {                                                       /* sparse */
        u64 v = 0;
        for (int i = tg_range(1, 3); i > 0; i--)
            v |= (u64)1 << tg_below((u32)M);
        return v;
    }
    case 5: case 6: {          /* random top, then 1000.. / 0111.. / +-1 tail */
        int t = tg_range(0, M - 1);                 /* tail width */
        u64 tail = ((u64)1 << t) - 1;
        u64 v = r & ~tail;
        switch (tg_below(4)) {
        case 0: v |= (tail + 1) >> 1; break;        /* exactly the midpoint pattern */
        case 1: v |= tail >> 1; break;              /* just below */
        case 2: v |= ((tail + 1) >> 1) + (t > 1); break;   /* just above */
        default: break;                             /* trailing zeros */
        }
        return v & mask;
    }
    case 7: {                                        /* a run of ones */
        int lo = tg_range(0, M - 1), hi = tg_range(lo, M - 1);
        return ((((u64)2 << hi) - 1) ^ (((u64)1 << lo) - 1)) & mask;
    }
    case 8:                                          /* few low bits */
        return r & ((u64)0xff >> tg_below(8));
    default:
        return r;
    }
}

/* A biased exponent field. */
static inline int tg_exp(int EB)
{
    const int emax = (1 << EB) - 1, bias = emax >> 1;
    switch (tg_below(20)) {
    case 0: case 1: return 0;
    case 2: return emax;
    case 3: case 4: return tg_range(1, 3);
    case 5: case 6: return tg_range(emax - 3, emax - 1);
    case 7: case 8: case 9: case 10: case 11: return tg_range(bias - 10, bias + 10);
    default: return tg_range(0, emax);
    }
}

static inline u64 tg_make(int sign, int e, u64 mant, int M, int EB)
{
    const int emax = (1 << EB) - 1;
    if (e < 0) e = 0;
    if (e > emax) e = emax;
    return ((u64)(sign & 1) << (M + EB)) | ((u64)e << M) | (mant & (((u64)1 << M) - 1));
}

static inline u64 tg_fp(int M, int EB)
{
    /* Inf/NaN only through the exponent draw (about 1 in 20 per operand). */
    return tg_make((int)(tg_next() & 1), tg_exp(EB), tg_mant(M), M, EB);
}

static inline int tg_exp_of(u64 a, int M, int EB) { return (int)(a >> M) & ((1 << EB) - 1); }

/* An operand related to `a`: half the time an exponent within a few binades of a's
 * (subtractive cancellation, sticky/round bits near the edge), else independent. */
static inline u64 tg_near(u64 a, int M, int EB)
{
    if (tg_below(2))
        return tg_fp(M, EB);
    int d = tg_below(4) ? tg_range(-3, 3) : tg_range(-(M + 4), M + 4);
    u64 m = tg_below(3) ? tg_mant(M) : (a ^ (tg_next() & (tg_below(2) ? 0xf : 0))) ;
    return tg_make((int)(tg_next() & 1), tg_exp_of(a, M, EB) + d, m, M, EB);
}

/* b such that a*b (mul = 1) or a/b (mul = 0) lands near the underflow or overflow
 * threshold, or near 1, a third of the time; else tg_near/tg_fp. */
static inline u64 tg_scale_partner(u64 a, int mul, int M, int EB)
{
    const int emax = (1 << EB) - 1, bias = emax >> 1;
    int target;
    switch (tg_below(6)) {
    case 0: target = tg_range(-M - 2, 3); break;           /* result exponent near 0 */
    case 1: target = tg_range(emax - 3, emax + 1); break;  /* near overflow */
    default: return tg_below(2) ? tg_fp(M, EB) : tg_near(a, M, EB);
    }
    int ea = tg_exp_of(a, M, EB);
    int eb = mul ? target - ea + bias : ea + bias - target;
    return tg_make((int)(tg_next() & 1), eb, tg_mant(M), M, EB);
}

/* An addend for a*b: often with an exponent near the product's. */
static inline u64 tg_addend(u64 a, u64 b, int M, int EB)
{
    const int bias = (1 << (EB - 1)) - 1;
    if (tg_below(3) == 0)
        return tg_fp(M, EB);
    int ep = tg_exp_of(a, M, EB) + tg_exp_of(b, M, EB) - bias;
    int d = tg_below(3) ? tg_range(-3, 3) : tg_range(-(2 * M + 6), 2 * M + 6);
    return tg_make((int)(tg_next() & 1), ep + d, tg_mant(M), M, EB);
}

/* A value near an integer boundary for float -> int tests: magnitudes around 0.5,
 * 1, 2^31, 2^32, 2^63, 2^64, 2^127, 2^128 and ordinary integers. */
static inline u64 tg_intish(int M, int EB)
{
    const int bias = (1 << (EB - 1)) - 1;
    static const int edges[] = { -2, -1, 0, 1, 30, 31, 32, 62, 63, 64, 126, 127, 128 };
    if (tg_below(4) == 0)
        return tg_fp(M, EB);
    int e = tg_below(2) ? edges[tg_below(sizeof edges / sizeof edges[0])] + tg_range(-1, 1)
                        : tg_range(-3, 130);
    return tg_make((int)(tg_next() & 1), bias + e, tg_mant(M), M, EB);
}

/* An integer with a random bit length and pattern (for int -> float). */
static inline u64 tg_int64(void)
{
    u64 v = tg_next();
    switch (tg_below(6)) {
    case 0: v >>= tg_below(64); break;
    case 1: v = ((u64)1 << tg_below(64)) - tg_below(3); break;
    case 2: v = ~(((u64)1 << tg_below(64)) - 1) | (tg_next() & 0xf); break;
    case 3: v = (tg_mant(52) | ((u64)1 << 52)) << tg_below(12); break;
    default: break;
    }
    return v;
}

#endif /* ZL_TESTS_FP_GEN_H */
