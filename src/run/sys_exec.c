/* Processes: clone (fork and vfork semantics), execve and execveat, wait4.
 *
 * fork is the host's fork: the child gets a copy of every guest mapping, exactly as
 * Linux gives it.  execve of a RISC-V program re-executes zl-run itself on it, so the
 * kernel does what execve must (close-on-exec descriptors, signal dispositions, a fresh
 * address space); anything else — a host program, or a #! script whose interpreter is
 * a host program — is handed to the host's execve, as binfmt_misc would. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run/sys.h"
#include "run/thread.h"
#include "zl_abi.h"

/* The flags a thread is created with: the host thread shares all of it anyway. */
#define THREAD_SHARES (ZL_CLONE_VM | ZL_CLONE_FS | ZL_CLONE_FILES | ZL_CLONE_SIGHAND | \
                       ZL_CLONE_THREAD)
#define THREAD_FLAGS (THREAD_SHARES | ZL_CLONE_SYSVSEM | ZL_CLONE_SETTLS | ZL_CLONE_PARENT_SETTID | \
                      ZL_CLONE_CHILD_CLEARTID | ZL_CLONE_CHILD_SETTID | ZL_CLONE_DETACHED)

/* clone(flags, newsp, parent_tid, tls, child_tid) — the riscv argument order. */
i128 sys_clone(struct task *p, const u128 *a)
{
    u64 flags = (u64)a[0];
    /* A thread (CLONE_THREAD) is a host thread, which shares memory, descriptors,
     * file-system state and signal handlers: a thread that would not share one of them
     * is ENOSYS.  Linux's own rules come first (CLONE_THREAD needs CLONE_SIGHAND, which
     * needs CLONE_VM: EINVAL). */
    if ((flags & ZL_CLONE_THREAD) && !(flags & ZL_CLONE_SIGHAND)) return -EINVAL;
    if ((flags & ZL_CLONE_SIGHAND) && !(flags & ZL_CLONE_VM)) return -EINVAL;
    if (flags & ZL_CLONE_THREAD) {
        if ((flags & THREAD_SHARES) != THREAD_SHARES || (flags & ~(u64)THREAD_FLAGS))
            return -ENOSYS;
        return thread_create(p, flags, a[1], a[2], a[3], a[4]);
    }
    /* Otherwise a host fork: sharing anything with a running child (memory without
     * CLONE_VFORK, descriptors, file-system state, handlers) or new namespaces cannot be
     * had with it.  All of them answer ENOSYS before anything changes. */
    if (flags & ~(u64)(0xff | ZL_CLONE_VM | ZL_CLONE_VFORK | ZL_CLONE_SETTLS |
                       ZL_CLONE_PARENT_SETTID | ZL_CLONE_CHILD_CLEARTID | ZL_CLONE_CHILD_SETTID))
        return -ENOSYS;
    if ((flags & ZL_CLONE_VM) && !(flags & ZL_CLONE_VFORK)) return -ENOSYS;
    int exit_signal = (int)(flags & 0xff);
    if (exit_signal > 64) return -EINVAL;
    if (flags & ZL_CLONE_VM) return thread_vfork(p, flags, a[1], a[2], a[3], a[4]);
    /* CLONE_VFORK without CLONE_VM: a copy of the memory, and the parent is suspended until
     * the child execs or exits, as on Linux: the child holds the write end of a
     * close-on-exec pipe, the parent reads until end of file.  (The descriptor sits high so that it does not change the
     * numbers the child's open() returns.) */
    int vf[2] = { -1, -1 };
    if ((flags & ZL_CLONE_VFORK) && !pipe2(vf, O_CLOEXEC)) {
        struct rlimit rl;
        int low = !getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur > 128 && rl.rlim_cur < 65536
                      ? (int)rl.rlim_cur - 64 : 3;
        for (int k = 0; k < 2; k++) {
            int hi = fcntl(vf[k], F_DUPFD_CLOEXEC, low);
            if (hi >= 0) {
                close(vf[k]);
                vf[k] = hi;
            }
        }
    }
    /* With other threads, they are stopped meanwhile: the child's copy of the address
     * space is then consistent, and only the calling thread lives on in it (POSIX). */
    exclusive_begin(p);
    pid_t pid = exit_signal == SIGCHLD ? fork()
                                       : (pid_t)syscall(SYS_clone, exit_signal, NULL, NULL, NULL, NULL);
    int fork_errno = errno;
    if (pid == 0) {
        threads_after_fork(p);
        hart_after_fork(&p->hart);
    }
    else exclusive_end(p);
    if (pid < 0) {
        if (vf[0] >= 0) { close(vf[0]); close(vf[1]); }
        return -fork_errno;
    }
    u32 tid = (u32)(pid ? pid : getpid());
    if (pid) {
        if (vf[0] >= 0) {
            close(vf[1]);
            char c;
            ssize_t k;
            do BLOCKING(p, k = read(vf[0], &c, 1));
            while (k < 0 && errno == EINTR);
            close(vf[0]);
        }
        if (flags & ZL_CLONE_PARENT_SETTID) mm_write(&p->proc->mm, a[2], &tid, 4, NULL);
        return pid;
    }
    if (vf[0] >= 0) close(vf[0]);
    if (a[1]) hart_set_x(&p->hart, 2, a[1]);
    if (flags & ZL_CLONE_SETTLS) hart_set_x(&p->hart, 4, a[3]);
    if (flags & ZL_CLONE_CHILD_SETTID) mm_write(&p->proc->mm, a[4], &tid, 4, NULL);
    if (flags & ZL_CLONE_CHILD_CLEARTID) p->clear_child_tid = a[4];
    return 0;
}

