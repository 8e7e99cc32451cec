/* File-system calls that carry structures: the stat family, directory reading, and the
 * path calls with two paths or times.  Layouts come from the generated converters. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "run/sys.h"
#include "zl_abi.h"

static i128 put_stat(struct task *p, u128 addr, const struct stat *st)
{
    u8 g[ZL_MAXSIZE_stat];
    int e = zl_stat_h2g(sys_pers(p), st, g);
    if (e) return e;
    return put_guest(p, addr, g, zl_sizeof(sys_pers(p), ZL_T_stat));
}

i128 sys_newfstatat(struct task *p, const u128 *a)
{
    char path[PATH_MAX];
    int e = guest_path(p, a[1], path, sizeof path);
    if (e) return e;
    struct stat st;
    if (fstatat((int)a[0], path, &st, (int)a[3])) return -errno;
    return put_stat(p, a[2], &st);
}

i128 sys_fstat(struct task *p, const u128 *a)
{
    struct stat st;
    if (fstat((int)a[0], &st)) return -errno;
    return put_stat(p, a[1], &st);
}

/* struct statx has the same bytes in every personality and on the host. */
i128 sys_statx(struct task *p, const u128 *a)
{
    char path[PATH_MAX];
    int e = guest_path(p, a[1], path, sizeof path);
    if (e) return e;
    struct statx stx;
    if (statx((int)a[0], path, (int)a[2], (unsigned)a[3], &stx)) return -errno;
    return put_guest(p, a[4], &stx, sizeof stx);
}

/* struct linux_dirent64 has the same bytes everywhere: records go through unchanged. */
i128 sys_getdents64(struct task *p, const u128 *a)
{
    if (!guest_access_ok(p, a[1], a[2])) return guest_fd_fault((int)a[0], true);
    size_t count = a[2] > (1u << 20) ? (1u << 20) : (size_t)a[2];
    char *buf = malloc(count ? count : 1);
    if (!buf) return -ENOMEM;
    ssize_t n = getdents64((int)a[0], buf, count);
    i128 r = n < 0 ? -errno : put_guest(p, a[1], buf, (size_t)n) ? -EFAULT : n;
    free(buf);
    return r;
}

#define TWO_PATHS(name, pa, pb)                                              \
    char p1[PATH_MAX], p2[PATH_MAX];                                         \
    int e = guest_path(p, a[pa], p1, sizeof p1);                             \
    if (!e) e = guest_path(p, a[pb], p2, sizeof p2);                         \
    if (e) return e

i128 sys_renameat2(struct task *p, const u128 *a)
{
    TWO_PATHS(renameat2, 1, 3);
    return renameat2((int)a[0], p1, (int)a[2], p2, (unsigned)a[4]) ? -errno : 0;
}

i128 sys_linkat(struct task *p, const u128 *a)
{
    TWO_PATHS(linkat, 1, 3);
    return linkat((int)a[0], p1, (int)a[2], p2, (int)a[4]) ? -errno : 0;
}

/* symlinkat(target, newdirfd, linkpath): the target is stored as written. */
i128 sys_symlinkat(struct task *p, const u128 *a)
{
    char target[PATH_MAX], link[PATH_MAX];
    int e = guest_str(p, a[0], target, sizeof target);
    if (!e) e = guest_path(p, a[2], link, sizeof link);
    if (e) return e;
    return symlinkat(target, (int)a[1], link) ? -errno : 0;
}

#define ONE_PATH_AT(call)                                                    \
    char path[PATH_MAX];                                                     \
    int e = guest_path(p, a[1], path, sizeof path);                          \
    if (e) return e;                                                         \
    return (call) ? -errno : 0

i128 sys_fchmodat(struct task *p, const u128 *a) { ONE_PATH_AT(fchmodat((int)a[0], path, (mode_t)a[2], 0)); }
/* mknodat(dfd, path, mode, dev): dev is the kernel's 32-bit encoding in every personality,
 * passed on as it is */
i128 sys_mknodat(struct task *p, const u128 *a)
{
    ONE_PATH_AT(syscall(SYS_mknodat, (int)a[0], path, (mode_t)a[2], (unsigned)a[3]));
}
i128 sys_fchownat(struct task *p, const u128 *a)
{
    ONE_PATH_AT(fchownat((int)a[0], path, (uid_t)a[2], (gid_t)a[3], (int)a[4]));
}
i128 sys_faccessat2(struct task *p, const u128 *a)
{
    ONE_PATH_AT(syscall(SYS_faccessat2, (int)a[0], path, (int)a[2], (int)a[3]));
}

i128 sys_fchown(struct task *p, const u128 *a) { (void)p; return fchown((int)a[0], (uid_t)a[1], (gid_t)a[2]) ? -errno : 0; }
i128 sys_fdatasync(struct task *p, const u128 *a) { (void)p; return fdatasync((int)a[0]) ? -errno : 0; }
i128 sys_fchdir(struct task *p, const u128 *a) { (void)p; return fchdir((int)a[0]) ? -errno : 0; }

i128 sys_truncate(struct task *p, const u128 *a)
{
    char path[PATH_MAX];
    int e = guest_path(p, a[0], path, sizeof path);
    if (e) return e;
    i128 len = (i128)a[1];
    if (len < 0) return -EINVAL;
    if (len > (i128)INT64_MAX) return -EFBIG;
    return truncate(path, (off_t)len) ? -errno : 0;
}

/* utimensat(dirfd, path or NULL, times[2] or NULL, flags) */
i128 sys_utimensat(struct task *p, const u128 *a)
{
    char path[PATH_MAX];
    if (a[1]) {
        int e = guest_path(p, a[1], path, sizeof path);
        if (e) return e;
    }
    struct timespec ts[2];
    if (a[2]) {
        unsigned sz = zl_sizeof(sys_pers(p), ZL_T_timespec);
        u8 g[2 * ZL_MAXSIZE_timespec];
        int e = get_guest(p, a[2], g, 2 * sz);
        if (!e) e = zl_timespec_g2h(sys_pers(p), g, &ts[0]);
        if (!e) e = zl_timespec_g2h(sys_pers(p), g + sz, &ts[1]);
        if (e) return e;
    }
    return syscall(SYS_utimensat, (int)a[0], a[1] ? path : NULL, a[2] ? ts : NULL, (int)a[3])
               ? -errno : 0;
}
