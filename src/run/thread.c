/* Guest threads on host threads, the thread list and exclusive sections (run/thread.h,
 * docs/zl-run.md "Threads"). */
#include "run/thread.h"

#include <errno.h>
#include <linux/futex.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "run/sys.h"
#include "zl_abi.h"

/* AddressSanitizer builds: a vfork child's frames never return (it execs or exits in the
 * middle of them), so their poisoned stack redzones would stay behind in the shadow of a
 * host stack that later memory reuses.  Such a stack is unpoisoned before and after use. */
#if defined(__SANITIZE_ADDRESS__)
#define HOST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HOST_ASAN 1
#endif
#endif
#ifdef HOST_ASAN
#include <sanitizer/asan_interface.h>
#define stack_unpoison(p, n) __asan_unpoison_memory_region((p), (n))
#else
#define stack_unpoison(p, n) ((void)(p), (void)(n))
#endif

/* Host stack of a guest thread: the interpreter, the system-call layer and a signal
 * frame being built all run on it. */
#define HOST_STACK ((size_t)1 << 20)

static struct threads *list_of(const struct task *p) { return p->proc->threads; }

int threads_init(struct process *pr, struct task *p)
{
    struct threads *t = calloc(1, sizeof *t);
    if (!t) return -ENOMEM;
    pthread_mutex_init(&t->lock, NULL);
    pthread_cond_init(&t->changed, NULL);
    t->list = p;
    t->initial = p;
    t->count = 1;
    pr->threads = t;
    p->tid = (int)gettid();
    return 0;
}

bool threads_many(const struct task *p)
{
    return __atomic_load_n(&list_of(p)->count, __ATOMIC_ACQUIRE) > 1;
}

/* Become a running thread: wait while an exclusive section is wanted or under way. */
static void enter_locked(struct threads *t, struct task *p)
{
    while (t->excl) pthread_cond_wait(&t->changed, &t->lock);
    t->running++;
    p->state = TASK_RUNNING;
}

static void thread_enter(struct task *p)
{
    if (p->state == TASK_RUNNING || !threads_many(p)) return;
    struct threads *t = list_of(p);
    pthread_mutex_lock(&t->lock);
    enter_locked(t, p);
    pthread_mutex_unlock(&t->lock);
}

static void thread_leave(struct task *p)
{
    if (p->state != TASK_RUNNING) return;
    struct threads *t = list_of(p);
    pthread_mutex_lock(&t->lock);
    t->running--;
    p->state = TASK_OUT;
    pthread_cond_broadcast(&t->changed);
    pthread_mutex_unlock(&t->lock);
}

void task_block_begin(struct task *p)
{
    if (p->state != TASK_RUNNING) return;
    int e = errno;
    struct threads *t = list_of(p);
    pthread_mutex_lock(&t->lock);
    t->running--;
    t->blocked++;
    p->state = TASK_BLOCKED;
    pthread_cond_broadcast(&t->changed);
    pthread_mutex_unlock(&t->lock);
    errno = e;
}

void task_block_end(struct task *p)
{
    if (p->state != TASK_BLOCKED) return;
    int e = errno;
    struct threads *t = list_of(p);
    pthread_mutex_lock(&t->lock);
    t->blocked--;
    enter_locked(t, p);
    pthread_mutex_unlock(&t->lock);
    errno = e;
}

void threads_kick_others(struct task *p)
{
    if (!threads_many(p)) return;
    struct threads *t = list_of(p);
    pthread_mutex_lock(&t->lock);
    for (struct task *o = t->list; o; o = o->next)
        if (o != p) o->hart.insn_limit = 0;
    pthread_mutex_unlock(&t->lock);
}

/* Wait until no ending thread is still freeing its task and hart: a fork must not copy
 * one half-freed (the child would hold memory nothing points to), and the process's
 * structures must outlive every use by an ending thread — taking the lock here means
 * the last ending thread has also let go of it. */
static void wait_finished(struct threads *t)
{
    pthread_mutex_lock(&t->lock);
    while (t->finishing > 0) pthread_cond_wait(&t->changed, &t->lock);
    pthread_mutex_unlock(&t->lock);
}

