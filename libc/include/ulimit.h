#ifndef _ZL_ULIMIT_H
#define _ZL_ULIMIT_H
#include <bits/zl_config.h>
__ZL_BEGIN
#define UL_GETFSIZE 1
#define UL_SETFSIZE 2
long ulimit(int, ...);
__ZL_END
#endif
