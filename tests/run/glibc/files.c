/* open/write/lseek/read/pread/ftruncate/unlink/mkdir/getcwd in a scratch directory. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

int main(int argc, char **argv)
{
    if (argc < 2) return 2;
    if (chdir(argv[1])) { perror("chdir"); return 1; }
    int fd = open("f.txt", O_CREAT | O_RDWR | O_TRUNC, 0644);
    const char msg[] = "0123456789abcdef";
    printf("write %zd\n", write(fd, msg, 16));
    printf("lseek %lld\n", (long long)lseek(fd, 4, SEEK_SET));
    char b[8] = { 0 };
    printf("read %zd %.4s\n", read(fd, b, 4), b);
    printf("pread %zd %.3s\n", pread(fd, b, 3, 10), b);
    printf("lseek end %lld\n", (long long)lseek(fd, 0, SEEK_END));
    printf("ftruncate %d size %lld\n", ftruncate(fd, 5), (long long)lseek(fd, 0, SEEK_END));
    errno = 0;
    printf("bad lseek %lld errno %d\n", (long long)lseek(fd, -100, SEEK_SET), errno);
    close(fd);
    printf("mkdir %d access %d\n", mkdir("d", 0755), access("d", F_OK));
    printf("rmdir %d unlink %d again %d errno %d\n", rmdir("d"), unlink("f.txt"), unlink("f.txt"), errno);
    struct stat st;
    int made = mkfifo("fifo", 0600);
    printf("mkfifo %d fifo %d", made, !stat("fifo", &st) && S_ISFIFO(st.st_mode));
    made = mknod("plain", S_IFREG | 0600, 0);
    printf(" mknod %d regular %d", made, !stat("plain", &st) && S_ISREG(st.st_mode));
    errno = 0;
    printf(" again %d errno %d\n", mkfifo("fifo", 0600), errno);
    unlink("fifo");
    unlink("plain");
    int p[2];
    printf("pipe %d\n", pipe(p));
    printf("pipe write %zd read %zd\n", write(p[1], "xyz", 3), read(p[0], b, 8));
    return 0;
}
