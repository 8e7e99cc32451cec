/* futex on the host futex behind the guest word.
 *
 * Guest memory is host memory (mm.c) and every guest thread is a host thread of this
 * process, so the host kernel's futex on the translated address gives exactly Linux's
 * semantics: the value check is atomic with the sleep, private futexes work between the
 * guest's threads and shared ones between processes.  WAIT/WAKE, their BITSET forms,
 * REQUEUE, CMP_REQUEUE and WAKE_OP are passed through with FUTEX_PRIVATE_FLAG and
 * FUTEX_CLOCK_REALTIME as given; the priority-inheritance operations answer ENOSYS
 * (docs/zl-run.md). */
#include <errno.h>
#include <linux/futex.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "exec/mm.h"
#include "run/sys.h"
#include "run/thread.h"

/* The host address of the aligned futex word at uaddr, which must be mapped readable
 * (and writable for WAKE_OP's second word); else -EFAULT (-EINVAL if misaligned). */
static int futex_word(struct task *p, u128 uaddr, int need, u32 **out)
{
    if (uaddr & 3) return -EINVAL;
    const struct mm_region *r = mm_find(&p->proc->mm, uaddr);
    if (!r || (mm_rights(r->prot) & need) != need) return -EFAULT;
    u32 probe;
    if (get_guest(p, uaddr, &probe, sizeof probe)) return -EFAULT;   /* a file page past EOF */
    *out = (u32 *)(r->host + (size_t)(uaddr - r->start));
    return 0;
}

/* futex(uaddr, op, val, timeout or val2, uaddr2, val3) */
i128 sys_futex(struct task *p, const u128 *a)
{
    int op = (int)a[1];
    int cmd = op & FUTEX_CMD_MASK;
    u32 val = (u32)a[2], val3 = (u32)a[5];
    u32 *w1, *w2 = NULL;
    struct timespec ts, *timeout = NULL;
    u32 val2 = 0;
    int e;
    switch (cmd) {
    case FUTEX_WAIT: case FUTEX_WAIT_BITSET:
        if (a[3]) {
            i128 te = get_timespec(p, a[3], &ts);
            if (te) return te;
            timeout = &ts;
        }
        break;
    case FUTEX_WAKE: case FUTEX_WAKE_BITSET:
        break;
    case FUTEX_REQUEUE: case FUTEX_CMP_REQUEUE: case FUTEX_WAKE_OP:
        val2 = (u32)a[3];       /* the count in the timeout's place, as Linux reads it */
        e = futex_word(p, a[4], cmd == FUTEX_WAKE_OP ? PROT_READ | PROT_WRITE : PROT_READ, &w2);
        if (e) return e;
        break;
    default:
        return -ENOSYS;
    }
    e = futex_word(p, a[0], PROT_READ, &w1);
    if (e) return e;
    long r;
    if (cmd == FUTEX_WAIT || cmd == FUTEX_WAIT_BITSET)
        BLOCKING(p, r = syscall(SYS_futex, w1, op, val, timeout, NULL, val3));
    else
        r = syscall(SYS_futex, w1, op, val, (void *)(uintptr_t)val2, w2, val3);
    return r < 0 ? -errno : r;
}

/* ---- robust futexes: what a dying thread leaves behind (Linux's exit_robust_list) ---- */

/* A futex word owned by the dying thread tid: mark it FUTEX_OWNER_DIED, keep
 * FUTEX_WAITERS, and wake one waiter, who then gets EOWNERDEAD from its libc.  The
 * lock being taken or released when the thread died (list_op_pending) is woken even if
 * the thread does not own it yet, so its waiter is not stranded. */
static void futex_owner_died(struct task *p, u128 uaddr, int tid, bool pending)
{
    u32 *w;
    if (futex_word(p, uaddr, PROT_READ | PROT_WRITE, &w)) return;
    u32 old = __atomic_load_n(w, __ATOMIC_RELAXED);
    for (;;) {
        if ((old & ZL_FUTEX_TID_MASK) != (u32)tid) {
            if (pending && !old) syscall(SYS_futex, w, FUTEX_WAKE, 1, NULL, NULL, 0);
            return;
        }
        u32 dead = (old & ZL_FUTEX_WAITERS) | ZL_FUTEX_OWNER_DIED;
        if (__atomic_compare_exchange_n(w, &old, dead, false, __ATOMIC_SEQ_CST,
                                        __ATOMIC_RELAXED))
            break;
    }
    if (old & ZL_FUTEX_WAITERS) syscall(SYS_futex, w, FUTEX_WAKE, 1, NULL, NULL, 0);
}

/* The guest pointer stored at addr (a robust_list node's next); false if unreadable.
 * Bit 0 marks a priority-inheritance futex, which zl-run does not implement: such
 * entries are skipped, as their lock could not have been taken. */
static bool robust_next(struct task *p, u128 addr, u128 *next)
{
    u8 g[ZL_MAXSIZE_robust_list];
    struct zl_robust_list n;
    if (get_guest(p, addr, g, zl_sizeof(sys_pers(p), ZL_T_robust_list)) ||
        zl_robust_list_g2n(sys_pers(p), g, &n))
        return false;
    *next = n.next;
    return true;
}

void futex_exit_robust_list(struct task *p)
{
    u128 head = p->robust_list;
    if (!head) return;
    u8 g[ZL_MAXSIZE_robust_list_head];
    struct zl_robust_list_head h;
    if (get_guest(p, head, g, zl_sizeof(sys_pers(p), ZL_T_robust_list_head)) ||
        zl_robust_list_head_g2n(sys_pers(p), g, &h))
        return;
    u128 pending = h.list_op_pending & ~(u128)1;
    u128 entry = h.list.next;
    for (int limit = ZL_ROBUST_LIST_LIMIT; entry != head && limit > 0; limit--) {
        u128 next;
        if (!robust_next(p, entry & ~(u128)1, &next)) break;
        if (!(entry & 1) && (entry & ~(u128)1) != pending)
            futex_owner_died(p, (entry & ~(u128)1) + (u128)h.futex_offset, p->tid, false);
        entry = next;
    }
    if (pending && !(h.list_op_pending & 1))
        futex_owner_died(p, pending + (u128)h.futex_offset, p->tid, true);
}
