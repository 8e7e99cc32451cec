/* Smaller calls that glibc and musl programs use: file-system statistics, flock,
 * fallocate/fadvise64, sync/syncfs, close_range, memfd_create, eventfd2, msync, mlock,
 * munlock, mincore, getcpu, the affinity and scheduler queries, membarrier.  Guest
 * descriptors are host descriptors and most of these carry only integers; offsets follow
 * docs/abi.md §6.3, and memory ranges go to the host memory behind the guest's mappings. */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "run/procfs.h"
#include "run/sys.h"
#include "run/thread.h"
#include "zl_abi.h"

#define PAGE ((u128)4096)

static i128 ret(long r) { return r < 0 ? -errno : r; }

/* statfs/fstatfs (rv64, rv128) and statfs64/fstatfs64 (rv32, with the size argument). */
static i128 put_statfs(struct task *p, const struct statfs *st, u128 addr, bool is64)
{
    int pers = sys_pers(p);
    u8 g[ZL_MAXSIZE_statfs > ZL_MAXSIZE_statfs64 ? ZL_MAXSIZE_statfs : ZL_MAXSIZE_statfs64];
    int e = is64 ? zl_statfs64_h2g(pers, st, g) : zl_statfs_h2g(pers, st, g);
    if (e) return e;
    return put_guest(p, addr, g, zl_sizeof(pers, is64 ? ZL_T_statfs64 : ZL_T_statfs));
}

i128 sys_statfs(struct task *p, const u128 *a)
{
    char path[4096];
    struct statfs st;
    int e = guest_path(p, a[0], path, sizeof path);
    if (e) return e;
    if (statfs(path, &st)) return -errno;
    return put_statfs(p, &st, a[1], false);
}

i128 sys_fstatfs(struct task *p, const u128 *a)
{
    struct statfs st;
    if (fstatfs((int)a[0], &st)) return -errno;
    return put_statfs(p, &st, a[1], false);
}

i128 sys_statfs64(struct task *p, const u128 *a)
{
    if (a[1] != zl_sizeof(sys_pers(p), ZL_T_statfs64)) return -EINVAL;
    char path[4096];
    struct statfs st;
    int e = guest_path(p, a[0], path, sizeof path);
    if (e) return e;
    if (statfs(path, &st)) return -errno;
    return put_statfs(p, &st, a[2], true);
}

i128 sys_fstatfs64(struct task *p, const u128 *a)
{
    if (a[1] != zl_sizeof(sys_pers(p), ZL_T_statfs64)) return -EINVAL;
    struct statfs st;
    if (fstatfs((int)a[0], &st)) return -errno;
    return put_statfs(p, &st, a[2], true);
}

i128 sys_flock(struct task *p, const u128 *a)
{
    int r;
    BLOCKING(p, r = flock((int)a[0], (int)a[1]));
    return ret(r);
}
i128 sys_sync(struct task *p, const u128 *a) { (void)p; (void)a; sync(); return 0; }
i128 sys_syncfs(struct task *p, const u128 *a) { (void)p; return ret(syncfs((int)a[0])); }

/* fallocate(fd, mode, offset, len): offset + len at or beyond 2^63 is EFBIG (§6.3). */
i128 sys_fallocate(struct task *p, const u128 *a)
{
    (void)p;
    i128 off = (i128)a[2], len = (i128)a[3];
    if (off < 0 || len <= 0) return -EINVAL;
    if (off > (i128)INT64_MAX || len > (i128)INT64_MAX - off) return -EFBIG;
    return ret(fallocate((int)a[0], (int)a[1], (off_t)off, (off_t)len));
}

/* fadvise64(fd, offset, len, advice): beyond 2^63 EINVAL (§6.3); len 0 means "to the end". */
i128 sys_fadvise64(struct task *p, const u128 *a)
{
    (void)p;
    i128 off = (i128)a[1], len = (i128)a[2];
    if (off > (i128)INT64_MAX || off < (i128)INT64_MIN || len > (i128)INT64_MAX || len < 0)
        return -EINVAL;
    int e = posix_fadvise((int)a[0], (off_t)off, (off_t)len, (int)a[3]);
    return -e;
}

