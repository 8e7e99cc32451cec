/* Signals and threads: pthread_kill reaches the thread it names; a process-directed
 * signal goes to a thread that does not block it; masks are per thread; a signal
 * interrupts a thread blocked in a system call while others compute. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static volatile pid_t handled_on;
static volatile int handled;
static void on_sig(int sig)
{
    (void)sig;
    handled_on = gettid();
    handled++;
}

static volatile pid_t worker_tid;
static volatile int stop;
static void *spinner(void *arg)
{
    (void)arg;
    worker_tid = gettid();
    while (!stop) {}
    return NULL;
}

static int pipefd[2];
static void *reader(void *arg)
{
    (void)arg;
    worker_tid = gettid();
    char c;
    ssize_t r = read(pipefd[0], &c, 1);
    return (void *)(long)(r < 0 ? -errno : r);
}

int main(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sig;
    sigaction(SIGUSR1, &sa, NULL);
    sigaction(SIGUSR2, &sa, NULL);

    /* thread-directed: the handler runs on the named thread, even while it spins */
    pthread_t t;
    pthread_create(&t, NULL, spinner, NULL);
    while (!worker_tid) {}
    pthread_kill(t, SIGUSR1);
    while (!handled) {}
    printf("pthread_kill: handled on the target thread: %s\n", handled_on == worker_tid ? "yes" : "no");

    /* process-directed with the main thread blocking it: the worker takes it */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR2);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    handled = 0;
    kill(getpid(), SIGUSR2);
    while (!handled) {}
    printf("kill with main blocking: handled on the worker: %s\n", handled_on == worker_tid ? "yes" : "no");
    stop = 1;
    pthread_join(t, NULL);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);

    /* a thread blocked in read() is interrupted by a signal sent to it */
    pipe(pipefd);
    worker_tid = 0;
    handled = 0;
    pthread_create(&t, NULL, reader, NULL);
    while (!worker_tid) {}
    usleep(50000);
    pthread_kill(t, SIGUSR1);
    void *r;
    pthread_join(t, &r);
    printf("read interrupted: %s (handled %d)\n", (long)r == -EINTR ? "EINTR" : "no", handled);

    /* the main thread's mask did not change the worker's and vice versa */
    sigset_t cur;
    pthread_sigmask(SIG_SETMASK, NULL, &cur);
    printf("main blocks SIGUSR2 now: %d\n", sigismember(&cur, SIGUSR2));
    return 0;
}
