#ifndef _ZL_SYS_STATVFS_H
#define _ZL_SYS_STATVFS_H
#include <bits/zl_config.h>
#include <bits/types.h>
#include <bits/abi_st.h>
__ZL_BEGIN
/* POSIX's file-system statistics, converted from Linux's statfs (docs/libc.md): f_flag
 * holds the ST_* mount flags. */
struct statvfs {
    unsigned long f_bsize;
    unsigned long f_frsize;
    fsblkcnt_t f_blocks;
    fsblkcnt_t f_bfree;
    fsblkcnt_t f_bavail;
    fsfilcnt_t f_files;
    fsfilcnt_t f_ffree;
    fsfilcnt_t f_favail;
    unsigned long f_fsid;
    unsigned long f_flag;
    unsigned long f_namemax;
    int __reserved[6];
};
int statvfs(const char *__restrict, struct statvfs *__restrict);
int fstatvfs(int, struct statvfs *);
__ZL_END
#endif
