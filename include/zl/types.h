/* <zl/types.h> — Rust-style fixed-width integer types for ZettaLinux.
 *
 * i8 i16 i32 i64 i128, u8 … u128, isize/usize: the same names in host C (LP64 gcc/clang)
 * and in guest C at every XLEN (zl-cc LP128, LP64, ILP32).  Widths are checked at
 * compile time below, so a data model that breaks them fails to build, not at run time.
 *
 * This is also the one header through which the project uses the compiler's 128-bit
 * integer (__int128 on gcc/clang; `long` itself under LP128).
 */
#ifndef ZL_TYPES_H
#define ZL_TYPES_H

typedef signed char        i8;
typedef unsigned char      u8;
typedef short              i16;
typedef unsigned short     u16;
typedef int                i32;
typedef unsigned int       u32;

#if defined(__LP128__)
/* LP128: long is 128 bits, the compiler supplies __int64 for the 64-bit type. */
typedef __int64            i64;
typedef unsigned __int64   u64;
typedef long               i128;
typedef unsigned long      u128;
#define ZL_HAVE_INT128 1
#else
# if defined(__INT64_TYPE__) && defined(__UINT64_TYPE__)
typedef __INT64_TYPE__     i64;   /* matches <stdint.h>'s int64_t exactly */
typedef __UINT64_TYPE__    u64;
# else
typedef long long          i64;
typedef unsigned long long u64;
# endif
# if defined(__SIZEOF_INT128__)
__extension__ typedef __int128          i128;
__extension__ typedef unsigned __int128 u128;
#  define ZL_HAVE_INT128 1
# endif
#endif

#if defined(__PTRDIFF_TYPE__) && defined(__SIZE_TYPE__)
typedef __PTRDIFF_TYPE__   isize;
typedef __SIZE_TYPE__      usize;
#else
# include <stddef.h>
typedef ptrdiff_t          isize;
typedef size_t             usize;
#endif

#define ZL_TYPES_CHECK_(name, cond) typedef char zl_types_check_##name[(cond) ? 1 : -1]
ZL_TYPES_CHECK_(i8,  sizeof(i8)  == 1 && (i8)-1 < 0);
ZL_TYPES_CHECK_(u8,  sizeof(u8)  == 1 && (u8)-1 > 0);
ZL_TYPES_CHECK_(i16, sizeof(i16) == 2 && (i16)-1 < 0);
ZL_TYPES_CHECK_(u16, sizeof(u16) == 2 && (u16)-1 > 0);
ZL_TYPES_CHECK_(i32, sizeof(i32) == 4 && (i32)-1 < 0);
ZL_TYPES_CHECK_(u32, sizeof(u32) == 4 && (u32)-1 > 0);
ZL_TYPES_CHECK_(i64, sizeof(i64) == 8 && (i64)-1 < 0);
ZL_TYPES_CHECK_(u64, sizeof(u64) == 8 && (u64)-1 > 0);
#ifdef ZL_HAVE_INT128
ZL_TYPES_CHECK_(i128, sizeof(i128) == 16 && (i128)-1 < 0);
ZL_TYPES_CHECK_(u128, sizeof(u128) == 16 && (u128)-1 > 0);
#endif
ZL_TYPES_CHECK_(usize, sizeof(usize) == sizeof(void *) && (usize)-1 > 0);
ZL_TYPES_CHECK_(isize, sizeof(isize) == sizeof(void *) && (isize)-1 < 0);
#undef ZL_TYPES_CHECK_

#endif /* ZL_TYPES_H */
