/* Signals: handlers with siginfo, masks, sigaltstack, synchronous faults (SIGSEGV with
 * si_addr, SIGILL) recovered with siglongjmp, kill between processes, a signal that
 * interrupts a blocking read (EINTR) and one that restarts it (SA_RESTART). */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t got, got_code, on_alt;
static volatile uintptr_t fault_addr;
static sigjmp_buf jb;
static char altstack[65536];

static void on_usr1(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    got = sig;
    got_code = si->si_code;
    char here;
    on_alt = &here >= altstack && &here < altstack + sizeof altstack;
}

static void on_fault(int sig, siginfo_t *si, void *uc)
{
    (void)uc;
    got = sig;
    got_code = si->si_code;
    fault_addr = (uintptr_t)si->si_addr;
    siglongjmp(jb, 1);
}

static void on_alarm(int sig) { got = sig; }

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_usr1;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGUSR1, &sa, NULL);
    raise(SIGUSR1);
    printf("usr1: got %d code %d (SI_TKILL %d) on_alt %d\n", got, got_code, SI_TKILL, on_alt);

    stack_t ss = { .ss_sp = altstack, .ss_size = sizeof altstack, .ss_flags = 0 };
    printf("sigaltstack %d\n", sigaltstack(&ss, NULL));
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigaction(SIGUSR1, &sa, NULL);
    got = 0;
    raise(SIGUSR1);
    printf("usr1 on altstack: got %d on_alt %d\n", got, on_alt);

    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    sigprocmask(SIG_BLOCK, &set, &old);
    got = 0;
    raise(SIGUSR1);
    printf("blocked: got %d pending %d\n", got, (sigpending(&set), sigismember(&set, SIGUSR1)));
    sigprocmask(SIG_SETMASK, &old, NULL);
    printf("unblocked: got %d\n", got);

    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGILL, &sa, NULL);
    if (!sigsetjmp(jb, 1)) *(volatile int *)(uintptr_t)0x40 = 1;
    printf("segv: got %d code %d (MAPERR %d) addr %#lx\n", got, got_code, SEGV_MAPERR,
           (unsigned long)fault_addr);
    if (!sigsetjmp(jb, 1)) __asm__ volatile(".word 0xffff7033");
    printf("ill: got %d code %d (ILLOPC %d)\n", got, got_code, ILL_ILLOPC);

    int pfd[2];
    pipe(pfd);
    signal(SIGALRM, on_alarm);           /* glibc signal(): SA_RESTART */
    pid_t child = fork();
    if (child == 0) {
        usleep(50000);
        kill(getppid(), SIGALRM);
        usleep(50000);
        write(pfd[1], "x", 1);
        _exit(0);
    }
    char c = 0;
    got = 0;
    ssize_t n = read(pfd[0], &c, 1);     /* interrupted, restarted, then reads "x" */
    printf("restart: got %d read %zd '%c'\n", got, n, c);
    waitpid(child, NULL, 0);
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;            /* no SA_RESTART: EINTR */
    sigaction(SIGALRM, &sa, NULL);
    child = fork();
    if (child == 0) {
        usleep(50000);
        kill(getppid(), SIGALRM);
        _exit(0);
    }
    errno = 0;
    n = read(pfd[0], &c, 1);
    printf("eintr: got %d read %zd errno %d\n", got, n, errno);
    waitpid(child, NULL, 0);

    child = fork();
    if (child == 0) { pause(); _exit(1); }
    kill(child, SIGTERM);
    int st;
    waitpid(child, &st, 0);
    printf("child killed by %d\n", WIFSIGNALED(st) ? WTERMSIG(st) : -1);
    return 0;
}
