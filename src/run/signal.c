/* Signals: actions, the alternate stack, delivery with the Linux riscv frame (rv128's
 * per docs/abi.md §11), rt_sigreturn, and synchronous traps as guest signals.
 *
 * The frame's layout is the generated rt_sigframe (abi/signal.abi); this file fills its
 * neutral form.  Asynchronous signals are caught by a host handler that only marks them
 * pending and lowers the hart's instruction limit, so the run loop returns at the next
 * block boundary and the signal is delivered between two guest instructions; a host
 * system call it interrupts returns EINTR to the guest (or restarts with SA_RESTART).
 * Known gap: a signal arriving just before a blocking host call starts is delivered only
 * when that call returns. */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include "exec/hostfault.h"
#include "exec/jit.h"
#include "run/sys.h"
#include "run/thread.h"
#include "zl_abi.h"

#define SIGBIT(s) (1ull << ((s) - 1))
#define UNBLOCKABLE (SIGBIT(SIGKILL) | SIGBIT(SIGSTOP))

/* The thread whose hart the host handler interrupts: each guest thread is a host thread,
 * and the host delivers a signal to a thread that does not block it — the guest thread's
 * own mask is its host thread's (apply_mask) — so Linux's choice of the receiving thread
 * is the host kernel's. */
static _Thread_local struct task *sig_task;

/* rv128's union sigval is 128 bits, the host's 64: the full value of the last signal a
 * process queued to itself, recognised again by its low half (sigval_from_host). */
static u128 self_sigval[65];

/* The same for POSIX timers, by timer id (the host's are small integers). */
static struct { int id; u128 value; } timer_vals[32];

/* Both tables are the process's, shared by its threads. */
static pthread_mutex_t sigval_lock = PTHREAD_MUTEX_INITIALIZER;

void signal_timer_value(int id, u128 value)
{
    pthread_mutex_lock(&sigval_lock);
    timer_vals[(unsigned)id % 32].id = id;
    timer_vals[(unsigned)id % 32].value = value;
    pthread_mutex_unlock(&sigval_lock);
}

/* pid is the sender, or for SI_TIMER (code -2) the timer id in the same place. */
static u128 sigval_from_host(int sig, int code, int pid, u64 v)
{
    u128 r = v;
    pthread_mutex_lock(&sigval_lock);
    if (code == -2) {
        unsigned k = (unsigned)pid % 32;
        if (timer_vals[k].id == pid && (u64)timer_vals[k].value == v) r = timer_vals[k].value;
    } else if (sig >= 1 && sig <= 64 && pid == getpid() && (u64)self_sigval[sig] == v) {
        r = self_sigval[sig];
    }
    pthread_mutex_unlock(&sigval_lock);
    return r;
}

/* si_code values whose siginfo carries a sigval: SI_QUEUE, SI_TIMER, SI_MESGQ, SI_ASYNCIO.
 * SI_TIMER's tid and overrun are where SI_QUEUE's pid and uid are, in every personality
 * and on the host, so one form serves both. */
static bool code_has_value(int code) { return code <= -1 && code >= -4; }

/* The siginfo of a signal the host handler caught. */
static unsigned caught_info(const struct task *p, int sig, struct zl_siginfo *n)
{
    memset(n, 0, sizeof *n);
    n->si_signo = sig;
    n->si_code = p->sig_from[sig].code;          /* SI_USER, SI_TKILL, SI_QUEUE, SI_KERNEL... */
    n->_sifields._kill._pid = p->sig_from[sig].pid;
    n->_sifields._kill._uid = p->sig_from[sig].uid;
    if (!code_has_value(n->si_code)) return ZL_V_siginfo_kill;
    n->_sifields._rt._sigval = sigval_from_host(sig, n->si_code, p->sig_from[sig].pid,
                                                p->sig_from[sig].value);
    return ZL_V_siginfo_rt;
}


/* Real-time signals (32..64) are queued by Linux, one siginfo per sigqueue, and delivered
 * lowest number first, in order within one number; standard signals coalesce.  zl-run
 * records one instance per signal (sig_pending, sig_from): while a real-time signal is
 * recorded it stays blocked on the host, so the next instances wait in the host kernel's
 * own queue, with their siginfo and in Linux's order, until the recorded one has been
 * delivered or taken by sigtimedwait (apply_mask then unblocks it and the host hands over
 * the next).  A standard signal is never held back, so a second one merges with the
 * recorded one, as on Linux. */
#define RT_SIGNALS (~0ull << 31)

static u64 held(const struct task *p) { return p->sig_pending & RT_SIGNALS; }

