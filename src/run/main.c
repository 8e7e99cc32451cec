/* zl-run: run RISC-V Linux programs of any XLEN (rv32, rv64, rv128) on this host. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <limits.h>

#include <sys/auxv.h>

#include "run/binfmt.h"
#include "run/proc.h"
#include "run/procfs.h"
#include "run/thread.h"
#include "common/version.h"


extern char **environ;

static void usage(FILE *out)
{
    fputs("usage: zl-run [options] program [arguments...]\n"
          "Run a static RISC-V Linux executable (ELFCLASS32 rv32, ELFCLASS64 rv64 or\n"
          "ELFCLASS128 rv128); the ELF class selects the personality.\n"
          "\n"
          "options:\n"
          "  -R           disable address-space randomisation\n"
          "  -0 ARGV0     pass ARGV0 as the program's argv[0] (default: the program path)\n"
          "  -L DIR       guest root: absolute paths are looked up under DIR first\n"
          "  -E VAR=VALUE set a variable in the program's environment\n"
          "  -U VAR       remove a variable from the program's environment\n"
          "  --engine=E   execute with E: jit (translate to host code) or interp\n"
          "               (default: jit on x86-64 hosts, interp elsewhere)\n"
          "  --jit-dump   print each translated block (guest and host code) on stderr\n"
          "  --stats      print the number of executed instructions at exit\n"
          "  --strace     log every system call with decoded arguments and result\n"
          "  -o FILE      write the --strace log to FILE (created or truncated)\n"
          "  -A           with -o, append to FILE instead\n"
          "  --binfmt[=LIST] [--install|--uninstall] [--interpreter=PATH]\n"
          "               print binfmt_misc lines (a binfmt.d file) that run the classes\n"
          "               of LIST (rv32,rv64,rv128 or all; default rv128) under zl-run;\n"
          "               --install registers them, replacing zl-run's earlier entries,\n"
          "               --uninstall removes them (default: all three); PATH is the\n"
          "               interpreter they name (default: this zl-run)\n"
          "  --exec-fd=FD run the program open on descriptor FD (closed before it starts),\n"
          "               named by the program path (what execveat of a descriptor uses)\n"
          "  --help       show this help\n"
          "  --version    show the version\n"
          "\n"
          "environment (read before the options, which win; the only way to reach a\n"
          "program that binfmt_misc started):\n"
          "  ZL_RUN_STRACE=1          as --strace\n"
          "  ZL_RUN_STRACE_FILE=FILE  as -o FILE\n"
          "  ZL_RUN_LD_PREFIX=DIR     as -L DIR\n"
          "  ZL_RUN_SET_ENV=V=X,W=Y   as -E V=X -E W=Y\n"
          "  ZL_RUN_UNSET_ENV=V,W     as -U V -U W\n"
          "  ZL_RUN_ARGV0=NAME        as -0 NAME\n"
          "  ZL_RUN_ENGINE=jit|interp as --engine\n"
          "  ZL_RUN_STATS=1           as --stats\n"
          "  ZL_RUN_NORANDOM=1        as -R\n", out);
}

/* A boolean variable: set, and neither empty nor "0". */
static bool env_on(const char *name)
{
    const char *v = getenv(name);
    return v && *v && strcmp(v, "0");
}

/* Apply a comma-separated list to the environment: VAR=VALUE items set (set) or VAR
 * items removed.  0, or -1 for an item without '=' in a set list. */
static int env_list(const char *list, bool set)
{
    char *copy = strdup(list);
    if (!copy) return -1;
    int rc = 0;
    for (char *save = NULL, *item = strtok_r(copy, ",", &save); item;
         item = strtok_r(NULL, ",", &save)) {
        if (!set) {
            unsetenv(item);
            continue;
        }
        char *eq = strchr(item, '=');
        if (!eq) { rc = -1; break; }
        *eq = 0;
        setenv(item, eq + 1, 1);
    }
    free(copy);
    return rc;
}

/* The ZL_RUN_* variables, qemu-user's QEMU_* counterparts (usage()). */
static int options_from_env(struct process *pr, const char **argv0)
{
    pr->opt.strace = env_on("ZL_RUN_STRACE");
    pr->opt.stats = env_on("ZL_RUN_STATS");
    pr->opt.no_random = env_on("ZL_RUN_NORANDOM");
    const char *v;
    if ((v = getenv("ZL_RUN_LD_PREFIX")) && *v) pr->opt.sysroot = v;
    if ((v = getenv("ZL_RUN_STRACE_FILE")) && *v) pr->opt.strace_path = v;
    if ((v = getenv("ZL_RUN_ARGV0")) && *v) *argv0 = v;
    if ((v = getenv("ZL_RUN_UNSET_ENV"))) env_list(v, false);
    if ((v = getenv("ZL_RUN_SET_ENV")) && env_list(v, true)) {
        fprintf(stderr, "zl-run: ZL_RUN_SET_ENV needs VAR=VALUE items, got '%s'\n", v);
        return -1;
    }
    return 0;
}

