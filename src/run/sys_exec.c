/* Processes: clone (fork and vfork semantics), execve, wait4.
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
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run/sys.h"
#include "zl_abi.h"

enum {
    ZL_CLONE_VM = 0x100, ZL_CLONE_FS = 0x200, ZL_CLONE_FILES = 0x400, ZL_CLONE_VFORK = 0x4000, ZL_CLONE_THREAD = 0x10000,
    ZL_CLONE_SETTLS = 0x80000, ZL_CLONE_PARENT_SETTID = 0x100000,
    ZL_CLONE_CHILD_CLEARTID = 0x200000, ZL_CLONE_CHILD_SETTID = 0x1000000,
};

/* clone(flags, newsp, parent_tid, tls, child_tid) — the riscv argument order. */
i128 sys_clone(struct proc *p, const u128 *a)
{
    u64 flags = (u64)a[0];
    /* Threads (CLONE_THREAD) are a later issue; sharing anything else with a running
     * child (memory without CLONE_VFORK, descriptors, file-system state, handlers) or
     * new namespaces cannot be had with a host fork either.  All of them answer ENOSYS
     * before anything changes, so glibc's pthread_create returns that error and the
     * process carries on. */
    if (flags & ~(u64)(0xff | ZL_CLONE_VM | ZL_CLONE_VFORK | ZL_CLONE_SETTLS |
                       ZL_CLONE_PARENT_SETTID | ZL_CLONE_CHILD_CLEARTID | ZL_CLONE_CHILD_SETTID))
        return -ENOSYS;
    if ((flags & ZL_CLONE_VM) && !(flags & ZL_CLONE_VFORK)) return -ENOSYS;
    int exit_signal = (int)(flags & 0xff);
    if (exit_signal > 64) return -EINVAL;
    /* CLONE_VFORK (vfork, posix_spawn): the child gets a copy of the memory instead of
     * sharing it, but the parent is suspended until the child execs or exits, as on
     * Linux: the child holds the write end of a close-on-exec pipe, the parent reads
     * until end of file.  (The descriptor sits high so that it does not change the
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
    pid_t pid = exit_signal == SIGCHLD ? fork()
                                       : (pid_t)syscall(SYS_clone, exit_signal, NULL, NULL, NULL, NULL);
    if (pid < 0) {
        int e = errno;
        if (vf[0] >= 0) { close(vf[0]); close(vf[1]); }
        return -e;
    }
    u32 tid = (u32)(pid ? pid : getpid());
    if (pid) {
        if (vf[0] >= 0) {
            close(vf[1]);
            char c;
            while (read(vf[0], &c, 1) < 0 && errno == EINTR) {}
            close(vf[0]);
        }
        if (flags & ZL_CLONE_PARENT_SETTID) mm_write(&p->mm, a[2], &tid, 4, NULL);
        return pid;
    }
    if (vf[0] >= 0) close(vf[0]);
    if (a[1]) hart_set_x(&p->hart, 2, a[1]);
    if (flags & ZL_CLONE_SETTLS) hart_set_x(&p->hart, 4, a[3]);
    if (flags & ZL_CLONE_CHILD_SETTID) mm_write(&p->mm, a[4], &tid, 4, NULL);
    if (flags & ZL_CLONE_CHILD_CLEARTID) p->clear_child_tid = a[4];
    return 0;
}

/* A NULL-terminated guest array of string pointers as a host array (malloc'd). */
static int read_strv(struct proc *p, u128 addr, char ***out)
{
    size_t n = 0, cap = 16;
    char **v = calloc(cap, sizeof *v);
    if (!v) return -ENOMEM;
    unsigned w = (unsigned)p->lay.xlen / 8;
    for (; addr; n++) {
        u128 ptr = 0;
        if (!mm_read(&p->mm, addr + (u128)n * w, &ptr, w, NULL)) goto fault;
        if (!ptr) break;
        if (n + 2 > cap) {
            char **nv = realloc(v, (cap *= 2) * sizeof *v);
            if (!nv) goto fault;
            v = nv;
        }
        size_t len = 0, sz = 256;
        char *s = malloc(sz);
        for (;; len++) {
            if (len + 1 >= sz) {
                char *ns = (sz >= (1u << 17)) ? NULL : realloc(s, sz *= 2);
                if (!ns) { free(s); goto fault; }      /* MAX_ARG_STRLEN */
                s = ns;
            }
            if (!s || !mm_read(&p->mm, ptr + len, &s[len], 1, NULL)) { free(s); goto fault; }
            if (!s[len]) break;
        }
        v[n] = s;
        v[n + 1] = NULL;
        if (n > 65536) goto fault;
    }
    *out = v;
    return 0;
fault:
    for (size_t i = 0; i < n; i++) free(v[i]);
    free(v);
    return -EFAULT;
}

static void free_strv(char **v)
{
    if (!v) return;
    for (char **q = v; *q; q++) free(*q);
    free(v);
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

i128 sys_execve(struct proc *p, const u128 *a)
{
    char path[PATH_MAX];
    int e = guest_path(p, a[0], path, sizeof path);
    if (e) return e;
    char **argv = NULL, **envp = NULL;
    if ((e = read_strv(p, a[1], &argv)) || (e = read_strv(p, a[2], &envp))) {
        free_strv(argv);
        return e;
    }
    if (access(path, X_OK)) {
        e = -errno;
        goto out;
    }
    char line[256], *interp = NULL, *iarg = NULL;
    const char *prog = path;
    bool script = !is_riscv_elf(path) && shebang(path, line, sizeof line, &interp, &iarg);
    if (script) prog = interp;
    if (is_riscv_elf(prog) && p->self_exe) {
        /* zl-run [-R] -0 ARGV0 -- PROG [interp-arg] [script] ARGS... */
        size_t argc = 0;
        while (argv[argc]) argc++;
        char **nv = calloc(argc + 13, sizeof *nv);
        if (!nv) { e = -ENOMEM; goto out; }
        size_t k = 0;
        nv[k++] = p->self_exe;
        if (p->opt.no_random) nv[k++] = "-R";
        if (p->opt.strace) nv[k++] = "--strace";
        if (p->opt.sysroot) {
            nv[k++] = "-L";
            nv[k++] = (char *)p->opt.sysroot;
        }
        nv[k++] = "-0";
        nv[k++] = script ? interp : (argc ? argv[0] : path);
        nv[k++] = "--";
        nv[k++] = (char *)prog;
        if (script) {
            if (iarg) nv[k++] = iarg;
            nv[k++] = path;
        }
        for (size_t i = 1; i < argc; i++) nv[k++] = argv[i];
        nv[k] = NULL;
        execve(p->self_exe, nv, envp);
        e = -errno;
        free(nv);
        goto out;
    }
    execve(path, argv, envp);       /* a host program, or a script the host runs */
    e = -errno;
out:
    free_strv(argv);
    free_strv(envp);
    return e;
}

/* wait4(pid, status, options, rusage) */
i128 sys_wait4(struct proc *p, const u128 *a)
{
    int status;
    struct rusage ru;
    pid_t r = wait4((pid_t)(i32)a[0], &status, (int)a[2], a[3] ? &ru : NULL);
    if (r < 0) return -errno;
    if (a[1] && r > 0 && !mm_write(&p->mm, a[1], &status, sizeof status, NULL)) return -EFAULT;
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
i128 sys_waitid(struct proc *p, const u128 *a)
{
    siginfo_t si;
    struct rusage ru;
    memset(&si, 0, sizeof si);
    long r = syscall(SYS_waitid, (int)a[0], (int)a[1], a[2] ? &si : NULL, (int)a[3],
                     a[4] ? &ru : NULL);
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
        unsigned u = p->lay.xlen == 32 ? 12 : 16;
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
