/* zl-cc runtime: complex multiplication and division helpers with libgcc's interface,
 * called by zl-cc (and GCC) for float/double/long double _Complex:
 *
 *   __mulsc3 __muldc3 __multc3  (a + bi) * (c + di), called only when the naive product
 *                               came out NaN + NaN i: recovers the infinities (C11 G.5.1)
 *   __divsc3 __divdc3 __divtc3  (a + bi) / (c + di)
 *
 * Division is Smith's algorithm (divide by the larger of |c|, |d| through their ratio)
 * with the operands scaled first so that neither the denominator nor the ratio under- or
 * overflows needlessly; float is computed in double, where the plain formula cannot
 * overflow.  A NaN + NaN i result is then repaired as C11 G.5.1 describes: nonzero / 0
 * is an infinity, infinite / finite an infinity, finite / infinite a zero.  The
 * operation sequence is the one of GCC 12's libgcc, so GCC-compiled and zl-cc-compiled
 * code get bit-identical results (tests/cc/complex_rt_test.sh).  No floating-point
 * exception flags are raised beyond those of the arithmetic itself. */
#include <float.h>

#if __riscv_xlen == 128
typedef unsigned __int64 u64_t;
#else
typedef unsigned long long u64_t;
#endif
typedef unsigned int u32_t;
typedef unsigned __int128 u128_t;

float _Complex __mulsc3(float a, float b, float c, float d);
double _Complex __muldc3(double a, double b, double c, double d);
long double _Complex __multc3(long double a, long double b, long double c, long double d);
float _Complex __divsc3(float a, float b, float c, float d);
double _Complex __divdc3(double a, double b, double c, double d);
long double _Complex __divtc3(long double a, long double b, long double c, long double d);

/* classification and sign operations on the bit patterns (no libm, no builtins that
 * zl-cc lacks for long double): S suffix, T type, U same-size unsigned integer,
 * E exponent bits, M fraction bits */
#define FP_OPS(S, T, U, E, M)                                                              \
    static U bits_##S(T x)                                                                 \
    {                                                                                      \
        union { T f; U u; } v;                                                             \
        v.f = x;                                                                           \
        return v.u;                                                                        \
    }                                                                                      \
    static T from_##S(U u)                                                                 \
    {                                                                                      \
        union { T f; U u; } v;                                                             \
        v.u = u;                                                                           \
        return v.f;                                                                        \
    }                                                                                      \
    static U mag_##S(T x) { return bits_##S(x) & ~((U)1 << ((E) + (M))); }                \
    static U infbits_##S(void) { return (((U)1 << (E)) - 1) << (M); }                      \
    static int isnan_##S(T x) { return mag_##S(x) > infbits_##S(); }                       \
    static int isinf_##S(T x) { return mag_##S(x) == infbits_##S(); }                      \
    static int isfinite_##S(T x) { return mag_##S(x) < infbits_##S(); }                   \
    static T fabs_##S(T x) { return from_##S(mag_##S(x)); }                                \
    static T copysign_##S(T x, T y)                                                        \
    {                                                                                      \
        U s = (U)1 << ((E) + (M));                                                         \
        return from_##S(mag_##S(x) | (bits_##S(y) & s));                                  \
    }                                                                                      \
    static T inf_##S(void) { return from_##S(infbits_##S()); }                             \
    /* 1 or 0 with the sign of x: an infinite part "boxed", anything else 0 */             \
    static T box_##S(T x) { return copysign_##S(isinf_##S(x) ? (T)1 : (T)0, x); }          \
    /* a NaN replaced by 0 of the same sign */                                             \
    static T unnan_##S(T x) { return isnan_##S(x) ? copysign_##S((T)0, x) : x; }

/* x * y + z: fused for float and double where libgcc's helpers are compiled with
 * fused multiply-adds (GCC contracts them by default); binary128 has none */
#define FMA_f(x, y, z) __builtin_fmaf(x, y, z)
#define FMA_d(x, y, z) __builtin_fma(x, y, z)
#define FMA_l(x, y, z) ((x) * (y) + (z))

FP_OPS(f, float, u32_t, 8, 23)
FP_OPS(d, double, u64_t, 11, 52)
FP_OPS(l, long double, u128_t, 15, 112)

