/* Block scopes: ordinary identifiers (objects, functions, typedefs, enumeration constants)
 * and tags, in one hash table with a per-depth undo list. */
#include "cc/cc.h"

#include <stdlib.h>
#include <string.h>

enum { NS_VAR, NS_TYPEDEF, NS_ENUMC, NS_TAG };

struct sym {
    struct sym *hnext;  /* hash chain */
    struct sym *unext;  /* undo chain of its scope */
    const char *name;
    int ns;             /* NS_VAR/NS_TYPEDEF/NS_ENUMC share the ordinary namespace */
    int depth;
    struct obj *obj;
    struct type *ty;
    i128 val;
    struct srcpos pos;  /* a typedef's declaration */
};

#define HSIZE 4096
static struct sym *htab[HSIZE];
static struct sym **undo;  /* undo[d]: the symbols of scope d (the parser bounds d) */
static int depth, undo_cap;

static unsigned hash(const char *s)
{
    unsigned h = 2166136261u;
    while (*s) h = (h ^ (unsigned char)*s++) * 16777619u;
    return h & (HSIZE - 1);
}

static void undo_reserve(int d)
{
    if (d < undo_cap) return;
    int cap = undo_cap ? undo_cap * 2 : 64;
    struct sym **n = realloc(undo, (size_t)cap * sizeof *n);
    if (!n) cc_fatal("out of memory");
    undo = n;
    undo_cap = cap;
}

void scope_push(void)
{
    undo_reserve(depth + 1);
    undo[++depth] = NULL;
}

void scope_pop(void)
{
    for (struct sym *s = undo[depth]; s; s = s->unext) {
        struct sym **pp = &htab[hash(s->name)];
        while (*pp && *pp != s) pp = &(*pp)->hnext;
        if (*pp) *pp = s->hnext;
    }
    undo[depth--] = NULL;
}

int scope_depth(void) { return depth; }

void scope_pop_to(int d)
{
    while (depth > d) scope_pop();
}

/* End a function prototype scope: its parameter names go out of scope; tags and
 * enumeration constants declared in the parameter list stay visible in the enclosing
 * scope, as before parameters had a scope of their own. */
void scope_pop_params(void)
{
    struct sym *keep = NULL;
    for (struct sym *s = undo[depth], *nx; s; s = nx) {
        nx = s->unext;
        if (s->ns == NS_VAR) {
            struct sym **pp = &htab[hash(s->name)];
            while (*pp && *pp != s) pp = &(*pp)->hnext;
            if (*pp) *pp = s->hnext;
        } else {
            s->unext = keep;
            keep = s;
        }
    }
    undo[depth--] = NULL;
    while (keep) {
        struct sym *nx = keep->unext;
        keep->depth = depth;
        keep->unext = undo[depth];
        undo[depth] = keep;
        keep = nx;
    }
}

static struct sym *add(const char *name, int ns)
{
    struct sym *s = cc_alloc(sizeof *s);
    unsigned h = hash(name);
    s->name = name;
    s->ns = ns;
    s->depth = depth;
    s->hnext = htab[h];
    htab[h] = s;
    s->unext = undo[depth];
    undo[depth] = s;
    return s;
}

static struct sym *find(const char *name, bool tag)
{
    for (struct sym *s = htab[hash(name)]; s; s = s->hnext)
        if ((s->ns == NS_TAG) == tag && !strcmp(s->name, name)) return s;
    return NULL;
}

struct obj *scope_find_var(const char *name)
{
    struct sym *s = find(name, false);
    return s && s->ns == NS_VAR ? s->obj : NULL;
}

struct type *scope_find_typedef(const char *name)
{
    struct sym *s = find(name, false);
    return s && s->ns == NS_TYPEDEF ? s->ty : NULL;
}

bool scope_find_enum_const(const char *name, i128 *val, struct type **ty)
{
    struct sym *s = find(name, false);
    if (!s || s->ns != NS_ENUMC) return false;
    *val = s->val;
    *ty = s->ty;
    return true;
}

static void check_redecl(const char *name, struct sym **prev)
{
    struct sym *s = find(name, false);
    *prev = s && s->depth == depth ? s : NULL;
}

void note_previous(const struct obj *o)
{
    bool def = o->is_func ? o->body || o->is_defined : o->ini != NULL;
    cc_note_at(o->pos, "previous %s of '%s' with type '%s'", def ? "definition" : "declaration",
               o->name, ty_name(o->ty));
}

/* a typedef's type is the typedef, which GCC names with what it stands for */
static void note_typedef(const char *name, struct sym *td)
{
    cc_note_at(td->pos, "previous declaration of '%s' with type '%s' {aka '%s'}", name, name,
               ty_name(td->ty));
}

/* a name declared again in the same scope as another kind of symbol */
static _Noreturn void other_kind(const char *name, struct srcpos pos, struct sym *prev)
{
    cc_error_report(pos, "'%s' redeclared as different kind of symbol", name);
    if (prev->ns == NS_VAR) note_previous(prev->obj);
    else if (prev->ns == NS_TYPEDEF)
        note_typedef(name, prev);
    cc_error_again();
}

void scope_add_var(const char *name, struct obj *o)
{
    struct sym *prev;
    check_redecl(name, &prev);
    if (prev && prev->ns != NS_VAR) other_kind(name, o->pos, prev);
    /* two objects without linkage in one block (an extern or function declaration names
     * the object declared before) */
    if (prev && depth > 0 && prev->obj != o && !o->is_func && !o->is_extern &&
        !prev->obj->is_func && !prev->obj->is_extern) {
        cc_error_report(o->pos, "redeclaration of '%s' with no linkage", name);
        note_previous(prev->obj);
        cc_error_again();
    }
    add(name, NS_VAR)->obj = o;
}

void scope_add_typedef(const char *name, struct type *t, struct srcpos pos)
{
    struct sym *prev;
    check_redecl(name, &prev);
    if (prev && prev->ns != NS_TYPEDEF) other_kind(name, pos, prev);
    if (prev && !ty_compatible(prev->ty, t)) {
        cc_error_report(pos, "conflicting types for '%s'; have '%s'", name, ty_name(t));
        note_typedef(name, prev);
        cc_error_again();
    }
    struct sym *s = add(name, NS_TYPEDEF);
    s->ty = t;
    s->pos = pos;
}

void scope_add_enum_const(const char *name, i128 val, struct type *ty)
{
    struct sym *s = add(name, NS_ENUMC);
    s->val = val;
    s->ty = ty;
}

struct type *scope_find_tag(const char *tag, bool current_only)
{
    struct sym *s = find(tag, true);
    if (!s || (current_only && s->depth != depth)) return NULL;
    return s->ty;
}

void scope_add_tag(const char *tag, struct type *t) { add(tag, NS_TAG)->ty = t; }

void scope_reset(void)
{
    memset(htab, 0, sizeof htab);
    depth = 0;
    undo_reserve(0);
    undo[0] = NULL;
}
