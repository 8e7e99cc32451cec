/* kill() reaches the guest's handler whatever the signal's number, 1 to 64 (SIGKILL and
 * SIGSTOP aside), including 32 and 33, which the host's libc keeps for itself: zl-run used
 * to die of them.  The actions are set with the raw system call because glibc refuses 32
 * and 33 in sigaction(). */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

static volatile int got;
static void on_sig(int s) { got = s; }

int main(void)
{
    int missed = 0;
    for (int s = 1; s <= 64; s++) {
        if (s == SIGKILL || s == SIGSTOP) continue;
        struct { void *handler; unsigned long flags; unsigned long mask; } k = { (void *)on_sig, 0, 0 };
        if (syscall(SYS_rt_sigaction, s, &k, NULL, 8)) { printf("%d: rt_sigaction failed\n", s); missed++; continue; }
        got = 0;
        syscall(SYS_kill, getpid(), s);
        if (got != s) { printf("%d: handler did not run\n", s); missed++; }
    }
    printf("%d of 62 signals missed their handler\n", missed);
    return 0;
}
