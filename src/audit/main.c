/* zl-audit: find 64-bit assumptions in C trees (docs/audit.md).
 *
 *   zl-audit [options] PATH...
 *
 * PATHs are files or directories (searched for *.c and *.h).  Exit status: 0 no
 * findings, 1 findings, 2 errors (bad options, unreadable inputs).
 */
#include "audit/audit.h"
#include "common/version.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void usage(FILE *o)
{
    fputs("usage: zl-audit [options] PATH...\n"
          "       zl-audit [options] --tu [compiler options] FILE.c...\n"
          "       zl-audit [options] --compile-commands=compile_commands.json\n"
          "Finds code that checks for, or silently relies on, 64-bit longs and pointers\n"
          "(the LP128 port).  Directories are searched for *.c and *.h files.\n"
          "\n"
          "  --format=gcc|json|sarif|uapi\n"
          "                           output format (default gcc: file:line:col: warning: ...;\n"
          "                           uapi: user-pointer fields of uapi headers, as JSON)\n"
          "  --rules=LIST             comma-separated rule ids to run; -ID removes one,\n"
          "                           +ID adds one to the default set, all is every rule\n"
          "                           (default: all but the opt-in rules of --list-rules)\n"
          "  -j N, --jobs N           worker threads (default: number of CPUs)\n"
          "  -o FILE                  write the report to FILE (replaced atomically)\n"
          "  --exclude=GLOB           skip files and directories whose path matches GLOB\n"
          "                           (fnmatch, '*' also matches '/'; repeatable), e.g.\n"
          "                           --exclude='*/bpf/progs' for code built for other targets\n"
          "  --fixits                 gcc format: a fix-it: line (clang's parseable form)\n"
          "                           after each finding that has a mechanical fix\n"
          "  --apply                  write those fixes into the files (temporary file +\n"
          "                           rename; a file changed since the scan is left alone)\n"
          "  --summary                print counts by rule, top-level directory and the\n"
          "                           hottest files to stderr\n"
          "  --tu ARGS...             TU mode: the rest is a compiler command line (-I, -D,\n"
          "                           -U, -include, -isystem, -iquote used; other options\n"
          "                           ignored); each file is preprocessed with it and the\n"
          "                           rules also see the declarations of its headers\n"
          "                           (make C=1 CHECK=\"zl-audit --tu\"; findings do not\n"
          "                           change the exit status)\n"
          "  --compile-commands=FILE  TU mode for every entry of a compilation database\n"
          "  --list-rules             describe every rule and exit\n"
          "  -q, --quiet              no notes about skipped files\n"
          "  -h, --help               this text\n"
          "  --version                the version\n"
          "Inline suppression: /* zl-audit: ignore RULE[,RULE] */ on the line of the finding,\n"
          "or alone on the line before it.  Exit status: 0 clean, 1 findings, 2 errors.\n",
          o);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fputs("zl-audit: out of memory\n", stderr);
        exit(2);
    }
    return p;
}

/* ---------------------------------------------------------------- file list */

struct list {
    struct audit_file *f;
    size_t n, cap;
    char **err;
    u32 nerr, caperr;
    bool quiet;
    const char **excl;
    int nexcl;
};

static bool excluded(const struct list *l, const char *path)
{
    for (int i = 0; i < l->nexcl; i++)
        if (fnmatch(l->excl[i], path, 0) == 0) return true;
    return false;
}

static void add_err(struct list *l, const char *fmt, const char *a, const char *b)
{
    char buf[4200];
    snprintf(buf, sizeof buf, fmt, a, b);
    fprintf(stderr, "zl-audit: error: %s\n", buf);
    if (l->nerr == l->caperr) {
        l->caperr = l->caperr ? l->caperr * 2 : 8;
        l->err = realloc(l->err, l->caperr * sizeof *l->err);
        if (!l->err) exit(2);
    }
    l->err[l->nerr++] = strdup(buf);
}

