/* The guest's /proc/self is its own, never zl-run's (issue 17): mem reaches guest memory
 * only, maps and smaps list guest mappings, and auxv, cmdline, environ, exe, stat and
 * status describe the guest however the path is spelt.  Builds with glibc (rv64) and
 * with zl-cc + zlibc (rv128, where the stack and mappings lie above 2^64).
 * usage: procfs SCRATCH-DIR [args...]; run with ZL_PROCFS_MARK=guest in the environment.
 * Prints one "PASS name" or "FAIL name: why" line per check; exits 0. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static char secret[64] = "guest-secret-0123456789";
static const char rodata[32] = "read-only-guest-data";
static volatile int zero;

static int answer(void)
{
    return 1 + zero * 3 + zero;     /* long enough to patch 8 bytes of */
}

static void result(const char *name, int ok, const char *why)
{
    if (ok) printf("PASS %s\n", name);
    else printf("FAIL %s: %s\n", name, why);
}

/* The whole of an open file: its size, or -1. */
static long slurp_fd(int fd, char *buf, size_t size)
{
    if (fd < 0) return -1;
    size_t n = 0;
    for (;;) {
        ssize_t k = read(fd, buf + n, size - 1 - n);
        if (k < 0) { close(fd); return -1; }
        if (k == 0) break;
        n += (size_t)k;
        if (n == size - 1) break;
    }
    buf[n] = 0;
    close(fd);
    return (long)n;
}

static long slurp_at(int dirfd, const char *path, char *buf, size_t size)
{
    return slurp_fd(openat(dirfd, path, O_RDONLY), buf, size);
}

static uintptr_t hex(const char **s)
{
    uintptr_t v = 0;
    for (;; (*s)++) {
        char c = **s;
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0) return v;
        v = v * 16 + (uintptr_t)d;
    }
}

static uintptr_t dec(const char *s)
{
    uintptr_t v = 0;
    while (*s >= '0' && *s <= '9') v = v * 10 + (uintptr_t)(*s++ - '0');
    return v;
}

static char maps[1 << 16];

/* The maps line whose range holds addr, or NULL. */
static const char *maps_line(uintptr_t addr)
{
    for (const char *l = maps; *l;) {
        const char *s = l;
        uintptr_t lo = hex(&s);
        s++;
        uintptr_t hi = hex(&s);
        if (addr >= lo && addr < hi) return l;
        const char *nl = strchr(l, '\n');
        if (!nl) break;
        l = nl + 1;
    }
    return NULL;
}

static int line_has(const char *line, const char *what)
{
    const char *nl = strchr(line, '\n');
    const char *hit = strstr(line, what);
    return hit && (!nl || hit < nl);
}