/* --binfmt[=LIST] and what follows it: print, install or remove the entries. */
static int binfmt_main(int argc, char **argv, int i)
{
    const char *o = argv[i];
    unsigned set = BINFMT_RV128;
    bool have_list = o[8] == '=', install = false, uninstall = false;
    if (have_list && binfmt_parse(o + 9, &set)) {
        fprintf(stderr, "zl-run: --binfmt=LIST takes rv32, rv64, rv128 (comma-separated) or all\n");
        return 1;
    }
    char *self = realpath("/proc/self/exe", NULL);
    const char *interp = self;
    for (i++; i < argc; i++) {
        if (!strcmp(argv[i], "--install")) install = true;
        else if (!strcmp(argv[i], "--uninstall")) uninstall = true;
        else if (!strncmp(argv[i], "--interpreter=", 14) && argv[i][14] == '/') interp = argv[i] + 14;
        else {
            fprintf(stderr, "zl-run: --binfmt: unknown argument '%s' (--install, --uninstall, "
                            "--interpreter=ABSOLUTE-PATH)\n", argv[i]);
            free(self);
            return 1;
        }
    }
    int rc = 0;
    const char *dir = "/proc/sys/fs/binfmt_misc";
    if (install && uninstall) {
        fprintf(stderr, "zl-run: --binfmt: --install and --uninstall exclude each other\n");
        rc = 1;
    } else if (uninstall) {
        int e = binfmt_uninstall(dir, have_list ? set : BINFMT_ALL);
        if (e) fprintf(stderr, "zl-run: --binfmt --uninstall: %s: %s\n", dir, strerror(-e));
        rc = e != 0;
    } else if (!interp) {
        fprintf(stderr, "zl-run: --binfmt: cannot find zl-run's own path: %s\n", strerror(errno));
        rc = 1;
    } else {
        binfmt_print(stdout, interp, set);
        int e = install ? binfmt_install(dir, interp, set) : 0;
        if (e) fprintf(stderr, "zl-run: --binfmt --install: %s: %s\n", dir, strerror(-e));
        rc = e != 0;
    }
    free(self);
    return rc;
}

/* Leave before the program ran: release what was set up (an empty address space is
 * fine to destroy). */
static int quit(struct task *p, int code)
{
    hart_destroy(&p->hart);
    mm_destroy(&p->proc->mm);
    procfs_destroy(p);
    free(p->proc->self_exe);
    if (p->proc->opt.strace_out) fclose(p->proc->opt.strace_out);
    if (p->proc->threads) {
        pthread_mutex_destroy(&p->proc->threads->lock);
        pthread_cond_destroy(&p->proc->threads->changed);
        free(p->proc->threads);
    }
    free(p->proc);
    free(p);
    return code;
}

