/* Headers and calls real programs use (docs/libc.md): <sys/resource.h> getrusage,
 * <sys/times.h>, <utime.h> and utimes(), <sched.h>, <sys/random.h>, <malloc.h>, struct
 * ucred with SO_PEERCRED.  One line per check; exit status 0 if all passed. */
#define _GNU_SOURCE 1
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/times.h>
#include <unistd.h>
#include <utime.h>

static int fails;
static void check(int ok, const char *what)
{
    printf("%s %s\n", ok ? "ok" : "FAILED", what);
    if (!ok) fails++;
}

static long mtime_of(const char *p)
{
    struct stat st;
    return stat(p, &st) ? -1 : (long)st.st_mtime;
}

int main(void)
{
    struct rusage ru;
    memset(&ru, 0xa5, sizeof ru);
    check(getrusage(RUSAGE_SELF, &ru) == 0 && ru.ru_utime.tv_sec >= 0 && ru.ru_utime.tv_usec >= 0 &&
          ru.ru_utime.tv_usec < 1000000 && ru.ru_stime.tv_usec >= 0 && ru.ru_stime.tv_usec < 1000000 &&
          ru.ru_maxrss > 0 && ru.ru_nivcsw >= 0, "getrusage(RUSAGE_SELF)");
    check(getrusage(RUSAGE_CHILDREN, &ru) == 0 && ru.ru_utime.tv_sec == 0, "getrusage(RUSAGE_CHILDREN)");
    errno = 0;
    check(getrusage(12345, &ru) == -1 && errno == EINVAL, "getrusage(bad who)");

    struct tms t;
    memset(&t, 0xa5, sizeof t);
    clock_t c = times(&t);
    check(c != (clock_t)-1 && t.tms_utime >= 0 && t.tms_stime >= 0 && t.tms_cutime == 0, "times");

    char path[] = "/tmp/zl-posixhdr-XXXXXX";
    int fd = mkstemp(path);
    check(fd >= 0, "mkstemp");
    close(fd);
    struct timeval tv[2] = { { 1000000000, 5 }, { 1234567890, 250000 } };
    check(utimes(path, tv) == 0 && mtime_of(path) == 1234567890, "utimes");
    struct timeval bad[2] = { { 1, 0 }, { 2, 1000000 } };
    errno = 0;
    check(utimes(path, bad) == -1 && errno == EINVAL, "utimes(tv_usec out of range)");
    struct utimbuf ub = { 1111111111, 1222222222 };
    check(utime(path, &ub) == 0 && mtime_of(path) == 1222222222, "utime");
    check(utime(path, NULL) == 0 && mtime_of(path) > 1500000000, "utime(NULL): now");
    unlink(path);

    check(sched_yield() == 0, "sched_yield");
    /* zl-run does not implement these two calls yet (ENOSYS, under glibc too) */
    errno = 0;
    int pmax = sched_get_priority_max(SCHED_FIFO), pmin = sched_get_priority_min(SCHED_FIFO);
    check((pmax == 99 && pmin == 1) || (pmax == -1 && pmin == -1 && errno == ENOSYS),
          "sched_get_priority_max/min");
    struct sched_param sp = { 0 };
    check(sp.sched_priority == 0, "struct sched_param");

    unsigned char r[32];
    memset(r, 0, sizeof r);
    int nz = 0;
    check(getrandom(r, sizeof r, 0) == (ssize_t)sizeof r, "getrandom");
    for (size_t i = 0; i < sizeof r; i++) nz += r[i] != 0;
    check(nz > 0, "getrandom filled the buffer");
    check(getrandom(r, 4, GRND_NONBLOCK) == 4, "getrandom(GRND_NONBLOCK)");

    void *m = memalign(64, 100);
    check(m && ((uintptr_t)m & 63) == 0 && malloc_usable_size(m) >= 100, "<malloc.h> memalign");
    free(m);

    int s[2];
    struct ucred cr;
    socklen_t len = sizeof cr;
    check(socketpair(AF_UNIX, SOCK_STREAM, 0, s) == 0 &&
          getsockopt(s[0], SOL_SOCKET, SO_PEERCRED, &cr, &len) == 0 && len == sizeof cr &&
          cr.pid == getpid() && cr.uid == getuid() && cr.gid == getgid(), "struct ucred, SO_PEERCRED");
    printf("%d failed\n", fails);
    return fails != 0;
}
