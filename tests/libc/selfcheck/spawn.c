/* <spawn.h>: posix_spawn and posix_spawnp start this program again (argv[0] must be an
 * absolute path) in a child mode, with file actions and attributes.  One line per check;
 * exit status 0 if all passed. */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;
static int fails;
static void check(int ok, const char *what)
{
    printf("%s %s\n", ok ? "ok" : "FAILED", what);
    if (!ok) fails++;
}

/* child modes */
static int child(int argc, char **argv)
{
    if (!strcmp(argv[1], "write")) {
        fputs(argc > 2 ? argv[2] : "", stdout);
        return 7;
    }
    sigset_t m;
    if (!strcmp(argv[1], "mask"))
        return sigprocmask(SIG_SETMASK, NULL, &m) == 0 && sigismember(&m, SIGUSR1) == 1 ? 3 : 4;
    struct sigaction sa;
    if (!strcmp(argv[1], "dfl"))
        return sigaction(SIGUSR2, NULL, &sa) == 0 && sa.sa_handler == SIG_DFL ? 5 : 6;
    return 99;
}

static int wait_status(pid_t pid)
{
    int st;
    if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
        return -1;
    return WEXITSTATUS(st);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        return child(argc, argv);
    if (argv[0][0] != '/') {
        printf("FAILED argv[0] is not an absolute path: %s\n", argv[0]);
        return 1;
    }
    char *self = argv[0];
    pid_t pid;

    /* addopen: the child's stdout goes to a file */
    char path[] = "/tmp/zl-spawn-XXXXXX";
    int tfd = mkstemp(path);
    close(tfd);
    posix_spawn_file_actions_t fa;
    check(posix_spawn_file_actions_init(&fa) == 0 &&
          posix_spawn_file_actions_addopen(&fa, 1, path, O_WRONLY | O_TRUNC, 0) == 0, "addopen");
    char *a1[] = { self, "write", "to a file", NULL };
    check(posix_spawn(&pid, self, &fa, NULL, a1, environ) == 0 && wait_status(pid) == 7, "posix_spawn");
    char buf[64] = {0};
    int fd = open(path, O_RDONLY);
    check(fd >= 0 && read(fd, buf, sizeof buf - 1) == 9 && !strcmp(buf, "to a file"), "addopen redirected stdout");
    close(fd);
    unlink(path);
    posix_spawn_file_actions_destroy(&fa);

    /* adddup2 + addclose: the child's stdout is a pipe */
    int p[2];
    check(pipe(p) == 0, "pipe");
    posix_spawn_file_actions_init(&fa);
    check(posix_spawn_file_actions_adddup2(&fa, p[1], 1) == 0 &&
          posix_spawn_file_actions_addclose(&fa, p[0]) == 0 &&
          posix_spawn_file_actions_addclose(&fa, p[1]) == 0, "adddup2, addclose");
    char *a2[] = { self, "write", "through a pipe", NULL };
    check(posix_spawn(&pid, self, &fa, NULL, a2, environ) == 0, "posix_spawn with a pipe");
    close(p[1]);
    memset(buf, 0, sizeof buf);
    size_t got = 0;
    ssize_t n;
    while ((n = read(p[0], buf + got, sizeof buf - 1 - got)) > 0) got += (size_t)n;
    close(p[0]);
    check(wait_status(pid) == 7 && !strcmp(buf, "through a pipe"), "adddup2 redirected stdout");
    posix_spawn_file_actions_destroy(&fa);
    check(posix_spawn_file_actions_addclose(&fa, -1) == EBADF, "addclose(-1): EBADF");

    /* errors come back as the return value; no child is left */
    char *a3[] = { "nope", NULL };
    check(posix_spawn(&pid, "/nonexistent/nope", NULL, NULL, a3, environ) == ENOENT, "posix_spawn: ENOENT");
    check(waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD, "the failed child was reaped");

    /* posix_spawnp searches PATH */
    char dir[256];
    snprintf(dir, sizeof dir, "%s", self);
    *strrchr(dir, '/') = 0;
    setenv("PATH", dir, 1);
    char *a4[] = { strrchr(self, '/') + 1, "write", "", NULL };
    check(posix_spawnp(&pid, strrchr(self, '/') + 1, NULL, NULL, a4, environ) == 0 &&
          wait_status(pid) == 7, "posix_spawnp");

    /* attributes: the signal mask and default dispositions.  execve keeps the signal mask
     * and ignored dispositions (POSIX, Linux). */
    posix_spawnattr_t at;
    sigset_t s, old;
    sigemptyset(&s);
    sigaddset(&s, SIGUSR1);
    sigprocmask(SIG_BLOCK, &s, &old);
    char *a5[] = { self, "mask", NULL };
    check(posix_spawn(&pid, self, NULL, NULL, a5, environ) == 0 && wait_status(pid) == 3,
          "execve keeps the signal mask");
    sigprocmask(SIG_SETMASK, &old, NULL);
    check(posix_spawnattr_init(&at) == 0 && posix_spawnattr_setsigmask(&at, &s) == 0 &&
          posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK) == 0, "attr: sigmask");
    check(posix_spawn(&pid, self, NULL, &at, a5, environ) == 0 && wait_status(pid) == 3,
          "POSIX_SPAWN_SETSIGMASK");
    signal(SIGUSR2, SIG_IGN);
    sigemptyset(&s);
    sigaddset(&s, SIGUSR2);
    char *a6[] = { self, "dfl", NULL };
    check(posix_spawn(&pid, self, NULL, NULL, a6, environ) == 0 && wait_status(pid) == 6,
          "SIG_IGN is inherited");
    short fl = 0;
    check(posix_spawnattr_setsigdefault(&at, &s) == 0 &&
          posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGDEF) == 0 &&
          posix_spawnattr_getflags(&at, &fl) == 0 && fl == POSIX_SPAWN_SETSIGDEF, "attr: sigdefault");
    check(posix_spawn(&pid, self, NULL, &at, a6, environ) == 0 && wait_status(pid) == 5, "POSIX_SPAWN_SETSIGDEF");
    posix_spawnattr_destroy(&at);
    printf("%d failed\n", fails);
    return fails != 0;
}