void exclusive_begin(struct task *p)
{
    struct mm *mm = &p->proc->mm;
    if (!threads_many(p)) {
        /* a thread may still be ending (looked at without the lock, which a fork child
         * initialises afresh anyway) */
        if (__atomic_load_n(&list_of(p)->finishing, __ATOMIC_ACQUIRE)) wait_finished(list_of(p));
        /* the only thread, and it is here: nothing can point into released memory */
        if (mm->defer_release) {
            mm->defer_release = false;
            mm_release_deferred(mm);
        }
        return;
    }
    struct threads *t = list_of(p);
    pthread_mutex_lock(&t->lock);
    if (p->state == TASK_RUNNING) {
        t->running--;
        p->state = TASK_OUT;
        pthread_cond_broadcast(&t->changed);
    }
    while (t->excl) pthread_cond_wait(&t->changed, &t->lock);
    t->excl = true;
    for (struct task *o = t->list; o; o = o->next)
        if (o != p) o->hart.insn_limit = 0;     /* leave guest code at a block boundary */
    while (t->running > 0 || t->finishing > 0) pthread_cond_wait(&t->changed, &t->lock);
    pthread_mutex_unlock(&t->lock);
    p->in_exclusive = true;
}

void exclusive_end(struct task *p)
{
    if (!p->in_exclusive) return;
    p->in_exclusive = false;
    struct threads *t = list_of(p);
    pthread_mutex_lock(&t->lock);
    if (t->blocked == 0) mm_release_deferred(&p->proc->mm);
    t->excl = false;
    t->running++;
    p->state = TASK_RUNNING;
    pthread_cond_broadcast(&t->changed);
    pthread_mutex_unlock(&t->lock);
}

void threads_after_fork(struct task *p)
{
    struct threads *t = list_of(p);
    pthread_mutex_init(&t->lock, NULL);
    pthread_cond_init(&t->changed, NULL);
    /* the other threads do not exist in the child: their tasks are copies nothing else
     * refers to (each was stopped at a block boundary or in a blocking host call, so its
     * structures are whole) */
    for (struct task *o = t->list, *next; o; o = next) {
        next = o->next;
        if (o == p) continue;
        hart_destroy(&o->hart);
        free(o);
    }
    t->list = p;
    p->next = NULL;
    t->count = 1;
    t->running = t->blocked = t->finishing = 0;
    t->excl = false;
    p->state = TASK_OUT;
    p->in_exclusive = false;
    p->tid = (int)gettid();
    struct mm *mm = &p->proc->mm;
    mm->defer_release = false;
    mm_release_deferred(mm);
}

/* ---- the run loop ------------------------------------------------------------------- */

/* The end of a vfork child: the raw exit_group, not _exit — the stdio buffers are the
 * parent's, and a call the compiler knows does not return would make AddressSanitizer
 * complain about the foreign stack it runs on. */
static void vfork_child_exit(int code)
{
    for (;;) syscall(SYS_exit_group, code);
}

/* Die the way the guest died: by the same signal, without a host core dump. */
void strace_end(struct task *p, bool killed, int v)
{
    if (!p->proc->opt.strace) return;
    FILE *f = p->proc->opt.strace_out ? p->proc->opt.strace_out : stderr;
    if (!killed) {
        fprintf(f, "%d +++ exited with %d +++\n", p->tid, v);
        return;
    }
    const struct zl_flagset *fs = zl_flagset_find("signal");
    const char *name = NULL;
    for (unsigned i = 0; fs && i < fs->n && !name; i++)
        if (fs->v[i].value == (u64)v) name = fs->v[i].name;
    if (name) fprintf(f, "%d +++ killed by %s +++\n", p->tid, name);
    else fprintf(f, "%d +++ killed by signal %d +++\n", p->tid, v);
}

