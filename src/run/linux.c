/* The Linux personality's system-call entry.
 *
 * This first version implements what a freestanding static program needs: write,
 * exit and exit_group (the numbers are the same in all three personalities).  Every
 * other call returns -ENOSYS.  The full layer is generated from abi/ (issue 5) and
 * replaces this switch. */
#include <errno.h>
#include <unistd.h>

#include "run/proc.h"

enum { NR_write = 64, NR_exit = 93, NR_exit_group = 94 };

/* write(2) straight from the guest's mappings, region by region, with Linux's partial
 * write semantics: bytes written so far, or -EFAULT if the first byte is unmapped. */
static i128 sys_write(struct proc *p, int fd, u128 buf, u128 count)
{
    u128 done = 0;
    if (count > 0x7ffff000) count = 0x7ffff000;      /* MAX_RW_COUNT */
    while (done < count) {
        const struct mm_region *r = mm_find(&p->mm, buf + done);
        if (!r || !(r->prot & PROT_READ)) return done ? (i128)done : -EFAULT;
        u128 avail = r->end - (buf + done);
        size_t n = (size_t)(avail < count - done ? avail : count - done);
        ssize_t w = write(fd, r->host + (size_t)(buf + done - r->start), n);
        if (w < 0) return done ? (i128)done : -errno;
        done += (u128)w;
        if ((size_t)w < n) break;
    }
    return (i128)done;
}

static int linux_ecall(struct hart *h)
{
    struct proc *p = h->os;
    u128 nr = hart_get_x(h, 17);
    i128 ret;
    switch ((u64)nr == nr ? (u64)nr : ~(u64)0) {
    case NR_write:
        ret = sys_write(p, (int)hart_get_x(h, 10), hart_get_x(h, 11), hart_get_x(h, 12));
        break;
    case NR_exit:
    case NR_exit_group:
        p->exit_code = (int)(hart_get_x(h, 10) & 0xff);
        p->exited = true;
        return 1;
    default:
        ret = -ENOSYS;
        break;
    }
    hart_set_x(h, 10, (u128)ret);
    return 0;
}

const struct hart_ops linux_ops = { linux_ecall };
