/* zl-audit symbol table: for every name the class of its most recent declaration
 * (pointer, 64-bit fixed type, long-sized type, long long, other), struct members
 * included as "tag.member". */
#include "audit/scan.h"

#include <stdlib.h>

static u32 hash_name(const char *p, u32 n)
{
    u32 h = 2166136261u;
    for (u32 i = 0; i < n; i++) h = (h ^ (u8)p[i]) * 16777619u;
    return h;
}

void au_tab_reset(struct audit_scratch *s, u32 ntok)
{
    /* sized for this file (names are far fewer than tokens; tab_set grows it): clearing
       a table sized for the largest file seen so far would dominate the run time */
    u32 want = 256;
    while (want < ntok / 8) want *= 2;
    if (want != s->tcap) {
        free(s->tab);
        s->tab = au_xrealloc(NULL, want * sizeof *s->tab);
        s->tcap = want;
    }
    memset(s->tab, 0, s->tcap * sizeof *s->tab);
    s->tused = 0;
}

static struct sym *tab_slot(struct audit_scratch *s, const char *p, u32 n)
{
    u32 m = s->tcap - 1, h = hash_name(p, n) & m;
    for (;;) {
        struct sym *e = &s->tab[h];
        if (!e->p || (e->len == n && memcmp(e->p, p, n) == 0)) return e;
        h = (h + 1) & m;
    }
}

struct sym *au_tab_set(struct audit_scratch *s, const struct cpp_token *t, u8 cls)
{
    if (s->tused * 2 >= s->tcap) {
        /* grow and rehash */
        struct sym *old = s->tab;
        u32 oc = s->tcap;
        s->tcap *= 2;
        s->tab = au_xrealloc(NULL, s->tcap * sizeof *s->tab);
        memset(s->tab, 0, s->tcap * sizeof *s->tab);
        for (u32 i = 0; i < oc; i++)
            if (old[i].p) *tab_slot(s, old[i].p, old[i].len) = old[i];
        free(old);
    }
    struct sym *e = tab_slot(s, t->p, t->len);
    if (!e->p) {
        e->p = t->p;
        e->len = t->len;
        s->tused++;
    }
    e->cls = cls;
    e->array = false;
    e->sized = false;
    e->tag = NULL;
    e->tlen = 0;
    e->pointee = C_NONE;
    e->tsize[0] = e->tsize[1] = 0;
    e->src = NULL;
    e->uptr = false;
    e->func = false;
    e->tdef = false;
    e->ret = C_NONE;
    return e;
}

u8 au_tab_get(struct audit_scratch *s, const struct cpp_token *t)
{
    struct sym *e = tab_slot(s, t->p, t->len);
    return e->p ? e->cls : C_NONE;
}

struct sym *au_tab_find(struct audit_scratch *s, const struct cpp_token *t)
{
    struct sym *e = tab_slot(s, t->p, t->len);
    return e->p ? e : NULL;
}

/* Members are also recorded as "tag.member": the key into key[256] and its length, or
 * 0 when it does not fit.  (Built with memcpy: members are looked up at every member
 * declaration and access, and snprintf was a visible part of a whole-tree run.) */
static u32 member_key(char *key, const char *tag, u32 tlen, const struct cpp_token *m)
{
    size_t n = (size_t)tlen + 1 + m->len;
    if (n >= 256) return 0;
    memcpy(key, tag, tlen);
    key[tlen] = '.';
    memcpy(key + tlen + 1, m->p, m->len);
    key[n] = 0;
    return (u32)n;
}

struct sym *au_tab_find_member(struct audit_scratch *s, const char *tag, u32 tlen,
                                   const struct cpp_token *m)
{
    char key[256];
    u32 n = member_key(key, tag, tlen, m);
    if (!n) return NULL;
    struct sym *e = tab_slot(s, key, n);
    return e->p ? e : NULL;
}

char *au_own(struct audit_scratch *s, char *p)
{
    if (s->nowned == s->capowned) {
        s->capowned = s->capowned ? s->capowned * 2 : 16;
        s->owned = au_xrealloc(s->owned, s->capowned * sizeof *s->owned);
    }
    s->owned[s->nowned++] = p;
    return p;
}