static void host_handler(int sig, siginfo_t *si, void *ucv)
{
    struct task *p = sig_task;
    if (!p || sig < 1 || sig > 64) return;
    p->sig_from[sig].code = si->si_code;
    p->sig_from[sig].pid = si->si_pid;
    p->sig_from[sig].uid = si->si_uid;
    p->sig_from[sig].value = (u64)(uintptr_t)si->si_value.sival_ptr;
    p->sig_pending |= SIGBIT(sig);
    if (SIGBIT(sig) & RT_SIGNALS) {
        ucontext_t *uc = ucv;           /* the mask the host restores when this returns */
        sigaddset(&uc->uc_sigmask, sig);
    }
    p->hart.insn_limit = 0;        /* leave the run loop at the next block boundary */
}

/* The signals a fault raises.  The guest's come from the emulated hart (signal_trap);
 * on the host they always reach fault_handler, which is never blocked, because the host
 * kernel kills a process whose fault signal is blocked or ignored. */
static bool is_fault_signal(int sig)
{
    return sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE || sig == SIGTRAP;
}

/* What the host did with the fault signals before zl-run took them over (the default
 * action, or a sanitizer's handler): a fault that is not the guest's goes back there. */
static struct sigaction fault_prev[SIGTRAP > SIGSEGV ? SIGTRAP + 1 : SIGSEGV + 1];

/* A fault signal on the host.  Sent by kill, tgkill or sigqueue (si_code <= 0), it is the
 * guest's asynchronous signal like any other: its handler runs, or its default action
 * kills.  Raised by a host fault in guest memory that a guard covers (a file page beyond
 * the end of its file), it returns to the guard, which makes it the guest's SIGBUS or
 * EFAULT (exec/hostfault.h).  Raised by a translated load or store that accesses guest
 * memory directly (exec/mm.h, mm_window: the host's protections mirror the guest's), it
 * resumes at that access's slow path, which does it the checked way and makes a fault
 * the guest's.  Anything else is zl-run's own fault: the previous action takes over when
 * the faulting instruction runs again. */
static void fault_handler(int sig, siginfo_t *si, void *uc)
{
    if (si->si_code <= 0) {
        host_handler(sig, si, uc);
        return;
    }
    if (sig == SIGBUS || sig == SIGSEGV) {
        hf_recover((uintptr_t)si->si_addr);
        if (sig_task && jit_fault_resume(&sig_task->hart, uc)) return;
    }
    sigaction(sig, &fault_prev[sig], NULL);
}

static void fault_handler_install(void)
{
    static const int sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP };
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = fault_handler;
    /* SA_NODEFER: hf_recover leaves the handler by siglongjmp without restoring the mask,
     * so the signal must not be blocked while it runs */
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    for (size_t k = 0; k < sizeof sigs / sizeof *sigs; k++)
        sigaction(sigs[k], &sa, &fault_prev[sigs[k]]);
}

/* The host's libc keeps signals 32 and 33 for itself (thread cancellation, set*id across
 * threads) and refuses them in sigaction().  zl-run needs neither — it makes the set*id
 * calls raw and cancels no host thread — so the guest's actions for them go to the kernel
 * directly.  The kernel's struct sigaction carries a restorer on x86-64 (SA_RESTORER):
 * the one libc installed for fault_handler is borrowed, with its flag bits. */
static void host_sigaction_raw(int sig, const struct sigaction *sa)
{
#if defined(__x86_64__)
    struct { void *handler; unsigned long flags; void *restorer; u64 mask; } k, ref;
    if (syscall(SYS_rt_sigaction, SIGSEGV, NULL, &ref, 8)) return;
    const unsigned long portable = SA_SIGINFO | SA_NODEFER | SA_RESTART | SA_ONSTACK |
                                   SA_RESETHAND | SA_NOCLDSTOP | SA_NOCLDWAIT;
    k.handler = (sa->sa_flags & SA_SIGINFO) ? (void *)sa->sa_sigaction : (void *)sa->sa_handler;
    k.flags = (unsigned long)sa->sa_flags | (ref.flags & ~portable);
    k.restorer = ref.restorer;
    k.mask = ~(u64)0;
    syscall(SYS_rt_sigaction, sig, &k, NULL, 8);
#else
    (void)sig;
    (void)sa;       /* elsewhere 32 and 33 keep the host's default action (docs/zl-run.md) */
#endif
}

/* The host disposition that realises the guest's action for sig. */
static void host_apply(struct task *p, int sig)
{
    if (is_fault_signal(sig)) return;   /* fault_handler, whatever the guest's action */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    u128 h = p->proc->sigact[sig].handler;
    if (h <= 1) {
        sa.sa_handler = h == 0 ? SIG_DFL : SIG_IGN;
    } else {
        sa.sa_sigaction = host_handler;
        sa.sa_flags = SA_SIGINFO;
    }
    sigfillset(&sa.sa_mask);
    if (sig == SIGCHLD && (p->proc->sigact[sig].flags & ZL_SA_NOCLDSTOP)) sa.sa_flags |= SA_NOCLDSTOP;
    if (sigaction(sig, &sa, NULL) && errno == EINVAL) host_sigaction_raw(sig, &sa);
}