/* clone3(cl_args, size): the same as clone from a struct clone_args (the rv128 one has
 * 16-byte address slots, docs/abi.md 7.2).  A size below the first version's or above the
 * personality's whole structure is EINVAL; pidfds, set_tid and cgroups are ENOSYS. */
i128 sys_clone3(struct task *p, const u128 *a)
{
    int pers = sys_pers(p);
    size_t full = zl_sizeof(pers, ZL_T_clone_args);
    size_t ver0 = pers == ZL_RV128 ? full : 64;
    if (a[1] < ver0 || a[1] > full) return -EINVAL;
    u8 g[ZL_MAXSIZE_clone_args];
    memset(g, 0, sizeof g);
    int e = get_guest(p, a[0], g, (size_t)a[1]);
    struct zl_clone_args ca;
    if (!e) e = zl_clone_args_g2n(pers, g, &ca);
    if (e) return e;
    if (ca.exit_signal > 64 || (ca.flags & 0xff)) return -EINVAL;
    if ((ca.flags & ZL_CLONE_PIDFD) || ca.set_tid || ca.set_tid_size || ca.cgroup) return -ENOSYS;
    if (!ca.stack != !ca.stack_size) return -EINVAL;
    u128 args[5] = { ca.flags | ca.exit_signal, ca.stack ? ca.stack + ca.stack_size : 0,
                     ca.parent_tid, ca.tls, ca.child_tid };
    return sys_clone(p, args);
}

/* Linux's limits on execve's arguments (include/uapi/linux/binfmts.h, fs/exec.c): one
 * string may be 32 pages long with its NUL, an array may hold 0x7fffffff strings, and
 * the strings, the file name and the pointers to them together may take a quarter of
 * the stack limit, but never more than 6 MiB nor less than 32 pages.  The stack zl-run
 * gives a program is 8 MiB (load.c), so a larger RLIMIT_STACK counts as 8 MiB. */
#define MAX_ARG_STRLEN ((size_t)32 * 4096)
#define MAX_ARG_STRINGS ((size_t)0x7fffffff)
#define ARG_MAX_FLOOR ((size_t)32 * 4096)
#define ARG_STACK ((size_t)8 << 20)

