/* File-descriptor and file-system system calls that carry no structures.  Guest file
 * descriptors are host file descriptors. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sys/ioctl.h>
#include <sys/sendfile.h>
#include <sys/uio.h>

#include "run/procfs.h"
#include "run/sys.h"
#include "run/thread.h"
#include "zl_abi.h"


int guest_str(struct task *p, u128 addr, char *buf, size_t size)
{
    for (size_t i = 0; i < size; i++) {
        if (!mm_read(&p->proc->mm, addr + i, &buf[i], 1, NULL)) return -EFAULT;
        if (!buf[i]) return 0;
    }
    return -ENAMETOOLONG;
}

int guest_path(struct task *p, u128 addr, char *buf, size_t size)
{
    int e = guest_str(p, addr, buf, size);
    if (e) return e;
    if (procfs_names_exe(p, buf)) {
        char real[PATH_MAX];
        if (realpath(procfs_exe(p), real) && strlen(real) < size) strcpy(buf, real);
        return 0;
    }
    if (p->proc->opt.sysroot && buf[0] == '/') {
        char alt[PATH_MAX];
        struct stat st;
        int n = snprintf(alt, sizeof alt, "%s%s", p->proc->opt.sysroot, buf);
        if (n > 0 && (size_t)n < size && (size_t)n < sizeof alt && !lstat(alt, &st))
            strcpy(buf, alt);
    }
    return 0;
}

i128 guest_fd_fault(int fd, bool to_guest)
{
    int fl = fcntl(fd, F_GETFL);
    if (fl < 0 || (fl & O_PATH)) return -EBADF;
    return (fl & O_ACCMODE) == (to_guest ? O_WRONLY : O_RDONLY) ? -EBADF : -EFAULT;
}

i128 guest_fd_io(struct task *p, int fd, u128 addr, u128 len, bool to_guest, off_t *pos)
{
    int need = to_guest ? PROT_WRITE : PROT_READ;
    u128 done = 0;
    if (!guest_access_ok(p, addr, len)) return guest_fd_fault(fd, to_guest);
    if (!pos && procfs_is_mem(p, fd)) return procfs_mem_rw(p, fd, addr, len, to_guest, NULL);
    if (len > MAX_RW_COUNT) len = MAX_RW_COUNT;
    if (!len) {
        ssize_t r;
        BLOCKING(p, r = to_guest ? (pos ? pread(fd, NULL, 0, *pos) : read(fd, NULL, 0))
                                 : (pos ? pwrite(fd, NULL, 0, *pos) : write(fd, NULL, 0)));
        return r < 0 ? -errno : 0;
    }
    while (done < len) {
        const struct mm_region *r = mm_find(&p->proc->mm, addr + done);
        if (!r || !(mm_rights(r->prot) & need)) return done ? (i128)done : -EFAULT;
        u128 avail = r->end - (addr + done);
        size_t n = (size_t)(avail < len - done ? avail : len - done);
        u8 *h = r->host + (size_t)(addr + done - r->start);
        ssize_t k;
        if (to_guest) {
            if (r->prot & PROT_EXEC) mm_code_changed(&p->proc->mm);     /* code may change */
            BLOCKING(p, k = pos ? pread(fd, h, n, *pos + (off_t)done) : read(fd, h, n));
        } else {
            BLOCKING(p, k = pos ? pwrite(fd, h, n, *pos + (off_t)done) : write(fd, h, n));
        }
        if (k < 0) return done ? (i128)done : -errno;
        done += (u128)k;
        if ((size_t)k < n) break;
    }
    return (i128)done;
}

i128 sys_read(struct task *p, const u128 *a) { return guest_fd_io(p, (int)a[0], a[1], a[2], true, NULL); }
i128 sys_write(struct task *p, const u128 *a) { return guest_fd_io(p, (int)a[0], a[1], a[2], false, NULL); }

/* pread64/pwrite64: the offset is one register on rv64/rv128 (docs/abi.md §6.3). */
static i128 pio(struct task *p, const u128 *a, bool to_guest)
{
    if (procfs_is_mem(p, (int)a[0])) return procfs_mem_rw(p, (int)a[0], a[1], a[2], to_guest, &a[3]);
    i128 off = (i128)a[3];
    if (off < 0 || off > (i128)INT64_MAX) return -EINVAL;
    off_t pos = (off_t)off;
    return guest_fd_io(p, (int)a[0], a[1], a[2], to_guest, &pos);
}
i128 sys_pread64(struct task *p, const u128 *a) { return pio(p, a, true); }
i128 sys_pwrite64(struct task *p, const u128 *a) { return pio(p, a, false); }

