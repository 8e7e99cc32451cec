/* The fault signals (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP) sent by kill, tgkill and
 * sigqueue reach the guest's handler with the sender's si_code; blocked they stay pending
 * until unblocked; ignored they do nothing; with the default action they kill.  zl-run
 * used to die itself on a sent SIGSEGV. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile int got_sig, got_code, got_pid, got_val;

static void on_sig(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    got_sig = sig;
    got_code = si->si_code;
    got_pid = si->si_pid;
    got_val = si->si_code == SI_QUEUE ? si->si_value.sival_int : 0;
}

static void show(const char *how, int sig)
{
    printf("%s %d: handler %d code %d pid %s val %d\n", how, sig, got_sig, got_code,
           got_pid == getpid() ? "self" : "other", got_val);
    got_sig = got_code = got_pid = got_val = 0;
}

int main(void)
{
    static const int sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP };
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_sig;
    sa.sa_flags = SA_SIGINFO;
    for (unsigned k = 0; k < sizeof sigs / sizeof *sigs; k++) {
        int s = sigs[k];
        sigaction(s, &sa, NULL);
        kill(getpid(), s);
        show("kill", s);
        raise(s);
        show("raise", s);
        sigqueue(getpid(), s, (union sigval){ .sival_int = 40 + s });
        show("sigqueue", s);
    }
    sigset_t set, pend;
    sigemptyset(&set);
    sigaddset(&set, SIGSEGV);
    sigprocmask(SIG_BLOCK, &set, NULL);
    kill(getpid(), SIGSEGV);
    sigpending(&pend);
    printf("blocked: handler %d pending %d\n", got_sig, sigismember(&pend, SIGSEGV));
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    show("unblocked", SIGSEGV);
    signal(SIGBUS, SIG_IGN);
    kill(getpid(), SIGBUS);
    printf("ignored: still here\n");
    for (unsigned k = 0; k < sizeof sigs / sizeof *sigs; k++) {
        fflush(stdout);
        pid_t pid = fork();
        if (pid == 0) {
            signal(sigs[k], SIG_DFL);
            kill(getpid(), sigs[k]);
            _exit(0);
        }
        int st;
        waitpid(pid, &st, 0);
        printf("default %d: %s %d\n", sigs[k], WIFSIGNALED(st) ? "killed by" : "exit",
               WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
    }
    return 0;
}
