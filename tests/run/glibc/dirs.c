/* Directories and metadata: mkdir, opendir/readdir (getdents64), stat/lstat/fstat,
 * rename, link, symlink/readlink, utimensat, fcntl locks, readv/writev, ioctl, time. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

static int cmp(const void *a, const void *b) { return strcmp(*(char **)a, *(char **)b); }

int main(int argc, char **argv)
{
    if (argc < 2 || chdir(argv[1])) return 2;
    mkdir("d", 0755);
    for (int i = 0; i < 5; i++) {
        char n[32];
        snprintf(n, sizeof n, "d/file%d", i);
        int fd = open(n, O_CREAT | O_WRONLY, 0640);
        write(fd, n, (size_t)i * 3);
        close(fd);
    }
    DIR *d = opendir("d");
    char *names[16];
    int k = 0;
    struct dirent *e;
    while ((e = readdir(d)) && k < 16)
        if (e->d_name[0] != '.') names[k++] = strdup(e->d_name);
    closedir(d);
    qsort(names, (size_t)k, sizeof *names, cmp);
    printf("%d entries:", k);
    for (int i = 0; i < k; i++) printf(" %s", names[i]);
    struct stat st;
    printf("\nstat %d size %lld mode %o isreg %d\n", stat("d/file3", &st), (long long)st.st_size,
           st.st_mode & 0777, S_ISREG(st.st_mode));
    printf("rename %d link %d symlink %d\n", rename("d/file1", "d/one"), link("d/one", "d/hard"),
           symlink("one", "d/soft"));
    char buf[64] = { 0 };
    printf("readlink %zd %s\n", readlink("d/soft", buf, sizeof buf), buf);
    printf("lstat %d islnk %d nlink %ld\n", lstat("d/soft", &st), S_ISLNK(st.st_mode),
           (stat("d/hard", &st), (long)st.st_nlink));
    struct timespec ts[2] = { { 1000000000, 5 }, { 1234567890, 123456789 } };
    printf("utimensat %d", utimensat(AT_FDCWD, "d/hard", ts, 0));
    stat("d/hard", &st);
    printf(" mtime %lld.%09ld\n", (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
    int fd = open("d/v", O_CREAT | O_RDWR | O_TRUNC, 0600);
    struct iovec iov[3] = { { "abc", 3 }, { "", 0 }, { "defgh", 5 } };
    printf("writev %zd", writev(fd, iov, 3));
    char x[4], y[8] = { 0 };
    struct iovec in[2] = { { x, 4 }, { y, 8 } };
    lseek(fd, 0, SEEK_SET);
    printf(" readv %zd %.4s %s\n", readv(fd, in, 2), x, y);
    struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 2, .l_len = 3 };
    printf("setlk %d", fcntl(fd, F_SETLK, &fl));
    fl.l_type = F_RDLCK;
    printf(" getlk %d type %d\n", fcntl(fd, F_GETLK, &fl), fl.l_type == F_UNLCK);
    printf("getfl %d cloexec %d\n", fcntl(fd, F_GETFL) & O_ACCMODE,
           (fcntl(fd, F_SETFD, FD_CLOEXEC), fcntl(fd, F_GETFD)));
    errno = 0;
    printf("isatty(file) %d errno %d\n", isatty(fd), errno);
    int pfd[2], avail = -1;
    pipe(pfd);
    write(pfd[1], "12345", 5);
    printf("FIONREAD %d %d\n", ioctl(pfd[0], FIONREAD, &avail), avail);
    close(fd);
    struct timespec t0, t1, r;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    struct timespec nap = { 0, 20 * 1000 * 1000 };
    nanosleep(&nap, NULL);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    long ms = (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000;
    struct timeval tv;
    gettimeofday(&tv, NULL);
    clock_getres(CLOCK_REALTIME, &r);
    printf("slept>=20ms %d realtime>2020 %d res>0 %d time ok %d\n", ms >= 20,
           tv.tv_sec > 1577836800, r.tv_sec == 0 && r.tv_nsec > 0, time(NULL) > 1577836800);
    return 0;
}
