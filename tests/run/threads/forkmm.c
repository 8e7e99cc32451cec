/* fork from a thread (the child has only that thread and can make its own), mappings
 * changed by several threads at once while another is blocked in read() and the main
 * thread runs programs with posix_spawn (a vfork child sharing the address space with
 * them), and exit while other threads still run or wait in a futex. */
#define _GNU_SOURCE
#include <pthread.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

static void *child_thread(void *arg) { return arg; }

static void *forker(void *arg)
{
    (void)arg;
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        pthread_t t;
        void *r = NULL;
        int ok = !pthread_create(&t, NULL, child_thread, (void *)5) && !pthread_join(t, &r);
        _exit(ok ? (int)(long)r : 99);
    }
    int st;
    waitpid(pid, &st, 0);
    return (void *)(long)WEXITSTATUS(st);
}

static int pipefd[2];
static void *blocked_reader(void *arg)
{
    (void)arg;
    char buf[8];
    ssize_t n = read(pipefd[0], buf, sizeof buf);
    return (void *)(long)n;
}

static void *mapper(void *arg)
{
    long id = (long)arg, bad = 0;
    for (int i = 0; i < 300; i++) {
        size_t len = (size_t)(1 + (i + id) % 7) * 65536;
        unsigned char *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) return (void *)-1L;
        memset(p, (int)id, len);
        mprotect(p, 4096, PROT_READ);
        for (size_t k = 0; k < len; k += 4096) bad += p[k] != (unsigned char)id;
        munmap(p, len);
        free(malloc(100000 + (size_t)i));
    }
    return (void *)bad;
}

static pthread_mutex_t wait_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wait_cv = PTHREAD_COND_INITIALIZER;
static void *waits_forever(void *arg)
{
    pthread_mutex_lock(&wait_lock);
    for (;;) pthread_cond_wait(&wait_cv, &wait_lock);     /* a futex wait nobody ends */
    return arg;
}

static volatile int never;
static void *forever(void *arg)
{
    while (!never) {}
    return arg;
}

int main(void)
{
    pthread_t f;
    void *r;
    pthread_create(&f, NULL, forker, NULL);
    pthread_join(f, &r);
    printf("fork from a thread: child's own thread returned %ld\n", (long)r);

    pipe(pipefd);
    pthread_t rd, m[3];
    pthread_create(&rd, NULL, blocked_reader, NULL);
    for (long i = 0; i < 3; i++) pthread_create(&m[i], NULL, mapper, (void *)(i + 1));
    extern char **environ;
    int spawned = 0;
    for (int i = 0; i < 10; i++) {
        char *av[] = { "true", NULL };
        pid_t pid;
        int st;
        if (!posix_spawnp(&pid, "true", NULL, NULL, av, environ) && waitpid(pid, &st, 0) == pid &&
            WIFEXITED(st) && WEXITSTATUS(st) == 0)
            spawned++;
    }
    printf("posix_spawn meanwhile: %d ran\n", spawned);
    long bad = 0;
    for (int i = 0; i < 3; i++) {
        pthread_join(m[i], &r);
        bad += (long)r;
    }
    write(pipefd[1], "done", 4);
    pthread_join(rd, &r);
    printf("mappers: %ld wrong bytes; the blocked reader then read %ld bytes\n", bad, (long)r);

    pthread_t spin[2], waiter;
    for (int i = 0; i < 2; i++) pthread_create(&spin[i], NULL, forever, NULL);
    pthread_create(&waiter, NULL, waits_forever, NULL);
    usleep(20000);
    printf("exit with two threads spinning and one waiting on a condition variable\n");
    fflush(stdout);
    exit(7);
}
