#ifndef _ZL_DIRENT_H
#define _ZL_DIRENT_H
#include <bits/zl_config.h>
#include <bits/abi_dirent_type.h>
#include <bits/types.h>
__ZL_BEGIN
typedef struct __zl_dir DIR;
struct dirent {
    ino_t d_ino;
    off_t d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[256];
};
DIR *opendir(const char *);
DIR *fdopendir(int);
int closedir(DIR *);
struct dirent *readdir(DIR *);
int readdir_r(DIR *__ZL_RESTRICT, struct dirent *__ZL_RESTRICT, struct dirent **__ZL_RESTRICT);
void rewinddir(DIR *);
int dirfd(DIR *);
long telldir(DIR *);
void seekdir(DIR *, long);
int scandir(const char *, struct dirent ***, int (*)(const struct dirent *),
            int (*)(const struct dirent **, const struct dirent **));
int alphasort(const struct dirent **, const struct dirent **);
int versionsort(const struct dirent **, const struct dirent **);
__ZL_END
#endif