static void test_mem(void)
{
    int fd = open("/proc/self/mem", O_RDWR);
    char buf[64] = "";
    uintptr_t at = (uintptr_t)secret;
    int ok = fd >= 0 && pread(fd, buf, 24, (off_t)at) == 24 && !memcmp(buf, secret, 24);
    result("mem_read", ok, "pread at a guest address did not give the guest's bytes");

    volatile long local = 0x5a5a1234;
    long got = 0;
    off_t where = (off_t)(uintptr_t)&local;         /* above 2^64 on rv128 */
    ok = fd >= 0 && lseek(fd, where, SEEK_SET) == where &&
         read(fd, &got, sizeof got) == (ssize_t)sizeof got && got == local;
    result("mem_read_stack", ok, "lseek + read of a stack variable");

    ok = fd >= 0 && pwrite(fd, "GUEST", 5, (off_t)at) == 5 && !memcmp((char *)secret, "GUEST", 5);
    result("mem_write", ok, "pwrite did not change guest memory");

    ok = fd >= 0 && pwrite(fd, "RO", 2, (off_t)(uintptr_t)rodata) == 2 &&
         ((volatile const char *)rodata)[0] == 'R' && ((volatile const char *)rodata)[1] == 'O';
    result("mem_write_readonly", ok, "a write to a read-only private page (FOLL_FORCE) failed");

    int (*volatile fn)(void) = answer;
    int before = fn();
    static const unsigned code[2] = { 0x00200513, 0x00008067 };     /* li a0, 2; ret */
    ok = fd >= 0 && pwrite(fd, code, 8, (off_t)(uintptr_t)fn) == 8;
    int after = fn();
    result("mem_write_code", ok && before == 1 && after == 2,
           "patched code did not run (or the patch failed)");

    /* the offset is a guest address, shared by dup'ed descriptors */
    int fd2 = fd >= 0 ? dup(fd) : -1;
    memset(buf, 0, sizeof buf);
    ok = fd2 >= 0 && lseek(fd, (off_t)at, SEEK_SET) == (off_t)at && read(fd2, buf, 5) == 5 &&
         !memcmp(buf, "GUEST", 5) && lseek(fd2, 0, SEEK_CUR) == (off_t)(at + 5);
    result("mem_lseek_dup", ok, "lseek + read through a dup'ed descriptor");

    char a[3] = "", b[3] = "";
    struct iovec iov[2];
    iov[0].iov_base = a;
    iov[0].iov_len = 2;
    iov[1].iov_base = b;
    iov[1].iov_len = 2;
    ok = fd >= 0 && preadv(fd, iov, 2, (off_t)at) == 4 && !memcmp(a, "GU", 2) && !memcmp(b, "ES", 2);
    result("mem_preadv", ok, "preadv at a guest address");

    char *gone = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ok = gone != MAP_FAILED && !munmap(gone, 4096);
    errno = 0;
    ok = ok && fd >= 0 && pread(fd, buf, 8, (off_t)(uintptr_t)gone) < 0 && errno == EIO;
    result("mem_unmapped", ok, "a page the guest does not map was not EIO");
    /* descriptor bookkeeping: copies made by dup2 and F_DUPFD reach guest memory, and a
     * number a mem descriptor had is an ordinary descriptor once it is reused */
    int hi = fd >= 0 ? fcntl(fd, F_DUPFD_CLOEXEC, 40) : -1;
    ok = hi >= 40 && dup2(fd, 41) == 41 && pread(hi, a, 2, (off_t)at) == 2 &&
         pread(41, b, 2, (off_t)at + 2) == 2 && !memcmp(a, "GU", 2) && !memcmp(b, "ES", 2);
    int z = open("/dev/zero", O_RDONLY);
    ok = ok && z >= 0 && dup2(z, 41) == 41 && read(41, a, 2) == 2 && !a[0] && !a[1];
    close(41);
    if (hi >= 0) close(hi);
    if (fd2 >= 0) close(fd2);
    if (fd >= 0) close(fd);
    int again = z >= 0 ? dup(z) : -1;      /* likely fd's old number */
    ok = ok && again >= 0 && read(again, b, 2) == 2 && !b[0] && !b[1];
    result("mem_descriptors", ok, "dup2/F_DUPFD copies or reused numbers misbehave");
    if (again >= 0) close(again);
    if (z >= 0) close(z);

    /* reopening through /proc/self/fd: an O_PATH descriptor of mem (which never
     * had access) and a mem descriptor both give mem again */
    char link[64];
    int op = open("/proc/self/mem", O_PATH);
    snprintf(link, sizeof link, "/proc/self/fd/%d", op);
    fd = op >= 0 ? open(link, O_RDONLY) : -1;
    memset(buf, 0, sizeof buf);
    ok = fd >= 0 && pread(fd, buf, 5, (off_t)at) == 5 && !memcmp(buf, "GUEST", 5);
    if (op >= 0) close(op);
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    int fd3 = fd >= 0 ? open(link, O_RDONLY) : -1;
    memset(buf, 0, sizeof buf);
    ok = ok && fd3 >= 0 && pread(fd3, buf, 5, (off_t)at) == 5 && !memcmp(buf, "GUEST", 5);
    result("mem_reopen", ok, "reopening mem through /proc/self/fd/N");
    if (fd3 >= 0) close(fd3);
    if (fd >= 0) close(fd);

    fd = open("/proc/self/mem", O_RDONLY);
    errno = 0;
    void *map = fd >= 0 ? mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0) : MAP_FAILED;
    result("mem_mmap", map == MAP_FAILED && errno == ENODEV, "mmap of mem did not fail with ENODEV");
    errno = 0;
    ok = fd >= 0 && pwrite(fd, "x", 1, (off_t)at) < 0 && errno == EBADF;
    result("mem_rdonly", ok, "a read-only mem descriptor could write");
    if (fd >= 0) close(fd);
}

