/* zl-audit --format=uapi: the boundary report.  Every 64-bit field of a structure in a
 * uapi header (include/uapi, arch/x/include/uapi) that the audited code converts to a
 * user pointer (u64_to_user_ptr(), (void __user *)(uintptr_t)x, (void __user *)(unsigned
 * long)x, through READ_ONCE() and copies), with its conversion sites and the ioctls and
 * system calls that carry its structure.  JSON; src/audit/uapi_report.py makes the
 * Markdown table of docs/uapi-pointers.md from it. */
#include "audit/scan.h"

#include <stdlib.h>

struct site {
    const char *key, *path;
    u32 line;
};

static int cmp_site(const void *a, const void *b)
{
    const struct site *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    if (c) return c;
    c = strcmp(x->path, y->path);
    return c ? c : (x->line > y->line) - (x->line < y->line);
}

/* First index of key in the sorted sites, or n. */
static size_t first_site(const struct site *v, size_t n, const char *key)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t m = (lo + hi) / 2;
        if (strcmp(v[m].key, key) < 0) lo = m + 1;
        else hi = m;
    }
    return lo < n && !strcmp(v[lo].key, key) ? lo : n;
}

/* include/uapi/... or arch/X/include/uapi/... below the command-line root (not the copies
 * under tools/) */
static bool uapi_header(const struct audit_file *f)
{
    const char *p = f->path + f->root_len;
    while (*p == '/') p++;
    size_t n = strlen(p);
    if (n < 3 || strcmp(p + n - 2, ".h")) return false;
    if (!strncmp(p, "include/uapi/", 13)) return true;
    if (strncmp(p, "arch/", 5)) return false;
    const char *sl = strchr(p + 5, '/');
    return sl && !strncmp(sl, "/include/uapi/", 14);
}

static const char *shown(const char *p)
{
    while (p[0] == '.' && p[1] == '/') p += 2;
    return p;
}

void audit_write_uapi(FILE *o, const struct audit_run *run)
{
    const struct audit_file *files = run->files;
    size_t n = run->nfiles, nkeys, ns = 0, nc = 0;
    char **keys = au_uapi_evidence(files, n, &nkeys);
    for (size_t i = 0; i < n; i++) ns += files[i].nptr, nc += files[i].ncar;
    struct site *sites = au_xrealloc(NULL, (ns ? ns : 1) * sizeof *sites);
    char **car = au_xrealloc(NULL, (nc ? nc : 1) * sizeof *car);
    ns = nc = 0;
    for (size_t i = 0; i < n; i++) {
        for (u32 j = 0; j < files[i].nptr; j++)
            sites[ns++] = (struct site){files[i].ptr_members[j], files[i].path, files[i].ptr_line[j]};
        for (u32 j = 0; j < files[i].ncar; j++) car[nc++] = files[i].carriers[j];
    }
    qsort(sites, ns, sizeof *sites, cmp_site);
    qsort(car, nc, sizeof *car, au_cmp_str);
    fputs("{\n  \"tool\": \"zl-audit\",\n  \"fields\": [", o);
    bool first = true;
    u32 by_name = 0;
    for (size_t i = 0; i < n; i++) {
        const struct audit_file *f = &files[i];
        if (!uapi_header(f)) continue;
        for (u32 j = 0; j < f->nfields; j++) {
            const struct audit_field *fd = &f->fields[j];
            char key[512], *kp = key;
            snprintf(key, sizeof key, "%s.%s", fd->sname, fd->name);
            if (!*fd->sname || !bsearch(&kp, keys, nkeys, sizeof *keys, au_cmp_str)) {
                by_name += fd->by_name;
                continue;
            }
            /* direct conversions, else those of a copy (one level: the report names it) */
            const char *via = NULL;
            size_t s0 = first_site(sites, ns, key);
            for (u32 fi = 0; s0 == ns && fi < n; fi++)
                for (u32 a = 0; a < files[fi].nalias && s0 == ns; a++)
                    if (!strcmp(files[fi].alias[a].src, key) &&
                        (s0 = first_site(sites, ns, files[fi].alias[a].dst)) != ns)
                        via = files[fi].alias[a].dst;
            fputs(first ? "\n    {" : ",\n    {", o);
            first = false;
            fputs("\"header\": ", o);
            audit_json_str(o, shown(f->path));
            fprintf(o, ", \"line\": %u, \"struct\": ", fd->line);
            audit_json_str(o, fd->sname);
            fputs(", \"field\": ", o);
            audit_json_str(o, fd->name);
            fputs(", \"via\": ", o);
            audit_json_str(o, via ? via : "");
            fputs(", \"sites\": [", o);
            const char *sk = via ? via : key;
            for (size_t x = s0; x < ns && !strcmp(sites[x].key, sk); x++) {
                char at[1024];
                snprintf(at, sizeof at, "%s:%u", shown(sites[x].path), sites[x].line);
                fputs(x > s0 ? ", " : "", o);
                audit_json_str(o, at);
            }
            fputs("], \"carriers\": [", o);
            size_t tl = strlen(fd->sname);
            bool cf = true;
            for (size_t x = 0; x < nc; x++) {
                if (strncmp(car[x], fd->sname, tl) || car[x][tl] != ' ') continue;
                if (x && !strcmp(car[x], car[x - 1])) continue;
                fputs(cf ? "" : ", ", o);
                cf = false;
                audit_json_str(o, car[x] + tl + 1);
            }
            fputs("]}", o);
        }
    }
    fprintf(o, "%s  \"by_name_only\": %u\n}\n", first ? "],\n" : "\n  ],\n", by_name);
    free(sites);
    free(car);
    free(keys);
}
