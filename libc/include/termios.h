#ifndef _ZL_TERMIOS_H
#define _ZL_TERMIOS_H
#include <bits/zl_config.h>
#include <bits/types.h>
#include <bits/abi_termios_iflag.h>
#include <bits/abi_termios_oflag.h>
#include <bits/abi_termios_cflag.h>
#include <bits/abi_termios_lflag.h>
#include <bits/abi_termios_cc.h>
#include <bits/abi_termios_baud.h>
#include <bits/abi_termios_mask.h>
#include <bits/abi_tcsetattr.h>
#include <bits/abi_tcflush.h>
#include <bits/abi_tcflow.h>
__ZL_BEGIN
typedef unsigned char cc_t;
typedef unsigned int speed_t;
typedef unsigned int tcflag_t;
#define NCCS 32
/* glibc's layout: the kernel's struct termios (TCGETS) followed by the two speeds. */
struct termios {
    tcflag_t c_iflag, c_oflag, c_cflag, c_lflag;
    cc_t c_line;
    cc_t c_cc[NCCS];
    speed_t __c_ispeed, __c_ospeed;
};
int tcgetattr(int, struct termios *);
int tcsetattr(int, int, const struct termios *);
speed_t cfgetispeed(const struct termios *);
speed_t cfgetospeed(const struct termios *);
int cfsetispeed(struct termios *, speed_t);
int cfsetspeed(struct termios *, speed_t);
pid_t tcgetsid(int);
int tcsendbreak(int, int);
int tcflow(int, int);
struct winsize;
int tcgetwinsize(int, struct winsize *);
int tcsetwinsize(int, const struct winsize *);
int cfsetospeed(struct termios *, speed_t);
void cfmakeraw(struct termios *);
int tcflush(int, int);
int tcdrain(int);
pid_t tcgetpgrp(int);
int tcsetpgrp(int, pid_t);
__ZL_END
#endif