/* The host mask while guest code runs: the guest's blocked signals and the real-time
 * signals held back (host_handler), never a fault signal. */
static void apply_mask(struct task *p)
{
    sigset_t hs;
    sigemptyset(&hs);
    u64 m = p->sigmask | held(p);
    for (int s = 1; s <= 64; s++)
        if ((m & SIGBIT(s)) && !is_fault_signal(s)) sigaddset(&hs, s);
    pthread_sigmask(SIG_SETMASK, &hs, NULL);
}

/* What execve hands a new program (POSIX, Linux): the blocked mask and the signals set to
 * be ignored; caught ones are reset to the default.  The host's exec kept both for the new
 * zl-run, which reads them back as the guest's.  (Signals 32 and 33, which the host's libc
 * hides, and a blocked fault signal, which zl-run never blocks on the host, are not
 * carried.) */
static void inherit_exec_state(struct task *p)
{
    sigset_t cur;
    if (sigprocmask(SIG_BLOCK, NULL, &cur) == 0)
        for (int s = 1; s <= 64; s++)
            if (sigismember(&cur, s) == 1) p->sigmask |= SIGBIT(s);
    p->sigmask &= ~UNBLOCKABLE;
    for (int s = 1; s <= 64; s++) {
        struct sigaction old;
        if (sigaction(s, NULL, &old) == 0 && !(old.sa_flags & SA_SIGINFO) &&
            old.sa_handler == SIG_IGN)
            p->proc->sigact[s].handler = 1;
    }
}

int signal_setup(struct task *p)
{
    /* the trampoline page: li a7, 139; ecall — read + execute, first below the mmap base */
    u128 at;
    if (mm_find_free(&p->proc->mm, 4096, 0x10000, p->proc->lay.mmap_base, true, &at)) return -ENOMEM;
    int e = mm_map(&p->proc->mm, at, 4096, PROT_READ | PROT_WRITE);
    static const u32 tramp[2] = { 0x08b00893, 0x00000073 };
    if (!e && !mm_poke(&p->proc->mm, at, tramp, sizeof tramp)) e = -EFAULT;
    if (!e) e = mm_protect(&p->proc->mm, at, 4096, PROT_READ | PROT_EXEC);
    if (e) return e;
    p->proc->sigpage = at;
    p->altstack.flags = ZL_SS_DISABLE;
    inherit_exec_state(p);
    sig_task = p;
    fault_handler_install();
    return 0;
}

void signal_thread_start(struct task *p)
{
    sig_task = p;
    apply_mask(p);
}

static bool on_altstack(const struct task *p, u128 sp)
{
    return !(p->altstack.flags & ZL_SS_DISABLE) && sp > p->altstack.sp &&
           sp - p->altstack.sp <= p->altstack.size;
}

/* Build the frame and enter the handler.  Returns false if the frame cannot be written
 * (the process then dies of SIGSEGV, as on Linux). */