static void test_maps(char **argv)
{
    long n = slurp_at(AT_FDCWD, "/proc/self/maps", maps, sizeof maps);
    result("maps_read", n > 0, "cannot read /proc/self/maps");
    if (n <= 0) return;
    const char *host[] = { "zl-run", "libc.so", "[vdso]", "[vvar]", "ld-linux" };
    int clean = 1;
    for (size_t i = 0; i < sizeof host / sizeof host[0]; i++)
        if (strstr(maps, host[i])) clean = 0;
    result("maps_no_host_lines", clean, "the host's mappings are listed");
    result("maps_sigpage", strstr(maps, "[sigpage]") != NULL, "no [sigpage] line");
    volatile int local = 0;
    const char *l = maps_line((uintptr_t)&local);
    result("maps_stack", l && line_has(l, "[stack]"), "the stack variable is not in [stack]");
    l = maps_line((uintptr_t)secret);
    result("maps_data", l && !strncmp(strchr(l, ' ') + 1, "rw", 2), "data is not in an rw mapping");
    l = maps_line((uintptr_t)answer);
    const char *base = strrchr(argv[0], '/');
    base = base ? base + 1 : argv[0];
    result("maps_code", l && strchr(l, ' ')[3] == 'x' && line_has(l, base),
           "code is not in an executable mapping of the program");
    /* every listed range is guest memory (msync: ENOMEM for what the guest does not map) */
    int all = 1;
    for (const char *s = maps; *s;) {
        uintptr_t lo = hex(&s);
        if (msync((void *)lo, 4096, MS_ASYNC)) all = 0;
        s = strchr(s, '\n');
        if (!s) break;
        s++;
    }
    result("maps_guest_ranges", all, "a listed range is not mapped in the guest");

    static char smaps[1 << 17];
    n = slurp_at(AT_FDCWD, "/proc/self/smaps", smaps, sizeof smaps);
    result("smaps", n > 0 && strstr(smaps, "[stack]") && strstr(smaps, "\nRss:") &&
                        !strstr(smaps, "zl-run") && !strstr(smaps, "[vdso]"),
           "smaps is not the guest's");
}

static const void *stack_auxv;         /* the vector on the guest's initial stack */
static long stack_auxv_n;

static void same_auxv(const char *name, long n, const char *buf)
{
    result(name, n == stack_auxv_n && !memcmp(buf, stack_auxv, (size_t)n), "not the guest's auxv");
}

