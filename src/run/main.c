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
#include "run/thread.h"

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
          "  --engine=E   execute with E: jit (translate to host code) or interp\n"
          "               (default: jit on x86-64 hosts; rv128 is always interpreted)\n"
          "  --jit-dump   print each translated block (guest and host code) on stderr\n"
          "  --stats      print the number of executed instructions at exit\n"
          "  --strace     log every system call with decoded arguments and result\n"
          "  --binfmt     print binfmt_misc lines for rv32/rv64/rv128 executables;\n"
          "               with --install, register them (root, binfmt_misc mounted)\n"
          "  --help       show this help\n"
          "  --version    show the version\n", out);
}

/* Leave before the program ran: release what was set up (an empty address space is
 * fine to destroy). */
static int quit(struct task *p, int code)
{
    hart_destroy(&p->hart);
    mm_destroy(&p->proc->mm);
    procfs_destroy(p);
    free(p->proc->self_exe);
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
        if (!strcmp(o, "-R")) p->proc->opt.no_random = true;
        else if (!strcmp(o, "-0") && i + 1 < argc) argv0 = argv[++i];
        else if (!strcmp(o, "-L") && i + 1 < argc) p->proc->opt.sysroot = argv[++i];
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
        else if (!strcmp(o, "--engine=jit")) p->proc->opt.engine = ENGINE_JIT;
        else if (!strcmp(o, "--jit-dump")) p->proc->opt.jit_dump = true;
        else if (!strcmp(o, "--engine=interp")) p->proc->opt.engine = ENGINE_INTERP;
        else if (!strncmp(o, "--engine", 8)) {
            fprintf(stderr, "zl-run: unknown engine '%s' (--engine=jit or --engine=interp)\n", o);
            return quit(p, 1);
        }
        else if (!strcmp(o, "--strace") || !strcmp(o, "-strace")) p->proc->opt.strace = true;
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
    p->proc->self_exe = realpath("/proc/self/exe", NULL);
    if (proc_load(p, path, &argv[i], environ, err, sizeof err)) {
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