int main(int argc, char **argv)
{
    struct task *p = calloc(1, sizeof *p);
    struct process *pr = calloc(1, sizeof *pr);
    if (!p || !pr || threads_init(pr, p)) {
        fputs("zl-run: out of memory\n", stderr);
        return 1;
    }
    p->proc = pr;
    pr->opt.engine = engine_default();
    int i = 1, exec_fd = -1;
    const char *argv0 = NULL;
    if (options_from_env(pr, &argv0)) return quit(p, 1);
    /* Started by binfmt_misc with the P flag: argv is zl-run, FILE, original argv[0]... */
    if (getauxval(AT_FLAGS) & 1 /* AT_FLAGS_PRESERVE_ARGV0 */ && argc >= 3) {
        char *path = argv[1];
        argv[1] = argv[2];
        argv[2] = path;       /* now: zl-run, argv0, FILE, args...: use -0 argv0 */
        argv0 = argv[1];
        i = 2;
        goto loaded_options;
    }
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *o = argv[i];
        if (!strcmp(o, "--")) { i++; break; }
        if (!strcmp(o, "-R")) p->proc->opt.no_random = true;
        else if (!strcmp(o, "-0") && i + 1 < argc) argv0 = argv[++i];
        else if (!strcmp(o, "-L") && i + 1 < argc) p->proc->opt.sysroot = argv[++i];
        else if (!strcmp(o, "-o") && i + 1 < argc) p->proc->opt.strace_path = argv[++i];
        else if (!strcmp(o, "-A")) p->proc->opt.strace_append = true;
        else if (!strcmp(o, "-E") && i + 1 < argc) {
            char *eq = strchr(argv[++i], '=');
            if (!eq) {
                fprintf(stderr, "zl-run: -E needs VAR=VALUE, got '%s'\n", argv[i]);
                return quit(p, 1);
            }
            *eq = 0;
            setenv(argv[i], eq + 1, 1);
            *eq = '=';
        } else if (!strcmp(o, "-U") && i + 1 < argc) unsetenv(argv[++i]);
        else if (!strcmp(o, "--stats")) p->proc->opt.stats = true;
        else if (!strncmp(o, "--exec-fd=", 10) && o[10] >= '0' && o[10] <= '9') exec_fd = atoi(o + 10);
        else if (!strcmp(o, "--engine=jit")) p->proc->opt.engine = ENGINE_JIT;
        else if (!strcmp(o, "--jit-dump")) p->proc->opt.jit_dump = true;
        else if (!strcmp(o, "--engine=interp")) p->proc->opt.engine = ENGINE_INTERP;
        else if (!strncmp(o, "--engine", 8)) {
            fprintf(stderr, "zl-run: unknown engine '%s' (--engine=jit or --engine=interp)\n", o);
            return quit(p, 1);
        }
        else if (!strcmp(o, "--strace") || !strcmp(o, "-strace")) p->proc->opt.strace = true;
        else if (!strcmp(o, "--help") || !strcmp(o, "-h")) { usage(stdout); return quit(p, 0); }
        else if (!strcmp(o, "--version")) { puts(ZL_VERSION_LINE("zl-run") " — runs RISC-V rv32, rv64 and rv128 Linux programs"); return quit(p, 0); }
        else if (!strcmp(o, "--binfmt") || !strncmp(o, "--binfmt=", 9))
            return quit(p, binfmt_main(argc, argv, i));
        else {
            fprintf(stderr, "zl-run: unknown option '%s'\n", o);
            usage(stderr);
            return quit(p, 1);
        }
    }
loaded_options:
    if (i >= argc) {
        usage(stderr);
        return quit(p, 1);
    }
    if (p->proc->opt.strace_path) {
        /* line-buffered, so the lines of forked processes sharing the file stay whole;
         * kept across the guest's execve, which re-runs zl-run with -A */
        FILE *f = fopen(p->proc->opt.strace_path, p->proc->opt.strace_append ? "a" : "w");
        if (!f) {
            fprintf(stderr, "zl-run: -o %s: %s\n", p->proc->opt.strace_path, strerror(errno));
            return quit(p, 1);
        }
        setvbuf(f, NULL, _IOLBF, 0);
        static char abs[PATH_MAX];      /* the guest may chdir before an execve */
        if (realpath(p->proc->opt.strace_path, abs)) p->proc->opt.strace_path = abs;
        int fd = fcntl(fileno(f), F_GETFD);
        if (fd >= 0) fcntl(fileno(f), F_SETFD, fd | FD_CLOEXEC);
        p->proc->opt.strace_out = f;
    }
    char err[256], fdfile[32];
    char *path = argv[i];
    if (argv0) argv[i] = (char *)argv0;        /* the guest's argv: argv0, args... */
    p->proc->self_exe = realpath("/proc/self/exe", NULL);
    /* --exec-fd=FD (execveat of a program named by a descriptor): the program is the file
     * open on FD, path only its name; the descriptor is not the guest's and is closed */
    if (exec_fd >= 0) snprintf(fdfile, sizeof fdfile, "/proc/self/fd/%d", exec_fd);
    int lr = proc_load(p, exec_fd >= 0 ? fdfile : path, path, &argv[i], environ, err, sizeof err);
    if (exec_fd >= 0) close(exec_fd);
    if (lr) {
        fprintf(stderr, "zl-run: %s: %s\n", path, err);
        return quit(p, 1);
    }
    if (p->proc->opt.jit_dump) p->hart.jit_dump = stderr;
    if (signal_setup(p)) {
        fprintf(stderr, "zl-run: %s: cannot map the signal trampoline\n", path);
        return 1;
    }
    return quit(p, task_run(p));
}
