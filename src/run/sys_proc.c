/* Process, identity and miscellaneous system calls that carry no structures (or only
 * ones whose guest layout equals the host's in the personalities that reach them). */
#include <errno.h>
#include <stdlib.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "run/sys.h"
#include "zl_abi.h"

/* exit ends the calling thread (the process with its last thread), exit_group the
 * process: task_run (thread.c) does either once the call returns. */
i128 sys_exit(struct task *p, const u128 *a)
{
    p->exit_code = (int)(a[0] & 0xff);
    p->exited = true;
    return 0;
}
i128 sys_exit_group(struct task *p, const u128 *a)
{
    p->group_exit = true;
    return sys_exit(p, a);
}

#define ID_CALL(name, expr) \
    i128 sys_##name(struct task *p, const u128 *a) { (void)p; (void)a; return (i128)(expr); }
ID_CALL(getpid, getpid())
ID_CALL(getppid, getppid())
ID_CALL(gettid, gettid())
ID_CALL(getuid, getuid())
ID_CALL(geteuid, geteuid())
ID_CALL(getgid, getgid())
ID_CALL(getegid, getegid())
ID_CALL(sched_yield, sched_yield())
ID_CALL(umask, umask((mode_t)a[0]))

/* The word cleared, and its waiter woken, when the thread ends (thread.c). */
i128 sys_set_tid_address(struct task *p, const u128 *a)
{
    p->clear_child_tid = a[0];
    return gettid();
}


i128 sys_getrandom(struct task *p, const u128 *a)
{
    u8 buf[256];
    unsigned flags = (unsigned)a[2];
    /* Linux: the flags first (GRND_NONBLOCK | GRND_RANDOM | GRND_INSECURE, not the last
     * two together), then the count capped at MAX_RW_COUNT and the buffer checked */
    if ((flags & ~7u) || (flags & 6) == 6) return -EINVAL;
    u128 len = a[1] > MAX_RW_COUNT ? MAX_RW_COUNT : a[1];
    if (!guest_access_ok(p, a[0], len)) return -EFAULT;
    if (len > 0x2000000) len = 0x2000000;
    u128 done = 0;
    while (done < len) {
        size_t n = (size_t)(len - done < sizeof buf ? len - done : sizeof buf);
        ssize_t r = getrandom(buf, n, (unsigned)a[2]);
        if (r < 0) return done ? (i128)done : -errno;
        if (!mm_write(&p->proc->mm, a[0] + done, buf, (size_t)r, NULL)) return done ? (i128)done : -EFAULT;
        done += (u128)r;
        if ((size_t)r < n) break;
    }
    return (i128)done;
}

/* struct utsname is six 65-byte strings in every personality. */
i128 sys_uname(struct task *p, const u128 *a)
{
    struct utsname u;
    if (uname(&u)) return -errno;
    memset(u.machine, 0, sizeof u.machine);
    snprintf(u.machine, sizeof u.machine, "riscv%d", p->proc->lay.xlen);
    char out[6 * 65];
    memset(out, 0, sizeof out);
    const char *f[6] = { u.sysname, u.nodename, u.release, u.version, u.machine, u.domainname };
    for (int i = 0; i < 6; i++) strncpy(out + 65 * i, f[i], 64);
    return mm_write(&p->proc->mm, a[0], out, sizeof out, NULL) ? 0 : -EFAULT;
}

/* prlimit64: struct rlimit64 is two u64 in every personality (rv128 too: docs/abi.md
 * §7.3), the host's layout as well. */
i128 sys_prlimit64(struct task *p, const u128 *a)
{
    _Static_assert(sizeof(struct rlimit) == 16, "struct rlimit64 is two u64");
    struct rlimit nw, old;
    if (a[2] && !mm_read(&p->proc->mm, a[2], &nw, sizeof nw, NULL)) return -EFAULT;
    if (prlimit((pid_t)a[0], (int)a[1], a[2] ? &nw : NULL, a[3] ? &old : NULL)) return -errno;
    if (a[3] && !mm_write(&p->proc->mm, a[3], &old, sizeof old, NULL)) return -EFAULT;
    return 0;
}

i128 sys_kill(struct task *p, const u128 *a) { (void)p; return kill((pid_t)a[0], (int)a[1]) ? -errno : 0; }
i128 sys_tgkill(struct task *p, const u128 *a)
{
    (void)p;
    return syscall(SYS_tgkill, (int)a[0], (int)a[1], (int)a[2]) ? -errno : 0;
}

/* The blocked set is the guest's and also the host process's, so that a signal with its
 * default action stays pending on the host exactly as Linux keeps it for the guest. */
