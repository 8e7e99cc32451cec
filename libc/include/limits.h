/* zlibc <limits.h> (LP128 / LP64 / ILP32 from the compiler's macros). */
#ifndef _ZL_LIMITS_H
#define _ZL_LIMITS_H
#include <bits/zl_config.h>
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
#define INT_MIN (-2147483647-1)
#define INT_MAX 2147483647
#define UINT_MAX 4294967295U
#if __SIZEOF_LONG__ == 16
#define LONG_MAX 0x7fffffffffffffffffffffffffffffffL
#define ULONG_MAX 0xffffffffffffffffffffffffffffffffUL
#define LONG_BIT 128
#elif __SIZEOF_LONG__ == 8
#define LONG_MAX 0x7fffffffffffffffL
#define ULONG_MAX 0xffffffffffffffffUL
#define LONG_BIT 64
#else
#define LONG_MAX 0x7fffffffL
#define ULONG_MAX 0xffffffffUL
#define LONG_BIT 32
#endif
#define LONG_MIN (-LONG_MAX-1)
#if __SIZEOF_LONG_LONG__ == 16
#define LLONG_MAX 0x7fffffffffffffffffffffffffffffffLL
#define ULLONG_MAX 0xffffffffffffffffffffffffffffffffULL
#else
#define LLONG_MAX 0x7fffffffffffffffLL
#define ULLONG_MAX 0xffffffffffffffffULL
#endif
#define LLONG_MIN (-LLONG_MAX-1)
#define WORD_BIT 32
#define SSIZE_MAX LONG_MAX
#if __SIZEOF_LONG__ == 4
#undef SSIZE_MAX
#define SSIZE_MAX INT_MAX
#endif
#define PATH_MAX 4096
#define NAME_MAX 255
#define PIPE_BUF 4096
#define PAGESIZE 4096
#define PAGE_SIZE 4096
#define IOV_MAX 1024
#define HOST_NAME_MAX 64
#define LINE_MAX 4096
#define NGROUPS_MAX 65536
#define ARG_MAX 131072
#define OPEN_MAX 1024
#define TZNAME_MAX 6
#define LOGIN_NAME_MAX 256
#define SYMLOOP_MAX 40
#define RE_DUP_MAX 255
#define NL_ARGMAX 9
#define ATEXIT_MAX 32
#define PTHREAD_KEYS_MAX 128
#define PTHREAD_DESTRUCTOR_ITERATIONS 4
#define PTHREAD_STACK_MIN 16384
#endif
