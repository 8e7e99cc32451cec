/* zlibc: the POSIX system types (docs/abi.md 6.1; docs/libc.md). */
#ifndef _ZL_BITS_TYPES_H
#define _ZL_BITS_TYPES_H
#include <bits/zl_config.h>
#ifndef _ZL_SIZE_T
#define _ZL_SIZE_T
typedef __SIZE_TYPE__ size_t;
#endif
#ifndef _ZL_SSIZE_T
#define _ZL_SSIZE_T
typedef __PTRDIFF_TYPE__ ssize_t;
#endif
typedef __ZL_LONG64 off_t;
typedef __ZL_LONG64 off64_t;
typedef __ZL_LONG64 loff_t;
typedef __ZL_LONG64 time_t;
typedef __ZL_LONG64 blkcnt_t;
typedef __ZL_LONG64 blkcnt64_t;
typedef __ZL_ULONG64 ino_t;
typedef __ZL_ULONG64 ino64_t;
typedef __ZL_ULONG64 dev_t;
typedef __ZL_ULONG64 fsblkcnt_t;
typedef __ZL_ULONG64 fsfilcnt_t;
typedef __ZL_ULONG64 rlim_t;
typedef long clock_t;
typedef __ZL_LONG64 suseconds_t;
typedef unsigned int nlink_t;
typedef int blksize_t;
typedef unsigned int mode_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef int pid_t;
typedef unsigned int id_t;
typedef int key_t;
typedef int clockid_t;
typedef unsigned int socklen_t;
typedef unsigned int useconds_t;
typedef void *timer_t;
#endif