static bool deliver(struct task *p, int sig, const struct zl_siginfo *info, unsigned si_variant)
{
    struct hart *h = &p->hart;
    int pers = sys_pers(p);
    if (!rseq_signal_fixup(p)) return false;
    u128 sp = hart_get_x(h, 2);
    if ((p->proc->sigact[sig].flags & ZL_SA_ONSTACK) && !(p->altstack.flags & ZL_SS_DISABLE) &&
        !on_altstack(p, sp))
        sp = p->altstack.sp + p->altstack.size;
    unsigned fsize = zl_sizeof(pers, ZL_T_rt_sigframe);
    u128 f = (sp - fsize) & ~(u128)15;

    struct zl_rt_sigframe fr;
    memset(&fr, 0, sizeof fr);
    fr.info = *info;
    fr.uc.uc_stack.ss_sp = p->altstack.sp;
    fr.uc.uc_stack.ss_size = p->altstack.size;
    fr.uc.uc_stack.ss_flags = p->altstack.flags;
    fr.uc.uc_sigmask = p->mask_saved ? p->saved_mask : p->sigmask;
    u128 regs[32];
    regs[0] = h->pc;
    for (unsigned r = 1; r < 32; r++) regs[r] = hart_get_x(h, r);
    _Static_assert(sizeof fr.uc.uc_mcontext.sc_regs == sizeof regs, "pc + x1..x31");
    memcpy(&fr.uc.uc_mcontext.sc_regs, regs, sizeof regs);
    memcpy(fr.uc.uc_mcontext.sc_fpregs.d.f, h->f, sizeof h->f);
    fr.uc.uc_mcontext.sc_fpregs.d.fcsr = h->frm << 5 | h->fflags;

    u8 g[ZL_MAXSIZE_rt_sigframe];
    unsigned variant = ZL_V_rt_sigframe_kill_d + (si_variant - ZL_V_siginfo_kill);
    if (zl_rt_sigframe_n2g(pers, &fr, g, variant) || !mm_write(&p->proc->mm, f, g, fsize, NULL))
        return false;

    struct { u128 handler; u64 flags, mask; } *act = (void *)&p->proc->sigact[sig];
    u128 handler = act->handler;
    p->sigmask |= act->mask | ((act->flags & ZL_SA_NODEFER) ? 0 : SIGBIT(sig));
    p->sigmask &= ~UNBLOCKABLE;
    if (act->flags & ZL_SA_RESETHAND) {
        memset(act, 0, sizeof *act);
        host_apply(p, sig);
    }
    if (p->altstack.flags & ZL_SS_AUTODISARM) p->altstack.flags = ZL_SS_DISABLE;
    p->mask_saved = false;         /* the frame holds it: sigreturn restores it */
    apply_mask(p);
    hart_resume_at(h, handler);
    hart_set_x(h, 2, f);
    hart_set_x(h, 10, (u128)sig);
    hart_set_x(h, 11, f);
    hart_set_x(h, 12, f + 128);        /* uc follows the 128-byte siginfo */
    hart_set_x(h, 1, p->proc->sigpage);
    return true;
}

/* Default action of a signal nobody handles: ignore, or die by it (via the host). */
static bool ignored_by_default(int sig)
{
    return sig == SIGCHLD || sig == SIGURG || sig == SIGWINCH || sig == SIGCONT;
}

/* The default action of sig, through the host: the process dies of it (or stops). */
static void die_of(struct task *p, int sig)
{
    bool stops = sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU;
    if (!stops) strace_end(p, true, sig);
    signal(sig, SIG_DFL);
    raise(sig);
}

void signal_pending_deliver(struct task *p)
{
    u64 released = 0;
    for (int sig = 1; sig <= 64; sig++) {
        u64 bit = SIGBIT(sig);
        if (!(p->sig_pending & bit) || (p->sigmask & bit)) continue;
        p->sig_pending &= ~bit;
        released |= bit;
        u128 hnd = p->proc->sigact[sig].handler;
        if (hnd == 1 || (hnd == 0 && ignored_by_default(sig))) continue;
        if (hnd == 0) {                /* the action changed after the host caught it */
            die_of(p, sig);            /* (a stop signal stops, and the loop goes on) */
            continue;
        }
        struct zl_siginfo si;
        unsigned variant = caught_info(p, sig, &si);
        if (!deliver(p, sig, &si, variant)) die_of(p, SIGSEGV);
    }
    if (released & RT_SIGNALS) apply_mask(p);   /* the host hands over the next instance */
}

/* A bad sigreturn frame: SIGSEGV (SI_KERNEL) as Linux's force_sig: the handler runs if
 * there is one and the signal is not blocked, otherwise the process dies. */
static void force_sigsegv(struct task *p)
{
    u128 hnd = p->proc->sigact[SIGSEGV].handler;
    if (hnd > 1 && !(p->sigmask & SIGBIT(SIGSEGV))) {
        struct zl_siginfo si;
        memset(&si, 0, sizeof si);
        si.si_signo = SIGSEGV;
        si.si_code = ZL_SI_KERNEL;
        if (deliver(p, SIGSEGV, &si, ZL_V_siginfo_kill)) return;
    }
    die_of(p, SIGSEGV);
}

int signal_trap(struct task *p)
{
    struct hart *h = &p->hart;
    int sig, code;
    unsigned variant = ZL_V_siginfo_sigfault_trapno;
    u128 addr = h->trap.addr;
    switch (h->trap.cause) {
    case TRAP_ILLEGAL: sig = SIGILL; code = ZL_ILL_ILLOPC; addr = h->pc; break;
    case TRAP_BREAKPOINT: sig = SIGTRAP; code = ZL_TRAP_BRKPT; addr = h->pc; break;
    case TRAP_FETCH_MISALIGNED: case TRAP_LOAD_MISALIGNED: case TRAP_STORE_MISALIGNED:
        sig = SIGBUS; code = ZL_BUS_ADRALN; break;
    default:
        if (h->trap.bus) { sig = SIGBUS; code = ZL_BUS_ADRERR; break; }
        sig = SIGSEGV; code = h->trap.maperr ? ZL_SEGV_MAPERR : ZL_SEGV_ACCERR; break;
    }
    u128 hnd = p->proc->sigact[sig].handler;
    if (hnd <= 1 || (p->sigmask & SIGBIT(sig))) return sig;  /* default, ignored or blocked */
    struct zl_siginfo si;
    memset(&si, 0, sizeof si);
    si.si_signo = sig;
    si.si_code = code;
    si._sifields._sigfault._addr = addr;
    return deliver(p, sig, &si, variant) ? 0 : SIGSEGV;
}

