#ifndef _ZL_SYS_IOCTL_H
#define _ZL_SYS_IOCTL_H
#include <bits/zl_config.h>
#include <bits/abi_ioctl.h>
__ZL_BEGIN
struct winsize {
    unsigned short ws_row, ws_col, ws_xpixel, ws_ypixel;
};
int ioctl(int, unsigned long, ...);
__ZL_END
#endif
