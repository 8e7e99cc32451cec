/* ftw and nftw: a recursive walk with one open directory per level and one path buffer of
 * PATH_MAX bytes on the caller's stack (so a callback may walk another tree).  The descriptor limit is not enforced (a directory stays open while its
 * subtree is walked, so the walk uses as many descriptors as the tree is deep). */
#include "zl_libc.h"
#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef int nftw_fn(const char *, const struct stat *, int, struct FTW *);
typedef int ftw_fn(const char *, const struct stat *, int);

struct walk {
    char path[PATH_MAX];
    int flags;
    nftw_fn *nfn;   /* nftw's callback, or */
    ftw_fn *ofn;    /* ftw's (no FTW_DP, FTW_SLN, struct FTW) */
    dev_t dev;      /* of the starting point, for FTW_MOUNT */
};

static int report(struct walk *w, const struct stat *st, int type, int base, int level)
{
    if (w->ofn)
        return w->ofn(w->path, st, type);
    struct FTW f = { base, level };
    return w->nfn(w->path, st, type, &f);
}

/* w->path[0..len) is the entry; base is the offset of its last component */
static int walk(struct walk *w, size_t len, int base, int level)
{
    struct stat st;
    int type, r;
    bool have = (w->flags & FTW_PHYS ? lstat(w->path, &st) : stat(w->path, &st)) == 0;
    if (!have) {
        /* a dangling symbolic link: FTW_SLN for nftw, FTW_NS for ftw */
        bool link = !(w->flags & FTW_PHYS) && lstat(w->path, &st) == 0;
        if (level == 0 && !link)
            return -1; /* POSIX: the walk fails (ENOENT, EACCES, ...) */
        type = link && w->nfn ? FTW_SLN : FTW_NS;
        return report(w, &st, type, base, level);
    }
    if (S_ISLNK(st.st_mode))
        return report(w, &st, FTW_SL, base, level);
    if (!S_ISDIR(st.st_mode))
        return report(w, &st, FTW_F, base, level);
    if (level == 0)
        w->dev = st.st_dev;
    else if ((w->flags & FTW_MOUNT) && st.st_dev != w->dev)
        return 0;
    DIR *d = opendir(w->path);
    if (!d)
        return report(w, &st, FTW_DNR, base, level);
    bool depth = w->nfn && (w->flags & FTW_DEPTH);
    if (!depth && (r = report(w, &st, FTW_D, base, level)) != 0) {
        closedir(d);
        return r;
    }
    size_t dlen = len;
    if (dlen == 0 || w->path[dlen - 1] != '/')
        w->path[dlen++] = '/';
    struct dirent *e;
    r = 0;
    while (!r && (e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        size_t n = strlen(e->d_name);
        if (dlen + n >= sizeof w->path) {
            errno = ENAMETOOLONG;
            r = -1;
            break;
        }
        memcpy(w->path + dlen, e->d_name, n + 1);
        r = walk(w, dlen + n, (int)dlen, level + 1);
    }
    closedir(d);
    w->path[len] = 0;
    if (!r && depth)
        r = report(w, &st, FTW_DP, base, level);
    return r;
}

static int start(struct walk *w, const char *path)
{
    size_t len = strlen(path);
    if (len >= sizeof w->path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    if (w->flags & FTW_CHDIR) {
        errno = EINVAL; /* not supported (docs/libc.md) */
        return -1;
    }
    memcpy(w->path, path, len + 1);
    size_t end = len;
    while (end > 1 && path[end - 1] == '/')
        end--;
    int base = (int)end;
    while (base > 0 && path[base - 1] != '/')
        base--;
    return walk(w, len, base, 0);
}

int nftw(const char *path, nftw_fn *fn, int fd_limit, int flags)
{
    struct walk w = { .flags = flags, .nfn = fn };
    (void)fd_limit;
    return start(&w, path);
}

int ftw(const char *path, ftw_fn *fn, int fd_limit)
{
    struct walk w = { .flags = 0, .ofn = fn };
    (void)fd_limit;
    return start(&w, path);
}
