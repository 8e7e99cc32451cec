/* tests/cc minimal runtime: <stdint.h>, data-model generic (LP128/LP64/ILP32).
 * In LP128 the 64-bit types are __int64 / unsigned __int64 (docs/abi.md §1.3). */
#ifndef ZLRT_STDINT_H
#define ZLRT_STDINT_H

typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
#if defined(__INT64_TYPE__)
typedef __INT64_TYPE__ int64_t;
typedef unsigned __INT64_TYPE__ uint64_t;
#elif __SIZEOF_LONG__ == 8
typedef long int64_t;
typedef unsigned long uint64_t;
#else
typedef long long int64_t;
typedef unsigned long long uint64_t;
#endif

typedef int8_t int_least8_t;
typedef uint8_t uint_least8_t;
typedef int16_t int_least16_t;
typedef uint16_t uint_least16_t;
typedef int32_t int_least32_t;
typedef uint32_t uint_least32_t;
typedef int64_t int_least64_t;
typedef uint64_t uint_least64_t;
typedef signed char int_fast8_t;
typedef unsigned char uint_fast8_t;
#if __SIZEOF_LONG__ == 8
/* LP64 (glibc riscv64): the 16- and 32-bit fast types are long. */
typedef long int_fast16_t;
typedef unsigned long uint_fast16_t;
typedef long int_fast32_t;
typedef unsigned long uint_fast32_t;
#else
typedef int int_fast16_t;
typedef unsigned int uint_fast16_t;
typedef int int_fast32_t;
typedef unsigned int uint_fast32_t;
#endif
typedef int64_t int_fast64_t;
typedef uint64_t uint_fast64_t;

typedef __INTPTR_TYPE__ intptr_t;
typedef unsigned __INTPTR_TYPE__ uintptr_t;
typedef __INTMAX_TYPE__ intmax_t;
typedef unsigned __INTMAX_TYPE__ uintmax_t;

#define INT8_MIN (-128)
#define INT8_MAX 127
#define UINT8_MAX 255
#define INT16_MIN (-32768)
#define INT16_MAX 32767
#define UINT16_MAX 65535
#define INT32_MIN (-2147483647 - 1)
#define INT32_MAX 2147483647
#define UINT32_MAX 4294967295U
#define INT8_C(c) c
#define UINT8_C(c) c
#define INT16_C(c) c
#define UINT16_C(c) c
#define INT32_C(c) c
#define UINT32_C(c) c ## U
#if __SIZEOF_LONG__ == 16
/* zl-cc's suffix for __int64 (docs/cc.md "Integer constants") */
#define INT64_C(c) c ## i64
#define UINT64_C(c) c ## ui64
#elif __SIZEOF_LONG__ == 8
#define INT64_C(c) c ## L
#define UINT64_C(c) c ## UL
#else
#define INT64_C(c) c ## LL
#define UINT64_C(c) c ## ULL
#endif
#define INT64_MAX INT64_C(0x7fffffffffffffff)
#define INT64_MIN (-INT64_MAX - 1)
#define UINT64_MAX UINT64_C(0xffffffffffffffff)

#define INT_LEAST8_MIN INT8_MIN
#define INT_LEAST8_MAX INT8_MAX
#define UINT_LEAST8_MAX UINT8_MAX
#define INT_LEAST16_MIN INT16_MIN
#define INT_LEAST16_MAX INT16_MAX
#define UINT_LEAST16_MAX UINT16_MAX
#define INT_LEAST32_MIN INT32_MIN
#define INT_LEAST32_MAX INT32_MAX
#define UINT_LEAST32_MAX UINT32_MAX
#define INT_LEAST64_MIN INT64_MIN
#define INT_LEAST64_MAX INT64_MAX
#define UINT_LEAST64_MAX UINT64_MAX

#if __SIZEOF_POINTER__ == 16
#define INTPTR_MAX 0x7fffffffffffffffffffffffffffffffL
#define UINTPTR_MAX 0xffffffffffffffffffffffffffffffffUL
#elif __SIZEOF_POINTER__ == 8
#define INTPTR_MAX 0x7fffffffffffffffL
#define UINTPTR_MAX 0xffffffffffffffffUL
#else
#define INTPTR_MAX 2147483647
#define UINTPTR_MAX 4294967295U
#endif
#define INTPTR_MIN (-INTPTR_MAX - 1)
#define PTRDIFF_MAX INTPTR_MAX
#define PTRDIFF_MIN INTPTR_MIN
#define SIZE_MAX UINTPTR_MAX

#if __SIZEOF_LONG__ == 16 || __SIZEOF_LONG__ == 8
#define INTMAX_MAX INTPTR_MAX
#define UINTMAX_MAX UINTPTR_MAX
#define INTMAX_C(c) c ## L
#define UINTMAX_C(c) c ## UL
#else
#define INTMAX_MAX 0x7fffffffffffffffLL
#define UINTMAX_MAX 0xffffffffffffffffULL
#define INTMAX_C(c) c ## LL
#define UINTMAX_C(c) c ## ULL
#endif
#define INTMAX_MIN (-INTMAX_MAX - 1)

#endif
