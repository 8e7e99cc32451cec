/* File-descriptor system calls (docs/abi.md 4, 6). */
#include "zl_thread.h"
#include <unistd.h>
#include <sys/sendfile.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <sys/uio.h>
#include <stdlib.h>

#if ZL_UAPI_XLEN == 32
/* rv32: a 64-bit argument is a register pair (low, high). */
#define OFF_LO(o) ((long)(unsigned long)((unsigned long long)(o) & 0xffffffffu))
#define OFF_HI(o) ((long)((unsigned long long)(o) >> 32))
#endif

/* read and write are cancellation points (docs/libc.md "Threads"). */
ssize_t read(int fd, void *buf, size_t n)
{
    __zl_cp_begin(NULL, NULL);
    long r = SYS3(read, fd, buf, n);
    __zl_cp_end();
    return zl_ret(r);
}

ssize_t write(int fd, const void *buf, size_t n)
{
    __zl_cp_begin(NULL, NULL);
    long r = SYS3(write, fd, buf, n);
    __zl_cp_end();
    return zl_ret(r);
}

/* *off is the kernel's loff_t at every XLEN: off_t has its width (docs/abi.md 6.1, 6.2) */
ssize_t sendfile(int out, int in, off_t *off, size_t n)
{
#if ZL_UAPI_XLEN == 32
    return zl_ret(SYS4(sendfile64, out, in, off, n));
#else
    return zl_ret(SYS4(sendfile, out, in, off, n));
#endif
}

ssize_t pread(int fd, void *buf, size_t n, off_t off)
{
#if ZL_UAPI_XLEN == 32
    return zl_ret(__zl_syscall(fd, ZL_A(buf), ZL_A(n), OFF_LO(off), OFF_HI(off), 0, __NR_pread64));
#else
    return zl_ret(SYS4(pread64, fd, buf, n, off));
#endif
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t off)
{
#if ZL_UAPI_XLEN == 32
    return zl_ret(__zl_syscall(fd, ZL_A(buf), ZL_A(n), OFF_LO(off), OFF_HI(off), 0, __NR_pwrite64));
#else
    return zl_ret(SYS4(pwrite64, fd, buf, n, off));
#endif
}

int close(int fd)
{
    long r = SYS1(close, fd);
    if (r == -EINTR)   /* Linux has closed the descriptor anyway */
        r = 0;
    return (int)zl_ret(r);
}

off_t lseek(int fd, off_t off, int whence)
{
#if ZL_UAPI_XLEN == 32
    long long result;
    long r = __zl_syscall(fd, OFF_HI(off), OFF_LO(off), ZL_A(&result), whence, 0, __NR_llseek);
    return zl_ret(r) < 0 ? -1 : result;
#else
    return zl_ret(SYS3(lseek, fd, off, whence));
#endif
}

int open(const char *path, int flags, ...)
{
    mode_t mode = 0;
    if ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE) {
        va_list ap;
        va_start(ap, flags);
        mode = va_arg(ap, mode_t);
        va_end(ap);
    }
    return openat(AT_FDCWD, path, flags, mode);
}

int openat(int dfd, const char *path, int flags, ...)
{
    mode_t mode = 0;
    if ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE) {
        va_list ap;
        va_start(ap, flags);
        mode = va_arg(ap, mode_t);
        va_end(ap);
    }
#if ZL_UAPI_XLEN == 32
    flags |= O_LARGEFILE;   /* off_t is 64-bit in every zlibc data model */
#endif
    return (int)zl_ret(SYS4(openat, dfd, path, flags, mode));
}

int creat(const char *path, mode_t mode)
{
    return open(path, O_CREAT | O_WRONLY | O_TRUNC, mode);
}

