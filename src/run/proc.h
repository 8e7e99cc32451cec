/* A guest process: its address space, its hart, and the Linux personality state that
 * the system-call layer works on.  One per zl-run process (fork gives the child its
 * own copy, as a real fork does). */
#ifndef ZL_RUN_PROC_H
#define ZL_RUN_PROC_H

#include <stdbool.h>
#include <zl/types.h>

#include "run/hart.h"
#include "run/mm.h"

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
    bool strace;            /* --strace */
    const char *sysroot;    /* -L: absolute guest paths are tried under it first */
};

struct proc {
    struct mm mm;
    struct hart hart;
    struct layout lay;
    struct options opt;
    const char *exe_path;   /* the guest program, as given */
    char *self_exe;         /* zl-run itself, for re-executing on execve */
    u128 clear_child_tid;   /* set_tid_address */
    u128 robust_list;       /* set_robust_list */
    u64 sigmask;            /* blocked signals (bit n-1 = signal n) */
    struct {                /* the guest's signal actions (kernel struct sigaction) */
        u128 handler;
        u64 flags, mask;
    } sigact[65];
    struct { u128 sp, size; int flags; } altstack;  /* sigaltstack */
    volatile u64 sig_pending;   /* asynchronous signals caught by the host (bit n-1) */
    struct { int code, pid; u32 uid; u64 value; } sig_from[65];   /* who sent them (siginfo) */
    u128 sigpage;           /* the sigreturn trampoline (docs/abi.md §11.5) */
    u128 auxv_addr;         /* the auxiliary vector in guest memory and its size in bytes */
    u128 auxv_size;
    u128 arg_start, arg_end;    /* the argv strings on the initial stack */
    u128 env_start, env_end;    /* the envp strings */
    u128 start_stack;           /* the initial stack pointer */
    struct procfs *procfs;      /* the guest's /proc/self (procfs.c) */
    int exit_code;
    bool exited;
};

/* Fill *lay for an XLEN, drawing the random terms from getrandom(2) unless no_random. */
int layout_init(struct layout *lay, int xlen, bool no_random);

/* Load the static ELF executable at path into p (which must be fresh), build the initial
 * stack from argv/envp and set the hart's entry state.  On failure returns -1 with a
 * "reason" (no file name prefix) in err. */
int proc_load(struct proc *p, const char *path, char *const argv[], char *const envp[],
              char *err, size_t errlen);

/* Would proc_load accept the executable at path?  0, or -1 with the reason in err:
 * execve checks this before its point of no return. */
int proc_check_exec(const char *path, char *err, size_t errlen);

/* The same from an in-memory image (name is what AT_EXECFN and errors show). */
int proc_load_image(struct proc *p, const char *name, const void *data, size_t size,
                    char *const argv[], char *const envp[], char *err, size_t errlen);

/* Signals (signal.c).  signal_setup maps the trampoline page and takes over host signal
 * handling for proc; signal_pending_deliver delivers what the host caught and the guest
 * does not block; signal_trap turns a hart trap into the guest's signal: it returns 0
 * when a guest handler will run, else the signal that kills the process. */
int signal_setup(struct proc *p);
void signal_pending_deliver(struct proc *p);
int signal_trap(struct proc *p);

/* The Linux personality's ecall entry. */
extern const struct hart_ops linux_ops;

#endif
