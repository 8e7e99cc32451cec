/* termios over the TCGETS/TCSETS ioctls (struct k_termios: the same bytes everywhere). */
#include "zl_libc.h"
#include <termios.h>
#include <sys/ioctl.h>
#include <string.h>
#include <stdarg.h>
#include <unistd.h>
#include <stdio.h>

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

char *ttyname(int fd)
{
    static char buf[128];
    char path[32];
    if (!isatty(fd))
        return NULL;
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(path, buf, sizeof buf - 1);
    if (n < 0)
        return NULL;
    buf[n] = 0;
    return buf;
}
