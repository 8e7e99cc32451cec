/* make demo: an ordinary C program, built by zl-cc and zlibc as a 128-bit program
 * (ELFCLASS128, LP128) and run under zl-run on a 64-bit host. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *errname(int e)
{
    switch (e) {
    case EOVERFLOW: return "EOVERFLOW";
    case EINVAL: return "EINVAL";
    case 0: return "no error";
    default: return strerror(e);
    }
}

int main(void)
{
    printf("data model: sizeof(int) = %zu, sizeof(long) = %zu, sizeof(void *) = %zu, "
           "sizeof(off_t) = %zu, sizeof(__int64) = %zu\n",
           sizeof(int), sizeof(long), sizeof(void *), sizeof(off_t), sizeof(__int64));

    unsigned long f = 1;
    for (int i = 2; i <= 33; i++)
        f *= i;
    printf("33! = %lu (%d bits: more than 64)\n", f, (int)(8 * sizeof f) - __builtin_clzl(f));

    int local = 0;
    char *heap = malloc(100);
    printf("a stack address: %p\na heap address:  %p\n", (void *)&local, (void *)heap);
    free(heap);

    char path[] = "/tmp/zl-demo-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) {
        perror("mkstemp");
        return 1;
    }
    unlink(path);
    off_t where = (off_t)1 << 40;                   /* 1 TiB into a sparse file: fine */
    errno = 0;
    off_t got = lseek(fd, where, SEEK_SET);
    printf("lseek(fd, 2^40) = %ld (%s)\n", (long)got, errname(errno));
    if (write(fd, "x", 1) != 1)
        perror("write");

    struct flock lk = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
    lk.l_start = (off_t)1 << 70;                    /* the API carries it; the host cannot */
    lk.l_len = 1;
    errno = 0;
    int r = fcntl(fd, F_SETLK, &lk);
    printf("fcntl(F_SETLK at 2^70) = %d (%s)\n", r, errname(errno));
    close(fd);
    return 0;
}