i128 sys_rt_sigprocmask(struct task *p, const u128 *a)
{
    if (a[3] != 8) return -EINVAL;
    u64 old = p->sigmask, set;
    if (a[1]) {
        if (!mm_read(&p->proc->mm, a[1], &set, 8, NULL)) return -EFAULT;
        switch ((int)a[0]) {
        case SIG_BLOCK: p->sigmask |= set; break;
        case SIG_UNBLOCK: p->sigmask &= ~set; break;
        case SIG_SETMASK: p->sigmask = set; break;
        default: return -EINVAL;
        }
        p->sigmask &= ~((1ull << (SIGKILL - 1)) | (1ull << (SIGSTOP - 1)));
        sigset_t hs;
        sigemptyset(&hs);
        for (int s = 1; s <= 64; s++)
            if (p->sigmask >> (s - 1) & 1) sigaddset(&hs, s);
        sigprocmask(SIG_SETMASK, &hs, NULL);
        /* signals caught while blocked are delivered once unblocked */
        if (p->sig_pending & ~p->sigmask) p->hart.insn_limit = 0;
    }
    if (a[2] && !mm_write(&p->proc->mm, a[2], &old, 8, NULL)) return -EFAULT;
    return 0;
}

/* getrlimit/setrlimit (rv64, rv128): struct rlimit is two unsigned longs; on rv128 a
 * value the host cannot hold is RLIM_INFINITY, and the host's infinity is all ones
 * (docs/abi.md §6.3). */
static u128 rlim_to_guest(struct task *p, rlim_t v)
{
    if (v == RLIM_INFINITY) return p->proc->lay.xlen == 128 ? ~(u128)0 : (u128)RLIM_INFINITY;
    return (u128)v;
}

i128 sys_getrlimit(struct task *p, const u128 *a)
{
    struct rlimit r;
    if (getrlimit((int)a[0], &r)) return -errno;
    struct zl_rlimit n = { rlim_to_guest(p, r.rlim_cur), rlim_to_guest(p, r.rlim_max) };
    u8 g[ZL_MAXSIZE_rlimit];
    int e = zl_rlimit_n2g(sys_pers(p), &n, g);
    return e ? e : put_guest(p, a[1], g, zl_sizeof(sys_pers(p), ZL_T_rlimit));
}

i128 sys_setrlimit(struct task *p, const u128 *a)
{
    u8 g[ZL_MAXSIZE_rlimit];
    struct zl_rlimit n;
    int e = get_guest(p, a[1], g, zl_sizeof(sys_pers(p), ZL_T_rlimit));
    if (!e) e = zl_rlimit_g2n(sys_pers(p), g, &n);
    if (e) return e;
    struct rlimit r = {
        n.rlim_cur >> 64 ? RLIM_INFINITY : (rlim_t)n.rlim_cur,
        n.rlim_max >> 64 ? RLIM_INFINITY : (rlim_t)n.rlim_max,
    };
    return setrlimit((int)a[0], &r) ? -errno : 0;
}

/* prctl: the options about the process as a whole go to the host (they describe the
 * zl-run process, which is the guest process); the two that return through an int *
 * and the name calls copy through guest memory.  Every other option answers EINVAL, as
 * Linux does for an option it does not know (docs/zl-run.md lists them). */
i128 sys_prctl(struct task *p, const u128 *a)
{
    int opt = (int)a[0];
    unsigned long v[4] = { (unsigned long)a[1], (unsigned long)a[2], (unsigned long)a[3],
                           (unsigned long)a[4] };
    switch (opt) {
    case ZL_PR_SET_PDEATHSIG: case ZL_PR_GET_DUMPABLE: case ZL_PR_SET_DUMPABLE:
    case ZL_PR_GET_KEEPCAPS: case ZL_PR_SET_KEEPCAPS: case ZL_PR_GET_SECCOMP:
    case ZL_PR_CAPBSET_READ: case ZL_PR_CAPBSET_DROP: case ZL_PR_SET_TIMERSLACK:
    case ZL_PR_GET_TIMERSLACK: case ZL_PR_SET_CHILD_SUBREAPER: case ZL_PR_SET_NO_NEW_PRIVS:
    case ZL_PR_GET_NO_NEW_PRIVS: case ZL_PR_SET_THP_DISABLE: case ZL_PR_GET_THP_DISABLE:
    case ZL_PR_CAP_AMBIENT: case ZL_PR_SET_PTRACER: {
        /* the argument values are checked by the host exactly as Linux checks them */
        int r = prctl(opt, v[0], v[1], v[2], v[3]);
        return r < 0 ? -errno : r;
    }
    case ZL_PR_GET_PDEATHSIG: case ZL_PR_GET_CHILD_SUBREAPER: {
        int out;
        if (prctl(opt, &out, 0, 0, 0) < 0) return -errno;
        return put_guest(p, a[1], &out, sizeof out);
    }
    case ZL_PR_SET_NAME: {
        char name[16];          /* TASK_COMM_LEN, truncated as Linux truncates */
        size_t n = 0;
        for (; n < sizeof name - 1; n++) {
            if (get_guest(p, a[1] + n, &name[n], 1)) return -EFAULT;
            if (!name[n]) break;
        }
        name[n] = 0;
        return prctl(PR_SET_NAME, name, 0, 0, 0) < 0 ? -errno : 0;
    }
    case ZL_PR_GET_NAME: {
        char name[16] = { 0 };
        if (prctl(PR_GET_NAME, name, 0, 0, 0) < 0) return -errno;
        return put_guest(p, a[1], name, sizeof name);
    }
    default:
        return -EINVAL;
    }
}