int fcntl(int fd, int cmd, ...)
{
    va_list ap;
    va_start(ap, cmd);
    unsigned long arg = va_arg(ap, unsigned long);
    va_end(ap);
    switch (cmd) {
    case F_GETLK:
    case F_SETLK:
    case F_SETLKW:
    case F_OFD_GETLK:
    case F_OFD_SETLK:
    case F_OFD_SETLKW: {
        /* Copy into the kernel layout (struct k_flock: 64 bytes on rv128, 32 on rv64,
         * the flock64 layout on rv32). */
        struct flock *fl = (struct flock *)arg;
        struct k_flock k;
        memset(&k, 0, sizeof k);
        k.l_type = fl->l_type;
        k.l_whence = fl->l_whence;
        k.l_start = fl->l_start;
        k.l_len = fl->l_len;
        k.l_pid = fl->l_pid;
#if ZL_UAPI_XLEN == 32
        int kcmd = cmd == F_GETLK ? F_GETLK64 : cmd == F_SETLK ? F_SETLK64 : cmd == F_SETLKW ? F_SETLKW64 : cmd;
        long r = SYS3(fcntl64, fd, kcmd, &k);
#else
        long r = SYS3(fcntl, fd, cmd, &k);
#endif
        if (r == 0 && (cmd == F_GETLK || cmd == F_OFD_GETLK)) {
            fl->l_type = k.l_type;
            fl->l_whence = k.l_whence;
            fl->l_start = k.l_start;
            fl->l_len = k.l_len;
            fl->l_pid = k.l_pid;
        }
        return (int)zl_ret(r);
    }
    default:
#if ZL_UAPI_XLEN == 32
        return (int)zl_ret(SYS3(fcntl64, fd, cmd, arg));
#else
        return (int)zl_ret(SYS3(fcntl, fd, cmd, arg));
#endif
    }
}

int dup(int fd)
{
    return (int)zl_ret(SYS1(dup, fd));
}

int dup2(int fd, int nfd)
{
    if (fd == nfd) {
        if (fcntl(fd, F_GETFD) < 0)
            return -1;
        return fd;
    }
    return (int)zl_ret(SYS3(dup3, fd, nfd, 0));
}

int dup3(int fd, int nfd, int flags)
{
    return (int)zl_ret(SYS3(dup3, fd, nfd, flags));
}

int pipe(int fds[2])
{
    return (int)zl_ret(SYS2(pipe2, fds, 0));
}

int pipe2(int fds[2], int flags)
{
    return (int)zl_ret(SYS2(pipe2, fds, flags));
}

int ftruncate(int fd, off_t len)
{
#if ZL_UAPI_XLEN == 32
    return (int)zl_ret(__zl_syscall(fd, OFF_LO(len), OFF_HI(len), 0, 0, 0, __NR_ftruncate64));
#else
    return (int)zl_ret(SYS2(ftruncate, fd, len));
#endif
}

int truncate(const char *path, off_t len)
{
#if ZL_UAPI_XLEN == 32
    return (int)zl_ret(__zl_syscall(ZL_A(path), OFF_LO(len), OFF_HI(len), 0, 0, 0, __NR_truncate64));
#else
    return (int)zl_ret(SYS2(truncate, path, len));
#endif
}

int fsync(int fd)
{
    return (int)zl_ret(SYS1(fsync, fd));
}

int fdatasync(int fd)
{
    return (int)zl_ret(SYS1(fdatasync, fd));
}

void sync(void)
{
    (void)SYS0(sync);
}

/* readv/writev: on rv128 the caller's iovecs are copied member by member into zeroed
 * boundary copies (docs/abi.md 5.4), so their reserved members never reach the kernel;
 * rv64/rv32 pass them through (the layouts are the kernel's). */
#if ZL_UAPI_XLEN == 128
static struct k_iovec *iov_in(const struct iovec *iov, int n, struct k_iovec *small)
{
    if (n < 0 || n > 1024)
        return NULL;
    struct k_iovec *k = n <= 8 ? small : malloc((size_t)n * sizeof *k);
    if (!k)
        return NULL;
    memset(k, 0, (size_t)n * sizeof *k);
    for (int i = 0; i < n; i++) {
        ZL_PUT_PTR(k[i].iov_base, iov[i].iov_base);
        k[i].iov_len = iov[i].iov_len;
    }
    return k;
}
#define IOV_CALL(nr, fd, iov, n, extra4, extra5)                                           \
    do {                                                                                  \
        struct k_iovec small[8];                                                          \
        if (n < 0 || n > 1024)                                                            \
            return zl_ret(-EINVAL);                                                       \
        struct k_iovec *k = iov_in(iov, n, small);                                        \
        if (!k)                                                                           \
            return -1;                                                                    \
        long r = __zl_syscall(fd, ZL_A(k), n, extra4, extra5, 0, nr);                     \
        if (k != small)                                                                   \
            free(k);                                                                      \
        return zl_ret(r);                                                                 \
    } while (0)