/* the product (a + bi)(c + di), recomputed after the naive formula gave NaN + NaN i */
#define MUL_C3(NAME, S, T, CT)                                                             \
    CT NAME(T a, T b, T c, T d)                                                            \
    {                                                                                      \
        T ac = a * c, bd = b * d, ad = a * d, bc = b * c;                                  \
        T x = ac - bd, y = ad + bc;                                                        \
        if (isnan_##S(x) && isnan_##S(y)) {                                                \
            int again = 0;                                                                 \
            if (isinf_##S(a) || isinf_##S(b)) { /* the left factor is infinite */          \
                a = box_##S(a);                                                            \
                b = box_##S(b);                                                            \
                c = unnan_##S(c);                                                          \
                d = unnan_##S(d);                                                          \
                again = 1;                                                                 \
            }                                                                              \
            if (isinf_##S(c) || isinf_##S(d)) { /* the right factor is infinite */         \
                c = box_##S(c);                                                            \
                d = box_##S(d);                                                            \
                a = unnan_##S(a);                                                          \
                b = unnan_##S(b);                                                          \
                again = 1;                                                                 \
            }                                                                              \
            if (!again && (isinf_##S(ac) || isinf_##S(bd) || isinf_##S(ad) ||             \
                           isinf_##S(bc))) { /* overflow in a partial product */           \
                a = unnan_##S(a);                                                          \
                b = unnan_##S(b);                                                          \
                c = unnan_##S(c);                                                          \
                d = unnan_##S(d);                                                          \
                again = 1;                                                                 \
            }                                                                              \
            if (again) {                                                                   \
                x = inf_##S() * FMA_##S(a, c, -(b * d));                                   \
                y = inf_##S() * FMA_##S(a, d, b * c);                                      \
            }                                                                              \
        }                                                                                  \
        return __builtin_complex(x, y);                                                    \
    }

MUL_C3(__mulsc3, f, float, float _Complex)
MUL_C3(__muldc3, d, double, double _Complex)
MUL_C3(__multc3, l, long double, long double _Complex)

/* C11 G.5.1: the quotient came out NaN + NaN i; x + yi repaired in place */
#define DIV_FIX(S, T)                                                                      \
    if (isnan_##S(x) && isnan_##S(y)) {                                                    \
        if (c == 0 && d == 0 && (!isnan_##S(a) || !isnan_##S(b))) {                       \
            T inf = copysign_##S(inf_##S(), c);                                            \
            x = inf * a;                                                                   \
            y = inf * b;                                                                   \
        } else if ((isinf_##S(a) || isinf_##S(b)) && isfinite_##S(c) && isfinite_##S(d)) { \
            a = box_##S(a);                                                                \
            b = box_##S(b);                                                                \
            x = inf_##S() * FMA_##S(a, c, b * d);                                          \
            y = inf_##S() * FMA_##S(b, c, -(a * d));                                       \
        } else if ((isinf_##S(c) || isinf_##S(d)) && isfinite_##S(a) && isfinite_##S(b)) { \
            c = box_##S(c);                                                                \
            d = box_##S(d);                                                                \
            x = (T)0 * FMA_##S(a, c, b * d);                                               \
            y = (T)0 * FMA_##S(b, c, -(a * d));                                            \
        }                                                                                  \
    }

/* Smith's division with scaling.  big: half the largest finite value; tiny: the smallest
 * normal; eps: the machine epsilon (scaling by 1/eps lifts tiny operands) */
#define DIV_C3(NAME, S, T, CT, MAXV, MINV, EPSV)                                           \
    CT NAME(T a, T b, T c, T d)                                                            \
    {                                                                                      \
        const T big = MAXV / 2, tiny = MINV, eps = EPSV, up = 1 / EPSV;                    \
        const T big_eps = big * eps;                                                       \
        T x, y;                                                                            \
        if (fabs_##S(c) < fabs_##S(d)) {                                                   \
            if (fabs_##S(d) >= big) {                                                      \
                a = a / 2; b = b / 2; c = c / 2; d = d / 2;                                \
            }                                                                              \
            if (fabs_##S(d) < eps ||                                                       \
                (fabs_##S(a) < tiny && fabs_##S(b) < big_eps && fabs_##S(d) < big_eps) ||  \
                (fabs_##S(b) < tiny && fabs_##S(a) < big_eps && fabs_##S(d) < big_eps)) {  \
                a = a * up; b = b * up; c = c * up; d = d * up;                            \
            }                                                                              \
            T r = c / d, den = FMA_##S(c, r, d);                                           \
            if (fabs_##S(r) > tiny) {                                                      \
                x = FMA_##S(a, r, b) / den;                                                \
                y = FMA_##S(b, r, -a) / den;                                               \
            } else {                                                                       \
                x = FMA_##S(c, a / d, b) / den;                                            \
                y = FMA_##S(c, b / d, -a) / den;                                           \
            }                                                                              \
        } else {                                                                           \
            if (fabs_##S(c) >= big) {                                                      \
                a = a / 2; b = b / 2; c = c / 2; d = d / 2;                                \
            }                                                                              \
            if (fabs_##S(c) < eps ||                                                       \
                (fabs_##S(a) < tiny && fabs_##S(b) < big_eps && fabs_##S(c) < big_eps) ||  \
                (fabs_##S(b) < tiny && fabs_##S(a) < big_eps && fabs_##S(c) < big_eps)) {  \
                a = a * up; b = b * up; c = c * up; d = d * up;                            \
            }                                                                              \
            T r = d / c, den = FMA_##S(d, r, c);                                           \
            if (fabs_##S(r) > tiny) {                                                      \
                x = FMA_##S(b, r, a) / den;                                                \
                y = FMA_##S(-a, r, b) / den;                                               \
            } else {                                                                       \
                x = FMA_##S(d, b / c, a) / den;                                            \
                y = FMA_##S(-d, a / c, b) / den;                                           \
            }                                                                              \
        }                                                                                  \
        DIV_FIX(S, T)                                                                      \
        return __builtin_complex(x, y);                                                    \
    }

DIV_C3(__divdc3, d, double, double _Complex, DBL_MAX, DBL_MIN, DBL_EPSILON)
DIV_C3(__divtc3, l, long double, long double _Complex, LDBL_MAX, LDBL_MIN, LDBL_EPSILON)

/* float: in double, where (ac + bd) / (c^2 + d^2) neither overflows nor loses
 * precision, rounded once to float */
float _Complex __divsc3(float a, float b, float c, float d)
{
    double A = a, B = b, C = c, D = d;
    double den = FMA_d(C, C, D * D);
    float x = (float)(FMA_d(A, C, B * D) / den), y = (float)(FMA_d(B, C, -(A * D)) / den);
    DIV_FIX(f, float)
    return __builtin_complex(x, y);
}
