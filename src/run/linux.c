/* The Linux personality's system-call entry.
 *
 * The number -> call table of each personality, the argument kinds and the structure
 * layouts are generated from abi/ (docs/abigen.md): zl-run holds only the host handlers,
 * one per call, shared by all three personalities.  A call that exists but has no
 * handler here answers -ENOSYS through the generated weak default (zl_sys_enosys.c;
 * docs/syscalls.md lists the calls, docs/zl-run.md which of them zl-run implements). */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "run/sys.h"
#include "run/thread.h"
#include "zl_abi.h"

/* Every handler of the spec: zl-run's own, or the generated -ENOSYS default. */
static zl_sys_fn *const handlers[ZL_SYS_H__COUNT] = {
#define H(name) [ZL_SYS_H_##name] = sys_##name,
    ZL_SYS_HANDLERS(H)
#undef H
};

static enum zl_pers pers_of(const struct hart *h)
{
    return h->xlen == 32 ? ZL_RV32 : h->xlen == 64 ? ZL_RV64 : ZL_RV128;
}

static bool peek(void *ctx, u128 addr, void *dst, size_t n)
{
    struct task *p = ctx;
    return mm_read(&p->proc->mm, addr, dst, n, NULL);
}

static void strace_line(struct task *p, const struct zl_sys_entry *e, u128 nr,
                        const i128 a[6], const i128 *ret)
{
    char buf[1024];
    if (e) zl_strace_format(buf, sizeof buf, pers_of(&p->hart), e, a, ret, peek, p);
    else snprintf(buf, sizeof buf, "syscall_%llu(...) = -1 ENOSYS", (unsigned long long)nr);
    /* each line starts with the thread's id, as strace -f -o FILE writes them */
    fprintf(p->proc->opt.strace_out ? p->proc->opt.strace_out : stderr, "%d %s%s\n",
            (int)gettid(), buf, ret ? "" : " = ?");
}

/* Calls a handler's EINTR ends even under SA_RESTART (signal(7): waiting for signals,
 * descriptor multiplexing, sleeps; the kernel's ERESTARTNOHAND and restart blocks). */
/* Calls that change the address space run as exclusive sections (run/thread.h). */
static bool changes_mappings(const struct zl_sys_entry *e)
{
    switch (e->handler) {
    case ZL_SYS_H_brk: case ZL_SYS_H_mmap: case ZL_SYS_H_mmap2: case ZL_SYS_H_munmap:
    case ZL_SYS_H_mprotect: case ZL_SYS_H_mremap: case ZL_SYS_H_madvise:
        return true;
    default:
        return false;
    }
}

static bool restartable(const struct zl_sys_entry *e)
{
    switch (e->handler) {
    case ZL_SYS_H_rt_sigsuspend: case ZL_SYS_H_rt_sigtimedwait: case ZL_SYS_H_ppoll:
    case ZL_SYS_H_pselect6: case ZL_SYS_H_nanosleep: case ZL_SYS_H_clock_nanosleep:
        return false;
    default:
        return true;
    }
}

static int linux_ecall(struct hart *h)
{
    struct task *p = h->os;
    u128 nr = hart_get_x(h, 17), reg[6];
    for (int k = 0; k < 6; k++) reg[k] = hart_get_x(h, 10 + (unsigned)k);
    const struct zl_sys_entry *e = zl_sys_lookup(pers_of(h), nr);
    i128 a[6] = { 0 };
    if (e) zl_sys_decode(e, reg, a);
    zl_sys_fn *fn = e && !(e->flags & ZL_SYS_ENOSYS) ? handlers[e->handler] : NULL;
    /* calls that do not come back (exit, a successful execve) are shown before; if one
     * fails after all, its result follows on a line of its own */
    bool noreturn = e && (e->flags & ZL_SYS_NORETURN);
    if (p->proc->opt.strace && noreturn) strace_line(p, e, nr, a, NULL);
    bool excl = fn && changes_mappings(e);
    if (excl) exclusive_begin(p);
    i128 ret = fn ? fn(p, (const u128 *)a) : -ENOSYS;
    if (excl) exclusive_end(p);
    if (p->proc->opt.strace && !p->exited && (!noreturn || ret < 0)) strace_line(p, e, nr, a, &ret);
    if (p->exited) return 1;
    /* a system call a caught signal interrupted restarts if the handler asks for it */
    if (ret == -EINTR && restartable(e) && (p->sig_pending & ~p->sigmask)) {
        int sig = 1;
        while (!((p->sig_pending & ~p->sigmask) >> (sig - 1) & 1)) sig++;
        if (p->proc->sigact[sig].flags & ZL_SA_RESTART) {
            h->pc -= 4;                     /* back onto the ecall; a0 is untouched */
            signal_pending_deliver(p);
            return 0;
        }
    }
    if (!e || e->handler != ZL_SYS_H_rt_sigreturn) hart_set_x(h, 10, (u128)ret);
    if (p->sig_pending & ~p->sigmask) signal_pending_deliver(p);
    signal_mask_restore(p);     /* a temporary mask no handler's frame took over */
    return 0;
}

const struct hart_ops linux_ops = { linux_ecall };