/* ---- system calls ------------------------------------------------------------------- */

/* ppoll(fds, nfds, timeout, sigmask, sigsetsize) and pselect6: struct pollfd and fd_set
 * have the same bytes everywhere; the timeout is the personality's timespec and the
 * temporary mask a guest sigset. */
static void host_set(u64 m, sigset_t *hs)
{
    sigemptyset(hs);
    for (int s = 1; s <= 64; s++)
        if (m & SIGBIT(s) & ~UNBLOCKABLE) sigaddset(hs, s);
}

/* Before a call that waits: block every host signal, install the call's temporary mask
 * (if it has one) and say whether a signal the mask lets through is already pending (the
 * call then ends with EINTR at once).  Otherwise *hs is the mask the host call must
 * install atomically while it waits, so that no wake-up is lost. */
static bool wait_prepare(struct task *p, const u64 *temp, sigset_t *hs)
{
    sigset_t all;
    sigfillset(&all);
    sigprocmask(SIG_SETMASK, &all, NULL);
    if (temp) signal_mask_temp(p, *temp);
    host_set(p->sigmask | held(p), hs);
    return (p->sig_pending & ~p->sigmask) != 0;
}

/* After it: the host mask is the guest's again; unless the call was interrupted (a
 * handler will then run with the temporary mask saved in its frame) the guest's own mask
 * comes back now, as Linux's restore_saved_sigmask_unless(). */
static void wait_done(struct task *p, bool interrupted)
{
    if (!interrupted) signal_mask_restore(p);
    apply_mask(p);
}

i128 sys_ppoll(struct task *p, const u128 *a)
{
    if (a[1] > 65536) return -EINVAL;
    size_t n = (size_t)a[1];
    struct pollfd *fds = calloc(n ? n : 1, sizeof *fds);
    if (!fds) return -ENOMEM;
    struct timespec ts;
    sigset_t hs;
    u64 m;
    i128 r = n ? get_guest(p, a[0], fds, n * sizeof *fds) : 0;
    if (!r && a[2]) r = get_timespec(p, a[2], &ts);
    if (!r && a[3]) r = a[4] != 8 ? -EINVAL : get_guest(p, a[3], &m, 8);
    if (!r) {
        int k = -1;
        errno = EINTR;
        if (!wait_prepare(p, a[3] ? &m : NULL, &hs))
            BLOCKING(p, k = ppoll(fds, n, a[2] ? &ts : NULL, &hs));
        r = k < 0 ? -errno : k;
        wait_done(p, r == -EINTR);
        if (k >= 0 && n) r = put_guest(p, a[0], fds, n * sizeof *fds) ? -EFAULT : k;
        if (a[2] && r != -EFAULT) put_timespec(p, a[2], &ts);
    }
    free(fds);
    return r;
}

/* pselect6(n, in, out, ex, timeout, {sigmask ptr, size}) */
i128 sys_pselect6(struct task *p, const u128 *a)
{
    int nfds = (int)a[0];
    if (nfds < 0 || nfds > FD_SETSIZE) return -EINVAL;
    fd_set sets[3];
    size_t bytes = (size_t)(nfds + 7) / 8;
    for (int k = 0; k < 3; k++) {
        FD_ZERO(&sets[k]);
        if (a[1 + k] && get_guest(p, a[1 + k], &sets[k], bytes)) return -EFAULT;
    }
    struct timespec ts;
    if (a[4] && get_timespec(p, a[4], &ts)) return -EFAULT;
    sigset_t hs;
    u64 m = 0;
    bool masked = false;
    if (a[5]) {                           /* { const sigset_t *ss; size_t ss_len } */
        u8 pair[64];
        unsigned psz = zl_sizeof(sys_pers(p), ZL_T_pselect6_sig);
        if (psz > sizeof pair || get_guest(p, a[5], pair, psz)) return -EFAULT;
        struct zl_pselect6_sig ps;
        int e = zl_pselect6_sig_g2n(sys_pers(p), pair, &ps);
        if (e) return e;
        if (ps.ss) {
            if (ps.ss_len != 8) return -EINVAL;
            if (get_guest(p, ps.ss, &m, 8)) return -EFAULT;
            masked = true;
        }
    }
    int k = -1;
    errno = EINTR;
    if (!wait_prepare(p, masked ? &m : NULL, &hs))
        BLOCKING(p, k = pselect(nfds, a[1] ? &sets[0] : NULL, a[2] ? &sets[1] : NULL,
                                a[3] ? &sets[2] : NULL, a[4] ? &ts : NULL, &hs));
    int err = errno;
    wait_done(p, k < 0 && err == EINTR);
    if (k < 0) return -err;
    for (int j = 0; j < 3; j++)
        if (a[1 + j] && put_guest(p, a[1 + j], &sets[j], bytes)) return -EFAULT;
    if (a[4]) put_timespec(p, a[4], &ts);
    return k;
}

