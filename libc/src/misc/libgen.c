/* <libgen.h>: POSIX dirname and basename.  Both cut the path in place (trailing slashes
 * are dropped); NULL or "" gives ".", a path of slashes only gives "/". */
#include <libgen.h>
#include <string.h>

char *dirname(char *path)
{
    size_t n;
    if (!path || !*path)
        return ".";
    n = strlen(path) - 1;
    while (n > 0 && path[n] == '/')        /* trailing slashes */
        n--;
    while (n > 0 && path[n] != '/')        /* the last component */
        n--;
    if (path[n] != '/')                    /* no slash: the current directory */
        return ".";
    while (n > 0 && path[n] == '/')        /* the slashes before it */
        n--;
    path[n + 1] = 0;
    return path;
}

char *basename(char *path)
{
    size_t n;
    if (!path || !*path)
        return ".";
    n = strlen(path) - 1;
    while (n > 0 && path[n] == '/')
        path[n--] = 0;
    while (n > 0 && path[n - 1] != '/')
        n--;
    return path + n;
}
