/* File-system statistics: statfs/fstatfs from the kernel's structure (statfs64, with its
 * size, at rv32; kernel longs are 128 bits at rv128) and POSIX's statvfs/fstatvfs built
 * from it as Linux libcs do: f_frsize falls back to f_bsize, f_favail is f_ffree, f_fsid
 * the first word of the kernel's fsid, and f_flag the ST_* flags without ST_VALID, the
 * kernel's mark that they are meaningful (set by every Linux since 2.6.36). */
#include "zl_libc.h"
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <bits/abi_st_valid.h>
#include <string.h>

#if ZL_UAPI_XLEN == 32
typedef struct k_statfs64 kstatfs;
#define KSTATFS(call, arg, k) SYS3(call##64, arg, sizeof(kstatfs), k)
#else
typedef struct k_statfs kstatfs;
#define KSTATFS(call, arg, k) SYS2(call, arg, k)
#endif

static void from_kernel(struct statfs *s, const kstatfs *k)
{
    memset(s, 0, sizeof *s);
    s->f_type = (unsigned long)k->f_type;
    s->f_bsize = (unsigned long)k->f_bsize;
    s->f_blocks = (fsblkcnt_t)k->f_blocks;
    s->f_bfree = (fsblkcnt_t)k->f_bfree;
    s->f_bavail = (fsblkcnt_t)k->f_bavail;
    s->f_files = (fsfilcnt_t)k->f_files;
    s->f_ffree = (fsfilcnt_t)k->f_ffree;
    s->f_fsid.__val[0] = k->f_fsid.val[0];
    s->f_fsid.__val[1] = k->f_fsid.val[1];
    s->f_namelen = (unsigned long)k->f_namelen;
    s->f_frsize = (unsigned long)k->f_frsize;
    s->f_flags = (unsigned long)k->f_flags;
}

int statfs(const char *path, struct statfs *s)
{
    kstatfs k;
    if (zl_ret(KSTATFS(statfs, path, &k)) < 0)
        return -1;
    from_kernel(s, &k);
    return 0;
}

int fstatfs(int fd, struct statfs *s)
{
    kstatfs k;
    if (zl_ret(KSTATFS(fstatfs, fd, &k)) < 0)
        return -1;
    from_kernel(s, &k);
    return 0;
}

static void to_statvfs(struct statvfs *v, const struct statfs *s)
{
    memset(v, 0, sizeof *v);
    v->f_bsize = s->f_bsize;
    v->f_frsize = s->f_frsize ? s->f_frsize : s->f_bsize;
    v->f_blocks = s->f_blocks;
    v->f_bfree = s->f_bfree;
    v->f_bavail = s->f_bavail;
    v->f_files = s->f_files;
    v->f_ffree = s->f_ffree;
    v->f_favail = s->f_ffree;
    v->f_fsid = (unsigned)s->f_fsid.__val[0];
    v->f_flag = s->f_flags & ~(unsigned long)ST_VALID;
    v->f_namemax = s->f_namelen;
}

int statvfs(const char *restrict path, struct statvfs *restrict v)
{
    struct statfs s;
    if (statfs(path, &s) < 0)
        return -1;
    to_statvfs(v, &s);
    return 0;
}

int fstatvfs(int fd, struct statvfs *v)
{
    struct statfs s;
    if (fstatfs(fd, &s) < 0)
        return -1;
    to_statvfs(v, &s);
    return 0;
}
