/* Path and metadata system calls. */
#include "zl_libc.h"
#include <unistd.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <utime.h>
#include <stdio.h>
#include <stdlib.h>

#if ZL_UAPI_XLEN != 32
/* libc's struct stat is the kernel's layout (docs/abi.md 7.2), checked here against the
 * generated one. */
_Static_assert(sizeof(struct stat) == sizeof(struct k_stat), "struct stat size");
_Static_assert(offsetof(struct stat, st_size) == offsetof(struct k_stat, st_size), "st_size");
_Static_assert(offsetof(struct stat, st_blocks) == offsetof(struct k_stat, st_blocks), "st_blocks");
_Static_assert(offsetof(struct stat, st_atim) == offsetof(struct k_stat, st_atime_sec), "st_atim");
_Static_assert(offsetof(struct stat, st_mtim) == offsetof(struct k_stat, st_mtime_sec), "st_mtim");
_Static_assert(offsetof(struct stat, st_ctim) == offsetof(struct k_stat, st_ctime_sec), "st_ctim");
_Static_assert(offsetof(struct stat, st_rdev) == offsetof(struct k_stat, st_rdev), "st_rdev");
_Static_assert(offsetof(struct stat, st_blksize) == offsetof(struct k_stat, st_blksize), "st_blksize");
#endif

int fstatat(int dfd, const char *restrict path, struct stat *restrict st, int flags)
{
#if ZL_UAPI_XLEN == 32
    /* rv32 has only statx. */
    struct k_statx x;
    long r = SYS5(statx, dfd, path, flags, 0x7ff, &x);
    if (zl_is_err(r))
        return (int)zl_ret(r);
    memset(st, 0, sizeof *st);
    st->st_dev = ((unsigned long long)x.stx_dev_major << 8 & 0xfff00) | (x.stx_dev_minor & 0xff) |
                 ((unsigned long long)(x.stx_dev_minor & ~0xffu) << 12);
    st->st_ino = x.stx_ino;
    st->st_mode = x.stx_mode;
    st->st_nlink = x.stx_nlink;
    st->st_uid = x.stx_uid;
    st->st_gid = x.stx_gid;
    st->st_rdev = ((unsigned long long)x.stx_rdev_major << 8 & 0xfff00) | (x.stx_rdev_minor & 0xff) |
                  ((unsigned long long)(x.stx_rdev_minor & ~0xffu) << 12);
    st->st_size = (off_t)x.stx_size;
    st->st_blksize = (blksize_t)x.stx_blksize;
    st->st_blocks = (blkcnt_t)x.stx_blocks;
    st->st_atim.tv_sec = x.stx_atime.tv_sec;
    st->st_atim.tv_nsec = (long)x.stx_atime.tv_nsec;
    st->st_mtim.tv_sec = x.stx_mtime.tv_sec;
    st->st_mtim.tv_nsec = (long)x.stx_mtime.tv_nsec;
    st->st_ctim.tv_sec = x.stx_ctime.tv_sec;
    st->st_ctim.tv_nsec = (long)x.stx_ctime.tv_nsec;
    return 0;
#else
    return (int)zl_ret(SYS4(newfstatat, dfd, path, st, flags));
#endif
}

int stat(const char *restrict path, struct stat *restrict st)
{
    return fstatat(AT_FDCWD, path, st, 0);
}

int lstat(const char *restrict path, struct stat *restrict st)
{
    return fstatat(AT_FDCWD, path, st, AT_SYMLINK_NOFOLLOW);
}

int fstat(int fd, struct stat *st)
{
#if ZL_UAPI_XLEN == 32
    return fstatat(fd, "", st, AT_EMPTY_PATH);
#else
    return (int)zl_ret(SYS2(fstat, fd, st));
#endif
}

int access(const char *path, int mode)
{
    return (int)zl_ret(SYS4(faccessat, AT_FDCWD, path, mode, 0));
}

int faccessat(int dfd, const char *path, int mode, int flags)
{
    if (flags == 0)
        return (int)zl_ret(SYS3(faccessat, dfd, path, mode));
    return (int)zl_ret(SYS4(faccessat2, dfd, path, mode, flags));
}