i128 sys_close_range(struct task *p, const u128 *a)
{
    i128 r = ret(syscall(SYS_close_range, (unsigned)a[0], (unsigned)a[1], (unsigned)a[2]));
    if (!r && !((unsigned)a[2] & 4 /* CLOSE_RANGE_CLOEXEC */))
        procfs_fd_closed(p, (unsigned)a[0], (unsigned)a[1]);
    return r;
}

i128 sys_memfd_create(struct task *p, const u128 *a)
{
    char name[256];
    int e = guest_str(p, a[0], name, sizeof name);
    if (e == -ENAMETOOLONG) return -EINVAL;     /* Linux: a name beyond 249 bytes */
    if (e) return e;
    return ret(syscall(SYS_memfd_create, name, (unsigned)a[1]));
}

i128 sys_eventfd2(struct task *p, const u128 *a)
{
    (void)p;
    return ret(syscall(SYS_eventfd2, (unsigned)a[0], (int)a[1]));
}

/* ---- memory ranges ---------------------------------------------------------------------- */
static int range(struct task *p, u128 addr, u128 len, u128 *plen)
{
    if (addr & (PAGE - 1)) return -EINVAL;
    u128 l = (len + PAGE - 1) & ~(PAGE - 1);
    if (l < len) return -ENOMEM;
    if (addr >= p->proc->lay.task_size || l > p->proc->lay.task_size - addr) return -ENOMEM;
    *plen = l;
    return 0;
}

static int op_msync(void *h, size_t n, void *arg) { return msync(h, n, *(int *)arg) ? -errno : 0; }
static int op_mlock(void *h, size_t n, void *arg) { (void)arg; return mlock(h, n) ? -errno : 0; }
static int op_munlock(void *h, size_t n, void *arg) { (void)arg; return munlock(h, n) ? -errno : 0; }

i128 sys_msync(struct task *p, const u128 *a)
{
    int flags = (int)a[2];
    if (flags & ~(MS_ASYNC | MS_INVALIDATE | MS_SYNC)) return -EINVAL;
    if ((flags & MS_ASYNC) && (flags & MS_SYNC)) return -EINVAL;
    u128 len;
    int e = range(p, a[0], a[1], &len);
    if (e) return e;
    return len ? mm_host_op(&p->proc->mm, a[0], len, op_msync, &flags) : 0;
}

/* mlock/munlock: Linux rounds the start down to a page. */
static i128 lock_common(struct task *p, const u128 *a, int (*op)(void *, size_t, void *))
{
    u128 start = a[0] & ~(PAGE - 1), len;
    int e = range(p, start, a[1] + (a[0] - start), &len);
    if (e) return e;
    return len ? mm_host_op(&p->proc->mm, start, len, op, NULL) : 0;
}
i128 sys_mlock(struct task *p, const u128 *a) { return lock_common(p, a, op_mlock); }
i128 sys_munlock(struct task *p, const u128 *a) { return lock_common(p, a, op_munlock); }

/* mincore: one byte per page, bit 0 = resident, from the host's pages behind the guest's. */
struct mincore_arg { struct task *p; u128 vec; size_t done; };
static int op_mincore(void *h, size_t n, void *arg)
{
    struct mincore_arg *m = arg;
    unsigned char v[256];
    for (size_t off = 0; off < n; off += sizeof v * 4096) {
        size_t k = n - off < sizeof v * 4096 ? n - off : sizeof v * 4096;
        if (mincore((u8 *)h + off, k, v)) return -errno;
        int e = put_guest(m->p, m->vec + m->done, v, k / 4096);
        if (e) return e;
        m->done += k / 4096;
    }
    return 0;
}

i128 sys_mincore(struct task *p, const u128 *a)
{
    u128 len;
    int e = range(p, a[0], a[1], &len);
    if (e) return e;
    if (!len) return 0;
    struct mincore_arg m = { p, a[2], 0 };
    /* Linux fills the vector up to the first unmapped page, then answers ENOMEM */
    for (u128 x = a[0]; x < a[0] + len;) {
        const struct mm_region *r = mm_find(&p->proc->mm, x);
        if (!r) return -ENOMEM;
        u128 stop = r->end < a[0] + len ? r->end : a[0] + len;
        if ((e = op_mincore(r->host + (size_t)(x - r->start), (size_t)(stop - x), &m))) return e;
        x = stop;
    }
    return 0;
}

