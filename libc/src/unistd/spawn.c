/* posix_spawn: fork, then in the child the attributes and the file actions in order, then
 * exec.  A failure in the child is sent to the parent through a close-on-exec pipe (an exec
 * that succeeds closes it with nothing written), so posix_spawn returns the child's error
 * number and reaps the child, as glibc and musl do. */
#include "zl_libc.h"
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

struct __zl_spawn_action {
    enum { ACT_OPEN, ACT_CLOSE, ACT_DUP2 } op;
    int fd, fd2;     /* the descriptor acted on; dup2's source */
    int oflag;
    mode_t mode;
    char *path;      /* a copy, for open */
};

int posix_spawn_file_actions_init(posix_spawn_file_actions_t *fa)
{
    *fa = (posix_spawn_file_actions_t){ 0, 0, NULL };
    return 0;
}

int posix_spawn_file_actions_destroy(posix_spawn_file_actions_t *fa)
{
    for (int i = 0; i < fa->__used; i++)
        free(fa->__actions[i].path);
    free(fa->__actions);
    return posix_spawn_file_actions_init(fa);
}

static int add_action(posix_spawn_file_actions_t *fa, struct __zl_spawn_action a)
{
    if (a.fd < 0 || a.fd2 < 0)
        return EBADF;
    if (fa->__used == fa->__alloc) {
        int n = fa->__alloc ? 2 * fa->__alloc : 4;
        struct __zl_spawn_action *v = realloc(fa->__actions, (size_t)n * sizeof *v);
        if (!v)
            return ENOMEM;
        fa->__actions = v;
        fa->__alloc = n;
    }
    fa->__actions[fa->__used++] = a;
    return 0;
}

int posix_spawn_file_actions_addopen(posix_spawn_file_actions_t *restrict fa, int fd,
                                     const char *restrict path, int oflag, mode_t mode)
{
    if (fd < 0)
        return EBADF;
    char *p = strdup(path);
    if (!p)
        return ENOMEM;
    int r = add_action(fa, (struct __zl_spawn_action){ ACT_OPEN, fd, 0, oflag, mode, p });
    if (r)
        free(p);
    return r;
}

int posix_spawn_file_actions_addclose(posix_spawn_file_actions_t *fa, int fd)
{
    return add_action(fa, (struct __zl_spawn_action){ ACT_CLOSE, fd, 0, 0, 0, NULL });
}

int posix_spawn_file_actions_adddup2(posix_spawn_file_actions_t *fa, int from, int to)
{
    return add_action(fa, (struct __zl_spawn_action){ ACT_DUP2, to, from, 0, 0, NULL });
}

int posix_spawnattr_init(posix_spawnattr_t *a)
{
    memset(a, 0, sizeof *a);
    return 0;
}

int posix_spawnattr_destroy(posix_spawnattr_t *a) { (void)a; return 0; }

int posix_spawnattr_getflags(const posix_spawnattr_t *restrict a, short *restrict f)
{
    *f = (short)a->__flags;
    return 0;
}

int posix_spawnattr_setflags(posix_spawnattr_t *a, short f)
{
    if ((unsigned short)f & ~(POSIX_SPAWN_RESETIDS | POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF |
                              POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSID))
        return EINVAL;
    a->__flags = f;
    return 0;
}

int posix_spawnattr_getpgroup(const posix_spawnattr_t *restrict a, pid_t *restrict g)
{
    *g = a->__pgroup;
    return 0;
}

int posix_spawnattr_setpgroup(posix_spawnattr_t *a, pid_t g)
{
    a->__pgroup = g;
    return 0;
}

int posix_spawnattr_getsigdefault(const posix_spawnattr_t *restrict a, sigset_t *restrict s)
{
    *s = a->__sigdefault;
    return 0;
}

int posix_spawnattr_setsigdefault(posix_spawnattr_t *restrict a, const sigset_t *restrict s)
{
    a->__sigdefault = *s;
    return 0;
}

int posix_spawnattr_getsigmask(const posix_spawnattr_t *restrict a, sigset_t *restrict s)
{
    *s = a->__sigmask;
    return 0;
}

int posix_spawnattr_setsigmask(posix_spawnattr_t *restrict a, const sigset_t *restrict s)
{
    a->__sigmask = *s;
    return 0;
}