/* Identity and session calls with integer arguments: the host's, made with the raw
 * system call so that glibc's set*id does not try to broadcast to threads the zl-run
 * process does not have. */
#define RAW_CALL(name, nr, n)                                                              \
    i128 sys_##name(struct task *p, const u128 *a)                                         \
    {                                                                                      \
        (void)p;                                                                           \
        long r = syscall(nr, n > 0 ? (long)(i64)a[0] : 0, n > 1 ? (long)(i64)a[1] : 0,      \
                         n > 2 ? (long)(i64)a[2] : 0);                                      \
        return r < 0 ? -errno : r;                                                         \
    }
RAW_CALL(setuid, SYS_setuid, 1)
RAW_CALL(setgid, SYS_setgid, 1)
RAW_CALL(setreuid, SYS_setreuid, 2)
RAW_CALL(setregid, SYS_setregid, 2)
RAW_CALL(setresuid, SYS_setresuid, 3)
RAW_CALL(setresgid, SYS_setresgid, 3)
RAW_CALL(setfsuid, SYS_setfsuid, 1)
RAW_CALL(setfsgid, SYS_setfsgid, 1)
RAW_CALL(setpgid, SYS_setpgid, 2)
RAW_CALL(getpgid, SYS_getpgid, 1)
RAW_CALL(getsid, SYS_getsid, 1)
RAW_CALL(setsid, SYS_setsid, 0)
RAW_CALL(tkill, SYS_tkill, 2)
RAW_CALL(getpriority, SYS_getpriority, 2)
RAW_CALL(setpriority, SYS_setpriority, 3)

/* getresuid/getresgid: three 32-bit ids in every personality. */
static i128 getres(struct task *p, const u128 *a, long nr)
{
    u32 id[3];
    if (syscall(nr, &id[0], &id[1], &id[2]) < 0) return -errno;
    for (int k = 0; k < 3; k++) {
        int e = put_guest(p, a[k], &id[k], 4);
        if (e) return e;
    }
    return 0;
}
i128 sys_getresuid(struct task *p, const u128 *a) { return getres(p, a, SYS_getresuid); }
i128 sys_getresgid(struct task *p, const u128 *a) { return getres(p, a, SYS_getresgid); }

/* getgroups/setgroups: arrays of 32-bit gids. */
i128 sys_getgroups(struct task *p, const u128 *a)
{
    int size = (int)a[0];
    if (size < 0) return -EINVAL;
    gid_t *g = malloc(65536 * sizeof *g);
    if (!g) return -ENOMEM;
    int n = (int)syscall(SYS_getgroups, size ? (size < 65536 ? size : 65536) : 0, g);
    int e = n < 0 ? -errno : 0;
    if (!e && size && n) e = put_guest(p, a[1], g, (size_t)n * sizeof g[0]);
    free(g);
    return e ? e : n;
}

i128 sys_setgroups(struct task *p, const u128 *a)
{
    int size = (int)a[0];
    if (size < 0 || size > 65536) return -EINVAL;
    gid_t *g = malloc((size ? (size_t)size : 1) * sizeof *g);
    if (!g) return -ENOMEM;
    int e = size ? get_guest(p, a[1], g, (size_t)size * sizeof g[0]) : 0;
    if (!e && syscall(SYS_setgroups, size, g) < 0) e = -errno;
    free(g);
    return e;
}

/* set_robust_list: Linux refuses a length other than its struct robust_list_head's
 * (12, 24 or 80 bytes).  The list is walked when the thread ends
 * (futex_exit_robust_list, sys_futex.c). */
