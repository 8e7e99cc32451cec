#ifndef _ZL_SYS_TERMIOS_H
#define _ZL_SYS_TERMIOS_H
/* Another name for <termios.h>, as in glibc and musl. */
#include <termios.h>
#endif
