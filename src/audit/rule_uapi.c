/* Rule uapi-u64-ptr: 64-bit fields of uapi structures that carry user pointers.
 * Candidates are collected per file (au_uapi_field), evidence (u64_to_user_ptr(),
 * __user casts of members) too, and audit_resolve_fields joins them across files. */
#include "audit/scan.h"

#include <stdlib.h>

/* Evidence for uapi-u64-ptr: u64_to_user_ptr(x.member), (void __user *)(uintptr_t)x.member */
/* Records "tag.member". */
static void note_ptr_member(struct audit_scratch *s, const char *tag, u32 tlen, u32 i)
{
    struct audit_file *f = s->out;
    const struct cpp_token *t = T(i);
    char key[256];
    snprintf(key, sizeof key, "%.*s.%.*s", (int)tlen, tag, (int)t->len, t->p);
    for (u32 k = 0; k < f->nptr; k++)
        if (strcmp(f->ptr_members[k], key) == 0) return;
    if (f->nptr == f->capptr) {
        f->capptr = f->capptr ? f->capptr * 2 : 8;
        f->ptr_members = au_xrealloc(f->ptr_members, f->capptr * sizeof *f->ptr_members);
    }
    f->ptr_members[f->nptr++] = au_xstrndup(key, strlen(key));
}

void au_rule_evidence(struct audit_scratch *s, u32 i)
{
    const struct cpp_token *t = T(i);
    u32 start;
    if (t->kind == CPP_IDENT && eq(t, "u64_to_user_ptr") && is_p(s, i + 1, CPP_P_LPAREN))
        start = i + 2;
    else if (is_p(s, i, CPP_P_LPAREN)) {
        u32 after;
        if (au_cast_at(s, i, &after) != K_PTR) return;
        bool user = false;
        for (u32 j = i + 1; j < after; j++)
            if (is_id(s, j, "__user")) user = true;
        if (!user) return;
        u32 a2;
        if (is_p(s, after, CPP_P_LPAREN) && au_cast_at(s, after, &a2) == K_LONG)
            start = a2;
        else
            start = after;
    } else
        return;
    if (start >= s->n || T(start)->kind != CPP_IDENT) return;
    struct operand o = au_name_chain(s, start);
    if (!o.chain || o.last == start) return; /* only members */
    if (!o.otag) return;
    note_ptr_member(s, o.otag, o.otlen, o.last);
}

void audit_resolve_fields(struct audit_file *files, size_t n, u32 rules)
{
    if (!((rules >> R_UAPI_U64_PTR) & 1)) {
        au_resolve_bitmaps(files, n);
        return;
    }
    /* global sorted set of member names converted to user pointers */
    size_t k;
    char **names = au_name_set(files, n, true, &k);
    for (size_t i = 0; i < n; i++) {
        struct audit_file *f = &files[i];
        bool uapi = strstr(f->path, "uapi/") != NULL;
        bool added = false;
        for (u32 j = 0; j < f->nfields; j++) {
            struct audit_field *fd = &f->fields[j];
            bool ev = false;
            char key[512];
            snprintf(key, sizeof key, "%s.%s", fd->sname, fd->name);
            char *kp = key;
            if (!*fd->sname)
                ev = false;
            else if (uapi)
                ev = k && bsearch(&kp, names, k, sizeof *names, au_cmp_str) != NULL;
            else
                for (u32 m = 0; m < f->nptr; m++)
                    if (strcmp(f->ptr_members[m], key) == 0) ev = true;
            if (!ev && !fd->by_name) continue;
            audit_add(f, fd->line, fd->col, R_UAPI_U64_PTR,
                      "64-bit field '%s'%s%s%s carries a user pointer (%s): a 128-bit address "
                      "does not fit; make it __ptr_t",
                      fd->name, *fd->sname ? " of struct " : "", fd->sname, "",
                      ev ? "converted with u64_to_user_ptr or a __user cast" : "by its name");
            added = true;
        }
        if (added) audit_sort(f);
    }
    free(names);
    au_resolve_bitmaps(files, n);
}

/* The identifier at i is a 64-bit member of the innermost struct being declared: in a
 * header, a candidate (reported if some file converts it to a user pointer, or in a
 * uapi header if its name says it is one). */
void au_uapi_field(struct audit_scratch *s, u32 i)
{
    if (!on(s, R_UAPI_U64_PTR) || !s->header) return;
    const struct cpp_token *t = T(i);
    if (au_suppressed(s, t->line, R_UAPI_U64_PTR)) return;
    struct audit_file *f = s->out;
    if (f->nfields == f->capfields) {
        f->capfields = f->capfields ? f->capfields * 2 : 8;
        f->fields = au_xrealloc(f->fields, f->capfields * sizeof *f->fields);
    }
    struct audit_field *fd = &f->fields[f->nfields++];
    fd->line = t->line;
    fd->col = t->col;
    fd->name = au_xstrndup(t->p, t->len);
    fd->sname = au_xstrndup(s->sstack[s->nsstack - 1].name, s->sstack[s->nsstack - 1].nlen);
    /* the name alone is evidence only in uapi headers */
    fd->by_name = false;
    if (s->uapi_path) {
        const char *nm = fd->name;
        size_t L = strlen(nm);
        static const char *const suf[] = {"_ptr", "_pointer", "_uptr", "_uaddr", "user_addr",
                                          "userspace_addr", "_ubuf", "user_buf", NULL};
        for (int k = 0; suf[k]; k++) {
            size_t sl = strlen(suf[k]);
            if (L >= sl && strcmp(nm + L - sl, suf[k]) == 0) fd->by_name = true;
        }
        if (!strcmp(nm, "ptr") || !strcmp(nm, "uptr") || !strcmp(nm, "uaddr") ||
            !strcmp(nm, "pointer") || !strncmp(nm, "ptr_", 4) || !strncmp(nm, "user_ptr", 8) ||
            !strncmp(nm, "uptr_", 5))
            fd->by_name = true;
    }
}