struct sym *au_tab_set_member(struct audit_scratch *s, const char *tag, u32 tlen,
                              const struct cpp_token *m, u8 cls, bool array, const char *mtag,
                              u32 mtlen)
{
    if (!tlen) return NULL;
    char key[256];
    u32 n = member_key(key, tag, tlen, m);
    if (!n) return NULL;
    struct cpp_token k = *m;
    struct sym *e = tab_slot(s, key, n);
    if (!e->p) {
        k.p = au_own(s, au_xstrndup(key, n));
        k.len = n;
        e = au_tab_set(s, &k, cls);
    } else
        e->cls = cls;
    e->array = array;
    e->tag = mtag;
    e->tlen = mtlen;
    e->ret = C_NONE;
    return e;
}
const char *const au_w64_types[] = {
    "u64", "__u64", "uint64_t", "s64", "__s64", "int64_t", "__aligned_u64", "aligned_u64",
    "__le64", "__be64", "u_int64_t", "__aligned_s64", "aligned_be64", "aligned_le64", NULL};
const char *const au_long_types[] = {
    "size_t", "ssize_t", "uintptr_t", "intptr_t", "ptrdiff_t", "ulong", "__kernel_ulong_t",
    "__kernel_long_t", "__kernel_size_t", "__kernel_ssize_t", "__kernel_uintptr_t", NULL};
const char *const au_addrspace_types[] = {
    "phys_addr_t", "resource_size_t", "dma_addr_t", "efi_physical_addr_t", NULL};
/* Structures whose 64-bit address fields a specification outside the kernel fixes at 64
 * bits: the x86 boot protocol (boot_params, its setup_header, the setup_data list: physical
 * addresses, used identity-mapped by the boot stubs), Intel's debug store (BTS/PEBS
 * buffer addresses the processor reads) and ACPICA's structures, all "acpi_*" (the ACPI
 * tables' layouts, whose u64 fields are physical addresses, and ACPI integers).  A 128-bit
 * kernel keeps these layouts, and the values they hold fit them by that specification, so
 * converting such a field to or from a pointer is not a truncation ptr-cast-64 and
 * int-ptr-64 report.  (Printing them with %ll is still format-u64-ll's: the field stays
 * 64-bit.)  A name ending in '*' is a prefix. */
const char *const au_fixed_layout_structs[] = {
    "boot_params", "setup_header", "setup_data", "debug_store", "acpi_*", NULL};
bool au_fixed_layout(const struct operand *o)
{
    if (!o->otag) return false;
    for (const char *const *p = au_fixed_layout_structs; *p; p++) {
        size_t n = strlen(*p);
        if ((*p)[n - 1] == '*' ? o->otlen >= n - 1 && !memcmp(*p, o->otag, n - 1)
                               : n == o->otlen && !memcmp(*p, o->otag, n))
            return true;
    }
    return false;
}
const char *const au_qualifiers[] = {
    "const", "volatile", "restrict", "__restrict", "__restrict__", "__user", "__iomem",
    "__rcu", "__force", "__percpu", "__kernel", "__bitwise", "__nocast", "__must_check",
    "__maybe_unused", "__always_unused", "__packed", "__aligned", "__attribute__", NULL};
const char *const au_type_kw[] = {
    "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "_Bool",
    "bool", "__int128", NULL};
const char *const au_not_type_kw[] = {
    "return", "goto", "case", "else", "sizeof", "typeof", "__typeof__", "do", "if", "while",
    "for", "switch", "break", "continue", "default", "_Alignof", "__alignof__", "asm",
    "__asm__", "volatile", NULL};
static const char *const decl_start_kw[] = {
    "static", "extern", "const", "volatile", "register", "inline", "__inline", "__inline__",
    "struct", "union", "enum", "unsigned", "signed", "typedef", "_Thread_local", "auto",
    "__maybe_unused", "__read_mostly", "__initdata", "__user", "__iomem", "__rcu",
    "__percpu", NULL};
/* ---------------------------------------------------------------- declarations */

const struct sym *au_typedef_at(struct audit_scratch *s, u32 j)
{
    const struct cpp_token *t = T(j);
    if (t->kind != CPP_IDENT) return NULL;
    const struct sym *e = au_tab_find(s, t);
    return e && e->tdef ? e : NULL;
}

/* Class of a type whose last token is at j (scanning backwards over its words). */
u8 au_type_class_at(struct audit_scratch *s, u32 j)
{
    const struct cpp_token *t = T(j);
    if (t->kind != CPP_IDENT) return C_NONE;
    if (in_set(t, au_w64_types)) return C_W64;
    if (in_set(t, au_long_types)) return C_LONG;
    if (eq(t, "int") && j > 0 && is_id(s, j - 1, "long")) j--, t = T(j);
    if (eq(t, "long")) {
        if (j > 0 && is_id(s, j - 1, "long")) return C_LLONG;
        return C_LONG;
    }
    if (s->typed) {
        /* physical and bus address types are as wide as the configuration's physical
           address space (CONFIG_PHYS_ADDR_T_64BIT, CONFIG_ARCH_DMA_ADDR_T_64BIT), which a
           128-bit configuration chooses apart from the C data model: the x86 typedef to
           u64 says nothing about LP128, and converting one to a pointer widens a value
           that fits (the token mode does not know them either) */
        if (in_set(t, au_addrspace_types)) return C_OTHER;
        /* the fixed names above win: the kernel's u64 is a typedef of long long */
        const struct sym *d = au_typedef_at(s, j);
        if (d) return d->cls;
    }
    return C_OTHER;
}