static void test_auxv(const char *scratch)
{
    /* the vector on the initial stack, after envp's NULL (environ has not moved yet) */
    char *const *e = environ;
    while (*e) e++;
    const uintptr_t *w = (const uintptr_t *)(e + 1);
    size_t words = 0;
    while (w[words]) words += 2;
    stack_auxv = w;
    stack_auxv_n = (long)((words + 2) * sizeof *w);
    char buf[4096], path[256];
    same_auxv("auxv", slurp_at(AT_FDCWD, "/proc/self/auxv", buf, sizeof buf), buf);
    int pid = getpid();
    const char *spellings[] = { "/proc//self/auxv", "/proc/./self/../self/auxv",
                                "/proc/thread-self/auxv", "/proc/self/root/proc/self/auxv",
                                "/proc/self/fd/../auxv" };
    for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++) {
        snprintf(path, sizeof path, "auxv@%s", spellings[i]);
        same_auxv(path, slurp_at(AT_FDCWD, spellings[i], buf, sizeof buf), buf);
    }
    snprintf(path, sizeof path, "/proc/%d/auxv", pid);
    same_auxv("auxv@/proc/PID/auxv", slurp_at(AT_FDCWD, path, buf, sizeof buf), buf);
    snprintf(path, sizeof path, "/proc/%d/task/%d/auxv", pid, pid);
    same_auxv("auxv@/proc/PID/task/PID/auxv", slurp_at(AT_FDCWD, path, buf, sizeof buf), buf);

    int dir = open("/proc/self", O_RDONLY | O_DIRECTORY);
    same_auxv("auxv@openat(/proc/self,auxv)", slurp_at(dir, "auxv", buf, sizeof buf), buf);
    if (dir >= 0) close(dir);
    dir = open("/proc", O_RDONLY | O_DIRECTORY);
    same_auxv("auxv@openat(/proc,self/auxv)", slurp_at(dir, "self/auxv", buf, sizeof buf), buf);
    if (dir >= 0) close(dir);

    int cwd = open(".", O_RDONLY | O_DIRECTORY);
    long n = chdir("/proc/self") ? -1 : slurp_at(AT_FDCWD, "auxv", buf, sizeof buf);
    same_auxv("auxv@cwd=/proc/self", n, buf);
    n = chdir("/proc") ? -1 : slurp_at(AT_FDCWD, "./self//auxv", buf, sizeof buf);
    same_auxv("auxv@cwd=/proc", n, buf);
    if (cwd >= 0 && fchdir(cwd)) perror("fchdir");
    if (cwd >= 0) close(cwd);

    /* the vector as it was at exec, not the stack as the program changed it since */
    uintptr_t *first = (uintptr_t *)w + 1, was = *first;
    *first = was ^ 0x5a5a;
    long m = slurp_at(AT_FDCWD, "/proc/self/auxv", buf, sizeof buf);
    *first = was;
    same_auxv("auxv_saved", m, buf);

    snprintf(path, sizeof path, "%s/auxv-link", scratch);
    unlink(path);
    n = symlink("/proc/self/auxv", path) ? -1 : slurp_at(AT_FDCWD, path, buf, sizeof buf);
    same_auxv("auxv@symlink", n, buf);
}

/* The strings of a NULL-terminated vector, each with its NUL. */
static size_t join(char *const *v, char *out, size_t size)
{
    size_t n = 0;
    for (; *v; v++) {
        size_t k = strlen(*v) + 1;
        if (n + k > size) return 0;
        memcpy(out + n, *v, k);
        n += k;
    }
    return n;
}

static void test_args(char **argv)
{
    static char want[8192], got[8192];
    size_t wn = join(argv, want, sizeof want);
    long n = slurp_at(AT_FDCWD, "/proc/self/cmdline", got, sizeof got);
    result("cmdline", n == (long)wn && !memcmp(want, got, wn), "not the guest's argv");
    wn = join(environ, want, sizeof want);
    n = slurp_at(AT_FDCWD, "/proc/self/environ", got, sizeof got);
    int mark = 0;
    for (long i = 0; i < n; i += (long)strlen(got + i) + 1)
        if (!strcmp(got + i, "ZL_PROCFS_MARK=guest")) mark = 1;
    result("environ", n == (long)wn && !memcmp(want, got, wn) && mark, "not the guest's envp");
}

