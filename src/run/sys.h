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

typedef i128 sys_fn(struct task *p, const u128 *a);

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

/* Handlers (sys_mem.c, sys_io.c, sys_proc.c). */
sys_fn sys_brk, sys_mmap, sys_mmap2, sys_munmap, sys_mprotect, sys_madvise, sys_mremap;
sys_fn sys_read, sys_write, sys_pread64, sys_pwrite64, sys_openat, sys_close, sys_lseek,
    sys_llseek, sys_readlinkat, sys_dup, sys_dup3, sys_pipe2, sys_unlinkat, sys_mkdirat,
    sys_fsync, sys_ftruncate, sys_faccessat, sys_fchmod, sys_chdir, sys_getcwd;
sys_fn sys_exit, sys_exit_group, sys_getpid, sys_getppid, sys_gettid, sys_getuid,
    sys_geteuid, sys_getgid, sys_getegid, sys_set_tid_address, sys_set_robust_list,
    sys_getrandom, sys_uname, sys_prlimit64, sys_sched_yield, sys_umask, sys_kill,
    sys_tgkill, sys_rt_sigprocmask, sys_enosys, sys_clone, sys_execve, sys_wait4;
sys_fn sys_newfstatat, sys_fstat, sys_statx, sys_getdents64, sys_renameat2, sys_linkat,
    sys_symlinkat, sys_fchmodat, sys_fchownat, sys_fchown, sys_truncate, sys_fdatasync,
    sys_faccessat2, sys_utimensat, sys_fchdir, sys_readv, sys_writev, sys_preadv,
    sys_pwritev, sys_ioctl, sys_fcntl;
sys_fn sys_clock_gettime, sys_clock_getres, sys_gettimeofday, sys_nanosleep,
    sys_clock_nanosleep, sys_times, sys_sysinfo, sys_getrusage, sys_getitimer, sys_setitimer;
sys_fn sys_rt_sigaction, sys_sigaltstack, sys_rt_sigreturn, sys_rt_sigpending, sys_ppoll,
    sys_pselect6, sys_rt_sigsuspend, sys_rt_sigtimedwait, sys_rt_sigqueueinfo, sys_rt_tgsigqueueinfo;
sys_fn sys_sendfile, sys_getrlimit, sys_setrlimit, sys_prctl, sys_waitid;
sys_fn sys_setuid, sys_setgid, sys_setreuid, sys_setregid, sys_setresuid, sys_setresgid,
    sys_setfsuid, sys_setfsgid, sys_setpgid, sys_getpgid, sys_getsid, sys_setsid, sys_tkill,
    sys_getpriority, sys_setpriority, sys_getresuid, sys_getresgid, sys_getgroups,
    sys_setgroups, sys_rseq;
sys_fn sys_statfs, sys_fstatfs, sys_statfs64, sys_fstatfs64, sys_flock, sys_sync, sys_syncfs,
    sys_fallocate, sys_fadvise64, sys_close_range, sys_memfd_create, sys_eventfd2, sys_msync,
    sys_mlock, sys_munlock, sys_mincore, sys_getcpu, sys_sched_getaffinity,
    sys_sched_setaffinity, sys_sched_getscheduler, sys_sched_getparam, sys_membarrier;
sys_fn sys_futex, sys_clone3, sys_riscv_flush_icache, sys_mknodat;
sys_fn sys_timer_create, sys_timer_settime, sys_timer_gettime, sys_timer_getoverrun,
    sys_timer_delete;

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
sys_fn sys_socket, sys_listen, sys_shutdown, sys_socketpair, sys_bind, sys_connect,
    sys_accept4, sys_accept, sys_getsockname, sys_getpeername, sys_sendto, sys_recvfrom,
    sys_setsockopt, sys_getsockopt, sys_sendmsg, sys_recvmsg, sys_sendmmsg, sys_recvmmsg;

#endif
