/* Process system calls. */
#include "zl_thread.h"
#include <unistd.h>
#include <sys/random.h>
#include <signal.h>
#include <sys/wait.h>
#include <sys/auxv.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/mman.h>
#include <string.h>
#include <stdlib.h>
#include <stdarg.h>
#include <limits.h>

pid_t getpid(void) { return (pid_t)SYS0(getpid); }
pid_t getppid(void) { return (pid_t)SYS0(getppid); }
pid_t gettid(void) { return (pid_t)SYS0(gettid); }
uid_t getuid(void) { return (uid_t)SYS0(getuid); }
uid_t geteuid(void) { return (uid_t)SYS0(geteuid); }
gid_t getgid(void) { return (gid_t)SYS0(getgid); }
gid_t getegid(void) { return (gid_t)SYS0(getegid); }
int setuid(uid_t u) { return (int)zl_ret(SYS1(setuid, u)); }
int setgid(gid_t g) { return (int)zl_ret(SYS1(setgid, g)); }
/* -1 (as the id type) leaves an id unchanged, as in the kernel. */
int setreuid(uid_t r, uid_t e) { return (int)zl_ret(SYS2(setreuid, r, e)); }
int setregid(gid_t r, gid_t e) { return (int)zl_ret(SYS2(setregid, r, e)); }
int setresuid(uid_t r, uid_t e, uid_t s) { return (int)zl_ret(SYS3(setresuid, r, e, s)); }
int setresgid(gid_t r, gid_t e, gid_t s) { return (int)zl_ret(SYS3(setresgid, r, e, s)); }
int getresuid(uid_t *r, uid_t *e, uid_t *s) { return (int)zl_ret(SYS3(getresuid, r, e, s)); }
int getresgid(gid_t *r, gid_t *e, gid_t *s) { return (int)zl_ret(SYS3(getresgid, r, e, s)); }
int seteuid(uid_t e) { return setresuid((uid_t)-1, e, (uid_t)-1); }
int setegid(gid_t e) { return setresgid((gid_t)-1, e, (gid_t)-1); }
int chroot(const char *p) { return (int)zl_ret(SYS1(chroot, p)); }
pid_t getpgid(pid_t p) { return (pid_t)zl_ret(SYS1(getpgid, p)); }
pid_t getpgrp(void) { return getpgid(0); }
pid_t setpgrp(void) { return setpgid(0, 0); }
int setpgid(pid_t p, pid_t g) { return (int)zl_ret(SYS2(setpgid, p, g)); }
pid_t setsid(void) { return (pid_t)zl_ret(SYS0(setsid)); }
pid_t getsid(pid_t p) { return (pid_t)zl_ret(SYS1(getsid, p)); }
int getgroups(int n, gid_t g[]) { return (int)zl_ret(SYS2(getgroups, n, g)); }
int setgroups(size_t n, const gid_t *g) { return (int)zl_ret(SYS2(setgroups, n, g)); }
int kill(pid_t p, int s) { return (int)zl_ret(SYS2(kill, p, s)); }
int killpg(pid_t p, int s) { return kill(-p, s); }
int raise(int s) { return (int)zl_ret(SYS3(tgkill, getpid(), gettid(), s)); }
int nice(int inc)
{
    long r = SYS3(setpriority, 0, 0, 0);
    (void)r;
    r = SYS2(getpriority, 0, 0);
    if (zl_is_err(r))
        return (int)zl_ret(r);
    int cur = 20 - (int)r;
    if (zl_ret(SYS3(setpriority, 0, 0, cur + inc)) < 0)
        return -1;
    return cur + inc;
}

/* The pthread_atfork handlers run around the clone, and malloc's and stdio's locks are
 * held across it (thread/atfork.c). */
pid_t fork(void)
{
    __zl_fork_prepare();
    long r = SYS5(clone, SIGCHLD, 0, 0, 0, 0);
    if (r == 0)
        __zl_fork_child();
    else
        __zl_fork_parent();
    return (pid_t)zl_ret(r);
}

pid_t vfork(void)
{
    /* A real vfork shares the stack, which a C wrapper cannot survive; fork is a valid
     * implementation of vfork's semantics. */
    return fork();
}

int execve(const char *path, char *const argv[], char *const envp[])
{
    /* argv/envp are native pointer arrays on every XLEN (docs/abi.md 5.3). */
    return (int)zl_ret(SYS3(execve, path, argv, envp));
}

