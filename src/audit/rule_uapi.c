/* Rule uapi-u64-ptr: 64-bit fields of uapi structures that carry user pointers.
 * Candidates are collected per file (au_uapi_field), evidence (u64_to_user_ptr(),
 * __user casts of members) too, and audit_resolve_fields joins them across files. */
#include "audit/scan.h"

#include <stdlib.h>

/* Evidence for uapi-u64-ptr: u64_to_user_ptr(x.member), (void __user *)(uintptr_t)x.member,
 * also through READ_ONCE() and local copies.  Records "tag.member" and its first line. */
static void note_ptr_key(struct audit_scratch *s, const char *key, u32 line)
{
    struct audit_file *f = s->out;
    for (u32 k = 0; k < f->nptr; k++)
        if (strcmp(f->ptr_members[k], key) == 0) return;
    if (f->nptr == f->capptr) {
        f->capptr = f->capptr ? f->capptr * 2 : 8;
        f->ptr_members = au_xrealloc(f->ptr_members, f->capptr * sizeof *f->ptr_members);
        f->ptr_line = au_xrealloc(f->ptr_line, f->capptr * sizeof *f->ptr_line);
    }
    f->ptr_line[f->nptr] = line;
    f->ptr_members[f->nptr++] = au_xstrndup(key, strlen(key));
}

/* Skip "READ_ONCE(" / "ACCESS_ONCE(" / "(u64)" wrappers at i; *close = their ')' count. */
static u32 unwrap(struct audit_scratch *s, u32 i, u32 *close)
{
    *close = 0;
    for (int d = 0; d < 4; d++) {
        if ((is_id(s, i, "READ_ONCE") || is_id(s, i, "ACCESS_ONCE") || is_id(s, i, "READ_ONCE_NOCHECK") ||
             is_id(s, i, "le64_to_cpu") || is_id(s, i, "get_unaligned")) &&
            is_p(s, i + 1, CPP_P_LPAREN)) {
            i += 2;
            (*close)++;
        } else if (is_p(s, i, CPP_P_LPAREN)) {
            u32 after;
            enum castk k = au_cast_at2(s, i, &after, true);
            if (k != K_W64 && k != K_LONG && k != K_LL) return i;
            i = after;
        } else
            return i;
    }
    return i;
}

/* "tag.member" of the member chain at start (written into key), or NULL. */
static const char *member_key(struct audit_scratch *s, u32 start, char *key, size_t n, u32 *end)
{
    if (start >= s->n || T(start)->kind != CPP_IDENT) return NULL;
    struct operand o = au_name_chain(s, start);
    *end = o.end;
    if (!o.chain || o.last == start || !o.otag) return NULL;
    const struct cpp_token *m = T(o.last);
    size_t w = (size_t)o.otlen + 1 + m->len;
    if (w >= n) return NULL;
    memcpy(key, o.otag, o.otlen);
    key[o.otlen] = '.';
    memcpy(key + o.otlen + 1, m->p, m->len);
    key[w] = 0;
    return key;
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
    u32 close, end;
    start = unwrap(s, start, &close);
    char key[256];
    if (member_key(s, start, key, sizeof key, &end)) {
        note_ptr_key(s, key, T(i)->line);
        return;
    }
    /* a local copy: "u64 a = READ_ONCE(x->f); ... u64_to_user_ptr(a)" */
    if (start < s->n && T(start)->kind == CPP_IDENT && end == start + 1) {
        const struct sym *e = au_tab_find(s, T(start));
        if (e && e->src) note_ptr_key(s, e->src, T(i)->line);
    }
}