static void add_file(struct list *l, const char *path, size_t root_len)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 1024;
        l->f = realloc(l->f, l->cap * sizeof *l->f);
        if (!l->f) exit(2);
    }
    memset(&l->f[l->n], 0, sizeof l->f[l->n]);
    l->f[l->n].path = strdup(path);
    l->f[l->n].root_len = (u32)root_len;
    l->n++;
}

static bool c_file(const char *name)
{
    size_t n = strlen(name);
    return n > 2 && name[n - 2] == '.' && (name[n - 1] == 'c' || name[n - 1] == 'h');
}

/* Iterative walk (deep trees cannot overflow the stack); symlinks are not followed
 * into directories, so loops are impossible. */
static void walk(struct list *l, const char *root)
{
    size_t rl = strlen(root);
    while (rl > 1 && root[rl - 1] == '/') rl--;
    char **stack = xmalloc(sizeof *stack * 64);
    size_t ns = 0, cs = 64;
    stack[ns++] = strndup(root, rl);
    while (ns) {
        char *dir = stack[--ns];
        DIR *d = opendir(dir);
        if (!d) {
            add_err(l, "%s: %s", dir, strerror(errno));
            free(dir);
            continue;
        }
        struct dirent *e;
        size_t dl = strlen(dir);
        while ((e = readdir(d))) {
            if (e->d_name[0] == '.' && (!e->d_name[1] || (e->d_name[1] == '.' && !e->d_name[2])))
                continue;
            size_t nl = strlen(e->d_name);
            char *p = xmalloc(dl + nl + 2);
            memcpy(p, dir, dl);
            p[dl] = '/';
            memcpy(p + dl + 1, e->d_name, nl + 1);
            if (excluded(l, p)) {
                free(p);
                continue;
            }
            unsigned char type = e->d_type;
            if (type == DT_UNKNOWN) {
                struct stat st;
                if (lstat(p, &st) == 0)
                    type = S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG
                         : S_ISLNK(st.st_mode) ? DT_LNK : DT_UNKNOWN;
            }
            if (type == DT_DIR) {
                if (ns == cs) {
                    cs *= 2;
                    stack = realloc(stack, cs * sizeof *stack);
                    if (!stack) exit(2);
                }
                stack[ns++] = p;
                continue;
            }
            if (c_file(e->d_name) && (type == DT_REG || type == DT_LNK)) {
                struct stat st;
                if (type == DT_LNK && (stat(p, &st) != 0 || !S_ISREG(st.st_mode))) {
                    free(p);
                    continue;
                }
                add_file(l, p, rl);
            }
            free(p);
        }
        closedir(d);
        free(dir);
    }
    free(stack);
}

static int cmp_path(const void *a, const void *b)
{
    return strcmp(((const struct audit_file *)a)->path, ((const struct audit_file *)b)->path);
}

/* ---------------------------------------------------------------- scanning */

struct work {
    struct audit_file *files;
    size_t n;
    atomic_size_t next;
    u32 rules;
};

#define MAX_FILE (256u << 20)

static void scan_one(struct audit_scratch *s, struct audit_file *f, u32 rules, char **buf,
                     size_t *cap)
{
    int fd = open(f->path, O_RDONLY);
    if (fd < 0) {
        f->error = true;
        f->note = strdup(strerror(errno));
        return;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        f->error = true;
        f->note = strdup("not a regular file");
        close(fd);
        return;
    }
    if ((u64)st.st_size > MAX_FILE) {
        f->note = strdup("larger than 256 MiB, skipped");
        close(fd);
        return;
    }
    size_t want = (size_t)st.st_size + 1;
    if (want > *cap) {
        free(*buf);
        *cap = want + (want >> 2);
        *buf = xmalloc(*cap);
    }
    size_t len = 0;
    for (;;) {
        if (len == *cap) {
            *cap *= 2;
            char *nb = realloc(*buf, *cap);
            if (!nb) exit(2);
            *buf = nb;
        }
        ssize_t r = read(fd, *buf + len, *cap - len);
        if (r < 0) {
            if (errno == EINTR) continue;
            f->error = true;
            f->note = strdup(strerror(errno));
            close(fd);
            return;
        }
        if (r == 0) break;
        len += (size_t)r;
    }
    close(fd);
    /* binary: a NUL byte in the first 8 KiB */
    if (memchr(*buf, 0, len < 8192 ? len : 8192)) {
        f->note = strdup("binary file (NUL bytes), skipped");
        return;
    }
    if (f->tu)
        audit_scan_tu(s, *buf, len, rules, f);
    else
        audit_scan(s, f->path, *buf, len, rules, f);
}

