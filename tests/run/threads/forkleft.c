/* fork while other threads are blocked in read() or are ending, then the child exits
 * through exit(): the child's copy of the emulator must hold nothing of the threads that
 * do not exist in it — no structure of a blocked thread, none half freed by an ending one
 * (the sanitizer builds check this: LeakSanitizer runs at the child's exit and makes
 * its status differ). */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static int pipefd[2];
static void *blocked_reader(void *arg)
{
    (void)arg;
    char buf[8];
    ssize_t n = read(pipefd[0], buf, sizeof buf);
    return (void *)(long)n;
}

static void *ends_at_once(void *arg) { return arg; }

int main(void)
{
    pthread_t rd;
    if (pipe(pipefd) || pthread_create(&rd, NULL, blocked_reader, NULL)) return 1;
    pthread_attr_t detached;
    pthread_attr_init(&detached);
    pthread_attr_setdetachstate(&detached, PTHREAD_CREATE_DETACHED);
    int other = 0;
    for (int i = 0; i < 20; i++) {
        pthread_t d;
        if (pthread_create(&d, &detached, ends_at_once, NULL)) return 1;
        if (i & 1) usleep(100 * (unsigned)i);      /* fork at varying points of its end */
        fflush(stdout);
        pid_t pid = fork();
        if (pid < 0) return 1;
        if (pid == 0) exit(3);
        int st;
        if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 3) other++;
    }
    printf("20 forks beside a blocked and an ending thread: %d children ended otherwise\n", other);
    void *r;
    if (write(pipefd[1], "done", 4) != 4 || pthread_join(rd, &r)) return 1;
    printf("the blocked reader then read %ld bytes\n", (long)r);
    return 0;
}