static void test_stat(char **argv)
{
    char comm[16];
    const char *base = strrchr(argv[0], '/');
    snprintf(comm, sizeof comm, "%s", base ? base + 1 : argv[0]);

    static char buf[4096];
    char want[64];
    long n = slurp_at(AT_FDCWD, "/proc/self/stat", buf, sizeof buf);
    snprintf(want, sizeof want, "%d (%s) ", getpid(), comm);
    int ok = n > 0 && !strncmp(buf, want, strlen(want));
    /* fields after the name: 3 state, 4 ppid, ..., 48 arg_start */
    char *f[64] = { 0 };
    int nf = 0;
    char *s = ok ? strrchr(buf, ')') + 2 : NULL;
    for (; s && *s && nf < 64; nf++) {
        f[nf] = s;
        s = strchr(s, ' ');
        if (s) *s++ = 0;
    }
    ok = ok && nf >= 49 && dec(f[4 - 3]) == (uintptr_t)getppid() &&
         dec(f[48 - 3]) == (uintptr_t)argv[0];
    result("stat", ok, "not the guest's name, ppid or arg_start");

    /* VmSize is the sum of the guest's mappings (maps read just before: nothing maps
     * in between) */
    uintptr_t total = 0;
    ok = slurp_at(AT_FDCWD, "/proc/self/maps", maps, sizeof maps) > 0;
    for (const char *m = maps; ok && *m;) {
        uintptr_t lo = hex(&m);
        m++;
        total += hex(&m) - lo;
        m = strchr(m, '\n');
        if (!m) break;
        m++;
    }
    n = slurp_at(AT_FDCWD, "/proc/self/status", buf, sizeof buf);
    const char *vs = strstr(buf, "\nVmSize:");
    ok = ok && n > 0 && vs && dec(vs + 8 + strspn(vs + 8, " \t")) == total / 1024;
    char line[96];
    snprintf(line, sizeof line, "Name:\t%s\n", comm);
    ok = ok && !strncmp(buf, line, strlen(line));
    snprintf(line, sizeof line, "\nPid:\t%d\n", getpid());
    ok = ok && strstr(buf, line);
    snprintf(line, sizeof line, "\nPPid:\t%d\n", getppid());
    ok = ok && strstr(buf, line) && strstr(buf, "\nVmRSS:");
    result("status", ok, "not the guest's name, pids or VmSize");
}

static void test_exe(void)
{
    char a[512], b[512];
    ssize_t na = readlink("/proc/self/exe", a, sizeof a);
    ssize_t nb = readlink("/proc//self/./exe", b, sizeof b);
    result("exe_readlink", na > 0 && na == nb && !memcmp(a, b, (size_t)na),
           "/proc//self/./exe does not name the guest program");
    unsigned char h[20] = { 0 };
    int fd = open("/proc/./self/exe", O_RDONLY);
    int ok = fd >= 0 && read(fd, h, 20) == 20 && h[18] == 243 && h[19] == 0;   /* EM_RISCV */
    if (fd >= 0) close(fd);
    result("exe_open", ok, "/proc/./self/exe is not the RISC-V program");
    struct stat sa, sb;
    ok = !stat("/proc/self/exe", &sa) && !stat("/proc//self/../self/exe", &sb) &&
         sa.st_ino == sb.st_ino && sa.st_dev == sb.st_dev;
    result("exe_stat", ok, "stat of /proc//self/../self/exe is not the guest program's");
}

static void test_refused(void)
{
    errno = 0;
    int fd = open("/proc/self/pagemap", O_RDONLY);
    result("pagemap_refused", fd < 0 && errno == EACCES, "the host's pagemap opened");
    if (fd >= 0) close(fd);
    errno = 0;
    fd = open("/proc/self/map_files", O_RDONLY | O_DIRECTORY);
    result("map_files_refused", fd < 0 && errno == EACCES, "the host's map_files opened");
    if (fd >= 0) close(fd);
}

/* Another guest's /proc/<pid>: the child of a fork is another zl-run, and the host
 * would let its parent read and write the child emulator's memory through mem (ptrace
 * rules), or see its host layout.  Every such entry is refused, also through a second
 * spelling (task/<tid>) and a symlink to it. */
static void other_refused(const char *name, const char *path, int flags)
{
    errno = 0;
    int fd = open(path, flags);
    char why[160];
    snprintf(why, sizeof why, "%s opened (fd %d, errno %d)", path, fd, errno);
    result(name, fd < 0 && errno == EACCES, why);
    if (fd >= 0) close(fd);
}

