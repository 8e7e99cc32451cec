/* Queued real-time signals (issue 19): Linux keeps one siginfo per sigqueue of a real-time
 * signal and delivers the lowest number first, in order within one number; a standard
 * signal sent twice while blocked arrives once, with the first sender's siginfo.  Each
 * handler call records the signal and its value. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int seen_sig[64], seen_val[64];
static volatile int nseen;

static void handler(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    if (nseen < 64) {
        seen_sig[nseen] = sig;
        seen_val[nseen] = si->si_value.sival_int;
        nseen++;
    }
}

static const char *name(int sig)
{
    static char buf[16];
    if (sig == SIGUSR1) return "SIGUSR1";
    snprintf(buf, sizeof buf, "SIGRTMIN+%d", sig - SIGRTMIN);
    return buf;
}

static void send(int sig, int value)
{
    union sigval v = { .sival_int = value };
    if (sigqueue(getpid(), sig, v)) perror("sigqueue");
}

static void report(const char *what)
{
    printf("%s:", what);
    for (int k = 0; k < nseen; k++) printf(" %s=%d", name(seen_sig[k]), seen_val[k]);
    printf("\n");
    nseen = 0;
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = handler;
    sa.sa_flags = SA_SIGINFO;
    sigfillset(&sa.sa_mask);        /* one handler at a time: the order is the delivery order */
    sigset_t set;
    sigemptyset(&set);
    int sigs[] = { SIGUSR1, SIGRTMIN, SIGRTMIN + 1, SIGRTMIN + 2 };
    for (int k = 0; k < 4; k++) {
        sigaction(sigs[k], &sa, NULL);
        sigaddset(&set, sigs[k]);
    }

    /* blocked while they are sent, then unblocked at once */
    sigprocmask(SIG_BLOCK, &set, NULL);
    send(SIGRTMIN + 1, 1);
    send(SIGRTMIN + 2, 20);
    send(SIGRTMIN + 1, 2);
    send(SIGUSR1, 7);
    send(SIGRTMIN, 10);
    send(SIGRTMIN + 1, 3);
    send(SIGUSR1, 8);
    sigset_t pend;
    sigpending(&pend);
    printf("pending: USR1 %d RTMIN %d RTMIN+1 %d RTMIN+2 %d\n", sigismember(&pend, SIGUSR1),
           sigismember(&pend, SIGRTMIN), sigismember(&pend, SIGRTMIN + 1),
           sigismember(&pend, SIGRTMIN + 2));
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    report("unblocked");

    /* sigwaitinfo takes them one at a time, in the same order */
    sigprocmask(SIG_BLOCK, &set, NULL);
    send(SIGRTMIN + 2, 21);
    send(SIGRTMIN + 1, 4);
    send(SIGRTMIN + 1, 5);
    send(SIGRTMIN, 11);
    printf("sigwaitinfo:");
    for (int k = 0; k < 4; k++) {
        siginfo_t si;
        int sig = sigwaitinfo(&set, &si);
        printf(" %s=%d", sig > 0 ? name(sig) : "error", si.si_value.sival_int);
    }
    printf("\n");

    /* a handler that runs while more of its signal are queued sees them one by one */
    send(SIGRTMIN, 30);
    send(SIGRTMIN, 31);
    send(SIGRTMIN, 32);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    report("again");
    sigprocmask(SIG_BLOCK, &set, NULL);
    sigpending(&pend);
    printf("left pending: %d\n", sigismember(&pend, SIGRTMIN));
    return 0;
}
