/* src/common/outfile.h — writing a tool's output file safely.
 *
 *   zl_same_file(a, b)          true when a and b name one existing file (same device and
 *                               inode: "./x.c", "x.c" and hard links all match)
 *   zl_write_file(path, p, n, mode)
 *                               writes n bytes as the file path (permissions mode & ~umask,
 *                               0666 for objects, 0777 for executables): into a temporary in the
 *                               same directory, renamed over path only when complete, so a
 *                               failure (full disk, file size limit) leaves no half-written
 *                               file; an existing non-regular file (-o /dev/null, a pipe)
 *                               is written in place, never replaced.  Returns 0, or the
 *                               errno value of the failure.
 */
#ifndef ZL_COMMON_OUTFILE_H
#define ZL_COMMON_OUTFILE_H

#include <stdbool.h>
#include <stddef.h>

bool zl_same_file(const char *a, const char *b);
int zl_write_file(const char *path, const void *data, size_t size, unsigned mode);

#endif
