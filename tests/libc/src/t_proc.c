/* Processes and signals: fork/waitpid/exit statuses, execve through popen and system,
 * atexit order, sigaction with SA_SIGINFO and sigqueue values, sigprocmask/sigpending,
 * setjmp/longjmp and sigsetjmp/siglongjmp (mask restored), abort's status. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <setjmp.h>
#include <unistd.h>
#include <errno.h>
#include <sys/wait.h>

static volatile sig_atomic_t got, got_val, got_code;
static void on_usr1(int s, siginfo_t *si, void *uc)
{
    (void)uc;
    got = s;
    got_code = si->si_code;
    got_val = si->si_code == SI_QUEUE ? si->si_value.sival_int : -1;
}

static sigjmp_buf sj;
static void on_usr2(int s)
{
    siglongjmp(sj, s);
}

static jmp_buf jb;
static int depth(int n)
{
    if (n == 0)
        longjmp(jb, 42);
    return depth(n - 1) + 1;
}

static void ae1(void) { printf("atexit 1\n"); }
static void ae2(void) { printf("atexit 2\n"); }

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    /* exit statuses */
    for (int code = 0; code < 3; code++) {
        pid_t p = fork();
        if (p == 0)
            _exit(code * 7);
        int st;
        pid_t w = waitpid(p, &st, 0);
        printf("child exit: %d %d %d\n", w == p, WIFEXITED(st), WEXITSTATUS(st));
    }
    pid_t p = fork();
    if (p == 0) {
        raise(SIGTERM);
        _exit(1);
    }
    int st;
    waitpid(p, &st, 0);
    printf("child signal: %d %d\n", WIFSIGNALED(st), WTERMSIG(st));
    p = fork();
    if (p == 0)
        abort();
    waitpid(p, &st, 0);
    printf("abort: %d %d\n", WIFSIGNALED(st), WTERMSIG(st));
    printf("waitpid no child: %d %d\n", waitpid(-1, &st, WNOHANG), errno == ECHILD);
    /* popen / system (execve of /bin/sh) */
    FILE *f = popen("echo from-shell; echo line2; exit 3", "r");
    char buf[64];
    while (f && fgets(buf, sizeof buf, f))
        printf("popen: %s", buf);
    if (f) {
        int s = pclose(f);
        printf("pclose: %d %d\n", WIFEXITED(s), WEXITSTATUS(s));
    }
    int s = system("exit 5");
    printf("system: %d %d\n", WIFEXITED(s), WEXITSTATUS(s));
    /* signals */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_usr1;
    sa.sa_flags = SA_SIGINFO;
    sigemptyset(&sa.sa_mask);
    printf("sigaction: %d\n", sigaction(SIGUSR1, &sa, NULL));
    raise(SIGUSR1);
    printf("raise: sig %d code-user %d\n", got, got_code == SI_TKILL || got_code == SI_USER);
    union sigval v;
    memset(&v, 0, sizeof v);
    v.sival_int = 1234;
    sigqueue(getpid(), SIGUSR1, v);
    printf("sigqueue: value %d code %d\n", got_val, got_code == SI_QUEUE);
    struct sigaction old;
    sigaction(SIGUSR1, NULL, &old);
    printf("old action: %d %d\n", old.sa_sigaction == on_usr1, (old.sa_flags & SA_SIGINFO) != 0);
    sigset_t set, pend;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    sigprocmask(SIG_BLOCK, &set, NULL);
    got = 0;
    raise(SIGUSR1);
    sigpending(&pend);
    printf("blocked: got %d pending %d\n", got, sigismember(&pend, SIGUSR1));
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    printf("unblocked: got %d\n", got);
    /* jumps */
    volatile int count = 0;
    int r = setjmp(jb);
    if (r == 0) {
        count++;
        depth(10);
    }
    printf("longjmp: %d count %d\n", r, count);
    signal(SIGUSR2, on_usr2);
    r = sigsetjmp(sj, 1);
    if (r == 0)
        raise(SIGUSR2);
    sigset_t cur;
    sigprocmask(SIG_BLOCK, NULL, &cur);
    printf("siglongjmp: %d mask restored %d\n", r, !sigismember(&cur, SIGUSR2));
    printf("strsignal: %s / %s\n", strsignal(SIGSEGV), strsignal(SIGINT));
    atexit(ae1);
    atexit(ae2);
    printf("end of main\n");
    return 0;
}
