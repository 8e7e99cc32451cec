/* zl-audit output: GCC-style lines, JSON, SARIF 2.1.0, and the text summary. */
#include "audit/audit.h"

#include <stdlib.h>
#include <string.h>

void audit_json_str(FILE *o, const char *s)
{
    fputc('"', o);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(o, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", o);
        else if (c == '\t')
            fputs("\\t", o);
        else if (c < 0x20 || c == 0x7f)
            fprintf(o, "\\u%04x", c);
        else
            fputc(c, o);
    }
    fputc('"', o);
}

/* Path for output: drop a leading "./". */
static const char *shown(const char *p)
{
    while (p[0] == '.' && p[1] == '/') {
        p += 2;
        while (*p == '/') p++;
    }
    return p;
}

size_t audit_topdir(const char *path, const char **start)
{
    const char *p = path;
    while (*p == '/') p++;
    const char *sl = strchr(p, '/');
    *start = p;
    if (!sl) {
        *start = ".";
        return 1;
    }
    return (size_t)(sl - p);
}

/* ---------------------------------------------------------------- summary data */

struct count {
    const char *key;
    size_t klen;
    u32 n;
    u32 by_rule[R_COUNT];
};

static int cmp_count(const void *a, const void *b)
{
    const struct count *x = a, *y = b;
    if (x->n != y->n) return x->n > y->n ? -1 : 1;
    size_t m = x->klen < y->klen ? x->klen : y->klen;
    int c = memcmp(x->key, y->key, m);
    return c ? c : (x->klen < y->klen ? -1 : x->klen > y->klen);
}

/* Counts per top-level directory (relative to the command-line root). */
static struct count *by_dir(const struct audit_run *run, size_t *nout)
{
    struct count *c = NULL;
    size_t n = 0, cap = 0;
    for (size_t i = 0; i < run->nfiles; i++) {
        const struct audit_file *f = &run->files[i];
        if (!f->nf) continue;
        const char *rel = f->path + f->root_len, *k;
        while (*rel == '/') rel++;
        size_t kl = audit_topdir(rel, &k);
        size_t j;
        for (j = 0; j < n; j++)
            if (c[j].klen == kl && memcmp(c[j].key, k, kl) == 0) break;
        if (j == n) {
            if (n == cap) {
                cap = cap ? cap * 2 : 32;
                c = realloc(c, cap * sizeof *c);
                if (!c) exit(2);
            }
            memset(&c[n], 0, sizeof c[n]);
            c[n].key = k;
            c[n].klen = kl;
            n++;
        }
        c[j].n += f->nf;
        for (u32 x = 0; x < f->nf; x++) c[j].by_rule[f->f[x].rule]++;
    }
    if (n > 1) qsort(c, n, sizeof *c, cmp_count);
    *nout = n;
    return c;
}

static void totals(const struct audit_run *run, u32 *rule, u32 *all, u32 *files_hit, u32 *supp)
{
    memset(rule, 0, R_COUNT * sizeof *rule);
    *all = *files_hit = *supp = 0;
    for (size_t i = 0; i < run->nfiles; i++) {
        const struct audit_file *f = &run->files[i];
        *supp += f->suppressed;
        if (f->nf) (*files_hit)++;
        *all += f->nf;
        for (u32 x = 0; x < f->nf; x++) rule[f->f[x].rule]++;
    }
}

void audit_write_summary(FILE *o, const struct audit_run *run, unsigned top_files)
{
    u32 rule[R_COUNT], all, hit, supp;
    totals(run, rule, &all, &hit, &supp);
    fprintf(o, "zl-audit: %u finding%s in %u of %zu files (%u suppressed, %u unreadable)\n", all,
            all == 1 ? "" : "s", hit, run->nfiles, supp, run->nerrors);
    if (!all) return;
    fprintf(o, "by rule:\n");
    for (int r = 0; r < R_COUNT; r++)
        if (rule[r]) fprintf(o, "  %-18s %7u\n", audit_rules[r].id, rule[r]);
    size_t nd;
    struct count *d = by_dir(run, &nd);
    fprintf(o, "by top-level directory:\n");
    for (size_t i = 0; i < nd; i++) fprintf(o, "  %-18.*s %7u\n", (int)d[i].klen, d[i].key, d[i].n);
    free(d);
    if (top_files) {
        /* hottest files */
        size_t *idx = malloc(run->nfiles * sizeof *idx);
        size_t m = 0;
        if (!idx) return;
        for (size_t i = 0; i < run->nfiles; i++)
            if (run->files[i].nf) idx[m++] = i;
        for (unsigned k = 0; k < top_files && k < m; k++) {
            size_t best = k;
            for (size_t j = k + 1; j < m; j++)
                if (run->files[idx[j]].nf > run->files[idx[best]].nf) best = j;
            size_t tmp = idx[k];
            idx[k] = idx[best];
            idx[best] = tmp;
        }
        fprintf(o, "hottest files:\n");
        for (unsigned k = 0; k < top_files && k < m; k++)
            fprintf(o, "  %6u  %s\n", run->files[idx[k]].nf, shown(run->files[idx[k]].path));
        free(idx);
    }
}