i128 sys_openat(struct task *p, const u128 *a)
{
    char path[PATH_MAX];
    int e = guest_path(p, a[1], path, sizeof path);
    if (e) return e;
    i128 r;
    if (procfs_openat(p, (int)a[0], path, (int)a[2], &r)) return r;   /* the guest's /proc/self */
    int fd;
    BLOCKING(p, fd = openat((int)a[0], path, (int)a[2] | O_LARGEFILE, (mode_t)a[3]));
    return fd < 0 ? -errno : fd;
}

i128 sys_close(struct task *p, const u128 *a)
{
    procfs_fd_closed(p, (unsigned)a[0], (unsigned)a[0]);
    return close((int)a[0]) ? -errno : 0;
}

/* lseek with an XLEN-wide offset; outside the host's range it is EINVAL (or ENXIO for
 * SEEK_DATA/SEEK_HOLE), as docs/abi.md §6.3 says. */
i128 sys_lseek(struct task *p, const u128 *a)
{
    i128 off = (i128)a[1];
    int whence = (int)a[2];
    if (procfs_is_mem(p, (int)a[0])) return procfs_mem_lseek(p, (int)a[0], off, whence);
    if (off < (i128)INT64_MIN || off > (i128)INT64_MAX)
        return (whence == SEEK_DATA || whence == SEEK_HOLE) ? -ENXIO : -EINVAL;
    off_t r = lseek((int)a[0], (off_t)off, whence);
    return r < 0 ? -errno : (i128)r;
}

/* rv32 llseek(fd, offset_high, offset_low, loff_t *result, whence) */
i128 sys_llseek(struct task *p, const u128 *a)
{
    i64 off = (i64)((u64)(u32)a[1] << 32 | (u32)a[2]);
    i128 r = procfs_is_mem(p, (int)a[0]) ? procfs_mem_lseek(p, (int)a[0], off, (int)a[4])
                                          : lseek((int)a[0], (off_t)off, (int)a[4]);
    if (r == -1) return -errno;
    if (r < 0) return r;
    i64 v = (i64)r;
    return mm_write(&p->proc->mm, a[3], &v, sizeof v, NULL) ? 0 : -EFAULT;
}

/* /proc/self/exe names the guest program, not zl-run (as under binfmt_misc). */
i128 sys_readlinkat(struct task *p, const u128 *a)
{
    char path[PATH_MAX], out[PATH_MAX];
    int e = guest_str(p, a[1], path, sizeof path);
    if (e) return e;
    i128 n;
    if (!procfs_readlinkat(p, (int)a[0], path, out, sizeof out, &n)) {
        if ((e = guest_path(p, a[1], path, sizeof path))) return e;
        n = readlinkat((int)a[0], path, out, sizeof out);
        if (n < 0) return -errno;
    }
    if (n < 0) return n;
    u128 len = a[3];
    if ((i128)(i128)len <= 0) return -EINVAL;
    size_t k = (size_t)((u128)n < len ? (u128)n : len);
    return mm_write(&p->proc->mm, a[2], out, k, NULL) ? (i128)k : -EFAULT;
}

i128 sys_dup(struct task *p, const u128 *a)
{
    int r = dup((int)a[0]);
    if (r >= 0) procfs_fd_dup(p, (int)a[0], r);
    return r < 0 ? -errno : r;
}
i128 sys_dup3(struct task *p, const u128 *a)
{
    int r = dup3((int)a[0], (int)a[1], (int)a[2]);
    if (r >= 0) procfs_fd_dup(p, (int)a[0], r);
    return r < 0 ? -errno : r;
}

i128 sys_pipe2(struct task *p, const u128 *a)
{
    int fds[2];
    if (pipe2(fds, (int)a[1])) return -errno;
    if (!mm_write(&p->proc->mm, a[0], fds, sizeof fds, NULL)) {
        close(fds[0]);
        close(fds[1]);
        return -EFAULT;
    }
    return 0;
}

