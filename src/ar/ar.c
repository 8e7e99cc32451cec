/* ar.c — zl-ar and zl-ranlib: create, modify and extract from `ar` archives of ELF32/ELF64/ELF128 objects,
 * as GNU ar does in deterministic mode (docs/binutils.md).  Reading is elf_ar.c's,
 * writing (with the "/" symbol index) elf_arwrite.c's. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/outfile.h"
#include "elf/elf.h"
#include "ar/ar.h"
#include "common/version.h"

#define TOOL "zl-ar"

struct mem {
    char *name;
    const u8 *data;
    u64 size;
    unsigned mode;
    u8 *own;            /* data read from a file (freed) */
};

struct arc {
    u8 *buf;
    struct mem *m;
    usize n, cap;
};

static void usage(FILE *fp)
{
    fprintf(fp,
            "Usage: " TOOL " [-]{dqrstx}[cDSuUv] archive-file file...\n"
            "       zl-ranlib archive-file...\n"
            " commands:\n"
            "  d            - delete file(s) from the archive\n"
            "  q            - quick append file(s) to the archive\n"
            "  r            - replace existing or insert new file(s) into the archive\n"
            "  s            - act as ranlib\n"
            "  t            - display contents of the archive\n"
            "  x            - extract file(s) from the archive\n"
            " modifiers:\n"
            "  [c]          - do not warn if the library had to be created\n"
            "  [D]          - use zero for timestamps and uids/gids (default)\n"
            "  [S]          - do not build a symbol table\n"
            "  [u]          - only replace files that are newer (ignored: D is the default)\n"
            "  [v]          - be verbose\n"
            "  --help, --version\n");
}

static void arc_free(struct arc *a)
{
    for (usize i = 0; i < a->n; i++) {
        free(a->m[i].name);
        free(a->m[i].own);
    }
    free(a->m);
    free(a->buf);
}

static struct mem *push(struct arc *a)
{
    if (a->n == a->cap) {
        usize cap = a->cap ? a->cap * 2 : 16;
        struct mem *m = realloc(a->m, cap * sizeof *m);
        if (!m)
            return NULL;
        a->m = m;
        a->cap = cap;
    }
    memset(&a->m[a->n], 0, sizeof a->m[0]);
    return &a->m[a->n++];
}

static unsigned parse_mode(const u8 *p)
{
    unsigned v = 0;
    for (int i = 0; i < 8 && p[i] >= '0' && p[i] <= '7'; i++)
        v = v * 8 + (unsigned)(p[i] - '0');
    return v;
}

/* Read an existing archive: 0, 1 (does not exist), -1 (error, reported). */
static int load(const char *path, struct arc *a)
{
    struct stat st;
    if (stat(path, &st) != 0 && errno == ENOENT)
        return 1;
    usize size = 0;
    a->buf = elf_input_load(TOOL, path, &size);
    if (!a->buf)
        return -1;
    if (!ar_is_archive(a->buf, size) || !memcmp(a->buf, "!<thin>\n", AR_MAGIC_LEN)) {
        fprintf(stderr, TOOL ": %s: file format not recognized\n", path);
        return -1;
    }
    struct ar_walk w;
    struct ar_entry e;
    const char *why = "";
    int r;
    ar_walk_init(&w, a->buf, size);
    while ((r = ar_walk_next(&w, &e, &why)) > 0) {
        if (e.kind != AR_MEMBER)
            continue;
        struct mem *m = push(a);
        if (!m || !(m->name = strndup(e.name, e.name_len)))
            return -1;
        m->data = e.data;
        m->size = e.size;
        m->mode = parse_mode(a->buf + e.hdr_off + 40);
    }
    if (r < 0) {
        fprintf(stderr, TOOL ": %s: %s\n", path, why);
        return -1;
    }
    return 0;
}