void au_uapi_assign(struct audit_scratch *s, u32 i)
{
    if (!on(s, R_UAPI_U64_PTR) || s->dk[i] != D_CODE || i < 1 || T(i - 1)->kind != CPP_IDENT) return;
    u32 close, end;
    u32 r = unwrap(s, i + 1, &close);
    char src[256];
    if (!member_key(s, r, src, sizeof src, &end)) return;
    for (u32 c = 0; c < close; c++, end++)
        if (!is_p(s, end, CPP_P_RPAREN)) return;
    if (!is_p(s, end, CPP_P_SEMI) && !is_p(s, end, CPP_P_COMMA)) return;
    u32 a = au_chain_start(s, i - 1);
    char dst[256];
    u32 dend;
    if (a != i - 1) {
        /* a member: a global alias dst <- src */
        if (!member_key(s, a, dst, sizeof dst, &dend) || dend != i || !strcmp(dst, src)) return;
        struct audit_file *f = s->out;
        if (f->nalias == f->capalias) {
            f->capalias = f->capalias ? f->capalias * 2 : 8;
            f->alias = au_xrealloc(f->alias, f->capalias * sizeof *f->alias);
        }
        f->alias[f->nalias].dst = au_xstrndup(dst, strlen(dst));
        f->alias[f->nalias].src = au_xstrndup(src, strlen(src));
        f->alias[f->nalias++].line = T(i)->line;
        return;
    }
    struct sym *e = au_tab_find(s, T(i - 1));
    if (e) e->src = au_own(s, au_xstrndup(src, strlen(src)));
}

static void add_carrier(struct audit_scratch *s, const struct cpp_token *tag, const char *kind,
                        const struct cpp_token *name)
{
    struct audit_file *f = s->out;
    char c[256];
    int w = snprintf(c, sizeof c, "%.*s %s %.*s", (int)tag->len, tag->p, kind, (int)name->len, name->p);
    if (w <= 0 || (size_t)w >= sizeof c) return;
    if (f->ncar == f->capcar) {
        f->capcar = f->capcar ? f->capcar * 2 : 8;
        f->carriers = au_xrealloc(f->carriers, f->capcar * sizeof *f->carriers);
    }
    f->carriers[f->ncar++] = au_xstrndup(c, (size_t)w);
}

/* _IOW/_IOR/_IOWR (and DRM_IOW... wrappers): an ioctl number whose argument is a struct */
static bool ioc_macro(const struct cpp_token *t)
{
    static const char *const tails[] = {"_IOW", "_IOR", "_IOWR", "_IOW_BAD", "_IOR_BAD", "_IOWR_BAD", NULL};
    for (int k = 0; tails[k]; k++) {
        size_t n = strlen(tails[k]);
        if (t->len >= n && memcmp(t->p + t->len - n, tails[k], n) == 0) return true;
        if (t->len + 1 == n && memcmp(t->p, tails[k] + 1, t->len) == 0) return true; /* IOW( */
    }
    return false;
}

void au_uapi_carrier(struct audit_scratch *s, u32 i)
{
    if (!on(s, R_UAPI_U64_PTR) || !is_p(s, i + 1, CPP_P_LPAREN)) return;
    const struct cpp_token *t = T(i);
    u32 g = s->grp[i];
    if (s->dk[i] == D_DEFINE && ioc_macro(t)) {
        u32 k = i;
        while (k > 0 && s->grp[k - 1] == g) k--;
        if (!is_id(s, k + 1, "define") || !tok_in_grp(s, k + 2, g) || k + 2 >= i) return;
        u32 e = au_match_paren(s, i + 1);
        if (e > i + 4 && is_id(s, e - 3, "struct") && T(e - 2)->kind == CPP_IDENT)
            add_carrier(s, T(e - 2), "ioctl", T(k + 2));
        return;
    }
    /* SYSCALL_DEFINEn, COMPAT_SYSCALL_DEFINEn */
    if (s->dk[i] != D_CODE || t->len < 15 || (t->p[0] != 'S' && t->p[0] != 'C')) return;
    const char *p = t->p[0] == 'C' && t->len > 22 && !memcmp(t->p, "COMPAT_", 7) ? t->p + 7 : t->p;
    if (memcmp(p, "SYSCALL_DEFINE", 14)) return;
    u32 e = au_match_paren(s, i + 1);
    if (e == i + 1 || T(i + 2)->kind != CPP_IDENT) return;
    for (u32 j = i + 3; j + 1 < e; j++)
        if (is_id(s, j, "struct") && T(j + 1)->kind == CPP_IDENT) add_carrier(s, T(j + 1), "syscall", T(i + 2));
}

