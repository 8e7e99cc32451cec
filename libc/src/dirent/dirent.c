/* Directory streams over getdents64 (struct k_dirent64: the same bytes at every XLEN). */
#include "zl_libc.h"
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

struct __zl_dir {
    int fd;
    size_t pos, len;
    long last_off;   /* d_off of the entry last returned: where the next one starts */
    struct dirent ent;
    _Alignas(16) unsigned char buf[4096];
};

DIR *fdopendir(int fd)
{
    DIR *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->fd = fd;
    return d;
}

DIR *opendir(const char *path)
{
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    DIR *d = fdopendir(fd);
    if (!d)
        close(fd);
    return d;
}

int closedir(DIR *d)
{
    int r = close(d->fd);
    free(d);
    return r;
}

int dirfd(DIR *d)
{
    return d->fd;
}

struct dirent *readdir(DIR *d)
{
    if (d->pos >= d->len) {
        long r = SYS3(getdents64, d->fd, d->buf, sizeof d->buf);
        if (r <= 0) {
            if (r < 0)
                errno = (int)-r;
            return NULL;
        }
        d->len = (size_t)r;
        d->pos = 0;
    }
    struct k_dirent64 *k = (struct k_dirent64 *)(void *)(d->buf + d->pos);
    d->pos += k->d_reclen;
    d->last_off = (long)k->d_off;
    d->ent.d_ino = k->d_ino;
    d->ent.d_off = k->d_off;
    d->ent.d_reclen = sizeof d->ent;
    d->ent.d_type = k->d_type;
    size_t nl = strnlen(k->d_name, 255);
    memcpy(d->ent.d_name, k->d_name, nl);
    d->ent.d_name[nl] = 0;
    return &d->ent;
}

/* Obsolete (readdir is safe on distinct streams): the next entry copied into *e. */
int readdir_r(DIR *restrict d, struct dirent *restrict e, struct dirent **restrict res)
{
    int saved = errno;
    errno = 0;
    struct dirent *p = readdir(d);
    int err = errno;
    if (!p) {
        *res = NULL;
        return err;
    }
    errno = saved;
    memcpy(e, p, sizeof *e);
    *res = e;
    return 0;
}

void rewinddir(DIR *d)
{
    lseek(d->fd, 0, SEEK_SET);
    d->pos = d->len = 0;
    d->last_off = 0;
}

long telldir(DIR *d)
{
    return d->last_off;
}

void seekdir(DIR *d, long pos)
{
    lseek(d->fd, pos, SEEK_SET);
    d->pos = d->len = 0;
    d->last_off = pos;
}

int alphasort(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

/* GNU: by strverscmp ("file9" before "file10"). */
int versionsort(const struct dirent **a, const struct dirent **b)
{
    return strverscmp((*a)->d_name, (*b)->d_name);
}

int scandir(const char *path, struct dirent ***out, int (*sel)(const struct dirent *),
            int (*cmp)(const struct dirent **, const struct dirent **))
{
    DIR *d = opendir(path);
    if (!d)
        return -1;
    struct dirent **v = NULL, *e;
    size_t n = 0, cap = 0;
    int err = 0;
    while ((e = readdir(d))) {
        if (sel && !sel(e))
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            struct dirent **nv = realloc(v, cap * sizeof *nv);
            if (!nv) {
                err = ENOMEM;
                break;
            }
            v = nv;
        }
        v[n] = malloc(sizeof *e);
        if (!v[n]) {
            err = ENOMEM;
            break;
        }
        memcpy(v[n++], e, sizeof *e);
    }
    closedir(d);
    if (err) {
        while (n)
            free(v[--n]);
        free(v);
        errno = err;
        return -1;
    }
    if (cmp)
        qsort(v, n, sizeof *v, (int (*)(const void *, const void *))cmp);
    *out = v;
    return (int)n;
}
