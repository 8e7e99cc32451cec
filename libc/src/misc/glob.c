/* glob: the pattern is matched one path component at a time with fnmatch over readdir;
 * components without wildcards are taken literally (and must exist). */
#include "zl_libc.h"
#include <glob.h>
#include <fnmatch.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

struct list {
    char **v;
    size_t n, cap;
};

static int add(struct list *l, const char *s, int mark)
{
    if (l->n == l->cap) {
        size_t c = l->cap ? l->cap * 2 : 16;
        char **nv = realloc(l->v, c * sizeof *nv);
        if (!nv)
            return -1;
        l->v = nv;
        l->cap = c;
    }
    size_t len = strlen(s);
    int slash = 0;
    struct stat st;
    if (mark && len && s[len - 1] != '/' && stat(s, &st) == 0 && S_ISDIR(st.st_mode))
        slash = 1;
    char *d = malloc(len + 1 + (size_t)slash);
    if (!d)
        return -1;
    memcpy(d, s, len);
    if (slash)
        d[len++] = '/';
    d[len] = 0;
    l->v[l->n++] = d;
    return 0;
}

static int has_magic(const char *s, size_t n, int noescape)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && !noescape) {
            i++;
            continue;
        }
        if (s[i] == '*' || s[i] == '?' || s[i] == '[')
            return 1;
    }
    return 0;
}

/* dir: the path so far ("" for relative); pat: the rest of the pattern. */
static int walk(const char *dir, const char *pat, int flags, int (*errf)(const char *, int), struct list *out)
{
    while (*pat == '/')
        pat++;
    const char *end = strchr(pat, '/');
    size_t clen = end ? (size_t)(end - pat) : strlen(pat);
    const char *rest = end ? end : "";
    size_t dl = strlen(dir);
    if (!has_magic(pat, clen, flags & GLOB_NOESCAPE)) {
        /* literal component: unescape and append */
        char *p = malloc(dl + clen + 2);
        if (!p)
            return GLOB_NOSPACE;
        memcpy(p, dir, dl);
        size_t k = dl;
        if (dl && dir[dl - 1] != '/')
            p[k++] = '/';
        for (size_t i = 0; i < clen; i++) {
            if (pat[i] == '\\' && !(flags & GLOB_NOESCAPE) && i + 1 < clen)
                i++;
            p[k++] = pat[i];
        }
        p[k] = 0;
        int r = 0;
        struct stat st;
        if (!*rest) {
            if (lstat(p, &st) == 0 && add(out, p, flags & GLOB_MARK) < 0)
                r = GLOB_NOSPACE;
        } else if (stat(p, &st) == 0 && S_ISDIR(st.st_mode))
            r = walk(p, rest, flags, errf, out);
        free(p);
        return r;
    }
    char *cpat = malloc(clen + 1);
    if (!cpat)
        return GLOB_NOSPACE;
    memcpy(cpat, pat, clen);
    cpat[clen] = 0;
    DIR *d = opendir(dl ? dir : ".");
    if (!d) {
        free(cpat);
        if ((errf && errf(dl ? dir : ".", errno)) || (flags & GLOB_ERR))
            return GLOB_ABORTED;
        return 0;
    }
    int r = 0;
    struct dirent *e;
    int fnf = (flags & GLOB_NOESCAPE ? FNM_NOESCAPE : 0) | (flags & GLOB_PERIOD ? 0 : FNM_PERIOD);
    while (!r && (e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            if (cpat[0] != '.')
                continue;
        if (fnmatch(cpat, e->d_name, fnf))
            continue;
        size_t nl = strlen(e->d_name);
        char *p = malloc(dl + nl + 2);
        if (!p) {
            r = GLOB_NOSPACE;
            break;
        }
        size_t k = 0;
        memcpy(p, dir, dl);
        k = dl;
        if (dl && dir[dl - 1] != '/')
            p[k++] = '/';
        memcpy(p + k, e->d_name, nl + 1);
        if (!*rest) {
            if (add(out, p, flags & GLOB_MARK) < 0)
                r = GLOB_NOSPACE;
        } else {
            struct stat st;
            if (stat(p, &st) == 0 && S_ISDIR(st.st_mode))
                r = walk(p, rest, flags, errf, out);
        }
        free(p);
    }
    closedir(d);
    free(cpat);
    return r;
}

static int cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int glob(const char *restrict pat, int flags, int (*errf)(const char *, int), glob_t *restrict g)
{
    struct list l = { 0 };
    if (!(flags & (GLOB_DOOFFS | GLOB_APPEND)))
        g->gl_offs = 0;
    const char *root = pat[0] == '/' ? "/" : "";
    int r = walk(root, pat, flags, errf, &l);
    if (r == 0 && l.n == 0) {
        if (flags & GLOB_NOCHECK) {
            if (add(&l, pat, 0) < 0)
                r = GLOB_NOSPACE;
        } else
            r = GLOB_NOMATCH;
    }
    if (r && r != GLOB_NOMATCH) {
        for (size_t i = 0; i < l.n; i++)
            free(l.v[i]);
        free(l.v);
        return r;
    }
    if (!(flags & GLOB_NOSORT))
        qsort(l.v, l.n, sizeof *l.v, cmp);
    size_t offs = flags & GLOB_DOOFFS ? g->gl_offs : 0;
    size_t old = flags & GLOB_APPEND ? g->gl_pathc : 0;
    if (!(flags & GLOB_APPEND)) {
        g->gl_pathc = 0;
        g->gl_pathv = NULL;
    }
    if (r == GLOB_NOMATCH && !(flags & GLOB_APPEND)) {
        free(l.v);
        return r;
    }
    char **v = realloc(g->gl_pathv, (offs + old + l.n + 1) * sizeof *v);
    if (!v) {
        for (size_t i = 0; i < l.n; i++)
            free(l.v[i]);
        free(l.v);
        return GLOB_NOSPACE;
    }
    if (!(flags & GLOB_APPEND))
        for (size_t i = 0; i < offs; i++)
            v[i] = NULL;
    for (size_t i = 0; i < l.n; i++)
        v[offs + old + i] = l.v[i];
    v[offs + old + l.n] = NULL;
    g->gl_pathv = v;
    g->gl_pathc = old + l.n;
    free(l.v);
    return r;
}

void globfree(glob_t *g)
{
    if (!g->gl_pathv)
        return;
    for (size_t i = 0; i < g->gl_pathc; i++)
        free(g->gl_pathv[g->gl_offs + i]);
    free(g->gl_pathv);
    g->gl_pathv = NULL;
    g->gl_pathc = 0;
}
