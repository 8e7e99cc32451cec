/* fork, exec (a RISC-V program and a host shell script), wait, pipes between processes,
 * exit statuses and signals.  qemu-user cannot exec a RISC-V program without binfmt_misc,
 * so the expected output is Linux's (procs.expected), not qemu's. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "child")) {
        printf("child sees argv[0]=%s argc=%d\n", argv[0], argc);
        return 7;
    }
    fflush(stdout);
    int fds[2];
    pipe(fds);
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        write(fds[1], "through the pipe", 16);
        _exit(3);
    }
    close(fds[1]);
    char buf[32] = { 0 };
    ssize_t n = read(fds[0], buf, sizeof buf - 1);
    int st;
    waitpid(pid, &st, 0);
    printf("read %zd '%s', child exited %d\n", n, buf, WEXITSTATUS(st));
    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        char *av[] = { "renamed", "child", "x", NULL };
        execv(argv[0], av);     /* (qemu-user cannot exec /proc/self/exe; Linux can) */
        _exit(99);
    }
    waitpid(pid, &st, 0);
    printf("exec'd child exited %d\n", WEXITSTATUS(st));
    fflush(stdout);
    pid = fork();
    if (pid == 0) {
        kill(getpid(), SIGTERM);
        _exit(1);
    }
    waitpid(pid, &st, 0);
    printf("signalled %d sig %d\n", WIFSIGNALED(st), WTERMSIG(st));
    fflush(stdout);
    printf("system: %d\n", WEXITSTATUS(system("echo from the shell; exit 5")));
    return 0;
}
