/* Named semaphores: the semaphore "/NAME" is the file /dev/shm/sem.NAME (the name glibc
 * and musl give it on Linux) holding one process-shared sem_t, mapped MAP_SHARED.  A new
 * one is written to a temporary file with the caller's mode and linked into place, so
 * nobody sees it half made, and O_EXCL fails (EEXIST) when the name exists.  Each process
 * keeps one mapping per file (device and inode), counted: opening the same semaphore
 * again returns the same address, as POSIX requires, and the last sem_close unmaps it. */
#include "zl_thread.h"
#include <fcntl.h>
#include <limits.h>
#include <semaphore.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define SHM_DIR "/dev/shm/"
#define SEM_PREFIX "sem."

static struct named {
    dev_t dev;
    ino_t ino;
    sem_t *sem;
    int refs;
} *tab;
static size_t ntab, captab;
static int tab_lock;

/* /dev/shm/sem.NAME for "/NAME" (leading slashes skipped): 0, or glibc's errors on Linux:
 * EINVAL for an empty name, one with another '/' or one longer than NAME_MAX, and
 * ENAMETOOLONG (the kernel's) when sem.NAME is. */
static int sem_path(const char *name, char *path)
{
    while (*name == '/')
        name++;
    size_t n = strlen(name);
    if (!n || strchr(name, '/') || n > NAME_MAX)
        return EINVAL;
    if (n + sizeof SEM_PREFIX - 1 > NAME_MAX)
        return ENAMETOOLONG;
    memcpy(path, SHM_DIR SEM_PREFIX, sizeof SHM_DIR SEM_PREFIX - 1);
    memcpy(path + sizeof SHM_DIR SEM_PREFIX - 1, name, n + 1);
    return 0;
}

/* The process's mapping of the open semaphore file fd (made, or counted once more). */
static sem_t *map_file(int fd)
{
    struct stat st;
    if (fstat(fd, &st) < 0)
        return SEM_FAILED;
    for (size_t i = 0; i < ntab; i++)
        if (tab[i].dev == st.st_dev && tab[i].ino == st.st_ino) {
            if (tab[i].refs == INT_MAX) {
                errno = EMFILE;
                return SEM_FAILED;
            }
            tab[i].refs++;
            return tab[i].sem;
        }
    if (ntab == captab) {
        size_t cap = captab ? captab * 2 : 8;
        struct named *t = realloc(tab, cap * sizeof *t);
        if (!t)
            return SEM_FAILED;
        tab = t;
        captab = cap;
    }
    sem_t *s = mmap(NULL, sizeof(sem_t), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (s == MAP_FAILED)
        return SEM_FAILED;
    tab[ntab++] = (struct named){ st.st_dev, st.st_ino, s, 1 };
    return s;
}

/* Create the semaphore at path with mode and value: its open descriptor, or -1 with
 * errno (EEXIST when the name exists). */
static int create(const char *path, mode_t mode, unsigned value)
{
    char tmp[] = SHM_DIR SEM_PREFIX "XXXXXX";
    int fd = __zl_mkostemps_mode(tmp, 0, O_CLOEXEC, mode);
    if (fd < 0)
        return -1;
    sem_t init;
    memset(&init, 0, sizeof init);
    (void)sem_init(&init, 1, value);
    int r = -1;
    if (write(fd, &init, sizeof init) == (ssize_t)sizeof init)
        r = link(tmp, path);
    int e = errno;
    unlink(tmp);
    if (r < 0) {
        close(fd);
        fd = -1;
    }
    errno = e;
    return fd;
}

sem_t *sem_open(const char *name, int oflag, ...)
{
    char path[sizeof SHM_DIR + NAME_MAX];
    mode_t mode = 0;
    unsigned value = 0;
    if (oflag & O_CREAT) {
        va_list ap;
        va_start(ap, oflag);
        mode = (mode_t)va_arg(ap, unsigned);
        value = va_arg(ap, unsigned);
        va_end(ap);
        if (value > SEM_VALUE_MAX) {
            errno = EINVAL;
            return SEM_FAILED;
        }
    }
    int e = sem_path(name, path);
    if (e) {
        errno = e;
        return SEM_FAILED;
    }
    __zl_lock(&tab_lock);
    sem_t *s = SEM_FAILED;
    for (;;) {
        /* an existing one, unless the caller insists on a new one; else a new one, or
         * (created by someone else meanwhile) theirs */
        int fd = -1;
        if ((oflag & (O_CREAT | O_EXCL)) != (O_CREAT | O_EXCL)) {
            fd = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
            if (fd < 0 && (errno != ENOENT || !(oflag & O_CREAT)))
                break;
        }
        if (fd < 0 && (fd = create(path, mode, value)) < 0) {
            if (errno != EEXIST || (oflag & O_EXCL))
                break;
            continue;
        }
        s = map_file(fd);
        e = errno;
        close(fd);
        errno = e;
        break;
    }
    __zl_unlock(&tab_lock);
    return s;
}

int sem_close(sem_t *s)
{
    __zl_lock(&tab_lock);
    for (size_t i = 0; i < ntab; i++)
        if (tab[i].sem == s) {
            if (--tab[i].refs == 0) {
                munmap(s, sizeof(sem_t));
                tab[i] = tab[--ntab];
            }
            __zl_unlock(&tab_lock);
            return 0;
        }
    __zl_unlock(&tab_lock);
    errno = EINVAL;
    return -1;
}

/* A name that cannot be a semaphore's does not exist (ENOENT: POSIX has no EINVAL here). */
int sem_unlink(const char *name)
{
    char path[sizeof SHM_DIR + NAME_MAX];
    int e = sem_path(name, path);
    if (e) {
        errno = e == EINVAL ? ENOENT : e;
        return -1;
    }
    return unlink(path);
}
