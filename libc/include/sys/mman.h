#ifndef _ZL_SYS_MMAN_H
#define _ZL_SYS_MMAN_H
#include <bits/zl_config.h>
#include <bits/types.h>
#include <bits/abi_prot.h>
#include <bits/abi_map.h>
#include <bits/abi_mremap.h>
#include <bits/abi_msync.h>
#include <bits/abi_madv.h>
#include <bits/abi_mlockall.h>
#define MAP_ANON MAP_ANONYMOUS
#define MAP_FAILED ((void *)-1)
#define POSIX_MADV_NORMAL 0
#define POSIX_MADV_RANDOM 1
#define POSIX_MADV_SEQUENTIAL 2
#define POSIX_MADV_WILLNEED 3
#define POSIX_MADV_DONTNEED 4
#include <bits/abi_mfd.h>
__ZL_BEGIN
void *mmap(void *, size_t, int, int, int, off_t);
int munmap(void *, size_t);
int mprotect(void *, size_t, int);
void *mremap(void *, size_t, size_t, int, ...);
int msync(void *, size_t, int);
int madvise(void *, size_t, int);
int posix_madvise(void *, size_t, int);
int mlock(const void *, size_t);
int munlock(const void *, size_t);
int mlockall(int);
int munlockall(void);
int memfd_create(const char *, unsigned int);
__ZL_END
#endif