i128 sys_rt_sigaction(struct task *p, const u128 *a)
{
    int sig = (int)a[0], pers = sys_pers(p);
    if (sig < 1 || sig > 64 || a[3] != 8) return -EINVAL;
    unsigned sz = zl_sizeof(pers, ZL_T_sigaction);
    u8 g[ZL_MAXSIZE_sigaction];
    struct zl_sigaction n;
    if (a[2]) {
        memset(&n, 0, sizeof n);
        n.handler = p->proc->sigact[sig].handler;
        n.flags = p->proc->sigact[sig].flags;
        n.mask = p->proc->sigact[sig].mask;
        int e = zl_sigaction_n2g(pers, &n, g);
        if (!e) e = put_guest(p, a[2], g, sz);
        if (e) return e;
    }
    if (a[1]) {
        if (sig == SIGKILL || sig == SIGSTOP) return -EINVAL;
        int e = get_guest(p, a[1], g, sz);
        if (!e) e = zl_sigaction_g2n(pers, g, &n);
        if (e) return e;
        p->proc->sigact[sig].handler = n.handler;
        p->proc->sigact[sig].flags = (u64)n.flags & ~(u64)ZL_SA_RESTORER;  /* riscv: no restorer */
        p->proc->sigact[sig].mask = n.mask & ~UNBLOCKABLE;
        host_apply(p, sig);
    }
    return 0;
}

i128 sys_sigaltstack(struct task *p, const u128 *a)
{
    int pers = sys_pers(p);
    unsigned sz = zl_sizeof(pers, ZL_T_stack_t);
    u8 g[ZL_MAXSIZE_stack_t];
    struct zl_stack_t n;
    bool on = on_altstack(p, hart_get_x(&p->hart, 2));
    if (a[1]) {
        memset(&n, 0, sizeof n);
        n.ss_sp = p->altstack.sp;
        n.ss_size = p->altstack.size;
        n.ss_flags = (p->altstack.flags & ZL_SS_DISABLE) ? ZL_SS_DISABLE
                                                         : (on ? ZL_SS_ONSTACK : 0) |
                                                           (p->altstack.flags & ZL_SS_AUTODISARM);
        int e = zl_stack_t_n2g(pers, &n, g);
        if (!e) e = put_guest(p, a[1], g, sz);
        if (e) return e;
    }
    if (a[0]) {
        int e = get_guest(p, a[0], g, sz);
        if (!e) e = zl_stack_t_g2n(pers, g, &n);
        if (e) return e;
        if (on) return -EPERM;
        int mode = n.ss_flags & ~ZL_SS_AUTODISARM;
        if (mode != 0 && mode != ZL_SS_DISABLE && mode != ZL_SS_ONSTACK) return -EINVAL;
        if (mode == ZL_SS_DISABLE) {
            p->altstack.sp = p->altstack.size = 0;
            p->altstack.flags = ZL_SS_DISABLE;
        } else {
            if (n.ss_size < ZL_MINSIGSTKSZ) return -ENOMEM;
            p->altstack.sp = n.ss_sp;
            p->altstack.size = n.ss_size;
            p->altstack.flags = n.ss_flags & ZL_SS_AUTODISARM;
        }
    }
    return 0;
}

/* rt_sigreturn: the frame is at the current sp.  Restores mask, registers and FP state;
 * returns the restored a0 so that the ecall path leaves it as it was. */