/* ---------------------------------------------------------------- formats */

/* TU mode: which pass found a finding (enum audit_mode) */
static const char *const mode_name[] = {"token", "tu"};
static const char *const mode_tag[] = {" [token]", " [tu]"};

static void write_gcc(FILE *o, const struct audit_run *run)
{
    for (size_t i = 0; i < run->nfiles; i++) {
        const struct audit_file *f = &run->files[i];
        for (u32 k = 0; k < f->nf; k++) {
            fprintf(o, "%s:%u:%u: warning: %s [%s]%s\n", shown(f->path), f->f[k].line, f->f[k].col,
                    f->f[k].msg, audit_rules[f->f[k].rule].id,
                    run->tu ? mode_tag[f->f[k].mode] : "");
            const struct audit_fixit *x = f->f[k].fix;
            if (run->fixits && x) {
                /* clang: fix-it:"file":{line:col-line:col}:"text" with C escapes */
                fputs("fix-it:", o);
                audit_json_str(o, shown(f->path));
                fprintf(o, ":{%u:%u-%u:%u}:", x->line, x->col, x->eline, x->ecol);
                audit_json_str(o, x->text);
                fputc('\n', o);
            }
        }
    }
}

static void write_json(FILE *o, const struct audit_run *run)
{
    u32 rule[R_COUNT], all, hit, supp;
    totals(run, rule, &all, &hit, &supp);
    fputs("{\n  \"tool\": \"zl-audit\",\n  \"version\": 1,\n  \"findings\": [", o);
    bool first = true;
    for (size_t i = 0; i < run->nfiles; i++) {
        const struct audit_file *f = &run->files[i];
        for (u32 k = 0; k < f->nf; k++) {
            fputs(first ? "\n    {" : ",\n    {", o);
            first = false;
            fputs("\"file\": ", o);
            audit_json_str(o, shown(f->path));
            fprintf(o, ", \"line\": %u, \"column\": %u, \"rule\": ", f->f[k].line, f->f[k].col);
            audit_json_str(o, audit_rules[f->f[k].rule].id);
            fputs(", \"message\": ", o);
            audit_json_str(o, f->f[k].msg);
            fputs(", \"fix\": ", o);
            audit_json_str(o, audit_rules[f->f[k].rule].fix);
            if (run->tu) fprintf(o, ", \"mode\": \"%s\"", mode_name[f->f[k].mode]);
            const struct audit_fixit *x = f->f[k].fix;
            if (x) {
                fprintf(o, ", \"replacement\": {\"line\": %u, \"column\": %u, \"end_line\": %u, "
                           "\"end_column\": %u, \"text\": ", x->line, x->col, x->eline, x->ecol);
                audit_json_str(o, x->text);
                fputc('}', o);
            }
            fputc('}', o);
        }
    }
    fputs(first ? "],\n" : "\n  ],\n", o);
    fprintf(o, "  \"summary\": {\n    \"files\": %zu,\n    \"files_with_findings\": %u,\n"
               "    \"findings\": %u,\n    \"suppressed\": %u,\n    \"unreadable\": %u,\n"
               "    \"by_rule\": {", run->nfiles, hit, all, supp, run->nerrors);
    first = true;
    for (int r = 0; r < R_COUNT; r++) {
        if (!((run->rules >> r) & 1)) continue;
        fprintf(o, "%s\"%s\": %u", first ? "" : ", ", audit_rules[r].id, rule[r]);
        first = false;
    }
    fputs("},\n    \"by_directory\": {", o);
    size_t nd;
    struct count *d = by_dir(run, &nd);
    for (size_t i = 0; i < nd; i++) {
        char key[512];
        snprintf(key, sizeof key, "%.*s", (int)d[i].klen, d[i].key);
        fputs(i ? ", " : "", o);
        audit_json_str(o, key);
        fprintf(o, ": %u", d[i].n);
    }
    free(d);
    fputs("}\n  },\n  \"errors\": [", o);
    for (u32 i = 0; i < run->nerrmsg; i++) {
        fputs(i ? ", " : "", o);
        audit_json_str(o, run->errors[i]);
    }
    fputs("]\n}\n", o);
}

/* Relative path as a URI reference (RFC 3986: percent-encode outside unreserved and /). */
static void uri(FILE *o, const char *p)
{
    fputc('"', o);
    bool abs = p[0] == '/';
    if (abs) fputs("file://", o);
    for (; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            strchr("-._~/", c))
            fputc(c, o);
        else
            fprintf(o, "%%%02X", c);
    }
    fputc('"', o);
}

