/* Guest threads: each runs on a host thread of its own (docs/zl-run.md, "Threads").
 *
 * What keeps them apart is the exclusive section.  A thread is "running" while it
 * executes guest code or a system call that does not block; a thread about to change the
 * address space (mmap, munmap, mprotect, mremap, brk...) first stops every other running
 * thread at its next block boundary, so that no other hart holds a TLB entry, a
 * translated block or a region pointer while the mappings change.  A host call that may
 * block (read, futex wait, poll, sleeps...) is bracketed by task_block_begin/end: the
 * thread is not running then, and must not touch the address-space structures — only the
 * host memory behind guest buffers it looked up before, which stays reserved
 * (mm->defer_release) even if another thread unmaps it meanwhile. */
#ifndef ZL_RUN_THREAD_H
#define ZL_RUN_THREAD_H

#include <pthread.h>
#include <stdbool.h>

#include "run/proc.h"

struct threads {
    pthread_mutex_t lock;
    pthread_cond_t changed;     /* running, blocked or excl changed */
    struct task *list;          /* every live thread of the process */
    const struct task *initial; /* the thread main() runs on (compared, never followed) */
    int count;                  /* how many (atomic reads outside the lock) */
    int running;                /* threads executing guest code or a non-blocking call */
    int blocked;                /* threads inside a blocking host call */
    int finishing;              /* threads off the list still freeing their structures */
    bool excl;                  /* an exclusive section is wanted or under way */
};

/* Set up the thread list of pr with p as its only thread (the caller of main). */
int threads_init(struct process *pr, struct task *p);

/* True if the process has more than one thread. */
bool threads_many(const struct task *p);

/* Run the calling thread's guest code until the thread ends.  Returns the process's exit
 * status when the whole process ends normally (the last thread's exit or exit_group);
 * a thread that ends while others run never returns; a fatal signal kills the process. */
int task_run(struct task *p);

/* --strace's last line for the process, as strace prints it: "+++ exited with 3 +++"
 * or "+++ killed by SIGSEGV +++" (the names of abi/flags.abi's signal set). */
void strace_end(struct task *p, bool killed, int v);

/* Around a host call that may block. */
void task_block_begin(struct task *p);
void task_block_end(struct task *p);

/* Run stmt as a host call that may block. */
#define BLOCKING(p, stmt)                                                    \
    do {                                                                     \
        task_block_begin(p);                                                 \
        stmt;                                                                \
        task_block_end(p);                                                   \
    } while (0)

/* Around a change of the address space (the caller is in a system call). */
void exclusive_begin(struct task *p);
void exclusive_end(struct task *p);

/* clone with CLONE_THREAD: a new guest thread starting after the ecall with a0 = 0.
 * Returns its tid or -errno. */
i128 thread_create(struct task *p, u64 flags, u128 newsp, u128 ptid, u128 tls, u128 ctid);

/* clone with CLONE_VM | CLONE_VFORK: a child process sharing the address space, the
 * caller suspended until it execs or exits.  Returns its pid or -errno. */
i128 thread_vfork(struct task *p, u64 flags, u128 newsp, u128 ptid, u128 tls, u128 ctid);

/* In the child of fork: the caller is now the process's only thread. */
void threads_after_fork(struct task *p);

/* Make every thread but the caller leave guest code at its next block boundary and look
 * at what changed (a new mapping generation, translated code to drop). */
void threads_kick_others(struct task *p);

#endif
