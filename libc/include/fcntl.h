#ifndef _ZL_FCNTL_H
#define _ZL_FCNTL_H
#include <bits/zl_config.h>
#include <bits/types.h>
#include <bits/abi_open.h>
#include <bits/abi_at.h>
#include <bits/abi_fcntl.h>
#include <bits/abi_seek.h>
#include <bits/abi_fadv.h>
#include <bits/abi_falloc.h>
#define AT_FDCWD (-100)
#define AT_REMOVEDIR 0x200
#define AT_EACCESS 0x200
#define FD_CLOEXEC 1
#define F_RDLCK 0
#define F_WRLCK 1
#define F_UNLCK 2
#define O_ACCMODE 3
#define O_NDELAY O_NONBLOCK
#define O_RSYNC O_SYNC
#define O_SEARCH O_PATH
#define O_EXEC O_PATH
__ZL_BEGIN
struct flock {
    short l_type;
    short l_whence;
    off_t l_start;
    off_t l_len;
    pid_t l_pid;
};
int open(const char *, int, ...);
int openat(int, const char *, int, ...);
int creat(const char *, mode_t);
int fcntl(int, int, ...);
int posix_fadvise(int, off_t, off_t, int);
int posix_fallocate(int, off_t, off_t);
__ZL_END
#endif