int execv(const char *path, char *const argv[])
{
    return execve(path, argv, environ);
}

int execvpe(const char *file, char *const argv[], char *const envp[])
{
    if (!*file) {
        errno = ENOENT;
        return -1;
    }
    if (strchr(file, '/'))
        return execve(file, argv, envp);
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/local/bin:/bin:/usr/bin";
    size_t fl = strlen(file);
    int seen_eacces = 0;
    for (const char *p = path;; ) {
        const char *e = strchr(p, ':');
        size_t dl = e ? (size_t)(e - p) : strlen(p);
        char buf[PATH_MAX];
        if (dl + 1 + fl < sizeof buf) {
            memcpy(buf, p, dl);
            size_t o = dl;
            if (dl)
                buf[o++] = '/';
            memcpy(buf + o, file, fl + 1);
            execve(buf, argv, envp);
            if (errno == EACCES)
                seen_eacces = 1;
            else if (errno != ENOENT && errno != ENOTDIR)
                return -1;
        }
        if (!e)
            break;
        p = e + 1;
    }
    if (seen_eacces)
        errno = EACCES;
    return -1;
}

int execvp(const char *file, char *const argv[])
{
    return execvpe(file, argv, environ);
}

static char **collect_args(const char *arg0, va_list ap, char ***envp)
{
    va_list c;
    va_copy(c, ap);
    size_t n = 1;
    while (va_arg(c, char *))
        n++;
    va_end(c);
    char **v = malloc((n + 1) * sizeof *v);
    if (!v)
        return NULL;
    v[0] = (char *)arg0;
    for (size_t i = 1; i <= n; i++)
        v[i] = i < n ? va_arg(ap, char *) : NULL;
    if (envp) {
        (void)va_arg(ap, char *);   /* the terminating NULL */
        *envp = va_arg(ap, char **);
    }
    return v;
}

int execl(const char *path, const char *arg0, ...)
{
    va_list ap;
    va_start(ap, arg0);
    char **v = collect_args(arg0, ap, NULL);
    va_end(ap);
    if (!v)
        return -1;
    execve(path, v, environ);
    free(v);
    return -1;
}

int execlp(const char *file, const char *arg0, ...)
{
    va_list ap;
    va_start(ap, arg0);
    char **v = collect_args(arg0, ap, NULL);
    va_end(ap);
    if (!v)
        return -1;
    execvp(file, v);
    free(v);
    return -1;
}

int execle(const char *path, const char *arg0, ...)
{
    va_list ap;
    va_start(ap, arg0);
    char **env;
    char **v = collect_args(arg0, ap, &env);
    va_end(ap);
    if (!v)
        return -1;
    execve(path, v, env);
    free(v);
    return -1;
}

static pid_t wait_u(pid_t pid, int *status, int options, struct k_rusage *ru);
/* The wait calls are cancellation points (docs/libc.md "Threads"). */
static pid_t wait_cp(pid_t pid, int *status, int options, struct rusage *ru)
{
    struct k_rusage k;
    __zl_cp_begin(NULL, NULL);
    pid_t res = wait_u(pid, status, options, ru ? &k : NULL);
    __zl_cp_end();
    if (res > 0 && ru)
        __zl_rusage_from_k(ru, &k);
    return res;
}

pid_t waitpid(pid_t pid, int *status, int options) { return wait_cp(pid, status, options, NULL); }
pid_t wait4(pid_t pid, int *status, int options, struct rusage *ru) { return wait_cp(pid, status, options, ru); }
pid_t wait3(int *status, int options, struct rusage *ru) { return wait_cp(-1, status, options, ru); }

int waitid(idtype_t type, id_t id, siginfo_t *info, int options)
{
    __zl_cp_begin(NULL, NULL);
    int res = (int)zl_ret(SYS5(waitid, type, id, info, options, NULL));
    __zl_cp_end();
    return res;
}

