/* zl-audit --apply: write the fix-its of a run into the files.
 *
 * Each file is read again and checked to be the one that was scanned (same size), the
 * replacements (sorted, overlapping ones after the first dropped) are
 * applied from the end so that earlier offsets stay valid, and the result goes to a
 * temporary file in the same directory (same permissions) that is renamed over the
 * original: a reader sees the old or the new file, never a half-written one. */
#include "audit/audit.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int cmp_fix(const void *a, const void *b)
{
    const struct audit_fixit *x = *(struct audit_fixit *const *)a, *y = *(struct audit_fixit *const *)b;
    return x->off < y->off ? -1 : x->off > y->off;
}

static char *read_all(const char *path, size_t *len, struct stat *st, const char **why)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        *why = strerror(errno);
        return NULL;
    }
    if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode)) {
        *why = "not a regular file";
        close(fd);
        return NULL;
    }
    size_t cap = (size_t)st->st_size + 1, n = 0;
    char *b = malloc(cap);
    if (!b) {
        *why = "out of memory";
        close(fd);
        return NULL;
    }
    for (;;) {
        if (n == cap) {
            char *nb = realloc(b, cap * 2);
            if (!nb) break;
            b = nb;
            cap *= 2;
        }
        ssize_t r = read(fd, b + n, cap - n);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) {
            if (r < 0) {
                *why = strerror(errno);
                free(b);
                close(fd);
                return NULL;
            }
            break;
        }
        n += (size_t)r;
    }
    close(fd);
    *len = n;
    return b;
}

static bool write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        p += w;
        n -= (size_t)w;
    }
    return true;
}

/* Rewrite one file; returns the number of fixes written, or -1 (message on err). */
static long apply_file(const struct audit_file *f, FILE *err)
{
    struct audit_fixit **fx = malloc((f->nf ? f->nf : 1) * sizeof *fx);
    if (!fx) return -1;
    u32 n = 0;
    for (u32 k = 0; k < f->nf; k++)
        if (f->f[k].fix) fx[n++] = f->f[k].fix;
    if (!n) {
        free(fx);
        return 0;
    }
    qsort(fx, n, sizeof *fx, cmp_fix);
    const char *why = NULL;
    size_t len = 0;
    struct stat st;
    char *old = read_all(f->path, &len, &st, &why);
    if (!old) {
        fprintf(err, "zl-audit: %s: %s\n", f->path, why);
        free(fx);
        return -1;
    }
    if (len != f->size) {
        fprintf(err, "zl-audit: %s: changed since it was scanned, not rewritten\n", f->path);
        free(old);
        free(fx);
        return -1;
    }
    /* new size; overlapping fixes after the first are dropped */
    size_t total = len;
    u32 kept = 0;
    u64 end = 0;
    for (u32 k = 0; k < n; k++) {
        if (fx[k]->off < end || fx[k]->off + fx[k]->len > len) continue;
        end = fx[k]->off + fx[k]->len;
        total = total - fx[k]->len + strlen(fx[k]->text);
        fx[kept++] = fx[k];
    }
    char *nb = malloc(total ? total : 1);
    size_t tl = strlen(f->path);
    char *tmp = malloc(tl + 32);
    if (!nb || !tmp) {
        free(nb);
        free(tmp);
        free(old);
        free(fx);
        return -1;
    }
    size_t w = 0, r = 0;
    for (u32 k = 0; k < kept; k++) {
        memcpy(nb + w, old + r, fx[k]->off - r);
        w += fx[k]->off - r;
        size_t t = strlen(fx[k]->text);
        memcpy(nb + w, fx[k]->text, t);
        w += t;
        r = fx[k]->off + fx[k]->len;
    }
    memcpy(nb + w, old + r, len - r);
    w += len - r;
    snprintf(tmp, tl + 32, "%s.zl-audit.XXXXXX", f->path);
    int fd = mkstemp(tmp);
    long rc = kept;
    if (fd < 0) {
        fprintf(err, "zl-audit: %s: %s\n", tmp, strerror(errno));
        rc = -1;
    } else {
        bool ok = fchmod(fd, st.st_mode & 07777) == 0 && write_all(fd, nb, w);
        if (close(fd) != 0) ok = false;
        if (!ok || rename(tmp, f->path) != 0) {
            fprintf(err, "zl-audit: %s: %s\n", f->path, strerror(errno));
            unlink(tmp);
            rc = -1;
        }
    }
    free(tmp);
    free(nb);
    free(old);
    free(fx);
    return rc;
}

u32 audit_apply(const struct audit_run *run, FILE *err, u32 *applied)
{
    u32 bad = 0;
    *applied = 0;
    for (size_t i = 0; i < run->nfiles; i++) {
        if (run->files[i].error) continue;
        long r = apply_file(&run->files[i], err);
        if (r < 0) bad++;
        else *applied += (u32)r;
    }
    return bad;
}
