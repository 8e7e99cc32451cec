#ifndef _ZL_SYS_FILE_H
#define _ZL_SYS_FILE_H
/* BSD flock and the old names of the lseek origins. */
#include <bits/zl_config.h>
#include <bits/abi_flock.h>
#include <unistd.h>
__ZL_BEGIN
#define L_SET SEEK_SET
#define L_INCR SEEK_CUR
#define L_XTND SEEK_END
int flock(int, int);
__ZL_END
#endif