#define PATH_CALL(name, call)                                                \
    i128 sys_##name(struct task *p, const u128 *a)                           \
    {                                                                        \
        char path[PATH_MAX];                                                 \
        int e = guest_path(p, a[1], path, sizeof path);                      \
        if (e) return e;                                                     \
        return (call) ? -errno : 0;                                          \
    }
PATH_CALL(unlinkat, unlinkat((int)a[0], path, (int)a[2]))
PATH_CALL(mkdirat, mkdirat((int)a[0], path, (mode_t)a[2]))
PATH_CALL(faccessat, faccessat((int)a[0], path, (int)a[2], 0))

i128 sys_chdir(struct task *p, const u128 *a)
{
    char path[PATH_MAX];
    int e = guest_path(p, a[0], path, sizeof path);
    if (e) return e;
    return chdir(path) ? -errno : 0;
}

i128 sys_getcwd(struct task *p, const u128 *a)
{
    char buf[PATH_MAX];
    if (!getcwd(buf, sizeof buf)) return -errno;
    size_t n = strlen(buf) + 1;
    if (a[1] < n) return -ERANGE;
    return mm_write(&p->proc->mm, a[0], buf, n, NULL) ? (i128)n : -EFAULT;
}

i128 sys_fsync(struct task *p, const u128 *a) { (void)p; return fsync((int)a[0]) ? -errno : 0; }
i128 sys_fchmod(struct task *p, const u128 *a) { (void)p; return fchmod((int)a[0], (mode_t)a[1]) ? -errno : 0; }

i128 sys_ftruncate(struct task *p, const u128 *a)
{
    (void)p;
    i128 len = (i128)a[1];
    if (len < 0) return -EINVAL;
    if (len > (i128)INT64_MAX) return -EFBIG;
    return ftruncate((int)a[0], (off_t)len) ? -errno : 0;
}

/* ---- vectored I/O ---------------------------------------------------------------- */

i128 guest_iov_import(const struct task *p, struct zl_iovec *v, size_t n)
{
    int x = p->proc->lay.xlen;
    u128 ssize_max = ((u128)1 << (x - 1)) - 1;
    for (size_t i = 0; i < n; i++)
        if (v[i].iov_len > ssize_max) return -EINVAL;
    if (n == 1 && v[0].iov_len > MAX_RW_COUNT) v[0].iov_len = MAX_RW_COUNT;
    u128 total = 0;
    for (size_t i = 0; i < n; i++) {
        if (!guest_access_ok(p, v[i].iov_base, v[i].iov_len)) return -EFAULT;
        if (v[i].iov_len > MAX_RW_COUNT - total) v[i].iov_len = MAX_RW_COUNT - total;
        total += v[i].iov_len;
    }
    return (i128)total;
}

/* Translate a guest iovec array into host iovecs over the guest's mappings.  Each guest
 * buffer is split where its mappings change; translation stops at the first byte that is
 * not accessible (Linux then transfers what came before, or fails with EFAULT). */