static pid_t wait_u(pid_t pid, int *status, int options, struct k_rusage *ru)
{
#if ZL_UAPI_XLEN == 32
    /* rv32 has no wait4: waitid, then rebuild the wait status. */
    struct k_siginfo si;
    memset(&si, 0, sizeof si);
    int idtype = pid < -1 ? P_PGID : pid == -1 ? P_ALL : pid == 0 ? P_PGID : P_PID;
    long id = pid < -1 ? -pid : pid == -1 ? 0 : pid;
    long r = SYS5(waitid, idtype, id, &si, options | WEXITED, ru);
    if (zl_is_err(r))
        return (pid_t)zl_ret(r);
    pid_t got = si._sifields._sigchld._pid;
    if (got == 0)
        return 0;
    if (status) {
        int st = si._sifields._sigchld._status;
        switch (si.si_code) {
        case CLD_EXITED: *status = (st & 0xff) << 8; break;
        case CLD_KILLED: *status = st & 0x7f; break;
        case CLD_DUMPED: *status = (st & 0x7f) | 0x80; break;
        case CLD_STOPPED: *status = 0x7f | (st & 0xff) << 8; break;
        case CLD_CONTINUED: *status = 0xffff; break;
        default: *status = 0;
        }
    }
    return got;
#else
    return (pid_t)zl_ret(SYS4(wait4, pid, status, options, ru));
#endif
}

pid_t wait(int *status)
{
    return waitpid(-1, status, 0);
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
#if ZL_UAPI_XLEN == 32
    if (off & 4095) {
        errno = EINVAL;
        return MAP_FAILED;
    }
    long r = SYS6(mmap2, addr, len, prot, flags, fd, (unsigned long)((unsigned long long)off >> 12));
#else
    long r = SYS6(mmap, addr, len, prot, flags, fd, off);
#endif
    if (zl_is_err(r)) {
        errno = (int)-r;
        return MAP_FAILED;
    }
    return (void *)r;
}

int munmap(void *a, size_t n) { return (int)zl_ret(SYS2(munmap, a, n)); }
int mprotect(void *a, size_t n, int p) { return (int)zl_ret(SYS3(mprotect, a, n, p)); }
int msync(void *a, size_t n, int f) { return (int)zl_ret(SYS3(msync, a, n, f)); }
int madvise(void *a, size_t n, int f) { return (int)zl_ret(SYS3(madvise, a, n, f)); }
int posix_madvise(void *a, size_t n, int f)
{
    if (f == POSIX_MADV_DONTNEED)
        return 0;
    long r = SYS3(madvise, a, n, f);
    return zl_is_err(r) ? (int)-r : 0;
}
int mlock(const void *a, size_t n) { return (int)zl_ret(SYS2(mlock, a, n)); }
int munlock(const void *a, size_t n) { return (int)zl_ret(SYS2(munlock, a, n)); }
int mlockall(int f) { return (int)zl_ret(SYS1(mlockall, f)); }
int munlockall(void) { return (int)zl_ret(SYS0(munlockall)); }

void *mremap(void *old, size_t olen, size_t nlen, int flags, ...)
{
    void *naddr = NULL;
    if (flags & MREMAP_FIXED) {
        va_list ap;
        va_start(ap, flags);
        naddr = va_arg(ap, void *);
        va_end(ap);
    }
    long r = SYS5(mremap, old, olen, nlen, flags, naddr);
    return zl_is_err(r) ? (zl_ret(r), MAP_FAILED) : (void *)r;
}

static unsigned long cur_brk;
int brk(void *a)
{
    unsigned long r = (unsigned long)SYS1(brk, a);
    cur_brk = r;
    if (r != (unsigned long)a) {
        errno = ENOMEM;
        return -1;
    }
    return 0;
}

void *sbrk(long inc)
{
    if (!cur_brk)
        cur_brk = (unsigned long)SYS1(brk, 0);
    unsigned long old = cur_brk;
    if (inc && brk((void *)(old + (unsigned long)inc)) < 0)
        return (void *)-1;
    return (void *)old;
}

long sysconf(int name)
{
    switch (name) {
    case _SC_PAGESIZE: return 4096;
    case _SC_CLK_TCK: return 100;
    case _SC_ARG_MAX: return 131072;
    case _SC_OPEN_MAX: return 1024;
    case _SC_CHILD_MAX: return 4096;
    case _SC_NGROUPS_MAX: return 65536;
    case _SC_LINE_MAX: return 4096;
    case _SC_HOST_NAME_MAX: return 64;
    case _SC_NPROCESSORS_CONF:
    case _SC_NPROCESSORS_ONLN: {
        unsigned char set[128];
        long r = SYS3(sched_getaffinity, 0, sizeof set, set);
        if (zl_is_err(r))
            return 1;
        long n = 0;
        for (long i = 0; i < r; i++)
            for (int b = 0; b < 8; b++)
                n += set[i] >> b & 1;
        return n ? n : 1;
    }
    }
    errno = EINVAL;
    return -1;
}

