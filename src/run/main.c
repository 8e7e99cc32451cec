/* zl-run: run RISC-V Linux programs of any XLEN (rv32, rv64, rv128) on this host. */
#include <errno.h>
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

#define ZL_VERSION "0.1"

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
          "  --stats      print the number of executed instructions at exit\n"
          "  --strace     log every system call with decoded arguments and result\n"
          "  --binfmt     print binfmt_misc lines for rv32/rv64/rv128 executables;\n"
          "               with --install, register them (root, binfmt_misc mounted)\n"
          "  --help       show this help\n"
          "  --version    show the version\n", out);
}

/* Die the way the guest died: by the same signal, without a host core dump. */
static void die_by_signal(int sig)
{
    struct rlimit no_core = { 0, 0 };
    setrlimit(RLIMIT_CORE, &no_core);
    fflush(NULL);
    signal(sig, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
    _exit(128 + sig);
}

static void print_addr(char *b, size_t n, u128 a)
{
    if ((u64)(a >> 64))
        snprintf(b, n, "0x%llx%016llx", (unsigned long long)(u64)(a >> 64),
                 (unsigned long long)(u64)a);
    else
        snprintf(b, n, "0x%llx", (unsigned long long)(u64)a);
}

static int report_trap(struct proc *p)
{
    const struct hart *h = &p->hart;
    char pc[48], addr[48];
    print_addr(pc, sizeof pc, h->pc);
    print_addr(addr, sizeof addr, h->trap.addr);
    int sig;
    switch (h->trap.cause) {
    case TRAP_ILLEGAL:
        fprintf(stderr, "zl-run: %s: illegal instruction 0x%08x at pc %s\n", p->exe_path,
                h->trap.insn, pc);
        sig = SIGILL;
        break;
    case TRAP_BREAKPOINT:
        fprintf(stderr, "zl-run: %s: breakpoint at pc %s\n", p->exe_path, pc);
        sig = SIGTRAP;
        break;
    case TRAP_LOAD_MISALIGNED:
    case TRAP_STORE_MISALIGNED:
        fprintf(stderr, "zl-run: %s: misaligned atomic access to %s at pc %s\n",
                p->exe_path, addr, pc);
        sig = SIGBUS;
        break;
    case TRAP_FETCH_MISALIGNED:
        fprintf(stderr, "zl-run: %s: bus error: misaligned instruction address %s\n",
                p->exe_path, pc);
        sig = SIGBUS;
        break;
    default:
        if (h->trap.bus) {
            fprintf(stderr, "zl-run: %s: bus error: %s %s (beyond the end of its file) at pc %s\n",
                    p->exe_path, h->trap.cause == TRAP_FETCH_FAULT ? "executing" :
                    h->trap.cause == TRAP_STORE_FAULT ? "writing" : "reading", addr, pc);
            sig = SIGBUS;
            break;
        }
        fprintf(stderr, "zl-run: %s: segmentation fault: %s %s %s at pc %s\n", p->exe_path,
                h->trap.cause == TRAP_FETCH_FAULT ? "executing" :
                h->trap.cause == TRAP_STORE_FAULT ? "writing" : "reading",
                h->trap.maperr ? "unmapped address" : "protected address", addr, pc);
        sig = SIGSEGV;
        break;
    }
    return sig;
}

/* Leave before the program ran: release what was set up (an empty address space is
 * fine to destroy). */
static int quit(struct proc *p, int code)
{
    mm_destroy(&p->mm);
    procfs_destroy(p);
    free(p->self_exe);
    free(p);
    return code;
}

/* The process lives for the whole run; host signal handlers will reach it through here. */
static struct proc *the_proc;

int main(int argc, char **argv)
{
    struct proc *p = the_proc = calloc(1, sizeof *p);
    if (!p) {
        fputs("zl-run: out of memory\n", stderr);
        return 1;
    }
    int i = 1;
    const char *argv0 = NULL;
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
        if (!strcmp(o, "-R")) p->opt.no_random = true;
        else if (!strcmp(o, "-0") && i + 1 < argc) argv0 = argv[++i];
        else if (!strcmp(o, "-L") && i + 1 < argc) p->opt.sysroot = argv[++i];
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
        else if (!strcmp(o, "--stats")) p->opt.stats = true;
        else if (!strcmp(o, "--strace") || !strcmp(o, "-strace")) p->opt.strace = true;
        else if (!strcmp(o, "--help") || !strcmp(o, "-h")) { usage(stdout); return quit(p, 0); }
        else if (!strcmp(o, "--version")) { printf("zl-run " ZL_VERSION "\n"); return quit(p, 0); }
        else if (!strcmp(o, "--binfmt")) {
            char *self = realpath("/proc/self/exe", NULL);
            bool install = i + 1 < argc && !strcmp(argv[i + 1], "--install");
            int e = 0;
            if (self) {
                binfmt_print(stdout, self);
                if (install) e = binfmt_install(self, "/proc/sys/fs/binfmt_misc/register");
            }
            if (!self || e) fprintf(stderr, "zl-run: --binfmt --install: %s\n", strerror(self ? -e : errno));
            int ok = self && !e;
            free(self);
            return quit(p, ok ? 0 : 1);
        }
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
    char err[256];
    char *path = argv[i];
    if (argv0) argv[i] = (char *)argv0;        /* the guest's argv: argv0, args... */
    p->self_exe = realpath("/proc/self/exe", NULL);
    if (proc_load(p, path, &argv[i], environ, err, sizeof err)) {
        fprintf(stderr, "zl-run: %s: %s\n", path, err);
        return quit(p, 1);
    }
    if (signal_setup(p)) {
        fprintf(stderr, "zl-run: %s: cannot map the signal trampoline\n", path);
        return 1;
    }
    for (;;) {
        int rc = hart_run(&p->hart);
        if (rc == RUN_REQUEST) {
            p->hart.insn_limit = UINT64_MAX;
            signal_pending_deliver(p);
            continue;
        }
        if (rc == RUN_TRAP && signal_trap(p) == 0) continue;
        if (p->opt.stats)
            fprintf(stderr, "zl-run: instructions: %llu\n", (unsigned long long)p->hart.instret);
        if (rc == RUN_EXIT) {
            int code = p->exit_code;
            hart_destroy(&p->hart);
            mm_destroy(&p->mm);
            procfs_destroy(p);
            free(p->self_exe);
            free(p);
            the_proc = NULL;
            return code;
        }
        die_by_signal(report_trap(p));
    }
}