static i128 vec_io(struct task *p, int fd, u128 iov, u128 cnt, bool to_guest, const off_t *pos)
{
    if (cnt > ZL_UIO_MAXIOV) return guest_fd_fault(fd, to_guest) == -EBADF ? -EBADF : -EINVAL;
    if (!pos && procfs_is_mem(p, fd)) return procfs_mem_rwv(p, fd, iov, cnt, to_guest, NULL);
    int pers = sys_pers(p);
    unsigned gsz = zl_sizeof(pers, ZL_T_iovec);
    u8 *gv = malloc((size_t)cnt * gsz + 1);
    struct zl_iovec *v = malloc(((size_t)cnt + 1) * sizeof *v);
    struct iovec *hv = malloc(ZL_UIO_MAXIOV * sizeof *hv);
    i128 r = 0;
    if (!gv || !v || !hv) { r = -ENOMEM; goto out; }
    if (get_guest(p, iov, gv, (size_t)cnt * gsz)) { r = -EFAULT; goto out; }
    for (size_t i = 0; i < cnt && !r; i++) r = zl_iovec_g2n(pers, gv + i * gsz, &v[i]);
    if (!r) r = guest_iov_import(p, v, (size_t)cnt);
    if (r < 0) {
        if (guest_fd_fault(fd, to_guest) == -EBADF) r = -EBADF;
        goto out;
    }
    int need = to_guest ? PROT_WRITE : PROT_READ, nh = 0;
    bool stop = false;
    for (size_t i = 0; i < cnt && !stop; i++) {
        for (u128 off = 0; off < v[i].iov_len;) {
            const struct mm_region *m = mm_find(&p->proc->mm, v[i].iov_base + off);
            if (!m || !(mm_rights(m->prot) & need) || nh == ZL_UIO_MAXIOV) { stop = true; break; }
            u128 avail = m->end - (v[i].iov_base + off), want = v[i].iov_len - off;
            size_t k = (size_t)(avail < want ? avail : want);
            if (to_guest && (m->prot & PROT_EXEC)) mm_code_changed(&p->proc->mm);
            hv[nh].iov_base = m->host + (size_t)(v[i].iov_base + off - m->start);
            hv[nh].iov_len = k;
            nh++;
            off += k;
        }
    }
    if (!nh && stop) { r = guest_fd_fault(fd, to_guest); goto out; }
    ssize_t n;
    BLOCKING(p, n = to_guest ? (pos ? preadv(fd, hv, nh, *pos) : readv(fd, hv, nh))
                             : (pos ? pwritev(fd, hv, nh, *pos) : writev(fd, hv, nh)));
    r = n < 0 ? -errno : n;
out:
    free(gv);
    free(v);
    free(hv);
    return r;
}

i128 sys_readv(struct task *p, const u128 *a) { return vec_io(p, (int)a[0], a[1], a[2], true, NULL); }
i128 sys_writev(struct task *p, const u128 *a) { return vec_io(p, (int)a[0], a[1], a[2], false, NULL); }

/* preadv/pwritev: the decoder has joined the position into a[3] */
static i128 pvec(struct task *p, const u128 *a, bool to_guest)
{
    if (procfs_is_mem(p, (int)a[0])) return procfs_mem_rwv(p, (int)a[0], a[1], a[2], to_guest, &a[3]);
    i128 off = (i128)a[3];
    if (off < 0 || off > (i128)INT64_MAX) return -EINVAL;
    off_t pos = (off_t)off;
    return vec_io(p, (int)a[0], a[1], a[2], to_guest, &pos);
}
i128 sys_preadv(struct task *p, const u128 *a) { return pvec(p, a, true); }
i128 sys_pwritev(struct task *p, const u128 *a) { return pvec(p, a, false); }

/* ---- ioctl, fcntl ---------------------------------------------------------------- */

/* The requests abi/ describes.  Their argument structures have the same bytes in every
 * personality and on the host (termios, winsize, int, pid), so they pass through. */
i128 sys_ioctl(struct task *p, const u128 *a)
{
    int fd = (int)a[0];
    u32 cmd = (u32)a[1];
    const struct zl_ioctl_info *io = zl_ioctl_find(cmd);
    if (!io) return -ENOTTY;
    int r;
    switch (io->dir) {
    case ZL_IOC_NONE: r = ioctl(fd, cmd); break;
    case ZL_IOC_VAL: r = ioctl(fd, cmd, (unsigned long)a[2]); break;
    default: {
        const struct zl_type_info *t = &zl_types[io->type];
        unsigned size = t->size[sys_pers(p)];
        u8 buf[512];
        if (!(t->flags & ZL_TF_FIXED) && t->tclass != ZL_TC_SIGNED && t->tclass != ZL_TC_UNSIGNED)
            return -ENOTTY;              /* would need a layout conversion */
        if (!size || size > sizeof buf) return -ENOTTY;
        memset(buf, 0, sizeof buf);
        if ((io->dir == ZL_IOC_IN || io->dir == ZL_IOC_INOUT) && get_guest(p, a[2], buf, size))
            return -EFAULT;
        r = ioctl(fd, cmd, buf);
        if (r >= 0 && (io->dir == ZL_IOC_OUT || io->dir == ZL_IOC_INOUT) &&
            put_guest(p, a[2], buf, size))
            return -EFAULT;
        break;
    }
    }
    return r < 0 ? -errno : r;
}

