/* Host faults on guest memory.  A guest mapping can be valid while the host memory behind
 * it faults: the pages of a file (or of a shared object grown by mremap) beyond the end of
 * the file raise SIGBUS on the host when touched — a file truncated under a mapping does
 * this to pages that were fine when mapped.  Linux gives the guest SIGBUS there (BUS_ADRERR)
 * and system calls EFAULT; zl-run must never die of it.
 *
 * Such regions carry mm_region.hostfault and never enter the interpreter's TLB, so every
 * access to them goes through a C function that touches the host memory inside a guard:
 *
 *     struct hf_guard g;
 *     hf_push(&g, host, n);
 *     if (sigsetjmp(g.env, 0) == 0) { ...touch host memory...; hf_pop(&g); }
 *     else { ...g.host_addr faulted (the guard is already popped)... }
 *
 * The host SIGBUS/SIGSEGV handler (signal.c) jumps back to the innermost guard when the
 * faulting address lies in guest memory.  Guards are per host thread. */
#ifndef ZL_EXEC_HOSTFAULT_H
#define ZL_EXEC_HOSTFAULT_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct hf_guard {
    sigjmp_buf env;
    struct hf_guard *prev;
    uintptr_t lo, hi;           /* the host bytes the guarded code touches */
    uintptr_t host_addr;        /* where the host faulted (set before the jump) */
};

extern _Thread_local struct hf_guard *hf_top;

static inline void hf_push(struct hf_guard *g, const void *host, size_t n)
{
    g->lo = (uintptr_t)host;
    g->hi = (uintptr_t)host + n;
    g->prev = hf_top;
    g->host_addr = 0;
    hf_top = g;
}

static inline void hf_pop(struct hf_guard *g)
{
    hf_top = g->prev;
}

/* From the host signal handler: if the innermost guard covers host_addr, pop it and jump
 * there (does not return); otherwise return false (the fault is not the guest's). */
bool hf_recover(uintptr_t host_addr);

#endif
