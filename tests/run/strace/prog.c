/* For tests/run/strace_test.sh: an open that fails, an fstat, an execve of itself, and an
 * exit status (3) or a death by SIGSEGV (argument "die"). */
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "die")) {
        kill(getpid(), SIGSEGV);
        return 0;
    }
    if (argc > 1) {
        write(1, "child\n", 6);
        return 3;
    }
    int fd = open("/nonexistent/zl", O_RDONLY | O_CLOEXEC);
    struct stat st;
    fstat(0, &st);
    char *args[] = { argv[0], "child", NULL };
    execv("/proc/self/exe", args);
    return fd;
}
