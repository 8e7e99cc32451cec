/* A guest process and its threads: the address space, the harts, and the Linux
 * personality state that the system-call layer works on. */
#ifndef ZL_RUN_PROC_H
#define ZL_RUN_PROC_H

#include <stdbool.h>
#include <stdio.h>
#include <zl/types.h>

#include "exec/hart.h"
#include "exec/mm.h"

/* Where things go in a personality's address space (docs/abi.md §10). */
struct layout {
    int xlen;
    u128 task_size;         /* user addresses are below this */
    u128 stack_top;         /* end of the stack's top page */
    u128 mmap_base;         /* top-down mmap allocations start below this */
    u128 pie_base;          /* load base for ET_DYN executables */
    u128 brk_rnd;           /* random offset added to the brk start */
};

struct options {
    bool no_random;         /* -R */
    bool stats;             /* --stats */
    enum engine_kind engine;    /* --engine */
    bool jit_dump;          /* --jit-dump */
    bool strace;            /* --strace */
    FILE *strace_out;       /* -o FILE (-A: appended to), else stderr */
    const char *strace_path;
    bool strace_append;
    const char *sysroot;    /* -L: absolute guest paths are tried under it first */
};

/* A guest process: what its threads share — the address space, the Linux personality's
 * process-wide state and the thread list (docs/zl-run.md, "Threads").  fork gives the
 * child its own copy, as a real fork does. */
struct task;
struct process {
    struct mm mm;
    struct layout lay;
    struct options opt;
    const char *exe_path;   /* the guest program, as given */
    char *self_exe;         /* zl-run itself, for re-executing on execve */
    struct {                /* the guest's signal actions (kernel struct sigaction) */
        u128 handler;
        u64 flags, mask;
    } sigact[65];
    u128 sigpage;           /* the sigreturn trampoline (docs/abi.md §11.5) */
    u128 auxv_addr;         /* the auxiliary vector in guest memory and its size in bytes */
    u128 auxv_size;
    u128 arg_start, arg_end;    /* the argv strings on the initial stack */
    u128 env_start, env_end;    /* the envp strings */
    u128 start_stack;           /* the initial stack pointer */
    struct procfs *procfs;      /* the guest's /proc/self (procfs.c) */
    struct threads *threads;    /* the thread list and the exclusive-section state (thread.c) */
};

/* One guest thread: its hart and the per-thread kernel state.  System-call handlers get
 * the calling thread; what its process shares is behind proc. */
enum task_state {
    TASK_OUT,               /* in neither count of struct threads (thread.h) */
    TASK_RUNNING,           /* running guest code or a system call that does not block */
    TASK_BLOCKED,           /* inside a host call that may block */
};

struct task {
    struct process *proc;
    struct hart hart;
    struct task *next;      /* the process's thread list (thread.c) */
    int tid;                /* the host thread's id, which is the guest's */
    enum task_state state;  /* only the thread itself changes it */
    bool in_exclusive;      /* between exclusive_begin and exclusive_end */
    bool vfork_child;       /* the child of a vfork sharing memory (thread.c) */
    u128 clear_child_tid;   /* set_tid_address / CLONE_CHILD_CLEARTID */
    u128 set_child_tid;     /* CLONE_CHILD_SETTID */
    u128 robust_list;       /* set_robust_list */
    u64 sigmask;            /* blocked signals (bit n-1 = signal n) */
    u64 saved_mask;         /* a call's temporary mask keeps the thread's own here */
    bool mask_saved;
    struct { u128 sp, size; int flags; } altstack;  /* sigaltstack */
    volatile u64 sig_pending;   /* asynchronous signals the host delivered to this thread */
    struct { int code, pid; u32 uid; u64 value; } sig_from[65];   /* who sent them (siginfo) */
    struct { u128 addr; u32 len, sig; bool on; } rseq;           /* rseq registration */
    int exit_code;
    bool exited;            /* the thread called exit or exit_group */
    bool group_exit;        /* ... and it was exit_group: the whole process ends */
};

/* Fill *lay for an XLEN, drawing the random terms from getrandom(2) unless no_random. */
int layout_init(struct layout *lay, int xlen, bool no_random);

/* Load the static ELF executable at path into p (which must be fresh), build the initial
 * stack from argv/envp and set the hart's entry state.  name is the program's name
 * (AT_EXECFN, the process name) when it is not path: execveat's /dev/fd/N.  On failure
 * returns -1 with a "reason" (no file name prefix) in err. */
int proc_load(struct task *p, const char *path, const char *name, char *const argv[],
              char *const envp[], char *err, size_t errlen);

/* Would proc_load accept the executable at path?  0, or -1 with the reason in err:
 * execve checks this before its point of no return. */
int proc_check_exec(const char *path, char *err, size_t errlen);

/* The same from an in-memory image (name is what AT_EXECFN and errors show). */
int proc_load_image(struct task *p, const char *name, const void *data, size_t size,
                    char *const argv[], char *const envp[], char *err, size_t errlen);

/* Signals (signal.c).  signal_setup maps the trampoline page and takes over host signal
 * handling for proc; signal_pending_deliver delivers what the host caught and the guest
 * does not block; signal_trap turns a hart trap into the guest's signal: it returns 0
 * when a guest handler will run, else the signal that kills the process. */
int signal_setup(struct task *p);
void signal_pending_deliver(struct task *p);
int signal_trap(struct task *p);
/* A new thread's host side: signals reach its handler state, its host mask is its own. */
void signal_thread_start(struct task *p);

/* The Linux personality's ecall entry. */
extern const struct hart_ops linux_ops;

#endif