static _Noreturn void die_by_signal(int sig)
{
    struct rlimit no_core = { 0, 0 };
    setrlimit(RLIMIT_CORE, &no_core);
    fflush(NULL);
    signal(sig, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
    _exit(128 + sig);
}

static void print_addr(char *b, size_t n, u128 a)
{
    if ((u64)(a >> 64))
        snprintf(b, n, "0x%llx%016llx", (unsigned long long)(u64)(a >> 64),
                 (unsigned long long)(u64)a);
    else
        snprintf(b, n, "0x%llx", (unsigned long long)(u64)a);
}

/* Say why the guest dies of a trap no handler took; returns the signal it dies of. */
static int report_trap(struct task *p)
{
    const struct hart *h = &p->hart;
    const char *exe = p->proc->exe_path;
    char pc[48], addr[48];
    print_addr(pc, sizeof pc, h->pc);
    print_addr(addr, sizeof addr, h->trap.addr);
    const char *doing = h->trap.cause == TRAP_FETCH_FAULT ? "executing" :
                        h->trap.cause == TRAP_STORE_FAULT ? "writing" : "reading";
    switch (h->trap.cause) {
    case TRAP_ILLEGAL:
        fprintf(stderr, "zl-run: %s: illegal instruction 0x%08x at pc %s\n", exe, h->trap.insn, pc);
        return SIGILL;
    case TRAP_BREAKPOINT:
        fprintf(stderr, "zl-run: %s: breakpoint at pc %s\n", exe, pc);
        return SIGTRAP;
    case TRAP_LOAD_MISALIGNED:
    case TRAP_STORE_MISALIGNED:
        fprintf(stderr, "zl-run: %s: misaligned atomic access to %s at pc %s\n", exe, addr, pc);
        return SIGBUS;
    case TRAP_FETCH_MISALIGNED:
        fprintf(stderr, "zl-run: %s: bus error: misaligned instruction address %s\n", exe, pc);
        return SIGBUS;
    default:
        if (h->trap.bus) {
            fprintf(stderr, "zl-run: %s: bus error: %s %s (beyond the end of its file) at pc %s\n",
                    exe, doing, addr, pc);
            return SIGBUS;
        }
        fprintf(stderr, "zl-run: %s: segmentation fault: %s %s %s at pc %s\n", exe, doing,
                h->trap.maperr ? "unmapped address" : "protected address", addr, pc);
        return SIGSEGV;
    }
}

/* Take c off the list (the caller holds no lock); ending: c's own thread, which counts
 * as finishing until it has freed c. */
static void unlink_task(struct threads *t, struct task *c, bool ending)
{
    pthread_mutex_lock(&t->lock);
    if (c->state == TASK_RUNNING) t->running--;
    if (ending) __atomic_store_n(&t->finishing, t->finishing + 1, __ATOMIC_RELEASE);
    for (struct task **l = &t->list; *l; l = &(*l)->next)
        if (*l == c) {
            *l = c->next;
            break;
        }
    __atomic_store_n(&t->count, t->count - 1, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&t->changed);
    pthread_mutex_unlock(&t->lock);
}

/* A thread that is not the last one ends: the robust futexes it holds are marked
 * FUTEX_OWNER_DIED, its tid word is cleared and its joiner woken (CLONE_CHILD_CLEARTID,
 * set_tid_address), then it leaves the list. */
static _Noreturn void thread_finish(struct task *p)
{
    struct threads *t = list_of(p);
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, NULL);   /* no handler may reach p once it is freed */
    futex_exit_robust_list(p);                  /* before the tid word, as Linux's mm_release */
    if (p->clear_child_tid) {
        u32 zero = 0;
        if (mm_write(&p->proc->mm, p->clear_child_tid, &zero, 4, NULL)) {
            const struct mm_region *r = mm_find(&p->proc->mm, p->clear_child_tid);
            if (r && !r->hostfault)
                syscall(SYS_futex, r->host + (size_t)(p->clear_child_tid - r->start),
                        FUTEX_WAKE, 1, NULL, NULL, 0);
        }
    }
    unlink_task(t, p, true);
    hart_destroy(&p->hart);
    free(p);
    pthread_mutex_lock(&t->lock);
    __atomic_store_n(&t->finishing, t->finishing - 1, __ATOMIC_RELEASE);
    pthread_cond_broadcast(&t->changed);
    pthread_mutex_unlock(&t->lock);
    pthread_exit(NULL);
}