static size_t arg_limit(void)
{
    struct rlimit rl;
    size_t stack = ARG_STACK;
    if (!getrlimit(RLIMIT_STACK, &rl) && rl.rlim_cur < stack) stack = (size_t)rl.rlim_cur;
    size_t limit = stack / 4;
    return limit < ARG_MAX_FLOOR ? ARG_MAX_FLOOR : limit;
}

/* The number of strings in a guest NULL-terminated array (none if addr is 0), or
 * -EFAULT / -E2BIG, without copying anything (Linux's count()). */
static i128 count_strv(struct task *p, u128 addr)
{
    unsigned w = (unsigned)p->proc->lay.xlen / 8;
    for (size_t n = 0; addr; n++) {
        if (n >= MAX_ARG_STRINGS) return -E2BIG;
        u128 ptr = 0;
        if (!mm_read(&p->proc->mm, addr + (u128)n * w, &ptr, w, NULL)) return -EFAULT;
        if (!ptr) return (i128)n;
    }
    return 0;
}

/* The size of the guest string at addr with its NUL, looking at no more than max
 * bytes: -EFAULT if a byte before the NUL is unreadable, max + 1 if there is no NUL. */
static i128 guest_strsize(struct task *p, u128 addr, size_t max)
{
    size_t n = 0;
    while (n < max) {
        const struct mm_region *r = mm_find(&p->proc->mm, addr + n);
        if (!r || !(mm_rights(r->prot) & PROT_READ)) return -EFAULT;
        u128 avail = r->end - (addr + n);
        size_t k = avail < max - n ? (size_t)avail : max - n;
        const u8 *h = r->host + (size_t)(addr + n - r->start);
        const u8 *z = memchr(h, 0, k);
        if (z) return (i128)(n + (size_t)(z - h) + 1);
        n += k;
    }
    return (i128)max + 1;
}

/* Copy the n strings of a guest array into v[0..n) (v[n] = NULL), last first as Linux
 * does, each charged to *budget before any memory is allocated for it. */
static int copy_strv(struct task *p, u128 addr, size_t n, char **v, size_t *budget)
{
    unsigned w = (unsigned)p->proc->lay.xlen / 8;
    v[n] = NULL;
    for (size_t i = n; i-- > 0;) {
        u128 ptr = 0;
        if (!mm_read(&p->proc->mm, addr + (u128)i * w, &ptr, w, NULL)) return -EFAULT;
        i128 len = guest_strsize(p, ptr, MAX_ARG_STRLEN);
        if (len < 0) return (int)len;
        if ((size_t)len > MAX_ARG_STRLEN || (size_t)len > *budget) return -E2BIG;
        *budget -= (size_t)len;
        if (!(v[i] = malloc((size_t)len))) return -ENOMEM;
        if (!mm_read(&p->proc->mm, ptr, v[i], (size_t)len, NULL)) return -EFAULT;
    }
    return 0;
}

/* execve's argv and envp as host arrays, within Linux's limits. */
struct args {
    char **argv, **envp;
    size_t argc, envc;
};

static int read_args(struct task *p, const char *path, u128 argv_addr, u128 envp_addr,
                     struct args *out)
{
    i128 argc = count_strv(p, argv_addr), envc;
    if (argc < 0) return (int)argc;
    if ((envc = count_strv(p, envp_addr)) < 0) return (int)envc;
    size_t limit = arg_limit(), w = (size_t)p->proc->lay.xlen / 8;
    size_t ptrs = ((size_t)(argc ? argc : 1) + (size_t)envc) * w, name = strlen(path) + 1;
    if (limit <= ptrs || limit - ptrs < name) return -E2BIG;
    size_t budget = limit - ptrs - name;
    out->argv = calloc((size_t)argc + 1, sizeof *out->argv);
    out->envp = calloc((size_t)envc + 1, sizeof *out->envp);
    if (!out->argv || !out->envp) return -ENOMEM;
    out->argc = (size_t)argc;
    out->envc = (size_t)envc;
    int e = copy_strv(p, envp_addr, out->envc, out->envp, &budget);
    return e ? e : copy_strv(p, argv_addr, out->argc, out->argv, &budget);
}