static void test_other_guest(const char *scratch)
{
    int p[2];
    if (pipe(p)) {
        result("other_mem", 0, "pipe failed");
        return;
    }
    pid_t child = fork();
    if (child == 0) {
        char c;
        close(p[1]);
        while (read(p[0], &c, 1) < 0 && errno == EINTR) {}
        _exit(0);
    }
    close(p[0]);
    char path[128], link[160];
    snprintf(path, sizeof path, "/proc/%ld/mem", (long)child);
    other_refused("other_mem", path, O_RDWR);
    other_refused("other_mem_rdonly", path, O_RDONLY);
    snprintf(path, sizeof path, "/proc/%ld/task/%ld/mem", (long)child, (long)child);
    other_refused("other_task_mem", path, O_RDWR);
    snprintf(path, sizeof path, "/proc/%ld/maps", (long)child);
    other_refused("other_maps", path, O_RDONLY);
    snprintf(path, sizeof path, "/proc/%ld/auxv", (long)child);
    other_refused("other_auxv", path, O_RDONLY);
    snprintf(link, sizeof link, "%s/other-mem", scratch);
    snprintf(path, sizeof path, "/proc/%ld/mem", (long)child);
    unlink(link);
    if (symlink(path, link)) result("other_mem_symlink", 0, "symlink failed");
    else other_refused("other_mem_symlink", link, O_RDWR);
    unlink(link);
    close(p[1]);
    waitpid(child, NULL, 0);
}

/* The same views from a second thread: /proc/thread-self and /proc/self/task/<tid> are
 * this thread's entries, which must be the guest's too, never the host thread's. */
static int maps_clean(const char *m)
{
    return strstr(m, "[sigpage]") && !strstr(m, "zl-run") && !strstr(m, "[vdso]") &&
           !strstr(m, "libc.so");
}

static void *thread_views(void *arg)
{
    (void)arg;
    static char tmaps[1 << 16];
    long n = slurp_at(AT_FDCWD, "/proc/thread-self/maps", tmaps, sizeof tmaps);
    result("thread_self_maps", n > 0 && maps_clean(tmaps), "a thread's /proc/thread-self/maps is not the guest's");
    char path[64];
    snprintf(path, sizeof path, "/proc/self/task/%ld/maps", (long)gettid());
    n = slurp_at(AT_FDCWD, path, tmaps, sizeof tmaps);
    result("task_tid_maps", n > 0 && maps_clean(tmaps), "/proc/self/task/<tid>/maps is not the guest's");
    snprintf(path, sizeof path, "/proc/%ld/maps", (long)gettid());
    n = slurp_at(AT_FDCWD, path, tmaps, sizeof tmaps);
    result("proc_tid_maps", n > 0 && maps_clean(tmaps), "/proc/<tid>/maps is not the guest's");
    char buf[24];
    int fd = open("/proc/thread-self/mem", O_RDONLY);
    int ok = fd >= 0 && pread(fd, buf, sizeof buf, (off_t)(uintptr_t)secret) == (ssize_t)sizeof buf &&
             !memcmp(buf, secret, sizeof buf);
    result("thread_self_mem", ok, "a thread's /proc/thread-self/mem does not read guest memory");
    if (fd >= 0) close(fd);
    return NULL;
}

static void test_threads(void)
{
    pthread_t t;
    if (pthread_create(&t, NULL, thread_views, NULL)) {
        result("thread_self_maps", 0, "pthread_create failed");
        return;
    }
    pthread_join(t, NULL);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: procfs SCRATCH-DIR [args...]\n");
        return 2;
    }
    test_mem();
    test_maps(argv);
    test_auxv(argv[1]);
    test_args(argv);
    test_stat(argv);
    test_exe();
    test_refused();
    test_other_guest(argv[1]);
    test_threads();
    return 0;
}