#else
#define IOV_CALL(nr, fd, iov, n, extra4, extra5) \
    return zl_ret(__zl_syscall(fd, ZL_A(iov), n, extra4, extra5, 0, nr))
#endif

ssize_t readv(int fd, const struct iovec *iov, int n)
{
    IOV_CALL(__NR_readv, fd, iov, n, 0, 0);
}

ssize_t writev(int fd, const struct iovec *iov, int n)
{
    IOV_CALL(__NR_writev, fd, iov, n, 0, 0);
}

#if ZL_UAPI_XLEN == 32
#define POS_LO(o) OFF_LO(o)
#define POS_HI(o) OFF_HI(o)
#else
#define POS_LO(o) ZL_A(o)
#define POS_HI(o) 0   /* docs/abi.md 6.2: libc passes 0 */
#endif

ssize_t preadv(int fd, const struct iovec *iov, int n, off_t off)
{
    IOV_CALL(__NR_preadv, fd, iov, n, POS_LO(off), POS_HI(off));
}

ssize_t pwritev(int fd, const struct iovec *iov, int n, off_t off)
{
    IOV_CALL(__NR_pwritev, fd, iov, n, POS_LO(off), POS_HI(off));
}

int posix_fadvise(int fd, off_t off, off_t len, int advice)
{
#if ZL_UAPI_XLEN == 32
    long r = __zl_syscall(fd, OFF_LO(off), OFF_HI(off), OFF_LO(len), OFF_HI(len), advice, __NR_fadvise64_64);
#else
    long r = SYS4(fadvise64, fd, off, len, advice);
#endif
    return zl_is_err(r) ? (int)-r : 0;
}

static long fallocate_k(int fd, int mode, off_t off, off_t len)
{
#if ZL_UAPI_XLEN == 32
    return __zl_syscall(fd, mode, OFF_LO(off), OFF_HI(off), OFF_LO(len), OFF_HI(len), __NR_fallocate);
#else
    return SYS4(fallocate, fd, mode, off, len);
#endif
}

int posix_fallocate(int fd, off_t off, off_t len)
{
    long r = fallocate_k(fd, 0, off, len);
    return zl_is_err(r) ? (int)-r : 0;
}

/* Linux: mode 0 as posix_fallocate, or FALLOC_FL_* (punch holes, keep the size, ...). */
int fallocate(int fd, int mode, off_t off, off_t len)
{
    return (int)zl_ret(fallocate_k(fd, mode, off, len));
}

/* lockf: a write lock from the current offset over len bytes (0: to the end of the file
 * and beyond), through fcntl's record locks. */
int lockf(int fd, int cmd, off_t len)
{
    struct flock l = { .l_type = F_WRLCK, .l_whence = SEEK_CUR, .l_start = 0, .l_len = len };
    switch (cmd) {
    case F_ULOCK:
        l.l_type = F_UNLCK;
        return fcntl(fd, F_SETLK, &l);
    case F_LOCK:
        return fcntl(fd, F_SETLKW, &l);
    case F_TLOCK:
        return fcntl(fd, F_SETLK, &l);
    case F_TEST:
        l.l_type = F_RDLCK;
        if (fcntl(fd, F_GETLK, &l) < 0)
            return -1;
        if (l.l_type == F_UNLCK || l.l_pid == getpid())
            return 0;
        errno = EACCES;
        return -1;
    }
    errno = EINVAL;
    return -1;
}

/* close already treats EINTR as success (Linux has freed the descriptor). */
int posix_close(int fd, int flags)
{
    if (flags & ~POSIX_CLOSE_RESTART) {
        errno = EINVAL;
        return -1;
    }
    return close(fd);
}
