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
int getgrnam_r(const char *, struct group *, char *, size_t, struct group **);
int getgrgid_r(gid_t, struct group *, char *, size_t, struct group **);
int getgrouplist(const char *, gid_t, gid_t *, int *);
int initgroups(const char *, gid_t);
int setgroups(size_t, const gid_t *);
__ZL_END
#endif
