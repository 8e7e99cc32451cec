/* futex: FUTEX_WAIT/WAKE and their BITSET forms on the host futex behind the guest word.
 *
 * Guest memory is host memory (mm.c), so the host kernel's futex on the translated address
 * gives exactly Linux's semantics — the value check is atomic with the sleep, and shared
 * mappings work between processes.  zl-run runs one thread per process (CLONE_THREAD is
 * ENOSYS, docs/zl-run.md), so a private wait can only end by a timeout, a signal or a
 * value mismatch; glibc's locks and its one-time initialisation still need the calls.
 * The requeue, wake-op and PI operations answer ENOSYS. */
#include <errno.h>
#include <linux/futex.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "run/mm.h"
#include "run/sys.h"

struct futex_call {
    int op;
    u32 val, val3;
    const struct timespec *timeout;
    long result;
};

static int host_futex(void *host, size_t n, void *arg)
{
    struct futex_call *c = arg;
    if (n < 4) return -EFAULT; /* the word straddles the end of a mapping */
    long r = syscall(SYS_futex, (u32 *)host, c->op, c->val, c->timeout, NULL, c->val3);
    c->result = r < 0 ? -errno : r;
    return 0;
}

i128 sys_futex(struct proc *p, const u128 *a)
{
    u128 uaddr = a[0];
    int op = (int)a[1];
    int cmd = op & FUTEX_CMD_MASK;
    struct futex_call c = {op, (u32)a[2], (u32)a[5], NULL, 0};
    struct timespec ts;
    switch (cmd) {
    case FUTEX_WAIT: case FUTEX_WAIT_BITSET:
        if (a[3]) {
            i128 e = get_timespec(p, a[3], &ts);
            if (e) return e;
            c.timeout = &ts;
        }
        break;
    case FUTEX_WAKE: case FUTEX_WAKE_BITSET:
        break;
    default:
        return -ENOSYS;
    }
    if (uaddr & 3) return -EINVAL;
    u32 word;
    if (get_guest(p, uaddr, &word, sizeof word)) return -EFAULT; /* must be readable */
    int e = mm_host_op(&p->mm, uaddr, 4, host_futex, &c);
    return e ? e : c.result;
}