static void free_args(struct args *a)
{
    for (size_t i = 0; a->argv && i < a->argc; i++) free(a->argv[i]);
    for (size_t i = 0; a->envp && i < a->envc; i++) free(a->envp[i]);
    free(a->argv);
    free(a->envp);
}

/* Is the file a RISC-V ELF executable (any class)? */
static bool is_riscv_elf(const char *path)
{
    u8 h[20];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    ssize_t n = read(fd, h, sizeof h);
    close(fd);
    return n == (ssize_t)sizeof h && !memcmp(h, "\x7f" "ELF", 4) && h[18] == 243 && h[19] == 0;
}

/* The #! line of a script: interpreter and optional argument (both in buf). */
static bool shebang(const char *path, char *buf, size_t size, char **interp, char **arg)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    ssize_t n = read(fd, buf, size - 1);
    close(fd);
    if (n < 3 || buf[0] != '#' || buf[1] != '!') return false;
    buf[n] = 0;
    char *e = strchr(buf, '\n');
    if (e) *e = 0;
    char *s = buf + 2;
    while (*s == ' ' || *s == '\t') s++;
    *interp = s;
    while (*s && *s != ' ' && *s != '\t') s++;
    *arg = NULL;
    if (*s) {
        *s++ = 0;
        while (*s == ' ' || *s == '\t') s++;
        char *t = s + strlen(s);
        while (t > s && (t[-1] == ' ' || t[-1] == '\t')) *--t = 0;
        if (*s) *arg = s;
    }
    return **interp != 0;
}

/* Open the file an exec names, as Linux's do_open_execat judges it: dfd and path as for
 * openat (an empty path with AT_EMPTY_PATH is dfd's own file), a symbolic link with
 * AT_SYMLINK_NOFOLLOW is ELOOP, and anything but an executable regular file on a mount
 * that allows execution is EACCES.  Returns an O_PATH descriptor (close-on-exec) or
 * -errno. */
static int open_exec(int dfd, const char *path, int flags)
{
    int fd;
    if (*path) {
        fd = openat(dfd, path, O_PATH | O_CLOEXEC | (flags & ZL_AT_SYMLINK_NOFOLLOW ? O_NOFOLLOW : 0));
    } else if (dfd == AT_FDCWD) {
        fd = open(".", O_PATH | O_CLOEXEC);
    } else {
        char self[32];
        if (fcntl(dfd, F_GETFD) < 0) return -EBADF;
        snprintf(self, sizeof self, "/proc/self/fd/%d", dfd);
        fd = open(self, O_PATH | O_CLOEXEC);
    }
    if (fd < 0) return -errno;
    struct stat st;
    struct statvfs vfs;
    char self[32];
    snprintf(self, sizeof self, "/proc/self/fd/%d", fd);
    int e = fstat(fd, &st) ? -errno :
            S_ISLNK(st.st_mode) ? -ELOOP :          /* O_PATH|O_NOFOLLOW opens the link */
            !S_ISREG(st.st_mode) ? -EACCES :
            access(self, X_OK) ? -errno :
            !fstatvfs(fd, &vfs) && (vfs.f_flag & ZL_ST_NOEXEC) ? -EACCES : 0;
    if (e) {
        close(fd);
        return e;
    }
    return fd;
}

/* execveat(dfd, path, argv, envp, flags), and execve as execveat(AT_FDCWD, path, argv,
 * envp, 0).  The file is opened and judged first (open_exec); a RISC-V program, or a
 * script whose interpreter is one, is then run by zl-run itself, anything else by the
 * host's execveat with the guest's own arguments, so the host kernel applies Linux's
 * rules to it. */