i128 sys_set_robust_list(struct task *p, const u128 *a)
{
    if (a[1] != zl_sizeof(sys_pers(p), ZL_T_robust_list_head)) return -EINVAL;
    p->robust_list = a[0];
    return 0;
}

/* ---- rseq (rv32, rv64; rv128 has no layout: docs/abi.md §7.4) -------------------------
 * struct rseq: u32 cpu_id_start, u32 cpu_id, u64 rseq_cs, u32 flags (Linux 6.1: 20 bytes
 * used, 32 registered); struct rseq_cs: u32 version, u32 flags, u64 start_ip,
 * u64 post_commit_offset, u64 abort_ip.  With one thread nothing else can run the
 * per-CPU code between two of its instructions, so the critical section that matters is
 * one a signal handler interrupts: rseq_signal_fixup moves the pc to the abort handler
 * before the frame is built, as Linux's rseq_ip_fixup does.  cpu_id is refreshed at
 * registration and at every signal delivery. */
/* the size of struct rseq as first released (Linux's ORIG_RSEQ_SIZE) */
enum { ORIG_RSEQ_SIZE = 32 };

static int rseq_put_cpu(struct task *p, u32 cpu)
{
    u32 ids[2] = { cpu, cpu };
    if (cpu == (u32)ZL_RSEQ_CPU_ID_UNINITIALIZED) ids[0] = 0;     /* Linux's rseq_reset_rseq_cpu_id */
    return put_guest(p, p->rseq.addr, ids, sizeof ids);
}

i128 sys_rseq(struct task *p, const u128 *a)
{
    u128 addr = a[0];
    u32 len = (u32)a[1], sig = (u32)a[3];
    int flags = (int)a[2];
    if (flags & ZL_RSEQ_FLAG_UNREGISTER) {
        if (flags & ~ZL_RSEQ_FLAG_UNREGISTER) return -EINVAL;
        if (!p->rseq.on || p->rseq.addr != addr || p->rseq.len != len) return -EINVAL;
        if (p->rseq.sig != sig) return -EPERM;
        int e = rseq_put_cpu(p, (u32)ZL_RSEQ_CPU_ID_UNINITIALIZED);
        if (e) return e;
        p->rseq.on = false;
        return 0;
    }
    if (flags) return -EINVAL;
    if (p->rseq.on) {
        if (p->rseq.addr != addr || p->rseq.len != len) return -EINVAL;
        if (p->rseq.sig != sig) return -EPERM;
        return -EBUSY;
    }
    if (len < ORIG_RSEQ_SIZE) return -EINVAL;
    if (len == ORIG_RSEQ_SIZE ? (addr & 31) : ((addr & 7) || len < 20)) return -EINVAL;
    u8 probe;
    if (get_guest(p, addr, &probe, 1) || get_guest(p, addr + len - 1, &probe, 1)) return -EFAULT;
    p->rseq.addr = addr;
    p->rseq.len = len;
    p->rseq.sig = sig;
    p->rseq.on = true;
    int cpu = sched_getcpu();
    rseq_put_cpu(p, cpu < 0 ? 0 : (u32)cpu);
    return 0;
}

bool rseq_signal_fixup(struct task *p)
{
    if (!p->rseq.on) return true;
    int cpu = sched_getcpu();
    if (rseq_put_cpu(p, cpu < 0 ? 0 : (u32)cpu)) return false;
    u64 csp;
    if (get_guest(p, p->rseq.addr + 8, &csp, 8)) return false;
    if (p->proc->lay.xlen == 32) csp = (u32)csp;
    if (!csp) return true;
    struct { u32 version, flags; u64 start_ip, post_commit_offset, abort_ip; } cs;
    if (get_guest(p, csp, &cs, sizeof cs)) return false;
    u64 pc = (u64)p->hart.pc;
    /* Linux's checks: a bad descriptor is SIGSEGV */
    if (cs.version || cs.start_ip + cs.post_commit_offset < cs.start_ip ||
        (cs.abort_ip - cs.start_ip < cs.post_commit_offset))
        return false;
    u64 zero = 0;
    if (pc - cs.start_ip >= cs.post_commit_offset)          /* not inside: clear */
        return !put_guest(p, p->rseq.addr + 8, &zero, 8);
    u32 s;
    if (get_guest(p, cs.abort_ip - 4, &s, 4) || s != p->rseq.sig) return false;
    if (put_guest(p, p->rseq.addr + 8, &zero, 8)) return false;
    hart_resume_at(&p->hart, cs.abort_ip);
    return true;
}
