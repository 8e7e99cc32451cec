/* termios over the TCGETS/TCSETS ioctls (struct k_termios: the same bytes everywhere). */
#include "zl_libc.h"
#include <termios.h>
#include <sys/ioctl.h>
#include <string.h>
#include <stdarg.h>
#include <unistd.h>
#include <stdio.h>
#include <fcntl.h>
#include <stdlib.h>

int ioctl(int fd, unsigned long req, ...)
{
    va_list ap;
    va_start(ap, req);
    void *arg = va_arg(ap, void *);
    va_end(ap);
    return (int)zl_ret(SYS3(ioctl, fd, req, arg));
}

int tcgetattr(int fd, struct termios *t)
{
    struct k_termios k;
    if (zl_ret(SYS3(ioctl, fd, TCGETS, &k)) < 0)
        return -1;
    memset(t, 0, sizeof *t);
    t->c_iflag = k.c_iflag;
    t->c_oflag = k.c_oflag;
    t->c_cflag = k.c_cflag;
    t->c_lflag = k.c_lflag;
    t->c_line = k.c_line;
    memcpy(t->c_cc, k.c_cc, sizeof k.c_cc < sizeof t->c_cc ? sizeof k.c_cc : sizeof t->c_cc);
    t->__c_ispeed = t->__c_ospeed = k.c_cflag & 0010017;
    return 0;
}

int tcsetattr(int fd, int act, const struct termios *t)
{
    if (act < 0 || act > 2) {
        errno = EINVAL;
        return -1;
    }
    struct k_termios k;
    memset(&k, 0, sizeof k);
    k.c_iflag = t->c_iflag;
    k.c_oflag = t->c_oflag;
    k.c_cflag = t->c_cflag;
    k.c_lflag = t->c_lflag;
    k.c_line = t->c_line;
    memcpy(k.c_cc, t->c_cc, sizeof k.c_cc < sizeof t->c_cc ? sizeof k.c_cc : sizeof t->c_cc);
    return (int)zl_ret(SYS3(ioctl, fd, TCSETS + act, &k));
}

speed_t cfgetispeed(const struct termios *t) { return t->c_cflag & 0010017; }
speed_t cfgetospeed(const struct termios *t) { return t->c_cflag & 0010017; }
int cfsetospeed(struct termios *t, speed_t s)
{
    if (s & ~0010017u) {
        errno = EINVAL;
        return -1;
    }
    t->c_cflag = (t->c_cflag & ~0010017u) | s;
    t->__c_ospeed = s;
    return 0;
}
int cfsetispeed(struct termios *t, speed_t s) { return s ? cfsetospeed(t, s) : 0; }

void cfmakeraw(struct termios *t)
{
    t->c_iflag &= ~(unsigned)(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON);
    t->c_oflag &= ~(unsigned)OPOST;
    t->c_lflag &= ~(unsigned)(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
    t->c_cflag &= ~(unsigned)(CSIZE | PARENB);
    t->c_cflag |= CS8;
    t->c_cc[VMIN] = 1;
    t->c_cc[VTIME] = 0;
}

int tcflush(int fd, int q) { return (int)zl_ret(SYS3(ioctl, fd, TCFLSH, q)); }
int tcdrain(int fd) { return (int)zl_ret(SYS3(ioctl, fd, 0x5409 /* TCSBRK */, 1)); }
pid_t tcgetpgrp(int fd)
{
    int pg;
    if (zl_ret(SYS3(ioctl, fd, TIOCGPGRP, &pg)) < 0)
        return -1;
    return pg;
}
int tcsetpgrp(int fd, pid_t pg) { return (int)zl_ret(SYS3(ioctl, fd, TIOCSPGRP, &pg)); }

/* The terminal's name: the link /proc/self/fd/N.  ENOTTY (isatty's) when fd is no
 * terminal, ERANGE when buf cannot hold the name. */
int ttyname_r(int fd, char *buf, size_t len)
{
    char path[32];
    if (!isatty(fd))
        return errno;
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(path, buf, len);
    if (n < 0)
        return errno;
    if ((size_t)n >= len)
        return ERANGE;
    buf[n] = 0;
    return 0;
}

/* The non-reentrant form of a *_r name function: buf is the caller's static buffer. */
static char *name_in(int (*name_r)(int, char *, size_t), int fd, char *buf, size_t size)
{
    int e = name_r(fd, buf, size);
    if (e) {
        errno = e;
        return NULL;
    }
    return buf;
}

char *ttyname(int fd)
{
    static char buf[128];
    return name_in(ttyname_r, fd, buf, sizeof buf);
}

int cfsetspeed(struct termios *t, speed_t s)
{
    return cfsetospeed(t, s) < 0 || cfsetispeed(t, s) < 0 ? -1 : 0;
}

pid_t tcgetsid(int fd)
{
    int sid;
    return ioctl(fd, TIOCGSID, &sid) < 0 ? -1 : (pid_t)sid;
}

/* Linux's TCSBRK with 0 sends a break of 0.25 to 0.5 s whatever the duration. */
int tcsendbreak(int fd, int duration)
{
    (void)duration;
    return ioctl(fd, TCSBRK, 0);
}

int tcflow(int fd, int action) { return ioctl(fd, TCXONC, action); }
int tcgetwinsize(int fd, struct winsize *w) { return ioctl(fd, TIOCGWINSZ, w); }
int tcsetwinsize(int fd, const struct winsize *w) { return ioctl(fd, TIOCSWINSZ, w); }

char *ctermid(char *s)
{
    static char buf[L_ctermid];
    return strcpy(s ? s : buf, "/dev/tty");
}

/* Pseudo-terminals on Linux's devpts: /dev/ptmx gives the master; the slave is
 * /dev/pts/N, locked until unlockpt; grantpt has nothing to do (devpts sets the owner). */
int posix_openpt(int flags)
{
    return open("/dev/ptmx", flags);
}

int grantpt(int fd)
{
    unsigned n;
    return ioctl(fd, TIOCGPTN, &n) < 0 ? -1 : 0;
}

int unlockpt(int fd)
{
    int lock = 0;
    return ioctl(fd, TIOCSPTLCK, &lock);
}

int ptsname_r(int fd, char *buf, size_t len)
{
    unsigned n;
    int e = errno;
    if (ioctl(fd, TIOCGPTN, &n) < 0) {
        int r = errno;
        errno = e;
        return r;
    }
    if ((size_t)snprintf(buf, len, "/dev/pts/%u", n) >= len)
        return ERANGE;
    return 0;
}

char *ptsname(int fd)
{
    static char buf[32];
    return name_in(ptsname_r, fd, buf, sizeof buf);
}
