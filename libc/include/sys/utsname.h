#ifndef _ZL_SYS_UTSNAME_H
#define _ZL_SYS_UTSNAME_H
#include <bits/zl_config.h>
__ZL_BEGIN
struct utsname {
    char sysname[65];
    char nodename[65];
    char release[65];
    char version[65];
    char machine[65];
    char domainname[65];
};
int uname(struct utsname *);
__ZL_END
#endif