static void *worker(void *arg)
{
    struct work *w = arg;
    struct audit_scratch *s = audit_scratch_new();
    char *buf = NULL;
    size_t cap = 0;
    for (;;) {
        size_t i = atomic_fetch_add(&w->next, 1);
        if (i >= w->n) break;
        scan_one(s, &w->files[i], w->rules, &buf, &cap);
    }
    free(buf);
    audit_scratch_free(s);
    return NULL;
}

static bool parse_rules(const char *spec, u32 *mask)
{
    const char *p = spec;
    bool first = true;
    while (*p) {
        const char *e = strchr(p, ',');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        bool neg = n && p[0] == '-', add = n && p[0] == '+';
        const char *id = neg || add ? p + 1 : p;
        size_t il = neg || add ? n - 1 : n;
        /* a list that starts with a plain id names the rules; -ID and +ID edit the
           default set */
        if (first && !neg && !add) *mask = 0;
        first = false;
        if (il == 3 && memcmp(id, "all", 3) == 0) {
            *mask = neg ? 0 : (1u << R_COUNT) - 1;
        } else if (il) {
            int r = audit_rule_find(id, il);
            if (r < 0) {
                fprintf(stderr, "zl-audit: error: unknown rule '%.*s' (see --list-rules)\n",
                        (int)il, id);
                return false;
            }
            if (neg)
                *mask &= ~(1u << r);
            else
                *mask |= 1u << r;
        }
        if (!e) break;
        p = e + 1;
    }
    return true;
}

