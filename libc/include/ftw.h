/* zlibc <ftw.h>: file tree walks (POSIX ftw, nftw).  The type and flag values are glibc's. */
#ifndef _ZL_FTW_H
#define _ZL_FTW_H
#include <bits/zl_config.h>
#include <sys/stat.h>
__ZL_BEGIN
#define FTW_F 0    /* a file that is not a directory */
#define FTW_D 1    /* a directory (before its entries; after them with FTW_DEPTH: FTW_DP) */
#define FTW_DNR 2  /* a directory that cannot be read */
#define FTW_NS 3   /* stat failed (the struct stat is not valid) */
#define FTW_SL 4   /* a symbolic link (FTW_PHYS) */
#define FTW_DP 5   /* a directory, after its entries (FTW_DEPTH) */
#define FTW_SLN 6  /* a symbolic link to nothing (without FTW_PHYS) */
#define FTW_PHYS 1   /* do not follow symbolic links */
#define FTW_MOUNT 2  /* stay on the file system of the starting point */
#define FTW_CHDIR 4  /* chdir into each directory before its entries are reported */
#define FTW_DEPTH 8  /* report a directory after its entries */
struct FTW {
    int base;   /* offset of the last component in the path */
    int level;  /* depth below the starting point (0 for it) */
};
int ftw(const char *, int (*)(const char *, const struct stat *, int), int);
int nftw(const char *, int (*)(const char *, const struct stat *, int, struct FTW *), int, int);
__ZL_END
#endif
