/* Headers and calls real programs use (docs/libc.md): <sys/resource.h> getrusage,
 * <sys/times.h>, <utime.h> and utimes(), <sched.h>, <sys/random.h>, <malloc.h>, struct
 * ucred with SO_PEERCRED, <sys/sendfile.h>, <ftw.h>, <elf.h> (the program reads its own
 * ELF header through argv[0]).  One line per check; exit status 0 if all passed. */
#define _GNU_SOURCE 1
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <malloc.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/times.h>
#include <unistd.h>
#include <utime.h>

#ifndef ELFCLASS128
#define ELFCLASS128 3 /* ZettaLinux (docs/abi.md 8.1); glibc's <elf.h> does not have it */
#endif
/* the gABI sizes, at every XLEN */
_Static_assert(sizeof(Elf32_Ehdr) == 52 && sizeof(Elf64_Ehdr) == 64, "Ehdr");
_Static_assert(sizeof(Elf32_Shdr) == 40 && sizeof(Elf64_Shdr) == 64, "Shdr");
_Static_assert(sizeof(Elf32_Phdr) == 32 && sizeof(Elf64_Phdr) == 56, "Phdr");
_Static_assert(sizeof(Elf32_Sym) == 16 && sizeof(Elf64_Sym) == 24, "Sym");
_Static_assert(sizeof(Elf32_Rela) == 12 && sizeof(Elf64_Rela) == 24, "Rela");
_Static_assert(sizeof(Elf32_Dyn) == 8 && sizeof(Elf64_Dyn) == 16, "Dyn");
_Static_assert(sizeof(Elf32_auxv_t) == 8 && sizeof(Elf64_auxv_t) == 16, "auxv_t");
_Static_assert(ELF64_R_SYM(ELF64_R_INFO(5, R_RISCV_64)) == 5 &&
               ELF64_R_TYPE(ELF64_R_INFO(5, R_RISCV_64)) == R_RISCV_64, "ELF64_R_*");

static int fails;
static void check(int ok, const char *what)
{
    printf("%s %s\n", ok ? "ok" : "FAILED", what);
    if (!ok) fails++;
}

static int n_type[8], max_level, dp_after_child, bad_base;
static int saw_b;
static int visit(const char *p, const struct stat *st, int type, struct FTW *f)
{
    (void)st;
    if (type >= 0 && type < 8) n_type[type]++;
    if (f->level > max_level) max_level = f->level;
    if (!strcmp(p + f->base, "b")) saw_b = 1;
    if (type == FTW_DP && !strcmp(p + f->base, "sub") && saw_b) dp_after_child = 1;
    if (f->base < 0 || f->base > (int)strlen(p) || (f->base > 0 && p[f->base - 1] != '/')) bad_base = 1;
    return 0;
}
static int o_type[8];
static int visit_old(const char *p, const struct stat *st, int type)
{
    (void)p;
    (void)st;
    if (type >= 0 && type < 8) o_type[type]++;
    return 0;
}
static int stop_at_file(const char *p, const struct stat *st, int type, struct FTW *f)
{
    (void)p;
    (void)st;
    (void)f;
    return type == FTW_F ? 42 : 0;
}

static long mtime_of(const char *p)
{
    struct stat st;
    return stat(p, &st) ? -1 : (long)st.st_mtime;
}

int main(int argc, char **argv)
{
    (void)argc;
    unsigned char id[EI_NIDENT + 4];
    int efd = open(argv[0], O_RDONLY);
    check(efd >= 0 && read(efd, id, sizeof id) == (ssize_t)sizeof id && !memcmp(id, ELFMAG, SELFMAG) &&
          id[EI_CLASS] == (sizeof(void *) == 16 ? ELFCLASS128 : sizeof(void *) == 8 ? ELFCLASS64 : ELFCLASS32) &&
          id[EI_DATA] == ELFDATA2LSB && id[EI_VERSION] == EV_CURRENT && id[EI_NIDENT] == ET_EXEC &&
          (id[EI_NIDENT + 2] | id[EI_NIDENT + 3] << 8) == EM_RISCV, "<elf.h>: this program's ELF header");
    close(efd);

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
    int pmax = sched_get_priority_max(SCHED_FIFO), pmin = sched_get_priority_min(SCHED_FIFO);
    check(pmax == 99 && pmin == 1, "sched_get_priority_max/min");
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
    /* sendfile */
    char fpath[] = "/tmp/zl-sendfile-XXXXXX";
    int ffd = mkstemp(fpath);
    int pp[2];
    char got[16] = {0};
    off_t off = 6;
    check(ffd >= 0 && write(ffd, "hello world", 11) == 11 && pipe(pp) == 0, "sendfile setup");
    check(sendfile(pp[1], ffd, &off, 5) == 5 && off == 11 && read(pp[0], got, 5) == 5 &&
          !memcmp(got, "world", 5), "sendfile with an offset");
    check(lseek(ffd, 0, SEEK_SET) == 0 && sendfile(pp[1], ffd, NULL, 5) == 5 &&
          lseek(ffd, 0, SEEK_CUR) == 5 && read(pp[0], got, 5) == 5 && !memcmp(got, "hello", 5),
          "sendfile without an offset");
    close(pp[0]);
    close(pp[1]);
    close(ffd);
    unlink(fpath);

    /* nftw / ftw on dir/{a, sub/b, link -> a, dangling -> nowhere} */
    char dir[] = "/tmp/zl-ftw-XXXXXX";
    char q[64];
    check(mkdtemp(dir) != NULL, "mkdtemp");
#define SUB(s) (snprintf(q, sizeof q, "%s/" s, dir), q)
    close(open(SUB("a"), O_CREAT | O_WRONLY, 0644));
    mkdir(SUB("sub"), 0755);
    close(open(SUB("sub/b"), O_CREAT | O_WRONLY, 0644));
    check(symlink("a", SUB("link")) == 0 && symlink("nowhere", SUB("dangling")) == 0, "symlinks");
    check(nftw(dir, visit, 8, FTW_PHYS | FTW_DEPTH) == 0 && n_type[FTW_F] == 2 &&
          n_type[FTW_SL] == 2 && n_type[FTW_DP] == 2 && n_type[FTW_D] == 0 && max_level == 2 &&
          dp_after_child && !bad_base, "nftw(FTW_PHYS | FTW_DEPTH)");
    memset(n_type, 0, sizeof n_type);
    check(nftw(dir, visit, 8, 0) == 0 && n_type[FTW_F] == 3 && n_type[FTW_SLN] == 1 &&
          n_type[FTW_D] == 2 && n_type[FTW_DP] == 0, "nftw follows links");
    check(nftw(dir, stop_at_file, 8, 0) == 42, "nftw stops at a non-zero callback result");
    check(ftw(dir, visit_old, 8) == 0 && o_type[FTW_F] == 3 && o_type[FTW_D] == 2 &&
          o_type[FTW_NS] + o_type[FTW_SLN] == 1, "ftw");
    errno = 0;
    check(nftw(SUB("missing"), visit, 8, 0) == -1 && errno == ENOENT, "nftw on a missing path");
    unlink(SUB("sub/b"));
    rmdir(SUB("sub"));
    unlink(SUB("a"));
    unlink(SUB("link"));
    unlink(SUB("dangling"));
    rmdir(dir);

    printf("%d failed\n", fails);
    return fails != 0;
}