int main(int argc, char **argv)
{
    enum audit_format fmt = FMT_GCC;
    u32 rules = audit_default_rules();
    long jobs = sysconf(_SC_NPROCESSORS_ONLN);
    const char *outpath = NULL;
    bool summary = false, quiet = false, fixits = false, apply = false;
    struct list l = {0};
    /* one block for the path and exclude lists: every exit frees it with free(paths) */
    char **paths = xmalloc(2 * (size_t)argc * sizeof *paths);
    l.excl = (const char **)(paths + argc);
    int npaths = 0;
    bool opts_done = false;
    /* TU mode: --tu's command line and files, or the compilation database's entries */
    struct audit_tu *tu = NULL;
    char **tufiles = NULL;
    u32 ntufiles = 0, captufiles = 0;
    const char *ccdb = NULL;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (opts_done || a[0] != '-' || !a[1]) {
            paths[npaths++] = argv[i];
            continue;
        }
        if (!strcmp(a, "--tu")) {
            tu = audit_tu_parse(argv + i + 1, argc - i - 1, NULL, &tufiles, &ntufiles, &captufiles);
            break;
        } else if (!strncmp(a, "--compile-commands=", 19)) {
            ccdb = a + 19;
        } else if (!strcmp(a, "--")) {
            opts_done = true;
        } else if (!strncmp(a, "--format=", 9)) {
            const char *f = a + 9;
            if (!strcmp(f, "gcc")) fmt = FMT_GCC;
            else if (!strcmp(f, "json")) fmt = FMT_JSON;
            else if (!strcmp(f, "sarif")) fmt = FMT_SARIF;
            else if (!strcmp(f, "uapi")) fmt = FMT_UAPI;
            else {
                fprintf(stderr, "zl-audit: error: unknown format '%s' (gcc, json, sarif, uapi)\n", f);
                free(paths);
                return 2;
            }
        } else if (!strncmp(a, "--rules=", 8)) {
            if (!parse_rules(a + 8, &rules)) {
                free(paths);
                return 2;
            }
        } else if (!strcmp(a, "-j") || !strcmp(a, "--jobs") || !strncmp(a, "--jobs=", 7) ||
                   (!strncmp(a, "-j", 2) && a[2])) {
            const char *v = !strncmp(a, "--jobs=", 7) ? a + 7 : (a[1] == 'j' && a[2]) ? a + 2
                          : i + 1 < argc ? argv[++i] : NULL;
            char *end;
            jobs = v ? strtol(v, &end, 10) : 0;
            if (!v || *end || jobs < 1 || jobs > 1024) {
                fprintf(stderr, "zl-audit: error: --jobs needs a number from 1 to 1024\n");
                free(paths);
                return 2;
            }
        } else if (!strcmp(a, "-o")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "zl-audit: error: -o needs a file name\n");
                free(paths);
                return 2;
            }
            outpath = argv[++i];
        } else if (!strncmp(a, "--exclude=", 10)) {
            l.excl[l.nexcl++] = a + 10;
        } else if (!strcmp(a, "--summary")) {
            summary = true;
        } else if (!strcmp(a, "--fixits") || !strcmp(a, "-fdiagnostics-parseable-fixits")) {
            fixits = true;
        } else if (!strcmp(a, "--apply")) {
            apply = true;
        } else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
            quiet = true;
        } else if (!strcmp(a, "--list-rules")) {
            for (int r = 0; r < R_COUNT; r++) {
                printf("%s", audit_rules[r].id);
                if (audit_rules[r].optin) printf(" (opt-in: --rules=+%s)", audit_rules[r].id);
                printf("\n  %s\n  why: %s\n  fix: %s\n\n", audit_rules[r].desc,
                       audit_rules[r].why, audit_rules[r].fix);
            }
            free(paths);
            return 0;
        } else if (!strcmp(a, "--version")) {
            puts(ZL_VERSION_LINE("zl-audit") " — finds C code that assumes 64-bit longs and pointers");
            free(paths);
            return 0;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            free(paths);
            return 0;
        } else {
            fprintf(stderr, "zl-audit: error: unknown option '%s'\n", a);
            usage(stderr);
            free(paths);
            return 2;
        }
    }
    struct audit_tu **tus = NULL;
    u32 ntus = 0;
    if (ccdb) {
        struct audit_file *cf = NULL;
        size_t ncf = 0;
        char err[300];
        if (!audit_compile_commands(ccdb, &cf, &ncf, &tus, &ntus, err, sizeof err))
            add_err(&l, "%s: %s", ccdb, err);
        for (size_t i = 0; i < ncf; i++) {
            add_file(&l, cf[i].path, cf[i].root_len);
            l.f[l.n - 1].tu = cf[i].tu;
            free(cf[i].path);
        }
        free(cf);
    }
    for (u32 i = 0; i < ntufiles; i++) {
        const char *sl = strrchr(tufiles[i], '/');
        add_file(&l, tufiles[i], sl ? (size_t)(sl - tufiles[i]) : 0);
        l.f[l.n - 1].tu = tu;
        free(tufiles[i]);
    }
    free(tufiles);
    bool tu_mode = tu || ccdb;
    if (tu && !ntufiles) fprintf(stderr, "zl-audit: error: --tu needs a file to audit\n");
    if (!npaths && !tu_mode) {
        usage(stderr);
        free(paths);
        return 2;
    }
    if (tu && !ntufiles) {
        audit_tu_free(tu);
        free(paths);
        return 2;
    }
    l.quiet = quiet;
    for (int i = 0; i < npaths; i++) {
        struct stat st;
        if (stat(paths[i], &st) != 0) {
            add_err(&l, "%s: %s", paths[i], strerror(errno));
            continue;
        }
        if (S_ISDIR(st.st_mode))
            walk(&l, paths[i]);
        else {
            const char *sl = strrchr(paths[i], '/');
            add_file(&l, paths[i], sl ? (size_t)(sl - paths[i]) : 0);
        }
    }
    free(paths);
    if (l.n > 1) qsort(l.f, l.n, sizeof *l.f, cmp_path);

    struct work w = {l.f, l.n, 0, rules};
    if (jobs > (long)l.n) jobs = l.n ? (long)l.n : 1;
    pthread_t *th = xmalloc((size_t)jobs * sizeof *th);
    long started = 0;
    for (long i = 1; i < jobs; i++) {
        if (pthread_create(&th[i], NULL, worker, &w) != 0) break;
        started = i;
    }
    worker(&w);
    for (long i = 1; i <= started; i++) pthread_join(th[i], NULL);
    free(th);

    audit_resolve_fields(l.f, l.n, rules);

    struct audit_run run = {l.f, l.n, rules, fixits, 0, NULL, 0, tu_mode};
    u32 findings = 0;
    for (size_t i = 0; i < l.n; i++) {
        struct audit_file *f = &l.f[i];
        findings += f->nf;
        if (f->tu_diag) fputs(f->tu_diag, stderr);
        if (f->tu_errors) {
            char what[120];
            snprintf(what, sizeof what, "%u preprocessing error%s in TU mode; the headers' "
                     "declarations are known up to the first", f->tu_errors,
                     f->tu_errors == 1 ? "" : "s");
            add_err(&l, "%s: %s", f->path, what);
        }
        if (f->error) {
            add_err(&l, "%s: %s", f->path, f->note ? f->note : "unreadable");
        } else if (f->note && !quiet) {
            fprintf(stderr, "%s:%s%s\n", f->path,
                    f->lex_errors ? "" : " note: ", f->note);
        }
    }
    run.nerrors = l.nerr;
    run.errors = l.err;
    run.nerrmsg = l.nerr;

    FILE *out = stdout;
    char *tmp = NULL;
    if (outpath) {
        tmp = xmalloc(strlen(outpath) + 16);
        sprintf(tmp, "%s.tmp%ld", outpath, (long)getpid());
        out = fopen(tmp, "w");
        if (!out) fprintf(stderr, "zl-audit: error: %s: %s\n", tmp, strerror(errno));
    }
    /* --tu is what make C=1 runs for every object: findings must not stop the build */
    int rc = findings && !tu ? 1 : 0;
    if (out) audit_write(out, &run, fmt);
    if (outpath && !out) {
        rc = 2;
        free(tmp);
    } else if (outpath) {
        if (fclose(out) != 0 || rename(tmp, outpath) != 0) {
            fprintf(stderr, "zl-audit: error: %s: %s\n", outpath, strerror(errno));
            unlink(tmp);
            rc = 2;
        }
        free(tmp);
    } else if (fflush(stdout) != 0) {
        fprintf(stderr, "zl-audit: error: writing the report: %s\n", strerror(errno));
        rc = 2;
    }
    if (summary) audit_write_summary(stderr, &run, 20);
    if (apply) {
        u32 applied, bad = audit_apply(&run, stderr, &applied);
        if (!quiet) fprintf(stderr, "zl-audit: applied %u fix%s\n", applied, applied == 1 ? "" : "es");
        if (bad) rc = 2;
    }
    if (l.nerr) rc = 2;
    for (size_t i = 0; i < l.n; i++) {
        audit_file_clear(&l.f[i]);
        free(l.f[i].path);
    }
    free(l.f);
    audit_tu_free(tu);
    for (u32 i = 0; i < ntus; i++) audit_tu_free(tus[i]);
    free(tus);
    for (u32 i = 0; i < l.nerr; i++) free(l.err[i]);
    free(l.err);
    return rc;
}