int task_run(struct task *p)
{
    struct hart *h = &p->hart;
    thread_enter(p);
    for (;;) {
        int rc = hart_run(h);
        if (rc == RUN_REQUEST) {
            h->insn_limit = UINT64_MAX;
            thread_leave(p);            /* let a waiting exclusive section run */
            thread_enter(p);
            signal_pending_deliver(p);
            continue;
        }
        if (rc == RUN_TRAP && signal_trap(p) == 0) continue;
        if (p->proc->opt.stats)
            fprintf(stderr, "zl-run: instructions: %llu\n", (unsigned long long)h->instret);
        if (rc != RUN_EXIT) {
            int sig = report_trap(p);
            strace_end(p, true, sig);
            die_by_signal(sig);
        }
        if (p->vfork_child) vfork_child_exit(p->exit_code);
        if (!p->group_exit && threads_many(p)) thread_finish(p);
        /* the process ends: the robust futexes of the thread that ends it (a process
         * sharing them is woken); other threads' lists are not walked */
        futex_exit_robust_list(p);
        strace_end(p, false, p->exit_code);
        if (p != list_of(p)->initial || threads_many(p)) {
            /* the process ends while other host threads may still run: no clean-up */
            fflush(NULL);
            _exit(p->exit_code);
        }
        thread_leave(p);
        wait_finished(list_of(p));  /* main() frees the process next */
        return p->exit_code;
    }
}

/* ---- clone(CLONE_THREAD) ------------------------------------------------------------ */

struct start {
    struct task *task;
    sem_t started;              /* the new thread has its tid */
    sem_t go;                   /* the creator has written it for CLONE_PARENT_SETTID */
    int tid;
    bool child_settid;
};

static void *thread_main(void *arg)
{
    struct start *s = arg;
    struct task *p = s->task;
    bool settid = s->child_settid;
    p->tid = s->tid = (int)gettid();
    sem_post(&s->started);
    while (sem_wait(&s->go) && errno == EINTR) {}
    sem_destroy(&s->started);
    sem_destroy(&s->go);
    free(s);                    /* the creator is done with it once it posted go */
    signal_thread_start(p);
    thread_enter(p);
    if (settid) {
        u32 tid = (u32)p->tid;
        mm_write(&p->proc->mm, p->set_child_tid, &tid, 4, NULL);
    }
    task_run(p);
    _exit(p->exit_code);        /* not reached: a thread ends in task_run */
}

/* A copy of p for a new thread of execution: its own translated blocks and TLB, no
 * pending signal, no alternate stack (Linux clears it for CLONE_VM children), a0 = 0, the
 * new stack and tp; NULL when out of memory. */
static struct task *new_task(struct task *p, u64 flags, u128 newsp, u128 tls, u128 ctid)
{
    struct task *c = malloc(sizeof *c);
    if (!c) return NULL;
    struct threads *t = list_of(p);
    pthread_mutex_lock(&t->lock);       /* other threads lower p's insn_limit under it */
    *c = *p;
    pthread_mutex_unlock(&t->lock);
    c->next = NULL;
    c->state = TASK_OUT;
    c->in_exclusive = false;
    c->vfork_child = false;
    hart_forget_code(&c->hart);
    c->hart.tlb_gen = p->proc->mm.gen - 1;      /* flushed on entry */
    c->hart.resv_valid = false;
    c->hart.insn_limit = UINT64_MAX;
    c->hart.os = c;
    c->sig_pending = 0;
    c->mask_saved = false;
    c->altstack.sp = c->altstack.size = 0;
    c->altstack.flags = ZL_SS_DISABLE;
    c->rseq.on = false;
    c->robust_list = 0;
    c->exited = c->group_exit = false;
    c->clear_child_tid = (flags & ZL_CLONE_CHILD_CLEARTID) ? ctid : 0;
    c->set_child_tid = ctid;
    hart_set_x(&c->hart, 10, 0);
    if (newsp) hart_set_x(&c->hart, 2, newsp);
    if (flags & ZL_CLONE_SETTLS) hart_set_x(&c->hart, 4, tls);
    return c;
}

/* Put c on p's list.  The first time the process gets a second thread the states start
 * to count: the caller is running (it is in a system call). */
static void link_task(struct task *p, struct task *c)
{
    struct threads *t = list_of(p);
    pthread_mutex_lock(&t->lock);
    if (t->count == 1) {
        t->running = 1;
        t->blocked = 0;
        p->state = TASK_RUNNING;
        p->proc->mm.defer_release = true;
    }
    c->next = t->list;
    t->list = c;
    __atomic_store_n(&t->count, t->count + 1, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&t->lock);
}

