#ifndef _ZL_GRP_H
#define _ZL_GRP_H
#include <bits/zl_config.h>
#include <bits/types.h>
__ZL_BEGIN
struct group {
    char *gr_name;
    char *gr_passwd;
    gid_t gr_gid;
    char **gr_mem;
};
struct group *getgrnam(const char *);
struct group *getgrgid(gid_t);
void setgrent(void);
void endgrent(void);
struct group *getgrent(void);
__ZL_END
#endif