/* ---- scheduler --------------------------------------------------------------------------- */
i128 sys_getcpu(struct task *p, const u128 *a)
{
    unsigned cpu, node;
    if (syscall(SYS_getcpu, &cpu, &node, NULL)) return -errno;
    int e = a[0] ? put_guest(p, a[0], &cpu, 4) : 0;
    if (!e && a[1]) e = put_guest(p, a[1], &node, 4);
    return e;
}

/* The CPU mask is a bit string: the same bytes in every personality, in units of the
 * personality's long. */
#define MAX_MASK 8192
i128 sys_sched_getaffinity(struct task *p, const u128 *a)
{
    unsigned glong = (unsigned)p->proc->lay.xlen / 8, len = (unsigned)a[1];
    if (len & (glong - 1)) return -EINVAL;
    u8 mask[MAX_MASK];
    unsigned hlen = len > MAX_MASK ? MAX_MASK : (len + 7) & ~7u;
    memset(mask, 0, sizeof mask);
    long r = syscall(SYS_sched_getaffinity, (pid_t)a[0], hlen, mask);
    if (r < 0) return -errno;
    unsigned n = ((unsigned)r + glong - 1) & ~(glong - 1);
    if (n > len) n = len;
    int e = put_guest(p, a[2], mask, n);
    return e ? (i128)e : (i128)n;
}

i128 sys_sched_setaffinity(struct task *p, const u128 *a)
{
    u8 mask[MAX_MASK];
    unsigned len = (unsigned)a[1] > MAX_MASK ? MAX_MASK : (unsigned)a[1];
    memset(mask, 0, sizeof mask);
    int e = get_guest(p, a[2], mask, len);
    if (e) return e;
    return ret(syscall(SYS_sched_setaffinity, (pid_t)a[0], (len + 7) & ~7u, mask));
}

i128 sys_sched_getscheduler(struct task *p, const u128 *a)
{
    (void)p;
    return ret(syscall(SYS_sched_getscheduler, (pid_t)a[0]));
}

i128 sys_sched_getparam(struct task *p, const u128 *a)
{
    int prio;
    if (syscall(SYS_sched_getparam, (pid_t)a[0], &prio)) return -errno;
    return put_guest(p, a[1], &prio, 4);
}

i128 sys_sched_get_priority_max(struct task *p, const u128 *a)
{
    (void)p;
    return ret(syscall(SYS_sched_get_priority_max, (int)a[0]));
}

i128 sys_sched_get_priority_min(struct task *p, const u128 *a)
{
    (void)p;
    return ret(syscall(SYS_sched_get_priority_min, (int)a[0]));
}

/* sched_setscheduler and sched_setparam (policy -1: keep it), with Linux's order of
 * checks: a negative policy, then a null parameter or a negative pid (EINVAL), then the
 * copy (EFAULT); the host judges the rest and applies it to the thread (guest threads
 * are host threads). */
static i128 set_scheduler(struct task *p, i32 pid, int policy, u128 param)
{
    if (!param || pid < 0) return -EINVAL;
    u8 g[ZL_MAXSIZE_sched_param];
    struct sched_param sp;
    int e = get_guest(p, param, g, zl_sizeof(sys_pers(p), ZL_T_sched_param));
    if (!e) e = zl_sched_param_g2h(sys_pers(p), g, &sp);
    if (e) return e;
    return policy < 0 ? ret(syscall(SYS_sched_setparam, pid, &sp))
                      : ret(syscall(SYS_sched_setscheduler, pid, policy, &sp));
}

i128 sys_sched_setscheduler(struct task *p, const u128 *a)
{
    if ((i32)a[1] < 0) return -EINVAL;
    return set_scheduler(p, (i32)a[0], (int)a[1], a[2]);
}

i128 sys_sched_setparam(struct task *p, const u128 *a)
{
    return set_scheduler(p, (i32)a[0], -1, a[1]);
}

i128 sys_sched_rr_get_interval(struct task *p, const u128 *a)
{
    struct timespec ts;
    if (sched_rr_get_interval((pid_t)a[0], &ts)) return -errno;
    return put_timespec(p, a[1], &ts);
}

/* membarrier: the host's (the zl-run process has the guest's one thread). */
i128 sys_membarrier(struct task *p, const u128 *a)
{
    (void)p;
    return ret(syscall(SYS_membarrier, (int)a[0], (unsigned)a[1], (int)a[2]));
}