/* TU mode: j is at the ')' that closes "__attribute__((...))", "_Alignas(...)" and the
 * like, which preprocessed headers put between a type and its declarator: the index
 * before the attribute's keyword, or j when there is none. */
static u32 skip_attr_back(struct audit_scratch *s, u32 j)
{
    static const char *const attr_kw[] = {"__attribute__", "__attribute", "_Alignas",
                                          "__aligned", "__declspec", NULL};
    if (!is_p(s, j, CPP_P_RPAREN)) return j;
    u32 g = s->grp[j], k = j;
    int d = 0;
    for (;; k--) {
        if (s->grp[k] != g) return j;
        if (is_p(s, k, CPP_P_RPAREN)) d++;
        else if (is_p(s, k, CPP_P_LPAREN) && --d == 0) break;
        if (k == 0 || j - k > 200) return j;
    }
    if (k < 2 || s->grp[k - 1] != g || T(k - 1)->kind != CPP_IDENT || !in_set(T(k - 1), attr_kw))
        return j;
    return k - 2;
}

/* From the declarator name at i back over '*', qualifiers and (TU mode) attributes to
 * the last token of the type; *stars counts the '*'.  -1 when nothing is left. */
static i32 type_end_back(struct audit_scratch *s, u32 i, int *stars)
{
    u32 g = s->grp[i];
    i32 j = (i32)i - 1;
    *stars = 0;
    while (j >= 0 && s->grp[j] == g) {
        const struct cpp_token *t = T((u32)j);
        if (t->kind == CPP_PUNCT && t->sub == CPP_P_STAR) {
            ++*stars;
            j--;
        } else if (t->kind == CPP_IDENT && in_set(t, au_qualifiers) && !eq(t, "__attribute__")) {
            j--;
        } else if (s->typed && t->kind == CPP_PUNCT && t->sub == CPP_P_RPAREN) {
            u32 b = skip_attr_back(s, (u32)j);
            if (b == (u32)j) break;
            j = (i32)b;
        } else
            break;
    }
    return j;
}

/* Does "typedef" start the declaration whose type words end at j?  (typedef unsigned
 * long x_t; typedef struct tag x_t; typedef const u64 x_t) */
static bool is_typedef(struct audit_scratch *s, u32 j)
{
    u32 g = s->grp[j];
    for (u32 k = j + 1, n = 0; k-- > 0 && n < 10 && s->grp[k] == g; n++) {
        if (T(k)->kind != CPP_IDENT) return false;
        if (eq(T(k), "typedef")) return true;
    }
    return false;
}

/* Names that are followed by '(' at file scope without being functions. */
static const char *const not_func[] = {
    "__attribute__", "__attribute", "__declspec", "_Alignas", "_Static_assert", "asm",
    "__asm__", "__asm", "typeof", "__typeof__", "__typeof", "sizeof", "_Alignof",
    "__alignof__", "_Generic", "__extension__", NULL};

/* TU mode: "T name(" at file scope declares or defines a function returning T. */
static void func_decl(struct audit_scratch *s, u32 i)
{
    if (s->brace || s->paren || s->grp[i] || in_set(T(i), not_func) ||
        in_set(T(i), au_type_kw) || in_set(T(i), au_qualifiers))
        return;
    int stars;
    i32 j = type_end_back(s, i, &stars);
    if (j < 0 || s->grp[j]) return;
    const struct cpp_token *ty = T((u32)j);
    if (ty->kind != CPP_IDENT || in_set(ty, au_not_type_kw) || eq(ty, "typedef")) return;
    if (is_typedef(s, (u32)j)) return; /* typedef int fn_t(int) */
    if (!in_set(ty, au_type_kw) && j > 0) {
        /* a macro invocation "FOO(x)" after another name is not a declaration: the
           type must follow something that ends or starts one */
        const struct cpp_token *b = T((u32)j - 1);
        bool ok = b->kind == CPP_PUNCT ? b->sub == CPP_P_SEMI || b->sub == CPP_P_RBRACE ||
                                             b->sub == CPP_P_RPAREN
                                       : b->kind == CPP_IDENT;
        if (!ok) return;
    }
    struct sym *e = au_tab_set(s, T(i), C_NONE); /* the name is no value of that class */
    e->func = true;
    e->ret = stars ? C_PTR : au_type_class_at(s, (u32)j);
    if (stars == 1 && j > 0 && (is_id(s, (u32)j - 1, "struct") || is_id(s, (u32)j - 1, "union"))) {
        e->tag = ty->p; /* for a function: the tag of the struct its result points to */
        e->tlen = ty->len;
    }
}

