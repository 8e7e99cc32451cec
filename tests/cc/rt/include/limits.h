/* tests/cc minimal runtime: <limits.h>, data-model generic. */
#ifndef ZLRT_LIMITS_H
#define ZLRT_LIMITS_H

#define CHAR_BIT 8
#define SCHAR_MIN (-128)
#define SCHAR_MAX 127
#define UCHAR_MAX 255
#ifdef __CHAR_UNSIGNED__
#define CHAR_MIN 0
#define CHAR_MAX 255
#else
#define CHAR_MIN (-128)
#define CHAR_MAX 127
#endif
#define MB_LEN_MAX 4
#define SHRT_MIN (-32768)
#define SHRT_MAX 32767
#define USHRT_MAX 65535
#define INT_MIN (-2147483647 - 1)
#define INT_MAX 2147483647
#define UINT_MAX 4294967295U

#if __SIZEOF_LONG__ == 16
#define LONG_MAX 0x7fffffffffffffffffffffffffffffffL
#define ULONG_MAX 0xffffffffffffffffffffffffffffffffUL
#elif __SIZEOF_LONG__ == 8
#define LONG_MAX 0x7fffffffffffffffL
#define ULONG_MAX 0xffffffffffffffffUL
#else
#define LONG_MAX 2147483647L
#define ULONG_MAX 4294967295UL
#endif
#define LONG_MIN (-LONG_MAX - 1L)

#if __SIZEOF_LONG_LONG__ == 16
#define LLONG_MAX 0x7fffffffffffffffffffffffffffffffLL
#define ULLONG_MAX 0xffffffffffffffffffffffffffffffffULL
#else
#define LLONG_MAX 0x7fffffffffffffffLL
#define ULLONG_MAX 0xffffffffffffffffULL
#endif
#define LLONG_MIN (-LLONG_MAX - 1LL)

#endif