int euidaccess(const char *p, int m) { return faccessat(AT_FDCWD, p, m, AT_EACCESS); }
int eaccess(const char *p, int m) { return faccessat(AT_FDCWD, p, m, AT_EACCESS); }
int chdir(const char *p) { return (int)zl_ret(SYS1(chdir, p)); }
int fchdir(int fd) { return (int)zl_ret(SYS1(fchdir, fd)); }

char *getcwd(char *buf, size_t n)
{
    char tmp[4096];
    char *b = buf ? buf : tmp;
    size_t len = buf ? n : sizeof tmp;
    if (buf && n == 0) {
        errno = EINVAL;
        return NULL;
    }
    long r = SYS2(getcwd, b, len);
    if (zl_ret(r) < 0)
        return NULL;
    if (r == 0 || b[0] != '/') {
        errno = ENOENT;
        return NULL;
    }
    return buf ? buf : strdup(tmp);
}

int unlink(const char *p) { return (int)zl_ret(SYS3(unlinkat, AT_FDCWD, p, 0)); }
int unlinkat(int d, const char *p, int f) { return (int)zl_ret(SYS3(unlinkat, d, p, f)); }
int rmdir(const char *p) { return (int)zl_ret(SYS3(unlinkat, AT_FDCWD, p, AT_REMOVEDIR)); }
int mkdir(const char *p, mode_t m) { return (int)zl_ret(SYS3(mkdirat, AT_FDCWD, p, m)); }
int mkdirat(int d, const char *p, mode_t m) { return (int)zl_ret(SYS3(mkdirat, d, p, m)); }
int mknod(const char *p, mode_t m, dev_t dev) { return (int)zl_ret(SYS4(mknodat, AT_FDCWD, p, m, (unsigned long)dev)); }
int mkfifo(const char *p, mode_t m) { return mknod(p, m | S_IFIFO, 0); }
int mknodat(int d, const char *p, mode_t m, dev_t dev) { return (int)zl_ret(SYS4(mknodat, d, p, m, (unsigned long)dev)); }
int mkfifoat(int d, const char *p, mode_t m) { return mknodat(d, p, m | S_IFIFO, 0); }
int linkat(int da, const char *a, int db, const char *b, int f) { return (int)zl_ret(SYS5(linkat, da, a, db, b, f)); }
int symlinkat(const char *a, int d, const char *b) { return (int)zl_ret(SYS3(symlinkat, a, d, b)); }
int renameat(int da, const char *a, int db, const char *b) { return (int)zl_ret(SYS5(renameat2, da, a, db, b, 0)); }
int link(const char *a, const char *b) { return (int)zl_ret(SYS5(linkat, AT_FDCWD, a, AT_FDCWD, b, 0)); }
int symlink(const char *a, const char *b) { return (int)zl_ret(SYS3(symlinkat, a, AT_FDCWD, b)); }
int rename(const char *a, const char *b) { return (int)zl_ret(SYS5(renameat2, AT_FDCWD, a, AT_FDCWD, b, 0)); }
int remove(const char *p)
{
    long r = SYS3(unlinkat, AT_FDCWD, p, 0);
    if (r == -EISDIR)
        r = SYS3(unlinkat, AT_FDCWD, p, AT_REMOVEDIR);
    return (int)zl_ret(r);
}
ssize_t readlink(const char *restrict p, char *restrict b, size_t n)
{
    return zl_ret(SYS4(readlinkat, AT_FDCWD, p, b, n));
}
ssize_t readlinkat(int d, const char *restrict p, char *restrict b, size_t n)
{
    return zl_ret(SYS4(readlinkat, d, p, b, n));
}
int chmod(const char *p, mode_t m) { return (int)zl_ret(SYS3(fchmodat, AT_FDCWD, p, m)); }
int fchmod(int fd, mode_t m) { return (int)zl_ret(SYS2(fchmod, fd, m)); }
int fchmodat(int d, const char *p, mode_t m, int f)
{
    if (f) {
        errno = EOPNOTSUPP;   /* Linux's fchmodat has no flags argument */
        return -1;
    }
    return (int)zl_ret(SYS3(fchmodat, d, p, m));
}
int chown(const char *p, uid_t u, gid_t g) { return (int)zl_ret(SYS5(fchownat, AT_FDCWD, p, u, g, 0)); }
int lchown(const char *p, uid_t u, gid_t g) { return (int)zl_ret(SYS5(fchownat, AT_FDCWD, p, u, g, AT_SYMLINK_NOFOLLOW)); }
int fchown(int fd, uid_t u, gid_t g) { return (int)zl_ret(SYS3(fchown, fd, u, g)); }
int fchownat(int d, const char *p, uid_t u, gid_t g, int f) { return (int)zl_ret(SYS5(fchownat, d, p, u, g, f)); }
int flock(int fd, int op) { return (int)zl_ret(SYS2(flock, fd, op)); }
int syncfs(int fd) { return (int)zl_ret(SYS1(syncfs, fd)); }
mode_t umask(mode_t m) { return (mode_t)SYS1(umask, m); }