/* In the child: returns only on failure, with errno set; *report is the pipe's descriptor
 * (moved if a file action needs its number). */
static void child(int *report, const char *path, const posix_spawn_file_actions_t *fa,
                  const posix_spawnattr_t *at, char *const argv[], char *const envp[], bool search)
{
    int fl = at ? at->__flags : 0;
    if ((fl & POSIX_SPAWN_SETSID) && setsid() < 0)
        return;
    if ((fl & POSIX_SPAWN_SETPGROUP) && setpgid(0, at->__pgroup) < 0)
        return;
    if (fl & POSIX_SPAWN_SETSIGDEF) {
        struct sigaction sa = { { SIG_DFL } };
        for (int s = 1; s < _NSIG; s++)
            if (sigismember(&at->__sigdefault, s) == 1 && s != SIGKILL && s != SIGSTOP &&
                sigaction(s, &sa, NULL) < 0)
                return;
    }
    if ((fl & POSIX_SPAWN_RESETIDS) && (setgid(getgid()) < 0 || setuid(getuid()) < 0))
        return;
    for (int i = 0; fa && i < fa->__used; i++) {
        const struct __zl_spawn_action *a = &fa->__actions[i];
        /* the action may reuse the report pipe's number: move the pipe out of the way */
        if (a->fd == *report) {
            int r = fcntl(*report, F_DUPFD_CLOEXEC, *report + 1);
            if (r < 0)
                return;
            close(*report);
            *report = r;
        }
        if (a->op == ACT_CLOSE) {
            close(a->fd);
        } else if (a->op == ACT_DUP2) {
            if (a->fd2 == a->fd) {  /* POSIX: clear FD_CLOEXEC instead */
                int f = fcntl(a->fd, F_GETFD);
                if (f < 0 || fcntl(a->fd, F_SETFD, f & ~FD_CLOEXEC) < 0)
                    return;
            } else if (dup2(a->fd2, a->fd) < 0) {
                return;
            }
        } else {
            int fd = open(a->path, a->oflag, a->mode);
            if (fd < 0)
                return;
            if (fd != a->fd) {
                int r = dup2(fd, a->fd);
                close(fd);
                if (r < 0)
                    return;
            }
        }
    }
    /* the mask last, so that the actions above ran with the parent's blocked signals */
    if ((fl & POSIX_SPAWN_SETSIGMASK) && sigprocmask(SIG_SETMASK, &at->__sigmask, NULL) < 0)
        return;
    if (search)
        execvpe(path, argv, envp);
    else
        execve(path, argv, envp);
}

static int spawn(pid_t *restrict pid, const char *restrict path, const posix_spawn_file_actions_t *fa,
                 const posix_spawnattr_t *restrict at, char *const argv[], char *const envp[],
                 bool search)
{
    int p[2], saved = errno;
    if (pipe2(p, O_CLOEXEC) < 0)
        return errno;
    pid_t c = fork();
    if (c < 0) {
        int e = errno;
        close(p[0]);
        close(p[1]);
        errno = saved;
        return e;
    }
    if (c == 0) {
        close(p[0]);
        child(&p[1], path, fa, at, argv, envp, search);
        int err = errno;
        while (write(p[1], &err, sizeof err) < 0 && errno == EINTR)
            ;
        _exit(127);
    }
    close(p[1]);
    int err = 0;
    ssize_t n;
    while ((n = read(p[0], &err, sizeof err)) < 0 && errno == EINTR)
        ;
    close(p[0]);
    if (n == (ssize_t)sizeof err && err) {
        while (waitpid(c, NULL, 0) < 0 && errno == EINTR)
            ;
        errno = saved;
        return err;
    }
    if (pid)
        *pid = c;
    errno = saved;
    return 0;
}

int posix_spawn(pid_t *restrict pid, const char *restrict path, const posix_spawn_file_actions_t *fa,
                const posix_spawnattr_t *restrict at, char *const argv[restrict],
                char *const envp[restrict])
{
    return spawn(pid, path, fa, at, argv, envp, false);
}

int posix_spawnp(pid_t *restrict pid, const char *restrict file, const posix_spawn_file_actions_t *fa,
                 const posix_spawnattr_t *restrict at, char *const argv[restrict],
                 char *const envp[restrict])
{
    return spawn(pid, file, fa, at, argv, envp, true);
}