int getpagesize(void) { return 4096; }

/* One field of uname's result into name[len]; err when it does not fit with its NUL. */
static int uts_field(char *name, size_t len, int domain, int err)
{
    struct k_utsname u;
    if (zl_ret(SYS1(uname, &u)) < 0)
        return -1;
    const char *f = domain ? u.domainname : u.nodename;
    size_t n = strnlen(f, sizeof u.nodename);
    if (n >= len) {
        errno = err;
        return -1;
    }
    memcpy(name, f, n + 1);
    return 0;
}

int gethostname(char *name, size_t len) { return uts_field(name, len, 0, ENAMETOOLONG); }
int getdomainname(char *name, size_t len) { return uts_field(name, len, 1, EINVAL); }
int sethostname(const char *name, size_t len) { return (int)zl_ret(SYS2(sethostname, name, len)); }
int setdomainname(const char *name, size_t len) { return (int)zl_ret(SYS2(setdomainname, name, len)); }

ssize_t getrandom(void *buf, size_t n, unsigned int flags)
{
    return (ssize_t)zl_ret(SYS3(getrandom, buf, n, flags));
}

int getentropy(void *buf, size_t n)
{
    if (n > 256) {
        errno = EIO;
        return -1;
    }
    unsigned char *p = buf;
    while (n) {
        long r = SYS3(getrandom, p, n, 0);
        if (r == -EINTR)
            continue;
        if (zl_ret(r) < 0)
            return -1;
        p += r;
        n -= (size_t)r;
    }
    return 0;
}

_Noreturn void abort(void)
{
    /* Unblock and raise SIGABRT; if it is caught and returns, reset it and raise again. */
    k_sigset_t set = { { 1ull << (SIGABRT - 1) } };
    (void)SYS4(rt_sigprocmask, SIG_UNBLOCK, &set, 0, 8);
    raise(SIGABRT);
    struct k_sigaction ka;
    memset(&ka, 0, sizeof ka);
    (void)SYS4(rt_sigaction, SIGABRT, &ka, 0, 8);
    raise(SIGABRT);
    for (;;)
        (void)SYS1(exit_group, 127);
}

_Noreturn void __assert_fail(const char *expr, const char *file, int line, const char *fn)
{
    char buf[64];
    int n = 0, l = line;
    char digits[12];
    do
        digits[n++] = (char)('0' + l % 10);
    while ((l /= 10));
    int k = 0;
    while (n)
        buf[k++] = digits[--n];
    buf[k] = 0;
    const char *parts[] = { program_invocation_short_name ? program_invocation_short_name : "",
                            ": ", file, ":", buf, ": ", fn, ": Assertion `", expr, "' failed.\n" };
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
        (void)SYS3(write, 2, parts[i], strlen(parts[i]));
    abort();
}

/* Set-user/group-ID or otherwise privileged: the kernel's AT_SECURE. */
int issetugid(void)
{
    return getauxval(AT_SECURE) != 0;
}

/* execveat(fd, "", AT_EMPTY_PATH); a kernel without it gets /proc/self/fd/N. */
int fexecve(int fd, char *const argv[], char *const envp[])
{
    long r = SYS5(execveat, fd, "", argv, envp, AT_EMPTY_PATH);
    if (r != -ENOSYS)
        return (int)zl_ret(r);
    if (fd < 0) {
        errno = EBADF;
        return -1;
    }
    char path[32] = "/proc/self/fd/", *end = path + sizeof path - 1;
    char *p = end;   /* the number, written backwards at the end of path */
    *p = 0;
    for (unsigned u = (unsigned)fd; p == end || u; u /= 10)
        *--p = (char)('0' + u % 10);
    memmove(path + 14, p, (size_t)(end - p) + 1);
    execve(path, argv, envp);
    if (errno == ENOENT)
        errno = EBADF;
    return -1;
}

/* The login name as the session's environment gives it (there is no utmp lookup). */
char *getlogin(void)
{
    return getenv("LOGNAME");
}

int getlogin_r(char *name, size_t size)
{
    const char *s = getlogin();
    if (!s)
        return ENXIO;
    size_t n = strlen(s);
    if (n >= size)
        return ERANGE;
    memcpy(name, s, n + 1);
    return 0;
}
