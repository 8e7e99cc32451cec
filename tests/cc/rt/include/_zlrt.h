/* Shared internals of the tests/cc minimal runtime headers.
 * Data-model generic: everything is derived from the compiler's predefined
 * __SIZEOF_*__ / __*_TYPE__ macros, so the same headers serve LP128 (zl-cc
 * -m128), LP64 (-m64, riscv64 gcc) and ILP32 (-m32, riscv64 gcc -mabi=ilp32d).
 * The declarations are the ISO C ones, so objects compiled against these
 * headers also link with glibc (tests/cc/gcc_diff_test.sh relies on it). */
#ifndef ZLRT_INTERNAL_H
#define ZLRT_INTERNAL_H

#if !defined(__SIZEOF_LONG__) || !defined(__SIZEOF_POINTER__) || !defined(__SIZE_TYPE__)
#error "tests/cc/rt headers need __SIZEOF_LONG__, __SIZEOF_POINTER__ and __SIZE_TYPE__"
#endif

#ifndef ZLRT_SIZE_T_DEFINED
#define ZLRT_SIZE_T_DEFINED
typedef __SIZE_TYPE__ size_t;
#endif

#ifndef NULL
#define NULL ((void *)0)
#endif

#if defined(__GNUC__) || defined(__zl_cc__)
#define ZLRT_NORETURN __attribute__((__noreturn__))
#define ZLRT_PRINTF(f, a) __attribute__((__format__(__printf__, f, a)))
#else
#define ZLRT_NORETURN
#define ZLRT_PRINTF(f, a)
#endif

#endif
