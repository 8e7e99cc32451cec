/* confstr, pathconf and fpathconf: fixed answers, as musl gives (Linux's limits do not
 * depend on the file for these names, except _PC_LINK_MAX and _PC_NAME_MAX on unusual
 * file systems, where the answer is the common value). */
#include "zl_libc.h"
#include <unistd.h>
#include <string.h>

size_t confstr(int name, char *buf, size_t len)
{
    const char *s;
    switch (name) {
    case _CS_PATH:
        s = "/bin:/usr/bin";
        break;
    default:
        errno = EINVAL;
        return 0;
    }
    size_t n = strlen(s) + 1;
    if (buf && len) {
        size_t k = n < len ? n : len;
        memcpy(buf, s, k - 1);
        buf[k - 1] = 0;
    }
    return n;
}

/* -1 with errno unchanged: no limit (or the option unsupported). */
static const long pc_values[] = {
    [_PC_LINK_MAX] = 8,           /* POSIX's minimum: file systems differ */
    [_PC_MAX_CANON] = 255,
    [_PC_MAX_INPUT] = 255,
    [_PC_NAME_MAX] = 255,
    [_PC_PATH_MAX] = 4096,
    [_PC_PIPE_BUF] = 4096,
    [_PC_CHOWN_RESTRICTED] = 1,
    [_PC_NO_TRUNC] = 1,
    [_PC_VDISABLE] = 0,
    [_PC_SYNC_IO] = 1,
    [_PC_ASYNC_IO] = -1,
    [_PC_PRIO_IO] = -1,
    [_PC_SOCK_MAXBUF] = -1,
    [_PC_FILESIZEBITS] = 64,      /* the kernel's file sizes */
    [_PC_REC_INCR_XFER_SIZE] = 4096,
    [_PC_REC_MAX_XFER_SIZE] = 4096,
    [_PC_REC_MIN_XFER_SIZE] = 4096,
    [_PC_REC_XFER_ALIGN] = 4096,
    [_PC_ALLOC_SIZE_MIN] = 4096,
    [_PC_SYMLINK_MAX] = -1,
    [_PC_2_SYMLINKS] = 1,
};

long fpathconf(int fd, int name)
{
    (void)fd;
    if (name < 0 || (size_t)name >= sizeof pc_values / sizeof pc_values[0]) {
        errno = EINVAL;
        return -1;
    }
    return pc_values[name];
}

long pathconf(const char *path, int name)
{
    (void)path;
    return fpathconf(-1, name);
}
