/* Process, identity and miscellaneous system calls that carry no structures (or only
 * ones whose guest layout equals the host's in the personalities that reach them). */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "run/sys.h"

i128 sys_enosys(struct proc *p, const u128 *a) { (void)p; (void)a; return -ENOSYS; }

i128 sys_exit(struct proc *p, const u128 *a)
{
    p->exit_code = (int)(a[0] & 0xff);
    p->exited = true;
    return 0;
}
i128 sys_exit_group(struct proc *p, const u128 *a) { return sys_exit(p, a); }

#define ID_CALL(name, expr) \
    i128 sys_##name(struct proc *p, const u128 *a) { (void)p; (void)a; return (i128)(expr); }
ID_CALL(getpid, getpid())
ID_CALL(getppid, getppid())
ID_CALL(gettid, gettid())
ID_CALL(getuid, getuid())
ID_CALL(geteuid, geteuid())
ID_CALL(getgid, getgid())
ID_CALL(getegid, getegid())
ID_CALL(sched_yield, sched_yield())
ID_CALL(umask, umask((mode_t)a[0]))

/* Single-threaded for now: remember the address, return the thread id. */
i128 sys_set_tid_address(struct proc *p, const u128 *a)
{
    p->clear_child_tid = a[0];
    return gettid();
}

i128 sys_set_robust_list(struct proc *p, const u128 *a)
{
    p->robust_list = a[0];
    return 0;
}

i128 sys_getrandom(struct proc *p, const u128 *a)
{
    u8 buf[256];
    u128 len = a[1] > 0x2000000 ? 0x2000000 : a[1];
    u128 done = 0;
    while (done < len) {
        size_t n = (size_t)(len - done < sizeof buf ? len - done : sizeof buf);
        ssize_t r = getrandom(buf, n, (unsigned)a[2]);
        if (r < 0) return done ? (i128)done : -errno;
        if (!mm_write(&p->mm, a[0] + done, buf, (size_t)r, NULL)) return done ? (i128)done : -EFAULT;
        done += (u128)r;
        if ((size_t)r < n) break;
    }
    return (i128)done;
}

/* struct utsname is six 65-byte strings in every personality. */
i128 sys_uname(struct proc *p, const u128 *a)
{
    struct utsname u;
    if (uname(&u)) return -errno;
    memset(u.machine, 0, sizeof u.machine);
    snprintf(u.machine, sizeof u.machine, "riscv%d", p->lay.xlen);
    char out[6 * 65];
    memset(out, 0, sizeof out);
    const char *f[6] = { u.sysname, u.nodename, u.release, u.version, u.machine, u.domainname };
    for (int i = 0; i < 6; i++) strncpy(out + 65 * i, f[i], 64);
    return mm_write(&p->mm, a[0], out, sizeof out, NULL) ? 0 : -EFAULT;
}

/* prlimit64: struct rlimit64 is two u64 on rv32 and rv64, the host's layout too.  The
 * rv128 layout (two 128-bit values) needs the generated conversion. */
i128 sys_prlimit64(struct proc *p, const u128 *a)
{
    if (p->lay.xlen == 128) return -ENOSYS;
    struct rlimit nw, old;
    if (a[2] && !mm_read(&p->mm, a[2], &nw, sizeof nw, NULL)) return -EFAULT;
    if (prlimit((pid_t)a[0], (int)a[1], a[2] ? &nw : NULL, a[3] ? &old : NULL)) return -errno;
    if (a[3] && !mm_write(&p->mm, a[3], &old, sizeof old, NULL)) return -EFAULT;
    return 0;
}

i128 sys_kill(struct proc *p, const u128 *a) { (void)p; return kill((pid_t)a[0], (int)a[1]) ? -errno : 0; }
i128 sys_tgkill(struct proc *p, const u128 *a)
{
    (void)p;
    return syscall(SYS_tgkill, (int)a[0], (int)a[1], (int)a[2]) ? -errno : 0;
}

/* The blocked set is the guest's and also the host process's, so that a signal with its
 * default action stays pending on the host exactly as Linux keeps it for the guest. */
i128 sys_rt_sigprocmask(struct proc *p, const u128 *a)
{
    if (a[3] != 8) return -EINVAL;
    u64 old = p->sigmask, set;
    if (a[1]) {
        if (!mm_read(&p->mm, a[1], &set, 8, NULL)) return -EFAULT;
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
    if (a[2] && !mm_write(&p->mm, a[2], &old, 8, NULL)) return -EFAULT;
    return 0;
}