static const char *base(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

static struct mem *find(struct arc *a, const char *name)
{
    for (usize i = 0; i < a->n; i++)
        if (a->m[i].name && !strcmp(a->m[i].name, base(name)))
            return &a->m[i];
    return NULL;
}

static int read_member(const char *path, struct mem *m)
{
    usize size = 0;
    struct elf_err err;
    FILE *fp = fopen(path, "rb");
    fflush(stdout);
    if (!fp) {
        fprintf(stderr, TOOL ": %s: %s\n", path, strerror(errno));
        return -1;
    }
    u8 *d = elf_slurp(fp, &size, &err);
    fclose(fp);
    if (!d) {
        fprintf(stderr, TOOL ": %s: %s\n", path, err.msg);
        return -1;
    }
    free(m->own);
    free(m->name);
    m->name = strdup(base(path));
    m->own = d;
    m->data = d;
    m->size = size;
    m->mode = 0100644;
    return m->name ? 0 : -1;
}

static void perms(unsigned mode, char *out)
{
    const char *rwx = "rwxrwxrwx";
    for (int i = 0; i < 9; i++)
        out[i] = (mode & (0400u >> i)) ? rwx[i] : '-';
    out[9] = 0;
}

static bool selected(char **names, int n, const char *name)
{
    if (!n)
        return true;
    for (int i = 0; i < n; i++)
        if (!strcmp(base(names[i]), name))
            return true;
    return false;
}

static int save(const char *path, struct arc *a, bool index)
{
    struct ar_out_member *o = calloc(a->n + 1, sizeof *o);
    usize k = 0;
    if (!o)
        return 1;
    for (usize i = 0; i < a->n; i++) {
        if (!a->m[i].name)
            continue;
        o[k].name = a->m[i].name;
        o[k].data = a->m[i].data;
        o[k].size = a->m[i].size;
        o[k].mode = a->m[i].mode;
        k++;
    }
    u8 *img = NULL;
    usize size = 0;
    int rc = 0;
    if (ar_build(o, k, index, &img, &size) < 0) {
        fprintf(stderr, TOOL ": out of memory\n");
        rc = 1;
    } else {
        int e = zl_write_file(path, img, size, 0666);
        if (e) {
            fprintf(stderr, TOOL ": %s: %s\n", path, strerror(e));
            rc = 1;
        }
    }
    free(img);
    free(o);
    return rc;
}

int ar_main(int argc, char **argv, bool ranlib)
{
    const char *tool = ranlib ? "zl-ranlib" : TOOL;
    if (argc >= 2 && !strcmp(argv[1], "--help")) {
        usage(stdout);
        return 0;
    }
    if (argc >= 2 && !strcmp(argv[1], "--version")) {
        printf("%s (ZettaLinux) %s — RISC-V ELF32/ELF64/ELF128\n", tool, ZL_VERSION);
        return 0;
    }
    char op = 0;
    bool create_quiet = false, verbose = false, index = true, update = false;
    int ai = 1;
    if (ranlib) {
        op = 's';
        if (argc < 2) {
            usage(stderr);
            return 1;
        }
    } else {
        if (argc < 3) {
            if (argc == 2 && strchr("tsx", argv[1][argv[1][0] == '-'])) {
                fprintf(stderr, TOOL ": no archive specified\n");
            }
            usage(stderr);
            return 1;
        }
        const char *k = argv[1];
        if (*k == '-')
            k++;
        for (; *k; k++) {
            switch (*k) {
            case 'd': case 'q': case 'r': case 't': case 'x':
                if (op && op != 's') {
                    fprintf(stderr, TOOL ": two different operation options specified\n");
                    return 1;
                }
                op = *k;
                break;
            case 's': index = true; if (!op) op = 's'; break;
            case 'c': create_quiet = true; break;
            case 'v': verbose = true; break;
            case 'D': break;
            case 'S': index = false; break;
            case 'u': update = true; break;
            default:
                fprintf(stderr, TOOL ": invalid option -- '%c'\n", *k);
                usage(stderr);
                return 1;
            }
        }
        if (!op) {
            fprintf(stderr, TOOL ": no operation specified\n");
            return 1;
        }
        ai = 2;
    }
    if (update)
        fprintf(stderr, TOOL ": `u' modifier ignored since `D' is the default (see `U')\n");
    if (ranlib) {
        int rc = 0;
        for (int i = 1; i < argc; i++) {
            struct arc a = { 0 };
            int r = load(argv[i], &a);
            if (r == 1)
                fprintf(stderr, "zl-ranlib: '%s': No such file\n", argv[i]);
            if (r != 0 || save(argv[i], &a, true))
                rc = 1;
            arc_free(&a);
        }
        return rc;
    }
    const char *path = argv[ai];
    char **names = argv + ai + 1;
    int nn = argc - ai - 1;
    struct arc a = { 0 };
    int r = load(path, &a);
    if (r < 0) {
        arc_free(&a);
        return 1;
    }
    if (r == 1) {
        if (op == 't' || op == 'x' || op == 'd' || op == 's') {
            fprintf(stderr, TOOL ": %s: No such file or directory\n", path);
            return 9;
        }
        if (!create_quiet)
            fprintf(stderr, TOOL ": creating %s\n", path);
    }
    int rc = 0;
    bool write = false;
    switch (op) {
    case 't':
        for (usize i = 0; i < a.n; i++) {
            if (!selected(names, nn, a.m[i].name))
                continue;
            if (verbose) {
                char p[10];
                perms(a.m[i].mode, p);
                printf("%s 0/0 %6llu Jan  1 00:00 1970 %s\n", p, (unsigned long long)a.m[i].size,
                       a.m[i].name);
            } else
                printf("%s\n", a.m[i].name);
        }
        break;
    case 'x':
        for (usize i = 0; i < a.n; i++) {
            if (!selected(names, nn, a.m[i].name))
                continue;
            if (verbose)
                printf("x - %s\n", a.m[i].name);
            int e = zl_write_file(a.m[i].name, a.m[i].data, (usize)a.m[i].size, a.m[i].mode & 0777);
            if (e) {
                fprintf(stderr, TOOL ": %s: %s\n", a.m[i].name, strerror(e));
                rc = 1;
            }
        }
        for (int i = 0; i < nn; i++)
            if (!find(&a, names[i])) {
                printf("no entry %s in archive\n", names[i]);
                rc = 1;
            }
        break;
    case 'd':
        for (int i = 0; i < nn; i++) {
            struct mem *m = find(&a, names[i]);
            if (!m)
                continue;
            if (verbose)
                printf("d - %s\n", m->name);
            free(m->name);
            m->name = NULL;
        }
        write = true;
        break;
    case 'q':
    case 'r':
        for (int i = 0; i < nn; i++) {
            struct mem *m = op == 'r' ? find(&a, names[i]) : NULL;
            bool replace = m != NULL;
            if (!m && !(m = push(&a))) {
                rc = 1;
                break;
            }
            if (read_member(names[i], m)) {
                if (!replace)
                    a.n--;
                rc = 1;
                continue;
            }
            if (verbose)
                printf("%c - %s\n", replace ? 'r' : 'a', m->name);
        }
        write = rc == 0;
        break;
    case 's':
        write = true;
        break;
    }
    if (write && save(path, &a, index))
        rc = 1;
    arc_free(&a);
    return rc;
}