/* A structure that is an image of machine registers: "pt_regs", "user_pt_regs",
 * "kvm_regs", anything named "*regs" or "*regs_struct", a signal frame's "*sigcontext",
 * and x86's machine-check record "mce".  Its fields hold what the hardware holds - a program counter, a faulting
 * address, a register a system call passes a pointer in - and the kernel converts them
 * to user pointers for that reason (ptrace, signal frames, MCE recovery).  A 128-bit
 * port has its own register layout, so such a conversion says nothing about an ABI
 * field that must grow: it is not evidence. */
static bool register_image(const char *sname)
{
    size_t n = strlen(sname);
    return (n >= 4 && strcmp(sname + n - 4, "regs") == 0) || strstr(sname, "regs_struct") ||
           (n >= 10 && strcmp(sname + n - 10, "sigcontext") == 0) || strcmp(sname, "mce") == 0;
}

/* Is the key "struct.member" a member of a register image? */
static bool register_key(const char *key)
{
    const char *dot = strchr(key, '.');
    char sname[256];
    if (!dot || (size_t)(dot - key) >= sizeof sname) return false;
    memcpy(sname, key, (size_t)(dot - key));
    sname[dot - key] = 0;
    return register_image(sname);
}

/* The keys converted to user pointers anywhere in the run, closed under the aliases
 * (a member copied from another carries what the copy carries), sorted. */
char **au_uapi_evidence(const struct audit_file *files, size_t n, size_t *k)
{
    char **names = au_name_set(files, n, true, k);
    /* a register image's conversions are no evidence, nor what is copied from it */
    size_t kept = 0;
    for (size_t i = 0; i < *k; i++)
        if (!register_key(names[i])) names[kept++] = names[i];
    *k = kept;
    for (int round = 0; round < 8; round++) {
        size_t add = 0, cap = *k;
        for (size_t i = 0; i < n; i++)
            for (u32 j = 0; j < files[i].nalias; j++) {
                const struct audit_alias *a = &files[i].alias[j];
                char *d = a->dst, *sk = a->src;
                if (!bsearch(&d, names, *k, sizeof *names, au_cmp_str) ||
                    bsearch(&sk, names, *k, sizeof *names, au_cmp_str) || register_key(sk))
                    continue;
                if (*k + add == cap) {
                    cap = cap * 2 + 8;
                    names = au_xrealloc(names, cap * sizeof *names);
                }
                names[*k + add++] = a->src;
            }
        if (!add) break;
        *k += add;
        qsort(names, *k, sizeof *names, au_cmp_str);
        size_t w = 0; /* the same source may have been added twice */
        for (size_t i = 0; i < *k; i++)
            if (!w || strcmp(names[w - 1], names[i])) names[w++] = names[i];
        *k = w;
    }
    return names;
}

void audit_resolve_fields(struct audit_file *files, size_t n, u32 rules)
{
    if (!((rules >> R_UAPI_U64_PTR) & 1)) {
        au_resolve_bitmaps(files, n);
        return;
    }
    /* global sorted set of member names converted to user pointers */
    size_t k;
    char **names = au_uapi_evidence(files, n, &k);
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
            if (!*fd->sname || register_image(fd->sname))
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
    /* a member of an anonymous struct or union is a member of the nearest named one */
    int k = s->nsstack - 1;
    while (k > 0 && !s->sstack[k].nlen) k--;
    fd->sname = au_xstrndup(s->sstack[k].name, s->sstack[k].nlen);
    /* the name alone is evidence only in uapi headers */
    fd->by_name = false;
    if (s->uapi_path) {
        const char *nm = fd->name;
        size_t L = strlen(nm);
        static const char *const suf[] = {"_ptr", "_pointer", "_uptr", "_uaddr", "user_addr",
                                          "userspace_addr", "_ubuf", "user_buf", NULL};
        for (int x = 0; suf[x]; x++) {
            size_t sl = strlen(suf[x]);
            if (L >= sl && strcmp(nm + L - sl, suf[x]) == 0) fd->by_name = true;
        }
        if (!strcmp(nm, "ptr") || !strcmp(nm, "uptr") || !strcmp(nm, "uaddr") ||
            !strcmp(nm, "pointer") || !strncmp(nm, "ptr_", 4) || !strncmp(nm, "user_ptr", 8) ||
            !strncmp(nm, "uptr_", 5))
            fd->by_name = true;
    }
}
