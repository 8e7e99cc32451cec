/* zlibc: data-model selection shared by the public headers (docs/libc.md).
 * Everything is derived from the compiler's predefined macros, so the same headers serve
 * LP128 (zl-cc -m128), LP64 and ILP32 (zl-cc -m64/-m32 or riscv64-linux-gnu-gcc). */
#ifndef _ZL_BITS_CONFIG_H
#define _ZL_BITS_CONFIG_H
#if !defined(__SIZEOF_LONG__) || !defined(__SIZEOF_POINTER__)
#error "zlibc needs __SIZEOF_LONG__ and __SIZEOF_POINTER__ from the compiler"
#endif
#if __SIZEOF_LONG__ == 16
#define __ZL_LP128 1
#endif
/* A signed/unsigned type of at least 64 bits that is a register-friendly "long" where
 * possible: off_t, time_t, ino_t, dev_t, blkcnt_t (docs/abi.md 6.1). */
#if __SIZEOF_LONG__ >= 8
#define __ZL_LONG64 long
#define __ZL_ULONG64 unsigned long
#else
#define __ZL_LONG64 long long
#define __ZL_ULONG64 unsigned long long
#endif
#ifdef __INT64_TYPE__
#define __ZL_INT64 __INT64_TYPE__
#define __ZL_UINT64 __UINT64_TYPE__
#elif __SIZEOF_LONG__ == 8
#define __ZL_INT64 long
#define __ZL_UINT64 unsigned long
#else
#define __ZL_INT64 long long
#define __ZL_UINT64 unsigned long long
#endif
/* A pointer member of a structure that crosses the kernel boundary.  On rv128 it fills a
 * whole 32-byte __ptr_t slot (docs/abi.md 5.1, 5.4): an anonymous union whose first member
 * is the pointer, so that member order, positional initializers ({ p, n }) and compound
 * literals are those of LP64, while the size and the offsets are the boundary layout.
 * The rest of the slot is never read by libc: calls copy the pointer into a zeroed kernel
 * structure.  rv64 and rv32: the plain member.  Used as __ZL_PTR_SLOT(void *iov_base, iov_base). */
#if __SIZEOF_POINTER__ == 16
#define __ZL_PTR_SLOT(decl, name) union { decl; unsigned char __##name##_slot[32]; }
#else
#define __ZL_PTR_SLOT(decl, name) decl
#endif
/* zl-cc has __int128 at every XLEN; GCC lacks it on rv32. */
#if defined(__SIZEOF_INT128__)
#define __ZL_HAVE_INT128 1
#endif
#if defined(__GNUC__) || defined(__zlcc__)
#define __ZL_NORETURN __attribute__((__noreturn__))
#define __ZL_PRINTF(a, b) __attribute__((__format__(__printf__, a, b)))
#else
#define __ZL_NORETURN
#define __ZL_PRINTF(a, b)
#endif
#ifdef __cplusplus
#define __ZL_BEGIN extern "C" {
#define __ZL_END }
#else
#define __ZL_BEGIN
#define __ZL_END
#endif
#define __ZL_RESTRICT restrict
#endif
