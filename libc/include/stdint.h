/* zlibc <stdint.h>: exact-width types from the compiler's predefined macros.  Under LP128
 * int64_t is __int64 and intmax_t/intptr_t are 128-bit longs (docs/abi.md 1.3).  Every
 * limit has the promoted type of its type and is usable in #if (C11 7.20.2); the
 * tests/libc/stdint_test.sh checks both at every XLEN. */
#ifndef _ZL_STDINT_H
#define _ZL_STDINT_H
#include <bits/zl_config.h>
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef __ZL_INT64 int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef __ZL_UINT64 uint64_t;
typedef int8_t int_least8_t;
typedef int16_t int_least16_t;
typedef int32_t int_least32_t;
typedef int64_t int_least64_t;
typedef uint8_t uint_least8_t;
typedef uint16_t uint_least16_t;
typedef uint32_t uint_least32_t;
typedef uint64_t uint_least64_t;
typedef signed char int_fast8_t;
typedef unsigned char uint_fast8_t;
#if __SIZEOF_LONG__ == 8
typedef long int_fast16_t;     /* the riscv64 psABI choice (glibc, musl) */
typedef long int_fast32_t;
typedef unsigned long uint_fast16_t;
typedef unsigned long uint_fast32_t;
#else
typedef int int_fast16_t;      /* LP128 (docs/abi.md 1.3) and ILP32 */
typedef int int_fast32_t;
typedef unsigned int uint_fast16_t;
typedef unsigned int uint_fast32_t;
#endif
typedef int64_t int_fast64_t;
typedef uint64_t uint_fast64_t;
typedef __INTPTR_TYPE__ intptr_t;
#ifdef __UINTPTR_TYPE__
typedef __UINTPTR_TYPE__ uintptr_t;
#else
typedef unsigned __INTPTR_TYPE__ uintptr_t;
#endif
typedef __INTMAX_TYPE__ intmax_t;
#ifdef __UINTMAX_TYPE__
typedef __UINTMAX_TYPE__ uintmax_t;
#else
typedef unsigned __INTMAX_TYPE__ uintmax_t;
#endif

#define INT8_MIN (-128)
#define INT16_MIN (-32767-1)
#define INT32_MIN (-2147483647-1)
#define INT8_MAX 127
#define INT16_MAX 32767
#define INT32_MAX 2147483647
#define UINT8_MAX 255
#define UINT16_MAX 65535
#define UINT32_MAX 4294967295U
#define INT8_C(c) c
#define INT16_C(c) c
#define INT32_C(c) c
#define UINT8_C(c) c
#define UINT16_C(c) c
#define UINT32_C(c) c ## U
#if __SIZEOF_LONG__ == 8
#define INT64_C(c) c ## L
#define UINT64_C(c) c ## UL
#elif __SIZEOF_LONG__ == 4
#define INT64_C(c) c ## LL
#define UINT64_C(c) c ## ULL
#else
/* LP128: zl-cc's i64/ui64 suffixes type a constant __int64 / unsigned __int64 and work in
 * #if (docs/cc.md "Integer constants"), as C11 7.20.4 requires of these macros. */
#define INT64_C(c) c ## i64
#define UINT64_C(c) c ## ui64
#endif
#define INT64_MAX INT64_C(0x7fffffffffffffff)
#define INT64_MIN (-INT64_MAX-1)
#define UINT64_MAX UINT64_C(0xffffffffffffffff)
#define INT_LEAST8_MIN INT8_MIN
#define INT_LEAST16_MIN INT16_MIN
#define INT_LEAST32_MIN INT32_MIN
#define INT_LEAST64_MIN INT64_MIN
#define INT_LEAST8_MAX INT8_MAX
#define INT_LEAST16_MAX INT16_MAX
#define INT_LEAST32_MAX INT32_MAX
#define INT_LEAST64_MAX INT64_MAX
#define UINT_LEAST8_MAX UINT8_MAX
#define UINT_LEAST16_MAX UINT16_MAX
#define UINT_LEAST32_MAX UINT32_MAX
#define UINT_LEAST64_MAX UINT64_MAX
#define INT_FAST8_MIN INT8_MIN
#define INT_FAST8_MAX INT8_MAX
#define UINT_FAST8_MAX UINT8_MAX
#if __SIZEOF_LONG__ == 8
#define INT_FAST16_MIN INT64_MIN
#define INT_FAST32_MIN INT64_MIN
#define INT_FAST16_MAX INT64_MAX
#define INT_FAST32_MAX INT64_MAX
#define UINT_FAST16_MAX UINT64_MAX
#define UINT_FAST32_MAX UINT64_MAX
#else
#define INT_FAST16_MIN INT32_MIN
#define INT_FAST32_MIN INT32_MIN
#define INT_FAST16_MAX INT32_MAX
#define INT_FAST32_MAX INT32_MAX
#define UINT_FAST16_MAX UINT32_MAX
#define UINT_FAST32_MAX UINT32_MAX
#endif
#define INT_FAST64_MIN INT64_MIN
#define INT_FAST64_MAX INT64_MAX
#define UINT_FAST64_MAX UINT64_MAX
#if __SIZEOF_LONG__ == 16
#define INTMAX_MAX 0x7fffffffffffffffffffffffffffffffL
#define UINTMAX_MAX 0xffffffffffffffffffffffffffffffffUL
#define INTMAX_C(c) c ## L
#define UINTMAX_C(c) c ## UL
#else
#define INTMAX_MAX INT64_MAX
#define UINTMAX_MAX UINT64_MAX
#define INTMAX_C(c) INT64_C(c)
#define UINTMAX_C(c) UINT64_C(c)
#endif
#define INTMAX_MIN (-INTMAX_MAX-1)
#if __SIZEOF_POINTER__ == 16
#define INTPTR_MAX 0x7fffffffffffffffffffffffffffffffL
#define UINTPTR_MAX 0xffffffffffffffffffffffffffffffffUL
#elif __SIZEOF_POINTER__ == 8
#define INTPTR_MAX 0x7fffffffffffffffL
#define UINTPTR_MAX 0xffffffffffffffffUL
#else
#define INTPTR_MAX 0x7fffffff
#define UINTPTR_MAX 0xffffffffU
#endif
#define INTPTR_MIN (-INTPTR_MAX-1)
#define PTRDIFF_MAX INTPTR_MAX
#define PTRDIFF_MIN INTPTR_MIN
#define SIZE_MAX UINTPTR_MAX
#define SIG_ATOMIC_MIN INT32_MIN
#define SIG_ATOMIC_MAX INT32_MAX
#define WCHAR_MIN (-2147483647-1)
#define WCHAR_MAX 2147483647
#define WINT_MIN 0U
#define WINT_MAX 4294967295U
#endif
