/* Rule typedef-ll-64: "typedef long long int64;", "typedef unsigned long long
 * XXH64_hash_t;" — a type whose name says 64 bits, declared as long long, which is 128
 * bits under LP128. */
#include "audit/scan.h"

#include <stdlib.h>
#include <string.h>

/* Does the name say 64 bits: "64" not inside a longer number (int64, XXH64_hash_t,
 * __u64, Elf64_Xword, off64_t; not x640, 1640). */
static bool name_says_64(const struct cpp_token *t)
{
    /* every identifier comes here (au_note_name64): one test per byte until a "64" */
    const char *p = t->p;
    u32 n = t->len;
    for (u32 k = 1; k < n; k++)
        if (p[k] == '4' && p[k - 1] == '6' && (k == 1 || !(p[k - 2] >= '0' && p[k - 2] <= '9')) &&
            (k + 1 >= n || !(p[k + 1] >= '0' && p[k + 1] <= '9')))
            return true;
    return false;
}

/* At "typedef" (i): typedef [signed|unsigned|__signed__|const] long long [int] NAME
 * [__attribute__((...))] ;  with NAME saying 64 bits.  Not with mode(...) attributes,
 * which fix the width, not for pointers, arrays or function types. */
void au_rule_typedef(struct audit_scratch *s, u32 i)
{
    if (!on(s, R_TYPEDEF_LL_64) || s->dk[i] == D_DEFINE) return;
    u32 g = s->grp[i], j = i + 1, longs = 0, name = 0, end = 0;
    for (; tok_in_grp(s, j, g) && j < i + 24; j++) {
        const struct cpp_token *t = T(j);
        if (is_p(s, j, CPP_P_SEMI)) {
            end = j;
            break;
        }
        if (t->kind != CPP_IDENT) return; /* '*', '[', '(', '{', ',' */
        if (eq(t, "__attribute__") || eq(t, "__attribute")) {
            u32 e = au_match_paren(s, j + 1);
            if (e == j + 1) return;
            for (u32 k = j + 1; k < e; k++)
                if (is_id(s, k, "mode") || is_id(s, k, "__mode__")) return;
            j = e - 1;
            continue;
        }
        if (eq(t, "long")) {
            if (name) return;
            longs++;
        } else if (eq(t, "unsigned") || eq(t, "signed") || eq(t, "__signed__") || eq(t, "int") ||
                   eq(t, "const") || eq(t, "volatile") || eq(t, "__extension__")) {
            if (name) return;
        } else if (!name)
            name = j;
        else
            return; /* a second name: not a plain long long typedef */
    }
    if (!end || longs != 2 || !name || !name_says_64(T(name))) return;
    char text[160], msg[300];
    snprintf(msg, sizeof msg, "'%s': the name promises 64 bits, but long long is 128 bits "
             "under LP128 (use uint64_t/int64_t)", au_spell(s, i, end, text, sizeof text));
    au_pend(s, i, R_TYPEDEF_LL_64, T(name), msg);
}

/* Uses of the typedef's name, counted per file (its definition counts too).  A
 * typedef nothing uses changes nothing when long long widens: on Linux the unused
 * ones (arm nwfpe's and sh softfloat's uint64, parisc's __kernel_ino64_t) were false
 * positives of the rule. */
void au_note_name64(struct audit_scratch *s, u32 i)
{
    if (!on(s, R_TYPEDEF_LL_64)) return;
    const struct cpp_token *t = T(i);
    if (!name_says_64(t)) return;
    struct audit_file *f = s->out;
    for (u32 k = 0; k < f->n64; k++)
        if (eq_str(t, f->names64[k])) {
            f->count64[k]++;
            return;
        }
    if (f->n64 == f->cap64) {
        f->cap64 = f->cap64 ? f->cap64 * 2 : 16;
        f->names64 = au_xrealloc(f->names64, f->cap64 * sizeof *f->names64);
        f->count64 = au_xrealloc(f->count64, f->cap64 * sizeof *f->count64);
    }
    f->names64[f->n64] = au_xstrndup(t->p, t->len);
    f->count64[f->n64++] = 1;
}

/* How often file f names `name`, and how many of those are its typedef-ll-64 definitions */
static void count_in(const struct audit_file *f, const char *name, u32 *uses, u32 *defs)
{
    for (u32 k = 0; k < f->n64; k++)
        if (strcmp(f->names64[k], name) == 0) *uses += f->count64[k];
    for (u32 k = 0; k < f->npend; k++)
        if (f->pend[k].rule == R_TYPEDEF_LL_64 && strcmp(f->pend[k].name, name) == 0) (*defs)++;
}

/* The files that can use a typedef of file f: f itself for a .c file (a typedef there
 * is local to it); for a header in an include/ directory, every file; for another
 * header, the files of its directory and below (a local header, included by them). */
static bool in_scope(const struct audit_file *f, const struct audit_file *g)
{
    size_t n = strlen(f->path);
    if (n >= 2 && f->path[n - 2] == '.' && f->path[n - 1] == 'c') return f == g;
    if (strstr(f->path, "include/")) return true;
    const char *slash = strrchr(f->path, '/');
    size_t d = slash ? (size_t)(slash - f->path + 1) : 0;
    return strncmp(f->path, g->path, d) == 0;
}

/* Pending typedef-ll-64 findings: reported when the files that can see the typedef
 * name it more often than they define it. */
void au_resolve_typedefs(struct audit_file *files, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        struct audit_file *f = &files[i];
        bool added = false;
        for (u32 j = 0; j < f->npend; j++) {
            struct audit_pending *pd = &f->pend[j];
            if (pd->rule != R_TYPEDEF_LL_64) continue;
            u32 uses = 0, defs = 0;
            for (size_t g = 0; g < n; g++)
                if (in_scope(f, &files[g])) count_in(&files[g], pd->name, &uses, &defs);
            if (uses > defs) {
                audit_add(f, pd->line, pd->col, pd->rule, "%s", pd->msg);
                added = true;
            }
        }
        if (added) audit_sort(f);
    }
}