i128 thread_create(struct task *p, u64 flags, u128 newsp, u128 ptid, u128 tls, u128 ctid)
{
    struct task *c = new_task(p, flags, newsp, tls, ctid);
    if (!c) return -ENOMEM;
    struct threads *t = list_of(p);
    link_task(p, c);

    struct start *s = calloc(1, sizeof *s);
    if (!s) {
        unlink_task(t, c, false);
        free(c);
        return -ENOMEM;
    }
    s->task = c;
    s->child_settid = (flags & ZL_CLONE_CHILD_SETTID) != 0;
    sem_init(&s->started, 0, 0);
    sem_init(&s->go, 0, 0);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attr, HOST_STACK);
    /* the new host thread starts with every signal blocked and then takes the guest's
     * mask (signal_thread_start), so no signal reaches it before it can handle one */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pthread_t th;
    int e = pthread_create(&th, &attr, thread_main, s);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_attr_destroy(&attr);
    if (e) {
        unlink_task(t, c, false);
        sem_destroy(&s->started);
        sem_destroy(&s->go);
        free(s);
        free(c);
        return -EAGAIN;
    }
    /* Linux writes the parent's tid word before the child runs: glibc's join waits for
     * the same word that CLONE_CHILD_CLEARTID clears */
    while (sem_wait(&s->started) && errno == EINTR) {}
    int tid = s->tid;
    if (flags & ZL_CLONE_PARENT_SETTID) {
        u32 v = (u32)tid;
        mm_write(&p->proc->mm, ptid, &v, 4, NULL);
    }
    sem_post(&s->go);           /* from here on s belongs to the child */
    return tid;
}

/* ---- clone(CLONE_VM | CLONE_VFORK) ---------------------------------------------------- */

/* The child of a vfork that shares memory is a host process made by the host's own
 * clone(CLONE_VM | CLONE_VFORK): it runs on a host stack of its own, in zl-run's memory,
 * while the calling host thread is suspended until it execs or exits — vfork's contract,
 * kept at the host level.  While it runs it is on the thread list, since it shares the
 * address space with the caller's other threads (and the caller counts as blocked). */
static int vfork_main(void *arg)
{
    struct task *c = arg;
    c->tid = (int)gettid();
    signal_thread_start(c);     /* (the host TLS is the suspended caller's) */
    thread_enter(c);
    if (c->set_child_tid) {
        u32 tid = (u32)c->tid;
        mm_write(&c->proc->mm, c->set_child_tid, &tid, 4, NULL);
    }
    task_run(c);
    _exit(c->exit_code);        /* not reached: a vfork child always ends in _exit */
}

i128 thread_vfork(struct task *p, u64 flags, u128 newsp, u128 ptid, u128 tls, u128 ctid)
{
    struct task *c = new_task(p, flags, newsp, tls, ctid);
    if (!c) return -ENOMEM;
    c->vfork_child = true;
    c->set_child_tid = (flags & ZL_CLONE_CHILD_SETTID) ? ctid : 0;
    void *stack = mmap(NULL, HOST_STACK, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
    if (stack == MAP_FAILED) {
        free(c);
        return -ENOMEM;
    }
    stack_unpoison(stack, HOST_STACK);
    link_task(p, c);
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, NULL);  /* the child takes its mask when it starts */
    task_block_begin(p);
    pid_t pid = clone(vfork_main, (char *)stack + HOST_STACK,
                      CLONE_VM | CLONE_VFORK | (int)(flags & 0xff), c);
    int e = errno;
    /* the child has exec'd or exited, but counts as running until it is off the list:
     * unlink it before waiting (in task_block_end) for an exclusive section to finish */
    unlink_task(list_of(p), c, false);
    task_block_end(p);
    signal_thread_start(p);     /* the child used this host thread's TLS; the mask again */
    hart_destroy(&c->hart);
    free(c);
    stack_unpoison(stack, HOST_STACK);
    munmap(stack, HOST_STACK);
    if (pid < 0) return -e;
    if (flags & ZL_CLONE_PARENT_SETTID) {
        u32 v = (u32)pid;
        mm_write(&p->proc->mm, ptid, &v, 4, NULL);
    }
    return pid;
}