int utimensat(int d, const char *p, const struct timespec ts[2], int f)
{
#if ZL_UAPI_XLEN == 32
    struct k_timespec k[2];
    if (ts)
        for (int i = 0; i < 2; i++)
            k[i].tv_sec = ts[i].tv_sec, k[i].tv_nsec = ts[i].tv_nsec;
    return (int)zl_ret(SYS4(utimensat_time64, d, p, ts ? k : NULL, f));
#else
    return (int)zl_ret(SYS4(utimensat, d, p, ts, f));
#endif
}

/* utimes, futimes (p NULL: the descriptor d itself) and lutimes through utimensat. */
static int utimes_at(int d, const char *p, const struct timeval tv[2], int flags)
{
    struct timespec ts[2];
    if (tv)
        for (int i = 0; i < 2; i++) {
            if (tv[i].tv_usec < 0 || tv[i].tv_usec >= 1000000) {
                errno = EINVAL;
                return -1;
            }
            ts[i].tv_sec = tv[i].tv_sec;
            ts[i].tv_nsec = (long)tv[i].tv_usec * 1000;
        }
    return utimensat(d, p, tv ? ts : NULL, flags);
}

int utimes(const char *p, const struct timeval tv[2]) { return utimes_at(AT_FDCWD, p, tv, 0); }
int futimes(int fd, const struct timeval tv[2]) { return utimes_at(fd, NULL, tv, 0); }
int lutimes(const char *p, const struct timeval tv[2]) { return utimes_at(AT_FDCWD, p, tv, AT_SYMLINK_NOFOLLOW); }

int utime(const char *p, const struct utimbuf *t)
{
    struct timeval tv[2];
    if (t) {
        tv[0].tv_sec = t->actime;
        tv[0].tv_usec = 0;
        tv[1].tv_sec = t->modtime;
        tv[1].tv_usec = 0;
    }
    return utimes(p, t ? tv : NULL);
}

int futimens(int fd, const struct timespec ts[2])
{
    return utimensat(fd, NULL, ts, 0);
}

int isatty(int fd)
{
    struct k_winsize w;
    long r = SYS3(ioctl, fd, 0x5413 /* TIOCGWINSZ */, &w);
    if (zl_is_err(r)) {
        errno = (int)-r == EINVAL ? ENOTTY : (int)-r;
        return 0;
    }
    return 1;
}

/* GNU: $PWD when it names the current directory (keeps the symbolic links the user
 * followed), else getcwd's answer; malloc'd either way. */
char *get_current_dir_name(void)
{
    const char *pwd = getenv("PWD");
    struct stat a, b;
    if (pwd && *pwd == '/' && stat(pwd, &a) == 0 && stat(".", &b) == 0 && a.st_dev == b.st_dev &&
        a.st_ino == b.st_ino)
        return strdup(pwd);
    return getcwd(NULL, 0);
}
