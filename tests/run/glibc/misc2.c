/* statfs/fstatfs, flock, fallocate, posix_fadvise, sync/syncfs, close_range,
 * memfd_create, eventfd, msync, mlock/munlock, mincore, getcpu, sched affinity and
 * scheduler calls (priority ranges, sched_setscheduler/sched_setparam with their errors,
 * sched_rr_get_interval): output compared with qemu-riscv64. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "/tmp";
    char path[256];
    snprintf(path, sizeof path, "%s/misc2.dat", dir);
    struct statfs a, b;
    int r = statfs(dir, &a);
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
    int r2 = fstatfs(fd, &b);
    printf("statfs: %d %d same type %d bsize>0 %d\n", r, r2, a.f_type == b.f_type, a.f_bsize > 0);
    printf("statfs missing: %d %s\n", statfs("/nonexistent/x", &a), strerror(errno));

    printf("flock: %d %d\n", flock(fd, LOCK_EX | LOCK_NB), flock(fd, LOCK_UN));
    r = fallocate(fd, 0, 0, 10000);
    struct stat st;
    fstat(fd, &st);
    printf("fallocate: %d size %lld\n", r, (long long)st.st_size);
    printf("fallocate bad: %d %s\n", fallocate(fd, 0, -1, 10), strerror(errno));
    printf("fadvise: %d bad %d\n", posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL),
           posix_fadvise(fd, 0, 0, 999));
    sync();
    printf("syncfs: %d\n", syncfs(fd));

    /* msync of a shared file mapping writes through; mincore; mlock */
    char *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    memcpy(m + 4096, "synced", 6);
    r = msync(m, 8192, MS_SYNC);
    char buf[8] = { 0 };
    pread(fd, buf, 6, 4096);
    printf("msync: %d '%s' bad flags %d unaligned %d\n", r, buf, msync(m, 8192, MS_SYNC | MS_ASYNC),
           msync(m + 1, 10, MS_SYNC));
    unsigned char vec[2] = { 9, 9 };
    r = mincore(m, 8192, vec);
    printf("mincore: %d resident %d %d\n", r, vec[0] & 1, vec[1] & 1);
    printf("mlock: %d munlock: %d\n", mlock(m + 10, 100), munlock(m + 10, 100));
    munmap(m, 8192);
    printf("msync unmapped: %d %s\n", msync(m, 4096, MS_SYNC), strerror(errno));
    printf("mincore unmapped: %d %s\n", mincore(m, 4096, vec), strerror(errno));
    close(fd);
    unlink(path);

    /* descriptors */
    int mfd = memfd_create("zl-test", MFD_CLOEXEC);
    write(mfd, "memfd", 5);
    memset(buf, 0, sizeof buf);
    pread(mfd, buf, 5, 0);
    printf("memfd: %d '%s' cloexec %d\n", mfd >= 0, buf, fcntl(mfd, F_GETFD) & FD_CLOEXEC);
    int efd = eventfd(3, 0);
    eventfd_write(efd, 4);
    eventfd_t v = 0;
    eventfd_read(efd, &v);
    printf("eventfd: %llu\n", (unsigned long long)v);
    int hi = dup2(mfd, 40);
    dup2(mfd, 41);
    r = (int)syscall(SYS_close_range, 40, 41, 0);
    printf("close_range: %d closed %d %d\n", r, fcntl(hi, F_GETFD) < 0, fcntl(41, F_GETFD) < 0);

    /* scheduler */
    unsigned cpu = 9999, node = 9999;
    r = (int)syscall(SYS_getcpu, &cpu, &node, NULL);
    printf("getcpu: %d cpu ok %d node ok %d\n", r, cpu < 4096, node < 4096);
    cpu_set_t set;
    CPU_ZERO(&set);
    r = sched_getaffinity(0, sizeof set, &set);
    printf("sched_getaffinity: %d count>0 %d\n", r, CPU_COUNT(&set) > 0);
    printf("sched_setaffinity: %d\n", sched_setaffinity(0, sizeof set, &set));
    long raw = syscall(SYS_sched_getaffinity, 0, 4, &set);
    printf("sched_getaffinity odd size: %ld %s\n", raw, strerror(errno));
    printf("sched_getscheduler: %d\n", sched_getscheduler(0));
    struct sched_param sp = { 5 };
    printf("sched_getparam: %d prio %d\n", sched_getparam(0, &sp), sp.sched_priority);
    printf("priority range: FIFO %d-%d RR %d-%d OTHER %d-%d\n", sched_get_priority_min(SCHED_FIFO),
           sched_get_priority_max(SCHED_FIFO), sched_get_priority_min(SCHED_RR),
           sched_get_priority_max(SCHED_RR), sched_get_priority_min(SCHED_OTHER),
           sched_get_priority_max(SCHED_OTHER));
    errno = 0;
    r = sched_get_priority_max(77);
    printf("sched_get_priority_max(77): %d %s\n", r, strerror(errno));
    sp.sched_priority = 0;
    printf("sched_setscheduler(OTHER, 0): %d\n", sched_setscheduler(0, SCHED_OTHER, &sp));
    printf("sched_setparam(0): %d\n", sched_setparam(0, &sp));
    sp.sched_priority = 5;
    errno = 0;
    r = sched_setscheduler(0, SCHED_OTHER, &sp);
    printf("sched_setscheduler(OTHER, 5): %d %s\n", r, strerror(errno));
    sp.sched_priority = 0;
    errno = 0;
    r = (int)syscall(SYS_sched_setscheduler, 0, -1, &sp);
    printf("sched_setscheduler(policy -1): %d %s\n", r, strerror(errno));
    errno = 0;
    r = (int)syscall(SYS_sched_setscheduler, -1, SCHED_OTHER, &sp);
    printf("sched_setscheduler(pid -1): %d %s\n", r, strerror(errno));
    errno = 0;
    r = (int)syscall(SYS_sched_setparam, 0, NULL);
    printf("sched_setparam(NULL): %d %s\n", r, strerror(errno));
    errno = 0;
    r = (int)syscall(SYS_sched_setparam, 0, (void *)16);
    printf("sched_setparam(bad pointer): %d %s\n", r, strerror(errno));
    printf("sched_getscheduler after: %d\n", sched_getscheduler(0));
    struct timespec rr = { -1, -1 };
    r = sched_rr_get_interval(0, &rr);
    printf("sched_rr_get_interval: %d sec %ld nsec in range %d\n", r, (long)rr.tv_sec,
           rr.tv_nsec >= 0 && rr.tv_nsec < 1000000000);
    errno = 0;
    r = sched_rr_get_interval(-1, &rr);
    printf("sched_rr_get_interval(-1): %d %s\n", r, strerror(errno));
    errno = 0;
    r = sched_rr_get_interval(0x3ffffff0, &rr);
    printf("sched_rr_get_interval(no such pid): %d %s\n", r, strerror(errno));
    errno = 0;
    r = (int)syscall(SYS_sched_rr_get_interval, 0, (void *)16);
    printf("sched_rr_get_interval(bad pointer): %d %s\n", r, strerror(errno));
    return 0;
}