/* Record locks: struct flock through the neutral form (128-bit l_start/l_len on rv128;
 * beyond the host's range it is EOVERFLOW, docs/abi.md §6.3). */
static i128 fcntl_lock(struct task *p, int fd, int cmd, u128 addr)
{
    int pers = sys_pers(p);
    u8 g[ZL_MAXSIZE_flock];
    struct zl_flock n;
    unsigned sz = zl_sizeof(pers, ZL_T_flock);
    int e = get_guest(p, addr, g, sz);
    if (!e) e = zl_flock_g2n(pers, g, &n);
    if (e) return e;
    if (n.l_start < 0 && n.l_whence == SEEK_SET) return -EINVAL;
    if (n.l_start > (i128)INT64_MAX || n.l_start < (i128)INT64_MIN ||
        n.l_len > (i128)INT64_MAX || n.l_len < (i128)INT64_MIN)
        return -EOVERFLOW;
    struct flock h = { .l_type = n.l_type, .l_whence = n.l_whence,
                       .l_start = (off_t)n.l_start, .l_len = (off_t)n.l_len, .l_pid = n.l_pid };
    int fr;
    BLOCKING(p, fr = fcntl(fd, cmd, &h));      /* F_SETLKW, F_OFD_SETLKW wait */
    if (fr < 0) return -errno;
    if (cmd == F_GETLK || cmd == F_OFD_GETLK) {
        e = zl_flock_h2g(pers, &h, g);
        if (!e) e = put_guest(p, addr, g, sz);
        if (e) return e;
    }
    return 0;
}

i128 sys_fcntl(struct task *p, const u128 *a)
{
    int fd = (int)a[0], cmd = (int)a[1];
    if (p->proc->lay.xlen == 32 && cmd >= 12 && cmd <= 14) cmd -= 7;   /* F_GETLK64.. = F_GETLK.. */
    switch (cmd) {
    case F_DUPFD: case F_DUPFD_CLOEXEC: case F_SETFD: case F_SETFL:
    case F_SETPIPE_SZ: case F_SETOWN: case F_SETSIG: case F_SETLEASE: case F_NOTIFY:
    case F_ADD_SEALS: {
        int r = fcntl(fd, cmd, (int)a[2]);
        if (r >= 0 && (cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC)) procfs_fd_dup(p, fd, r);
        return r < 0 ? -errno : r;
    }
    case F_GETFD: case F_GETFL: case F_GETPIPE_SZ: case F_GETOWN: case F_GETSIG:
    case F_GETLEASE: case F_GET_SEALS: {
        int r = fcntl(fd, cmd);
        return r < 0 ? -errno : r;
    }
    case F_GETLK: case F_SETLK: case F_SETLKW:
    case F_OFD_GETLK: case F_OFD_SETLK: case F_OFD_SETLKW:
        return fcntl_lock(p, fd, cmd, a[2]);
    default:
        return -EINVAL;
    }
}

/* sendfile(out_fd, in_fd, loff_t *offset, count): *offset is the personality's loff_t
 * (16 bytes on rv128, docs/abi.md §6.2); one beyond the host's range is EINVAL (§6.3). */
i128 sys_sendfile(struct task *p, const u128 *a)
{
    unsigned osz = p->proc->lay.xlen == 128 ? 16 : 8;
    off_t off = 0;
    if (a[2]) {
        u8 g[16];
        int e = get_guest(p, a[2], g, osz);
        if (e) return e;
        i128 v = 0;
        if (osz == 16) memcpy(&v, g, 16);
        else {
            i64 v64;
            memcpy(&v64, g, 8);
            v = v64;
        }
        if (v < 0 || v > (i128)INT64_MAX) return -EINVAL;
        off = (off_t)v;
    }
    u128 count = a[3] > MAX_RW_COUNT ? MAX_RW_COUNT : a[3];
    ssize_t r;
    BLOCKING(p, r = sendfile((int)a[0], (int)a[1], a[2] ? &off : NULL, (size_t)count));
    if (r < 0) return -errno;
    if (a[2]) {
        u8 g[16];
        i128 v = off;
        if (osz == 16) memcpy(g, &v, 16);
        else {
            i64 v64 = off;
            memcpy(g, &v64, 8);
        }
        int e = put_guest(p, a[2], g, osz);
        if (e) return e;
    }
    return r;
}
