#ifndef _ZL_PWD_H
#define _ZL_PWD_H
#include <bits/zl_config.h>
#include <bits/types.h>
__ZL_BEGIN
struct passwd {
    char *pw_name;
    char *pw_passwd;
    uid_t pw_uid;
    gid_t pw_gid;
    char *pw_gecos;
    char *pw_dir;
    char *pw_shell;
};
struct passwd *getpwnam(const char *);
struct passwd *getpwuid(uid_t);
void setpwent(void);
void endpwent(void);
struct passwd *getpwent(void);
int getpwnam_r(const char *, struct passwd *, char *, size_t, struct passwd **);
int getpwuid_r(uid_t, struct passwd *, char *, size_t, struct passwd **);
__ZL_END
#endif