i128 sys_rt_sigreturn(struct task *p, const u128 *a)
{
    (void)a;
    struct hart *h = &p->hart;
    int pers = sys_pers(p);
    u128 f = hart_get_x(h, 2);
    unsigned fsize = zl_sizeof(pers, ZL_T_rt_sigframe);
    u8 g[ZL_MAXSIZE_rt_sigframe];
    struct zl_rt_sigframe fr, frq;
    /* The FP state is restored from its d view; the q view of the same bytes holds the
     * extension descriptor's reserved word and its END header {magic, size}, which must
     * all be 0 (no extension state: docs/abi.md §11.6). */
    if (get_guest(p, f, g, fsize) ||
        zl_rt_sigframe_g2n(pers, g, &fr, ZL_V_rt_sigframe_kill_d) ||
        zl_rt_sigframe_g2n(pers, g, &frq, ZL_V_rt_sigframe_kill_q) ||
        frq.uc.uc_mcontext.sc_fpregs.q.reserved[0] || frq.uc.uc_mcontext.sc_fpregs.q.reserved[1] ||
        frq.uc.uc_mcontext.sc_fpregs.q.reserved[2]) {
        force_sigsegv(p);
        return (i128)hart_get_x(h, 10);
    }
    p->sigmask = fr.uc.uc_sigmask & ~UNBLOCKABLE;
    apply_mask(p);
    u128 regs[32];
    memcpy(regs, &fr.uc.uc_mcontext.sc_regs, sizeof regs);
    hart_resume_at(h, regs[0]);
    for (unsigned r = 1; r < 32; r++) hart_set_x(h, r, regs[r]);
    memcpy(h->f, fr.uc.uc_mcontext.sc_fpregs.d.f, sizeof h->f);
    h->fflags = fr.uc.uc_mcontext.sc_fpregs.d.fcsr & 0x1f;
    h->frm = (fr.uc.uc_mcontext.sc_fpregs.d.fcsr >> 5) & 7;
    /* uc_stack is restored as a sigaltstack call whose errors other than EFAULT are
     * ignored (docs/abi.md §11.6): apply it only when it is well formed */
    struct zl_stack_t *st = &fr.uc.uc_stack;
    if (!on_altstack(p, hart_get_x(h, 2))) {
        int mode = st->ss_flags & ~ZL_SS_AUTODISARM;
        if (mode == ZL_SS_DISABLE) p->altstack.flags = ZL_SS_DISABLE;
        else if ((mode == 0 || mode == ZL_SS_ONSTACK) && st->ss_size >= ZL_MINSIGSTKSZ) {
            p->altstack.sp = st->ss_sp;
            p->altstack.size = st->ss_size;
            p->altstack.flags = st->ss_flags & ZL_SS_AUTODISARM;
        }
    }
    return (i128)hart_get_x(h, 10);
}

i128 sys_rt_sigpending(struct task *p, const u128 *a)
{
    if (a[1] != 8) return -EINVAL;
    sigset_t hs;
    if (sigpending(&hs)) return -errno;
    u64 set = p->sig_pending & p->sigmask;
    for (int s = 1; s <= 64; s++)
        if (sigismember(&hs, s) == 1) set |= SIGBIT(s);
    return put_guest(p, a[0], &set, 8);
}

/* ---- temporary masks, rt_sigsuspend, rt_sigtimedwait -------------------------------- */

void signal_mask_temp(struct task *p, u64 mask)
{
    if (!p->mask_saved) p->saved_mask = p->sigmask;
    p->mask_saved = true;
    p->sigmask = mask & ~UNBLOCKABLE;
}

void signal_mask_restore(struct task *p)
{
    if (!p->mask_saved) return;
    p->sigmask = p->saved_mask;
    p->mask_saved = false;
    apply_mask(p);
}


/* rt_sigsuspend(mask, size): wait with the temporary mask until a signal's handler
 * runs; always -EINTR.  All host signals are blocked while looking at what is already
 * pending, and the host's sigsuspend unblocks atomically, so no wake-up is lost. */
i128 sys_rt_sigsuspend(struct task *p, const u128 *a)
{
    if (a[1] != 8) return -EINVAL;
    u64 m;
    int e = get_guest(p, a[0], &m, 8);
    if (e) return e;
    sigset_t all, hs;
    sigfillset(&all);
    sigprocmask(SIG_SETMASK, &all, NULL);
    signal_mask_temp(p, m);
    /* the wait mask is computed again after each host signal: one the guest blocks may
     * have been recorded meanwhile, and a real-time one is then held back */
    BLOCKING(p, while (!(p->sig_pending & ~p->sigmask)) {
        host_set(p->sigmask | held(p), &hs);
        sigsuspend(&hs);
    });
    apply_mask(p);
    return -EINTR;
}

/* A host siginfo as the guest's, with the union member its si_code selects. */
static unsigned siginfo_from_host(const siginfo_t *h, struct zl_siginfo *n)
{
    memset(n, 0, sizeof *n);
    n->si_signo = h->si_signo;
    n->si_errno = h->si_errno;
    n->si_code = h->si_code;
    if (h->si_signo == SIGCHLD && h->si_code > 0) {
        n->_sifields._sigchld._pid = h->si_pid;
        n->_sifields._sigchld._uid = h->si_uid;
        n->_sifields._sigchld._status = h->si_status;
        n->_sifields._sigchld._utime = h->si_utime;
        n->_sifields._sigchld._stime = h->si_stime;
        return ZL_V_siginfo_sigchld;
    }
    n->_sifields._kill._pid = h->si_pid;
    n->_sifields._kill._uid = h->si_uid;
    if (!code_has_value(h->si_code)) return ZL_V_siginfo_kill;
    n->_sifields._rt._sigval = sigval_from_host(h->si_signo, h->si_code, h->si_pid,
                                                (u64)(uintptr_t)h->si_value.sival_ptr);
    return ZL_V_siginfo_rt;
}

