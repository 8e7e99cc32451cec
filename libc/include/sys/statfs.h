#ifndef _ZL_SYS_STATFS_H
#define _ZL_SYS_STATFS_H
#include <bits/zl_config.h>
#include <bits/types.h>
#include <bits/abi_st.h>
__ZL_BEGIN
typedef struct {
    int __val[2];
} fsid_t;
/* Linux's statfs, converted from the kernel's (statfs64 at rv32): f_type is the file
 * system's magic number, f_flags its ST_* mount flags. */
struct statfs {
    unsigned long f_type;
    unsigned long f_bsize;
    fsblkcnt_t f_blocks;
    fsblkcnt_t f_bfree;
    fsblkcnt_t f_bavail;
    fsfilcnt_t f_files;
    fsfilcnt_t f_ffree;
    fsid_t f_fsid;
    unsigned long f_namelen;
    unsigned long f_frsize;
    unsigned long f_flags;
    unsigned long f_spare[4];
};
int statfs(const char *, struct statfs *);
int fstatfs(int, struct statfs *);
__ZL_END
#endif
