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
#include <bits/abi_at_fdcwd.h>
#include <bits/abi_at_unlink.h>
#include <bits/abi_at_access.h>
#include <bits/abi_fd_flags.h>
#include <bits/abi_flock_type.h>
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
int fallocate(int, int, off_t, off_t);
__ZL_END
#endif
