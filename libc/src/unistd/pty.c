/* openpty, forkpty, login_tty (BSD) and daemon. */
#include "zl_libc.h"
#include <pty.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* A master and its unlocked slave, with the slave's attributes and size when given; name
 * (if not NULL) receives the slave's path, which must fit in 20 bytes as in glibc. */
int openpty(int *master, int *slave, char *name, const struct termios *t, const struct winsize *w)
{
    char path[32];
    int m = posix_openpt(O_RDWR | O_NOCTTY), s = -1, e;
    if (m < 0)
        return -1;
    if (grantpt(m) < 0 || unlockpt(m) < 0)
        goto fail;
    if ((e = ptsname_r(m, path, sizeof path)) != 0) {
        errno = e;
        goto fail;
    }
    if ((s = open(path, O_RDWR | O_NOCTTY)) < 0)
        goto fail;
    if ((t && tcsetattr(s, TCSANOW, t) < 0) || (w && ioctl(s, TIOCSWINSZ, w) < 0))
        goto fail;
    if (name)
        strcpy(name, path);
    *master = m;
    *slave = s;
    return 0;
fail:
    e = errno;
    if (s >= 0)
        close(s);
    close(m);
    errno = e;
    return -1;
}

/* fd becomes the controlling terminal and the standard streams of a new session. */
int login_tty(int fd)
{
    setsid();
    if (ioctl(fd, TIOCSCTTY, 0) < 0)
        return -1;
    if (dup2(fd, 0) < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
        return -1;
    if (fd > 2)
        close(fd);
    return 0;
}

/* The child runs on the slave (login_tty); the parent gets the master. */
pid_t forkpty(int *master, char *name, const struct termios *t, const struct winsize *w)
{
    int m, s;
    if (openpty(&m, &s, name, t, w) < 0)
        return -1;
    pid_t pid = fork();
    if (pid == 0) {
        close(m);
        if (login_tty(s) < 0)
            _exit(1);
        return 0;
    }
    int e = errno;
    close(s);
    if (pid < 0) {
        close(m);
        errno = e;
        return -1;
    }
    *master = m;
    return pid;
}

/* Detaches from the terminal: a child in a new session, the parent gone; the working
 * directory becomes / (unless nochdir) and the standard streams /dev/null (unless
 * noclose). */
int daemon(int nochdir, int noclose)
{
    switch (fork()) {
    case -1:
        return -1;
    case 0:
        break;
    default:
        _exit(0);
    }
    if (setsid() < 0)
        return -1;
    if (!nochdir && chdir("/") < 0)
        return -1;
    if (!noclose) {
        int fd = open("/dev/null", O_RDWR);
        if (fd < 0)
            return -1;
        int r = dup2(fd, 0) < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0 ? -1 : 0;
        if (fd > 2)
            close(fd);
        return r;
    }
    return 0;
}
