#ifndef _ZL_SYS_IOCTL_H
#define _ZL_SYS_IOCTL_H
#include <bits/zl_config.h>
__ZL_BEGIN
#define TCGETS 0x5401
#define TCSETS 0x5402
#define TCSETSW 0x5403
#define TCSETSF 0x5404
#define TCFLSH 0x540B
#define TIOCGPGRP 0x540F
#define TIOCSPGRP 0x5410
#define TIOCGWINSZ 0x5413
#define TIOCSWINSZ 0x5414
#define FIONREAD 0x541B
#define FIONBIO 0x5421
struct winsize {
    unsigned short ws_row, ws_col, ws_xpixel, ws_ypixel;
};
int ioctl(int, unsigned long, ...);
__ZL_END
#endif