/* rt_sigqueueinfo(pid, sig, info) and rt_tgsigqueueinfo(tgid, tid, sig, info): the
 * guest's siginfo as the host's; the host applies Linux's permission rule (no si_code
 * >= 0 or SI_TKILL towards another process).  The 128-bit sigval of rv128 crosses the
 * host in 64 bits: a value that does not fit is EINVAL unless the process signals
 * itself (its receiving side then gets the whole value back). */
static i128 queue_info(struct task *p, int tgid, int tid, int sig, u128 addr)
{
    u8 g[ZL_MAXSIZE_siginfo];
    struct zl_siginfo n;
    int e = get_guest(p, addr, g, zl_sizeof(sys_pers(p), ZL_T_siginfo));
    if (!e) e = zl_siginfo_g2n(sys_pers(p), g, &n, ZL_V_siginfo_rt);
    if (e) return e;
    bool self = tgid == getpid();
    if ((n._sifields._rt._sigval >> 64) && !self) return -EINVAL;
    siginfo_t h;
    memset(&h, 0, sizeof h);
    h.si_signo = sig;
    h.si_errno = n.si_errno;
    h.si_code = n.si_code;
    h.si_pid = n._sifields._rt._pid;
    h.si_uid = n._sifields._rt._uid;
    h.si_value.sival_ptr = (void *)(uintptr_t)(u64)n._sifields._rt._sigval;
    if (self && sig >= 1 && sig <= 64) {
        pthread_mutex_lock(&sigval_lock);
        self_sigval[sig] = n._sifields._rt._sigval;
        pthread_mutex_unlock(&sigval_lock);
    }
    long r = tid ? syscall(SYS_rt_tgsigqueueinfo, tgid, tid, sig, &h)
                 : syscall(SYS_rt_sigqueueinfo, tgid, sig, &h);
    return r < 0 ? -errno : 0;
}

i128 sys_rt_sigqueueinfo(struct task *p, const u128 *a)
{
    return queue_info(p, (int)a[0], 0, (int)a[1], a[2]);
}

i128 sys_rt_tgsigqueueinfo(struct task *p, const u128 *a)
{
    if ((int)a[1] <= 0) return -EINVAL;
    return queue_info(p, (int)a[0], (int)a[1], (int)a[2], a[3]);
}

/* rt_sigtimedwait(set, info, timeout, size).  A signal of the set the host handler
 * already caught is taken first; otherwise the host waits, with the set blocked on the
 * host so that none of it can slip into the handler meanwhile (the kernel unblocks the
 * set for the wait itself).  Other signals the guest does not block interrupt the wait
 * with EINTR and run their handlers, as on Linux; it never restarts. */
i128 sys_rt_sigtimedwait(struct task *p, const u128 *a)
{
    if (a[3] != 8) return -EINVAL;
    u64 set;
    int e = get_guest(p, a[0], &set, 8);
    if (e) return e;
    set &= ~UNBLOCKABLE;
    struct timespec ts;
    if (a[2] && (e = get_timespec(p, a[2], &ts))) return e;
    if (a[2] && (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= 1000000000)) return -EINVAL;
    sigset_t hs, wait;
    host_set(p->sigmask | held(p) | set, &hs);
    sigprocmask(SIG_SETMASK, &hs, NULL);
    struct zl_siginfo n;
    unsigned variant = 0;
    int sig = 0;
    u64 ready = p->sig_pending & set;
    if (ready) {
        while (!(ready & SIGBIT(sig + 1))) sig++;
        sig++;
        p->sig_pending &= ~SIGBIT(sig);
        variant = caught_info(p, sig, &n);
    } else {
        host_set(set, &wait);
        siginfo_t hi;
        BLOCKING(p, sig = sigtimedwait(&wait, &hi, a[2] ? &ts : NULL));
        e = sig < 0 ? -errno : 0;
        if (!e) variant = siginfo_from_host(&hi, &n);
    }
    apply_mask(p);
    if (e) return e;
    if (a[1]) {
        u8 g[ZL_MAXSIZE_siginfo];
        e = zl_siginfo_n2g(sys_pers(p), &n, g, variant);
        if (!e) e = put_guest(p, a[1], g, zl_sizeof(sys_pers(p), ZL_T_siginfo));
        if (e) return e;
    }
    return sig;
}
