#ifndef _ZL_SYS_UIO_H
#define _ZL_SYS_UIO_H
#include <bits/zl_config.h>
#include <bits/types.h>
#include <bits/abi_uio.h>
__ZL_BEGIN
/* POSIX and LP64 shape; on rv128 iov_base fills a 256-bit __ptr_t slot (docs/abi.md 5.4:
 * 48 bytes, iov_len at 32).  libc copies iovecs member by member into a zeroed boundary
 * copy before the system call, so the rest of the slot may hold anything. */
struct iovec {
    __ZL_PTR_SLOT(void *iov_base, iov_base);
    size_t iov_len;
};
ssize_t readv(int, const struct iovec *, int);
ssize_t writev(int, const struct iovec *, int);
ssize_t preadv(int, const struct iovec *, int, off_t);
ssize_t pwritev(int, const struct iovec *, int, off_t);
__ZL_END
#endif
