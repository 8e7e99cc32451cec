#ifndef _ZL_SYS_UIO_H
#define _ZL_SYS_UIO_H
#include <bits/zl_config.h>
#include <bits/types.h>
__ZL_BEGIN
/* POSIX shape; on rv128 the reserved member completes the 256-bit __ptr_t slot of
 * docs/abi.md 5.4 (48 bytes).  libc copies iovecs member by member into a zeroed
 * boundary copy before the system call, so the reserved member may hold anything. */
struct iovec {
    void *iov_base;
#if __SIZEOF_POINTER__ == 16
    unsigned long __iov_base_rsv;
#endif
    size_t iov_len;
};
#define UIO_MAXIOV 1024
ssize_t readv(int, const struct iovec *, int);
ssize_t writev(int, const struct iovec *, int);
ssize_t preadv(int, const struct iovec *, int, off_t);
ssize_t pwritev(int, const struct iovec *, int, off_t);
__ZL_END
#endif
