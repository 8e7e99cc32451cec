/* What differs from qemu-user on purpose, checked against Linux's documented behaviour
 * (linuxrules.expected): a thread runs and is joined, and fork afterwards copies only the
 * calling thread, and execve from a thread ends the others; vfork suspends the parent until the child execs or exits, and the
 * child shares the parent's memory;
 * SA_RESTART does not restart sleeps, ppoll or sigsuspend (signal(7)); a temporary mask
 * (ppoll, sigsuspend) lets a signal through and the frame restores the caller's mask;
 * a critical section registered with rseq that a signal interrupts continues at its
 * abort handler (qemu-user 7.2 has no rseq); set_robust_list refuses a wrong length. */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/rseq.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void *thread_main(void *arg) { return arg; }

/* execve from a thread that is not the main one: the other threads vanish and the new
 * program keeps the process id (POSIX, Linux's de_thread) */
static char *self_path;
static void *exec_from_thread(void *arg)
{
    char pid[16];
    snprintf(pid, sizeof pid, "%d", (int)getpid());
    char *av[] = { self_path, "from-thread", pid, NULL };
    execv(self_path, av);
    return arg;
}

static volatile sig_atomic_t got, blocked_in_handler;
static void on_sig(int sig)
{
    sigset_t now;
    sigprocmask(SIG_SETMASK, NULL, &now);
    blocked_in_handler = sigismember(&now, SIGUSR2);
    got = sig;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "child")) {
        printf("exec'd vfork child\n");
        return 3;
    }
    if (argc > 2 && !strcmp(argv[1], "from-thread")) {
        printf("exec'd from a thread, same process id: %d\n", getpid() == atoi(argv[2]));
        return 4;
    }
    self_path = argv[0];
    /* a thread, joined; malloc and fork still work afterwards */
    pthread_t t;
    void *ret = NULL;
    int r = pthread_create(&t, NULL, thread_main, (void *)42);
    if (!r) r = pthread_join(t, &ret);
    printf("pthread_create: %s, joined %ld\n", r ? "failed" : "succeeded", (long)ret);
    char *m = malloc(100000);
    memset(m, 1, 100000);
    free(m);
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) _exit(5);
    int st;
    waitpid(pid, &st, 0);
    printf("after it: malloc ok, fork ok (child exited %d)\n", WEXITSTATUS(st));

    /* vfork: the parent continues only once the child has exec'd or exited */
    fflush(stdout);
    pid = vfork();
    if (pid == 0) {
        char *av[] = { argv[0], "child", NULL };
        execv(argv[0], av);
        _exit(99);
    }
    waitpid(pid, &st, 0);
    printf("vfork child exec'd and exited %d\n", WEXITSTATUS(st));
    /* the vfork child shares the parent's memory (qemu-user makes it a fork) */
    static volatile int set_by_child;
    pid = vfork();
    if (pid == 0) {
        set_by_child = 42;
        _exit(0);
    }
    waitpid(pid, &st, 0);
    printf("vfork child's store seen by the parent: %d\n", set_by_child);
    /* so glibc's posix_spawn reports a failed exec as its result, not as status 127 */
    char *missing[] = { "/nonexistent/program", NULL };
    r = posix_spawn(&pid, missing[0], NULL, NULL, missing, NULL);
    if (!r) waitpid(pid, &st, 0);
    printf("posix_spawn of a missing program: %s\n", strerror(r));
    fflush(stdout);
    pid = vfork();
    if (pid == 0) {
        write(1, "vfork child runs first\n", 23);
        _exit(4);
    }
    printf("vfork parent second\n");
    waitpid(pid, &st, 0);

    /* SA_RESTART does not restart nanosleep or ppoll */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sig;
    sa.sa_flags = SA_RESTART;
    sigaction(SIGALRM, &sa, NULL);
    sigaction(SIGUSR1, &sa, NULL);
    ualarm(100000, 0);
    struct timespec req = { 5, 0 }, rem = { 0, 0 };
    r = nanosleep(&req, &rem);
    printf("nanosleep with SA_RESTART: %d %s got=%d rem<5s %d\n", r, strerror(errno), got,
           rem.tv_sec < 5);
    got = 0;
    ualarm(100000, 0);
    r = poll(NULL, 0, 5000);
    printf("poll with SA_RESTART: %d %s got=%d\n", r, strerror(errno), got);

    /* ppoll's temporary mask: SIGUSR1 is blocked, pending, and let through by ppoll;
     * the handler runs with ppoll's mask, and the caller's mask comes back after */
    got = 0;
    sigset_t b, none, now;
    sigemptyset(&b);
    sigaddset(&b, SIGUSR1);
    sigprocmask(SIG_BLOCK, &b, NULL);
    sigaction(SIGUSR2, &sa, NULL);
    kill(getpid(), SIGUSR1);
    sigemptyset(&none);
    sigaddset(&none, SIGUSR2);
    struct timespec to = { 2, 0 };
    r = ppoll(NULL, 0, &to, &none);
    sigprocmask(SIG_SETMASK, NULL, &now);
    printf("ppoll mask: %d %s got=%d usr2 blocked in handler=%d usr1 blocked after=%d usr2 blocked after=%d\n",
           r, strerror(errno), got, blocked_in_handler, sigismember(&now, SIGUSR1),
           sigismember(&now, SIGUSR2));
    /* the same with sigsuspend */
    got = 0;
    kill(getpid(), SIGUSR1);
    r = sigsuspend(&none);
    sigprocmask(SIG_SETMASK, NULL, &now);
    printf("sigsuspend mask: %d %s got=%d usr2 blocked in handler=%d usr1 blocked after=%d\n",
           r, strerror(errno), got, blocked_in_handler, sigismember(&now, SIGUSR1));
    /* rseq (glibc 2.36 does not register it on riscv64: the program does): a critical
     * section that a signal interrupts continues at its abort handler */
    static struct rseq area __attribute__((aligned(32)));
    const unsigned sig = 0xf1401073;                /* RSEQ_SIG of riscv */
    area.cpu_id = 1234;
    long rr = syscall(SYS_rseq, &area, 32, 0, sig);
    printf("rseq: %ld cpu_id set %d\n", rr, area.cpu_id == area.cpu_id_start && area.cpu_id != 1234);
    rr = syscall(SYS_rseq, &area, 32, 0, sig);
    printf("rseq again: %ld %s\n", rr, strerror(errno));
    rr = syscall(SYS_rseq, &area, 32, 0, sig + 1);
    printf("rseq other signature: %ld %s\n", rr, strerror(errno));
    got = 0;
    struct itimerval it = { { 0, 0 }, { 0, 50000 } };
    setitimer(ITIMER_REAL, &it, NULL);
    long aborted;
    __asm__ volatile(
        "   .pushsection .data.rseq_cs, \"aw\"\n"
        "   .balign 32\n"
        "9: .word 0, 0\n"
        "   .dword 1f, 2f - 1f, 4f\n"
        "   .popsection\n"
        "   lla t0, 9b\n"
        "   sd t0, 8(%1)\n"
        "1: j 1b\n"                        /* spins until a signal moves it out */
        "2: li %0, 0\n"
        "   j 5f\n"
        "   .word 0xf1401073\n"            /* RSEQ_SIG */
        "4: li %0, 1\n"
        "5:\n"
        : "=r"(aborted) : "r"(&area) : "t0", "memory");
    printf("rseq abort: %ld got=%d rseq_cs cleared %d\n", aborted, got, area.rseq_cs == 0);
    rr = syscall(SYS_rseq, &area, 32, RSEQ_FLAG_UNREGISTER, sig);
    printf("rseq unregister: %ld cpu_id %d cpu_id_start %u\n", rr, (int)area.cpu_id,
           area.cpu_id_start);

    /* execve from a second thread, in a child process that then has two threads */
    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        pthread_t et;
        pthread_create(&et, NULL, exec_from_thread, NULL);
        for (;;) pause();
    }
    waitpid(pid, &st, 0);
    printf("execve from a thread: exit %d\n", WIFEXITED(st) ? WEXITSTATUS(st) : -1);

    /* set_robust_list checks its length (qemu-user 7.2 answers ENOSYS to every call) */
    printf("set_robust_list bad length: %ld %s\n", syscall(SYS_set_robust_list, NULL, 1),
           strerror(errno));
    return 0;
}
