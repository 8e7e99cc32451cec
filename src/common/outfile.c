/* Writing a tool's output file safely (src/common/outfile.h). */
#include "common/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool zl_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

static int write_all(int fd, const unsigned char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        if (w == 0) return EIO;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

int zl_write_file(const char *path, const void *data, size_t size, unsigned mode)
{
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        int fd = open(path, O_WRONLY | O_TRUNC);
        if (fd < 0) return errno;
        int err = write_all(fd, data, size);
        if (close(fd) != 0 && !err) err = errno;
        return err;
    }
    size_t len = strlen(path);
    char *tmp = malloc(len + 16);
    if (!tmp) return ENOMEM;
    snprintf(tmp, len + 16, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int err = errno;
        free(tmp);
        return err;
    }
    /* mkstemp creates 0600: give the new file mode & ~umask, as open would */
    mode_t um = umask(0);
    umask(um);
    int err = fchmod(fd, (mode_t)mode & ~um) != 0 ? errno : write_all(fd, data, size);
    if (close(fd) != 0 && !err) err = errno;
    if (!err && rename(tmp, path) != 0) err = errno;
    if (err) unlink(tmp);
    free(tmp);
    return err;
}
