/* The Linux personality's system-call entry: number -> handler, per personality.
 *
 * The numbers follow the asm-generic table (docs/abi.md §4); rv32 differs where the
 * 32-bit asm-generic ABI does (llseek, mmap2).  Numbers without a handler return
 * -ENOSYS.  This table is the interim one: the generated tables from abi/ (issue 5)
 * replace it, keeping these handlers. */
#include <errno.h>

#include "run/sys.h"

struct sys_entry { u16 nr; sys_fn *fn; };

/* rv64 and rv128 (and rv32 unless overridden below) */
static const struct sys_entry common[] = {
    { 17, sys_getcwd }, { 23, sys_dup }, { 24, sys_dup3 }, { 34, sys_mkdirat },
    { 35, sys_unlinkat }, { 46, sys_ftruncate }, { 48, sys_faccessat }, { 49, sys_chdir },
    { 52, sys_fchmod }, { 56, sys_openat }, { 57, sys_close }, { 59, sys_pipe2 },
    { 62, sys_lseek }, { 63, sys_read }, { 64, sys_write }, { 67, sys_pread64 },
    { 68, sys_pwrite64 }, { 78, sys_readlinkat }, { 82, sys_fsync }, { 93, sys_exit },
    { 94, sys_exit_group }, { 96, sys_set_tid_address }, { 99, sys_set_robust_list },
    { 124, sys_sched_yield }, { 129, sys_kill }, { 131, sys_tgkill },
    { 135, sys_rt_sigprocmask }, { 160, sys_uname }, { 166, sys_umask }, { 172, sys_getpid },
    { 173, sys_getppid }, { 174, sys_getuid }, { 175, sys_geteuid }, { 176, sys_getgid },
    { 177, sys_getegid }, { 178, sys_gettid }, { 214, sys_brk }, { 215, sys_munmap },
    { 222, sys_mmap }, { 226, sys_mprotect }, { 233, sys_madvise }, { 261, sys_prlimit64 },
    { 278, sys_getrandom }, { 220, sys_clone }, { 221, sys_execve }, { 260, sys_wait4 },
};

#define NSYS 512
static sys_fn *table[3][NSYS];   /* [xlen index][nr] */

static void build_tables(void)
{
    for (int x = 0; x < 3; x++)
        for (size_t i = 0; i < sizeof common / sizeof common[0]; i++)
            table[x][common[i].nr] = common[i].fn;
    table[0][62] = sys_llseek;     /* rv32: _llseek */
    table[0][222] = sys_mmap2;     /* rv32: mmap2 */
    table[0][260] = NULL;          /* rv32 has no wait4 (waitid only) */
}

static int linux_ecall(struct hart *h)
{
    struct proc *p = h->os;
    if (!table[0][64]) build_tables();
    u128 nr = hart_get_x(h, 17);
    int xi = h->xlen == 32 ? 0 : h->xlen == 64 ? 1 : 2;
    sys_fn *fn = nr < NSYS ? table[xi][(size_t)nr] : NULL;
    u128 a[6];
    for (int k = 0; k < 6; k++) a[k] = hart_get_x(h, 10 + (unsigned)k);
    i128 ret = fn ? fn(p, a) : -ENOSYS;
    if (p->exited) return 1;
    hart_set_x(h, 10, (u128)ret);
    return 0;
}

const struct hart_ops linux_ops = { linux_ecall };
