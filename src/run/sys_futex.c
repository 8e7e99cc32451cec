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
    if (!r || (r->prot & need) != need) return -EFAULT;
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
