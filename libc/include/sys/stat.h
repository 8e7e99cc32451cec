#ifndef _ZL_SYS_STAT_H
#define _ZL_SYS_STAT_H
#include <bits/zl_config.h>
#include <bits/abi_stat_mask.h>
#include <bits/abi_stat_mode.h>
#include <bits/abi_utime.h>
#include <bits/types.h>
#include <bits/timespec.h>
__ZL_BEGIN
/* rv64/rv128: the asm-generic kernel layout (docs/abi.md 7.2: 240 bytes on rv128);
 * rv32 (which has only statx): the same members with 64-bit types, filled by libc. */
struct stat {
    dev_t st_dev;
    ino_t st_ino;
    mode_t st_mode;
    nlink_t st_nlink;
    uid_t st_uid;
    gid_t st_gid;
    dev_t st_rdev;
    unsigned long __pad1;
    off_t st_size;
    blksize_t st_blksize;
    int __pad2;
    blkcnt_t st_blocks;
    struct timespec st_atim;
    struct timespec st_mtim;
    struct timespec st_ctim;
    unsigned int __unused4;
    unsigned int __unused5;
};
#define st_atime st_atim.tv_sec
#define st_mtime st_mtim.tv_sec
#define st_ctime st_ctim.tv_sec
#define S_ISDIR(m) (((m) & S_IFMT) == S_IFDIR)
#define S_ISCHR(m) (((m) & S_IFMT) == S_IFCHR)
#define S_ISBLK(m) (((m) & S_IFMT) == S_IFBLK)
#define S_ISREG(m) (((m) & S_IFMT) == S_IFREG)
#define S_ISFIFO(m) (((m) & S_IFMT) == S_IFIFO)
#define S_ISLNK(m) (((m) & S_IFMT) == S_IFLNK)
#define S_ISSOCK(m) (((m) & S_IFMT) == S_IFSOCK)
int stat(const char *restrict, struct stat *restrict);
int lstat(const char *restrict, struct stat *restrict);
int fstat(int, struct stat *);
int fstatat(int, const char *restrict, struct stat *restrict, int);
int chmod(const char *, mode_t);
int fchmod(int, mode_t);
int fchmodat(int, const char *, mode_t, int);
int mkdir(const char *, mode_t);
int mkdirat(int, const char *, mode_t);
int mkfifo(const char *, mode_t);
int mknod(const char *, mode_t, dev_t);
int mknodat(int, const char *, mode_t, dev_t);
int mkfifoat(int, const char *, mode_t);
mode_t umask(mode_t);
int utimensat(int, const char *, const struct timespec [2], int);
int futimens(int, const struct timespec [2]);
__ZL_END
#endif