static i128 exec_at(struct task *p, int dfd, u128 path_addr, u128 argv_addr, u128 envp_addr, int flags)
{
    if (flags & ~(int)(ZL_AT_EMPTY_PATH | ZL_AT_SYMLINK_NOFOLLOW)) return -EINVAL;
    char path[PATH_MAX];
    int e = guest_path(p, path_addr, path, sizeof path);
    if (e) return e;
    if (!*path && !(flags & ZL_AT_EMPTY_PATH)) return -ENOENT;
    int xfd = open_exec(dfd, path, flags);
    if (xfd < 0) return xfd;
    /* The program's name (AT_EXECFN, a script's argument) is Linux's bprm->filename: the
     * path, or /dev/fd/N[/path] when it is relative to a descriptor.  Such a name does not
     * exist after the exec when N is close-on-exec, so a script cannot be run that way
     * (ENOENT, as Linux's BINPRM_FLAGS_PATH_INACCESSIBLE). */
    bool by_fd = path[0] != '/' && dfd != AT_FDCWD;
    char name[PATH_MAX + 32], file[32];
    if (!by_fd) snprintf(name, sizeof name, "%s", path);
    else if (!*path) snprintf(name, sizeof name, "/dev/fd/%d", dfd);
    else snprintf(name, sizeof name, "/dev/fd/%d/%s", dfd, path);
    bool name_gone = by_fd && (fcntl(dfd, F_GETFD) & FD_CLOEXEC);
    snprintf(file, sizeof file, "/proc/self/fd/%d", xfd);   /* the file, until the exec */
    /* the arrays are counted before anything is copied, and a bad call fails having
     * allocated no more than the limit allows */
    struct args args = { 0 };
    if ((e = read_args(p, name, argv_addr, envp_addr, &args))) goto out;
    char **argv = args.argv, **envp = args.envp;
    char line[256], *interp = NULL, *iarg = NULL;
    const char *prog = file;
    bool script = !is_riscv_elf(file) && shebang(file, line, sizeof line, &interp, &iarg);
    if (script && name_gone) {
        e = -ENOENT;
        goto out;
    }
    if (script) prog = interp;
    if (is_riscv_elf(prog) && p->proc->self_exe) {
        /* A program zl-run would refuse fails here, while the caller can still be told
         * (Linux's ENOEXEC), not after the caller has been replaced. */
        char why[256];
        if (proc_check_exec(prog, why, sizeof why)) {
            e = -ENOEXEC;
            goto out;
        }
        /* zl-run [-R] [--strace [-A -o FILE]] --engine=E [-L DIR] [--exec-fd=FD] -0 ARGV0
         * -- PROG [interp-arg] [script] ARGS...: a program named through a descriptor is
         * handed over as one (xfd, kept open across the exec; the new zl-run closes it) */
        size_t argc = args.argc;
        char **nv = calloc(argc + 17, sizeof *nv);
        if (!nv) { e = -ENOMEM; goto out; }
        char fdopt[32];
        size_t k = 0;
        nv[k++] = p->proc->self_exe;
        if (p->proc->opt.no_random) nv[k++] = "-R";
        if (p->proc->opt.strace) nv[k++] = "--strace";
        if (p->proc->opt.strace_path) {     /* the same log, continued */
            nv[k++] = "-A";
            nv[k++] = "-o";
            nv[k++] = (char *)p->proc->opt.strace_path;
        }
        if (p->proc->opt.engine != ENGINE_DEFAULT)
            nv[k++] = p->proc->opt.engine == ENGINE_JIT ? "--engine=jit" : "--engine=interp";
        if (p->proc->opt.sysroot) {
            nv[k++] = "-L";
            nv[k++] = (char *)p->proc->opt.sysroot;
        }
        if (!script && by_fd) {
            snprintf(fdopt, sizeof fdopt, "--exec-fd=%d", xfd);
            nv[k++] = fdopt;
            fcntl(xfd, F_SETFD, 0);
        }
        nv[k++] = "-0";
        nv[k++] = script ? interp : (argc ? argv[0] : name);
        nv[k++] = "--";
        nv[k++] = script ? interp : name;
        if (script) {
            if (iarg) nv[k++] = iarg;
            nv[k++] = name;
        }
        for (size_t i = 1; i < argc; i++) nv[k++] = argv[i];
        nv[k] = NULL;
        execve(p->proc->self_exe, nv, envp);
        e = -errno;
        free(nv);
        goto out;
    }
    /* a host program, or a script the host runs */
    syscall(SYS_execveat, dfd, path, argv, envp, flags);
    e = -errno;
out:
    close(xfd);
    free_args(&args);
    return e;
}

