/* <stdint.h> limits and constant macros (C11 7.20.2, 7.20.3, 7.20.4): each has the promoted
 * type of its type, the right value, and works in #if.  Compiled at every XLEN; the
 * checks are all at compile time (main only returns 0). */
#include <stdint.h>
#include <stddef.h>
#include <limits.h>
#include <signal.h>
#include <wchar.h>

/* the macro M has exactly the promoted type of T */
#define PROMO(T) __typeof__(+(T)0)
#define TYPE_IS(M, T) _Static_assert(_Generic((M), PROMO(T): 1, default: 0), #M " has the type of " #T)
#define MAXOF(T) ((T)~(T)0 > 0 ? (T)~(T)0 : (T)(((T)1 << (sizeof(T) * 8 - 2)) - 1 + ((T)1 << (sizeof(T) * 8 - 2))))
#define MINOF(T) ((T)~(T)0 > 0 ? (T)0 : (T)(-MAXOF(T) - 1))
#define SIGNED(M, T) TYPE_IS(M##_MIN, T); TYPE_IS(M##_MAX, T); \
    _Static_assert(M##_MAX == MAXOF(T) && M##_MIN == MINOF(T), #M " limits")
#define UNSIGNED(M, T) TYPE_IS(M##_MAX, T); _Static_assert(M##_MAX == MAXOF(T), #M " limit")

SIGNED(INT8, int8_t); SIGNED(INT16, int16_t); SIGNED(INT32, int32_t); SIGNED(INT64, int64_t);
UNSIGNED(UINT8, uint8_t); UNSIGNED(UINT16, uint16_t); UNSIGNED(UINT32, uint32_t);
UNSIGNED(UINT64, uint64_t);
SIGNED(INT_LEAST8, int_least8_t); SIGNED(INT_LEAST16, int_least16_t);
SIGNED(INT_LEAST32, int_least32_t); SIGNED(INT_LEAST64, int_least64_t);
UNSIGNED(UINT_LEAST8, uint_least8_t); UNSIGNED(UINT_LEAST16, uint_least16_t);
UNSIGNED(UINT_LEAST32, uint_least32_t); UNSIGNED(UINT_LEAST64, uint_least64_t);
SIGNED(INT_FAST8, int_fast8_t); SIGNED(INT_FAST16, int_fast16_t);
SIGNED(INT_FAST32, int_fast32_t); SIGNED(INT_FAST64, int_fast64_t);
UNSIGNED(UINT_FAST8, uint_fast8_t); UNSIGNED(UINT_FAST16, uint_fast16_t);
UNSIGNED(UINT_FAST32, uint_fast32_t); UNSIGNED(UINT_FAST64, uint_fast64_t);
SIGNED(INTPTR, intptr_t); UNSIGNED(UINTPTR, uintptr_t);
SIGNED(INTMAX, intmax_t); UNSIGNED(UINTMAX, uintmax_t);
SIGNED(PTRDIFF, ptrdiff_t); UNSIGNED(SIZE, size_t);
SIGNED(SIG_ATOMIC, sig_atomic_t); SIGNED(WCHAR, wchar_t);
TYPE_IS(WINT_MIN, wint_t); TYPE_IS(WINT_MAX, wint_t);
_Static_assert(WINT_MIN == 0 && WINT_MAX == MAXOF(wint_t), "WINT limits");

#define CONST(M, T, v) TYPE_IS(M(v), T); _Static_assert(M(v) == (T)v, #M)
CONST(INT8_C, int_least8_t, 127); CONST(INT16_C, int_least16_t, 32767);
CONST(INT32_C, int_least32_t, 2147483647); CONST(INT64_C, int_least64_t, 9223372036854775807);
CONST(UINT8_C, uint_least8_t, 255); CONST(UINT16_C, uint_least16_t, 65535);
CONST(UINT32_C, uint_least32_t, 4294967295); CONST(UINT64_C, uint_least64_t, 18446744073709551615);
CONST(INT64_C, int_least64_t, 1); CONST(UINT64_C, uint_least64_t, 0x10);
CONST(INTMAX_C, intmax_t, 1); CONST(UINTMAX_C, uintmax_t, 1);

/* #if: every limit evaluates, with the right value and signedness */
#if INT8_MAX != 127 || INT8_MIN != -128 || UINT8_MAX != 255 || INT16_MIN != -32768 || \
    UINT16_MAX != 65535 || INT32_MIN >= 0 || UINT32_MAX != 4294967295 || UINT32_MAX < 0
#error "8/16/32-bit limits in #if"
#endif
#if INT64_MAX != 0x7fffffffffffffff || INT64_MIN >= 0 || UINT64_MAX != 0xffffffffffffffff || \
    INT64_C(-1) >= 0 || UINT64_C(1) - 2 < 0 || INT64_C(0x7fffffffffffffff) != INT64_MAX
#error "64-bit limits in #if"
#endif
#if INT_LEAST8_MIN >= 0 || INT_LEAST64_MAX != INT64_MAX || UINT_LEAST64_MAX != UINT64_MAX || \
    INT_FAST8_MIN >= 0 || INT_FAST16_MAX < 32767 || INT_FAST32_MAX < 2147483647 || \
    INT_FAST64_MAX != INT64_MAX || UINT_FAST16_MAX < 65535 || UINT_FAST32_MAX < 4294967295 || \
    UINT_FAST64_MAX != UINT64_MAX || UINT_LEAST8_MAX != 255
#error "least/fast limits in #if"
#endif
#if INTPTR_MIN >= 0 || UINTPTR_MAX < INTPTR_MAX || INTMAX_MIN >= 0 || UINTMAX_MAX < INTMAX_MAX || \
    PTRDIFF_MIN >= 0 || PTRDIFF_MAX != INTPTR_MAX || SIZE_MAX != UINTPTR_MAX || \
    SIG_ATOMIC_MIN >= 0 || SIG_ATOMIC_MAX < 127 || WCHAR_MIN >= 0 || WCHAR_MAX < 65535 || \
    WINT_MIN != 0 || WINT_MAX < 65535 || INTMAX_C(1) != 1 || UINTMAX_C(1) - 2 < 0
#error "pointer/max/other limits in #if"
#endif
#if INTMAX_MAX < INT64_MAX || UINTMAX_MAX < UINT64_MAX
#error "intmax_t narrower than int64_t"
#endif
#if __SIZEOF_POINTER__ == 16 && (SIZE_MAX >> 127 != 1 || INTMAX_MAX >> 126 != 1)
#error "LP128: size_t and intmax_t are 128 bits"
#endif

/* Csmith's safe_math.h tests the limits like this */
#if (INT64_MAX >= INT_MAX) && (INT8_MAX >= INT_MAX) == 0
static int64_t safe_add(int64_t a, int64_t b)
{
    return (a > 0 && b > INT64_MAX - a) || (a < 0 && b < INT64_MIN - a) ? a : a + b;
}
#else
#error "safe_math.h-style #if"
#endif

int main(void) { return safe_add(INT64_MAX, 1) != INT64_MAX; }