/* TU mode: "RET (*name)(...)" at i (a function pointer, a member or a variable): the
 * class of RET, or C_NONE when i is not such a declarator. */
static u8 fptr_result(struct audit_scratch *s, u32 i)
{
    if (!is_p(s, i + 1, CPP_P_RPAREN) || !is_p(s, i + 2, CPP_P_LPAREN) || i < 3 ||
        !is_p(s, i - 1, CPP_P_STAR) || !is_p(s, i - 2, CPP_P_LPAREN))
        return C_NONE;
    int stars;
    i32 j = type_end_back(s, i - 2, &stars);
    if (j < 0 || s->grp[j] != s->grp[i] || T((u32)j)->kind != CPP_IDENT ||
        in_set(T((u32)j), au_not_type_kw))
        return C_NONE;
    return stars ? C_PTR : au_type_class_at(s, (u32)j);
}

/* If the identifier at i is being declared, record its class. */
void au_maybe_decl(struct audit_scratch *s, u32 i)
{
    if (i == 0 || i + 1 >= s->n) return;
    u32 g = s->grp[i];
    bool member = s->nsstack > 0 && s->sstack[s->nsstack - 1].depth == s->brace && g == 0;
    /* the translation unit's first pass keeps what other code can name: file-scope
       declarations and members, not parameters of prototypes nor locals of inline
       functions (their names would shadow the file's own) */
    u8 fret = s->typed ? fptr_result(s, i) : C_NONE;
    if (s->preload && (s->paren > (fret ? 1 : 0) || (s->brace > 0 && !member))) return;
    if (fret) {
        /* u64 (*read)(void *): a pointer whose calls give a u64 */
        if (!s->preload) au_tab_set(s, T(i), C_PTR)->ret = fret;
        if (member) {
            int k = s->nsstack - 1;
            while (k > 0 && !s->sstack[k].nlen) k--;
            struct sym *e = au_tab_set_member(s, s->sstack[k].name, s->sstack[k].nlen, T(i),
                                              C_PTR, false, NULL, 0);
            if (e) e->ret = fret;
        }
        return;
    }
    u32 nxi = i + 1;
    if (s->typed && is_id(s, nxi, "__attribute__") && is_p(s, nxi + 1, CPP_P_LPAREN)) {
        u32 e = au_match_paren(s, nxi + 1); /* "u64 x __attribute__((aligned(8)));" */
        if (e > nxi + 1 && e < s->n) nxi = e;
    }
    const struct cpp_token *nx = T(nxi);
    if (nx->kind != CPP_PUNCT) return;
    switch (nx->sub) {
    case CPP_P_SEMI: case CPP_P_COMMA: case CPP_P_ASSIGN: case CPP_P_RPAREN:
    case CPP_P_LSQ: case CPP_P_COLON:
        break;
    case CPP_P_LPAREN:
        if (s->typed) func_decl(s, i);
        return;
    default:
        return;
    }
    int stars;
    i32 j = type_end_back(s, i, &stars);
    if (j < 0 || s->grp[j] != g) return;
    const struct cpp_token *ty = T((u32)j);
    if (ty->kind == CPP_PUNCT && ty->sub == CPP_P_COMMA && s->decl_active && g == 0 &&
        s->paren == s->decl_paren) {
        /* a later declarator of "T a = 1, *b, c" */
        u8 c = stars ? C_PTR : s->decl_base;
        if (!(s->preload && member)) {
            struct sym *e = au_tab_set(s, T(i), c);
            e->pointee = stars > 1 ? C_PTR : stars ? s->decl_base : C_NONE;
            e->array = nx->sub == CPP_P_LSQ;
            e->tag = s->decl_tag;
            e->tlen = s->decl_tlen;
            e->tdef = s->decl_tdef;
        }
        if (s->typed && member) {
            int k = s->nsstack - 1;
            while (k > 0 && !s->sstack[k].nlen) k--;
            struct sym *m = au_tab_set_member(s, s->sstack[k].name, s->sstack[k].nlen, T(i),
                                              c, nx->sub == CPP_P_LSQ, s->decl_tag, s->decl_tlen);
            if (m) m->pointee = stars > 1 ? C_PTR : stars ? s->decl_base : C_NONE;
        }
        return;
    }
    const char *tag = NULL;
    u32 tlen = 0;
    bool tdef = false;
    if (s->typed && ty->kind == CPP_PUNCT && ty->sub == CPP_P_RBRACE && (u32)j == s->last_close) {
        /* "} name;" after a struct body: typedef struct [tag] { ... } name; */
        tag = s->last_sname;
        tlen = s->last_snlen;
        u32 k = s->last_open;
        if (k >= 1 && T(k - 1)->kind == CPP_IDENT && !is_id(s, k - 1, "struct") &&
            !is_id(s, k - 1, "union"))
            k--;
        tdef = k >= 2 && is_typedef(s, k - 2);
        u8 c = stars ? C_PTR : C_OTHER;
        struct sym *e = au_tab_set(s, T(i), c);
        e->tag = tlen ? tag : NULL;
        e->tlen = tlen;
        e->tdef = tdef;
        e->pointee = stars > 1 ? C_PTR : stars ? C_OTHER : C_NONE;
        return;
    }
    if (ty->kind != CPP_IDENT || in_set(ty, au_not_type_kw)) return;
    if (!in_set(ty, au_type_kw)) {
        /* a typedef name or a struct tag: require something that starts a declaration */
        if (j == 0 || s->grp[j - 1] != g) {
            if (g == 0 && !(ty->flags & CPP_TF_BOL)) return;
        } else {
            const struct cpp_token *b = T((u32)j - 1);
            bool ok = false;
            if (b->kind == CPP_PUNCT)
                ok = b->sub == CPP_P_SEMI || b->sub == CPP_P_LBRACE || b->sub == CPP_P_RBRACE ||
                     b->sub == CPP_P_LPAREN || b->sub == CPP_P_COMMA ||
                     (s->typed && b->sub == CPP_P_RPAREN); /* after an attribute */
            else if (b->kind == CPP_IDENT)
                ok = in_set(b, decl_start_kw) || (s->typed && eq(b, "__extension__"));
            if (!ok) return;
        }
    }
    u8 c = stars ? C_PTR : au_type_class_at(s, (u32)j);
    u8 pointee = stars > 1 ? C_PTR : stars ? au_type_class_at(s, (u32)j) : C_NONE;
    if (j >= 1 && s->grp[j - 1] == g && (is_id(s, (u32)j - 1, "struct") || is_id(s, (u32)j - 1, "union"))) {
        tag = ty->p;
        tlen = ty->len;
    } else if (s->typed) {
        const struct sym *d = au_typedef_at(s, (u32)j);
        if (d) {
            tag = d->tag, tlen = d->tlen; /* foo_t *x;  x->member */
            if (!stars) pointee = d->pointee;
        }
    }
    if (s->typed) tdef = is_typedef(s, (u32)j);
    bool array = nx->sub == CPP_P_LSQ;
    struct sym *e = NULL;
    if (!(s->preload && member)) {
        e = au_tab_set(s, T(i), c);
        e->pointee = pointee;
        e->uptr = !stars && (eq(ty, "uintptr_t") || eq(ty, "intptr_t") || eq(ty, "__kernel_uintptr_t"));
        e->array = array;
        e->sized = array && !is_p(s, nxi + 1, CPP_P_RSQ);
        e->tag = tag;
        e->tlen = tlen;
        e->tdef = tdef;
        if (tdef && !stars && !array && !tag) au_typedef_layout(s, (u32)j, e);
    }
    if ((nx->sub == CPP_P_ASSIGN || nx->sub == CPP_P_COMMA) && g == 0 && s->paren == 0) {
        s->decl_active = true;
        s->decl_base = au_type_class_at(s, (u32)j);
        s->decl_paren = s->paren;
        s->decl_tag = tag;
        s->decl_tlen = tlen;
        s->decl_tdef = tdef;
    }
    /* a member of a named struct: also "tag.member" (members of anonymous structs and
       unions belong to the nearest named one) */
    if (member) {
        int k = s->nsstack - 1;
        while (k > 0 && !s->sstack[k].nlen) k--;
        struct sym *m = au_tab_set_member(s, s->sstack[k].name, s->sstack[k].nlen, T(i), c,
                                          array, tag, tlen);
        if (m) m->pointee = pointee; /* "struct node *next": what next points to */
    }

    /* struct fields of 64-bit type: candidates for uapi-u64-ptr (the file's own only) */
    if (!stars && c == C_W64 && s->nsstack > 0 && s->sstack[s->nsstack - 1].depth == s->brace &&
        !s->preload)
        au_uapi_field(s, i);
}