static u64 fnv64(const char *s, u64 h)
{
    for (; *s; s++) h = (h ^ (u8)*s) * 1099511628211ull;
    return h;
}

static void write_sarif(FILE *o, const struct audit_run *run)
{
    fputs("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n"
          "  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n"
          "      \"tool\": {\n        \"driver\": {\n"
          "          \"name\": \"zl-audit\",\n          \"version\": \"1.0\",\n"
          "          \"rules\": [", o);
    for (int r = 0; r < R_COUNT; r++) {
        fputs(r ? ",\n            {" : "\n            {", o);
        fputs("\"id\": ", o);
        audit_json_str(o, audit_rules[r].id);
        fputs(", \"name\": ", o);
        /* name: the id in PascalCase is conventional; the id itself is accepted */
        audit_json_str(o, audit_rules[r].id);
        fputs(", \"shortDescription\": {\"text\": ", o);
        audit_json_str(o, audit_rules[r].desc);
        fputs("}, \"fullDescription\": {\"text\": ", o);
        audit_json_str(o, audit_rules[r].why);
        fputs("}, \"help\": {\"text\": ", o);
        audit_json_str(o, audit_rules[r].fix);
        fputs("}, \"defaultConfiguration\": {\"level\": \"warning\"}}", o);
    }
    fputs("\n          ]\n        }\n      },\n"
          "      \"columnKind\": \"unicodeCodePoints\",\n"
          "      \"originalUriBaseIds\": {\"%SRCROOT%\": {\"description\": {\"text\": "
          "\"the directory zl-audit was run in\"}}},\n"
          "      \"results\": [", o);
    bool first = true;
    for (size_t i = 0; i < run->nfiles; i++) {
        const struct audit_file *f = &run->files[i];
        const char *path = shown(f->path);
        for (u32 k = 0; k < f->nf; k++) {
            const struct audit_finding *x = &f->f[k];
            fputs(first ? "\n        {" : ",\n        {", o);
            first = false;
            fputs("\"ruleId\": ", o);
            audit_json_str(o, audit_rules[x->rule].id);
            fprintf(o, ", \"ruleIndex\": %u, \"level\": \"warning\", \"message\": {\"text\": ",
                    x->rule);
            audit_json_str(o, x->msg);
            fputs("}, \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": ", o);
            uri(o, path);
            if (path[0] != '/') fputs(", \"uriBaseId\": \"%SRCROOT%\"", o);
            fprintf(o, "}, \"region\": {\"startLine\": %u, \"startColumn\": %u}}}]", x->line, x->col);
            if (x->fix) {
                /* SARIF 3.55 fix: one artifactChange with one replacement */
                fputs(", \"fixes\": [{\"description\": {\"text\": ", o);
                audit_json_str(o, audit_rules[x->rule].fix);
                fputs("}, \"artifactChanges\": [{\"artifactLocation\": {\"uri\": ", o);
                uri(o, path);
                if (path[0] != '/') fputs(", \"uriBaseId\": \"%SRCROOT%\"", o);
                fprintf(o, "}, \"replacements\": [{\"deletedRegion\": {\"startLine\": %u, "
                           "\"startColumn\": %u, \"endLine\": %u, \"endColumn\": %u}, "
                           "\"insertedContent\": {\"text\": ", x->fix->line, x->fix->col,
                        x->fix->eline, x->fix->ecol);
                audit_json_str(o, x->fix->text);
                fputs("}}]}]}]", o);
            }
            if (run->tu) fprintf(o, ", \"properties\": {\"mode\": \"%s\"}", mode_name[x->mode]);
            char key[64];
            snprintf(key, sizeof key, "%s:%u", audit_rules[x->rule].id, x->line);
            fprintf(o, ", \"partialFingerprints\": {\"zlAuditLocation/v1\": \"%016llx\"}}",
                    (unsigned long long)fnv64(key, fnv64(path, 14695981039346656037ull)));
        }
    }
    fputs(first ? "],\n" : "\n      ],\n", o);
    fprintf(o, "      \"invocations\": [{\"executionSuccessful\": %s, \"toolExecutionNotifications\": [",
            run->nerrors ? "false" : "true");
    for (u32 i = 0; i < run->nerrmsg; i++) {
        fputs(i ? ", " : "", o);
        fputs("{\"level\": \"error\", \"message\": {\"text\": ", o);
        audit_json_str(o, run->errors[i]);
        fputs("}}", o);
    }
    fputs("]}]\n    }\n  ]\n}\n", o);
}

void audit_write(FILE *out, const struct audit_run *run, enum audit_format fmt)
{
    switch (fmt) {
    case FMT_GCC: write_gcc(out, run); break;
    case FMT_JSON: write_json(out, run); break;
    case FMT_SARIF: write_sarif(out, run); break;
    case FMT_UAPI: audit_write_uapi(out, run); break;
    }
}
