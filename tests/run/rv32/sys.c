/* rv32 system calls whose rv32 layouts differ from rv64's (built freestanding with
 * tests/lib/guest, -march=rv32gc -mabi=ilp32d): mmap2 + mremap, sendfile64's 8-byte
 * loff_t, waitid's siginfo (union at 12), prlimit64, a queued sigval through
 * rt_sigqueueinfo + rt_sigtimedwait_time64, and the 16-byte old itimerval.  One line per
 * group; a failing check exits with its number. */
#include "guest.h"

static long sc6(long n, long a, long b, long c, long d, long e, long f)
{
    register long a0 __asm__("a0") = a;
    register long a1 __asm__("a1") = b;
    register long a2 __asm__("a2") = c;
    register long a3 __asm__("a3") = d;
    register long a4 __asm__("a4") = e;
    register long a5 __asm__("a5") = f;
    register long a7 __asm__("a7") = n;
    __asm__ volatile("ecall" : "+r"(a0) : "r"(a1), "r"(a2), "r"(a3), "r"(a4), "r"(a5), "r"(a7)
                     : "memory");
    return a0;
}
#define SC(n, a, b, c, d, e, f) sc6(n, (long)(a), (long)(b), (long)(c), (long)(d), (long)(e), (long)(f))

static int check;
static void need(int n, int ok)
{
    check = n;
    if (!ok) guest_syscall1(SYS_exit_group, n);
}

int main(void)
{
    /* mmap2 and mremap */
    char *m = (char *)SC(222, 0, 8192, 3, 0x22, -1, 0);      /* mmap2 */
    need(1, (unsigned long)m < 0xfffff000u);
    m[4096] = 'm';
    char *g = (char *)SC(216, m, 8192, 5 * 4096, 1, 0, 0);   /* mremap MAYMOVE */
    need(2, (unsigned long)g < 0xfffff000u && g[4096] == 'm' && g[4 * 4096] == 0);
    put_str("mremap ok\n");

    /* sendfile64 with an 8-byte loff_t */
    long fd = SC(56, -100, "zl-rv32-sys.tmp", 0x242, 0600, 0, 0);
    need(3, fd >= 0);
    SC(64, fd, "0123456789", 10, 0, 0, 0);
    int64_t off = 2;
    need(4, SC(71, 1, fd, &off, 3, 0, 0) == 3 && off == 5);
    SC(35, -100, "zl-rv32-sys.tmp", 0, 0, 0, 0);
    put_str(" sendfile ok\n");

    /* waitid: si_pid at 12, si_uid 16, si_status 20 */
    long pid = SC(220, 17, 0, 0, 0, 0, 0);                    /* clone: fork */
    if (pid == 0) guest_syscall1(SYS_exit_group, 7);
    need(5, pid > 0);
    int32_t info[32];
    memset(info, 0, sizeof info);
    need(6, SC(95, 0, 0, info, 4, 0, 0) == 0);
    need(7, info[0] == 17 && info[2] == 1 && info[3] == pid && info[5] == 7);
    put_str("waitid ok\n");

    /* prlimit64: struct rlimit64 is two u64 */
    uint64_t rl[2] = { 0, 0 };
    need(8, SC(261, 0, 7, 0, rl, 0, 0) == 0 && rl[0] > 0 && rl[0] <= rl[1]);
    put_str("prlimit64 ok\n");

    /* a queued sigval: _rt is pid 12, uid 16, sigval 20 */
    uint64_t set = 1u << 9;                                   /* SIGUSR1 */
    need(9, SC(135, 0, &set, 0, 8, 0, 0) == 0);               /* block it */
    long me = SC(172, 0, 0, 0, 0, 0, 0);
    memset(info, 0, sizeof info);
    info[0] = 10;
    info[2] = -1;                                             /* SI_QUEUE */
    info[3] = (int32_t)me;
    info[5] = 0x12345678;
    need(10, SC(138, me, 10, info, 0, 0, 0) == 0);
    int32_t got[32];
    memset(got, 0, sizeof got);
    int64_t ts[2] = { 0, 0 };                                 /* struct __kernel_timespec */
    need(11, SC(421, &set, got, ts, 8, 0, 0) == 10);          /* rt_sigtimedwait_time64 */
    need(12, got[0] == 10 && got[2] == -1 && got[3] == me && got[5] == 0x12345678);
    put_str("sigval ok\n");

    /* setitimer/getitimer: struct __kernel_old_itimerval, four 32-bit longs */
    int32_t itv[4] = { 0, 0, 5, 0 }, cur[4] = { 0, 0, 0, 0 }, zero[4] = { 0, 0, 0, 0 };
    need(13, SC(103, 0, itv, 0, 0, 0, 0) == 0);
    need(14, SC(102, 0, cur, 0, 0, 0, 0) == 0 && cur[2] >= 4 && cur[2] <= 5 &&
                 cur[3] >= 0 && cur[3] < 1000000);
    SC(103, 0, zero, 0, 0, 0, 0);
    put_str("itimerval ok\n");
    return 0;
}
