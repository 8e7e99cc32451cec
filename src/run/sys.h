/* System-call handlers.  Every handler has the same signature in every personality: it
 * gets the logical arguments formed by the generated decoder (zl_sys_decode: each value
 * truncated to its declared type and sign- or zero-extended to 128 bits, rv32 register
 * pairs joined, pointers as guest addresses) and returns the result or -errno.  Which
 * number reaches which handler, and how --strace shows each argument, is the generated
 * table of the personality (abi/, docs/abigen.md). */
#ifndef ZL_RUN_SYS_H
#define ZL_RUN_SYS_H

#include <stddef.h>
#include <sys/types.h>
#include <time.h>
#include <zl/types.h>

#include "run/proc.h"
#include "zl_abi.h"     /* the prototype of every handler: i128 sys_NAME(struct task *, const u128 *) */

/* The personality's id in the generated tables (zl_abi.h's enum zl_pers). */
static inline int sys_pers(const struct task *p)
{
    return p->proc->lay.xlen == 32 ? 0 : p->proc->lay.xlen == 64 ? 1 : 2;
}

/* Copy n host bytes to / from guest memory: 0 or -EFAULT. */
static inline int put_guest(struct task *p, u128 addr, const void *src, size_t n)
{
    return mm_write(&p->proc->mm, addr, src, n, NULL) ? 0 : -EFAULT;
}
static inline int get_guest(struct task *p, u128 addr, void *dst, size_t n)
{
    return mm_read(&p->proc->mm, addr, dst, n, NULL) ? 0 : -EFAULT;
}

/* Linux's access_ok: does [addr, addr + len) lie in user space, below the task size?
 * Every handler that takes a user buffer and a length checks it before any I/O, so a
 * range that wraps or leaves user space is -EFAULT however much of it is mapped
 * (docs/abi.md §6.3).  The rv128 task size is 2^119, above 2^64. */
static inline bool guest_access_ok(const struct task *p, u128 addr, u128 len)
{
    return len <= p->proc->lay.task_size && addr <= p->proc->lay.task_size - len;
}

/* Linux's cap on the bytes one read/write-like call transfers: INT_MAX & PAGE_MASK. */
#define MAX_RW_COUNT ((u128)0x7ffff000)

/* The error for a bad user buffer on fd: -EBADF if fd is not open for the transfer
 * (Linux checks the file first), else -EFAULT. */
i128 guest_fd_fault(int fd, bool to_guest);

/* Linux's import_iovec checks over n converted guest iovecs, before any I/O: a length
 * negative as the personality's ssize_t is -EINVAL (whichever iovec has it), then a
 * buffer outside user space is -EFAULT (a lone iovec is first capped at MAX_RW_COUNT);
 * the lengths are capped so that the total is at most MAX_RW_COUNT.  Returns the total. */
struct zl_iovec;
i128 guest_iov_import(const struct task *p, struct zl_iovec *v, size_t n);

/* Copy a NUL-terminated guest string into buf: 0, -EFAULT or -ENAMETOOLONG. */
int guest_str(struct task *p, u128 addr, char *buf, size_t size);

/* A guest path argument ready for the host: guest_str, then /proc/self/exe names the
 * guest program and, with -L DIR, an absolute path that exists under DIR is used from
 * there (qemu-user's rule). */
int guest_path(struct task *p, u128 addr, char *buf, size_t size);

/* Move up to len bytes between a guest buffer and a host file descriptor, region by
 * region, straight from the guest's mappings (Linux semantics: a short count once
 * something was transferred, -EFAULT if the first byte is not accessible).  Without pos,
 * a /proc/self/mem descriptor moves them to or from guest memory (procfs.c). */
i128 guest_fd_io(struct task *p, int fd, u128 addr, u128 len, bool to_guest, off_t *pos);

/* The personality's struct timespec at guest address addr (sys_time.c). */
i128 get_timespec(struct task *p, u128 addr, struct timespec *ts);
i128 put_timespec(struct task *p, u128 addr, const struct timespec *ts);


/* A thread ends: every robust futex on its list (set_robust_list) that it still owns is
 * marked FUTEX_OWNER_DIED and one waiter woken, as Linux's exit_robust_list (sys_futex.c). */
void futex_exit_robust_list(struct task *p);

/* Before a signal frame is built: refresh rseq's cpu_id and, if the pc is inside the
 * registered critical section, move it to the abort handler.  False means the rseq area
 * or descriptor is bad: the process then gets SIGSEGV, as on Linux. */
bool rseq_signal_fixup(struct task *p);

/* Temporary signal masks (signal.c).  signal_mask_temp installs mask for the duration
 * of a call and saves the guest's own; the next signal frame records the saved mask
 * (so sigreturn restores it), and signal_mask_restore puts it back if no handler ran. */
void signal_mask_temp(struct task *p, u64 mask);
/* The full sigev_value of a POSIX timer, for the siginfo of its signals (signal.c). */
void signal_timer_value(int id, u128 value);
void signal_mask_restore(struct task *p);

#endif
