#ifndef _ZL_PTY_H
#define _ZL_PTY_H
#include <bits/zl_config.h>
#include <termios.h>
#include <sys/ioctl.h>
__ZL_BEGIN
int openpty(int *, int *, char *, const struct termios *, const struct winsize *);
pid_t forkpty(int *, char *, const struct termios *, const struct winsize *);
int login_tty(int);
__ZL_END
#endif