i128 sys_execve(struct task *p, const u128 *a)
{
    return exec_at(p, AT_FDCWD, a[0], a[1], a[2], 0);
}

i128 sys_execveat(struct task *p, const u128 *a)
{
    return exec_at(p, (int)a[0], a[1], a[2], a[3], (int)a[4]);
}

/* wait4(pid, status, options, rusage) */
i128 sys_wait4(struct task *p, const u128 *a)
{
    int status;
    struct rusage ru;
    pid_t r;
    BLOCKING(p, r = wait4((pid_t)(i32)a[0], &status, (int)a[2], a[3] ? &ru : NULL));
    if (r < 0) return -errno;
    if (a[1] && r > 0 && !mm_write(&p->proc->mm, a[1], &status, sizeof status, NULL)) return -EFAULT;
    if (a[3] && r > 0) {
        u8 g[ZL_MAXSIZE_rusage];
        int e = zl_rusage_h2g(sys_pers(p), &ru, g);
        if (!e) e = put_guest(p, a[3], g, zl_sizeof(sys_pers(p), ZL_T_rusage));
        if (e) return e;
    }
    return r;
}

/* waitid(which, id, infop, options, ru): the host's call (with the rusage argument the
 * kernel has and glibc's wrapper hides).  Like Linux, only si_signo, si_errno, si_code,
 * si_pid, si_uid and si_status are written (all zero when WNOHANG finds nothing). */
i128 sys_waitid(struct task *p, const u128 *a)
{
    siginfo_t si;
    struct rusage ru;
    memset(&si, 0, sizeof si);
    long r;
    BLOCKING(p, r = syscall(SYS_waitid, (int)a[0], (int)a[1], a[2] ? &si : NULL, (int)a[3],
                     a[4] ? &ru : NULL));
    if (r < 0) return -errno;
    if (a[2]) {
        struct zl_siginfo n;
        memset(&n, 0, sizeof n);
        n.si_signo = si.si_signo;
        n.si_errno = si.si_errno;
        n.si_code = si.si_code;
        n._sifields._sigchld._pid = si.si_pid;
        n._sifields._sigchld._uid = si.si_uid;
        n._sifields._sigchld._status = si.si_status;
        u8 g[ZL_MAXSIZE_siginfo];
        int e = zl_siginfo_n2g(sys_pers(p), &n, g, ZL_V_siginfo_sigchld);
        /* si_signo..si_code, then the union's first three ints (at 12 on rv32, at 16
         * on rv64 and rv128: docs/abi.md §11.1) */
        unsigned u = p->proc->lay.xlen == 32 ? 12 : 16;
        if (!e) e = put_guest(p, a[2], g, 12);
        if (!e) e = put_guest(p, a[2] + u, g + u, 12);
        if (e) return e;
    }
    if (a[4]) {
        u8 g[ZL_MAXSIZE_rusage];
        int e = zl_rusage_h2g(sys_pers(p), &ru, g);
        if (!e) e = put_guest(p, a[4], g, zl_sizeof(sys_pers(p), ZL_T_rusage));
        if (e) return e;
    }
    return 0;
}
