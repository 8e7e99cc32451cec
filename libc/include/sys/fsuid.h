#ifndef _ZL_SYS_FSUID_H
#define _ZL_SYS_FSUID_H
#include <bits/zl_config.h>
#include <bits/types.h>
__ZL_BEGIN
int setfsuid(uid_t);
int setfsgid(gid_t);
__ZL_END
#endif
