/* zl-abigen: structure layout for every personality, variants and member walks.
 *
 * The rules are the C ones of each data model (docs/abi.md 1.2 and 7.1): every member at
 * the next multiple of its alignment (or of its align= attribute if larger), the aggregate
 * aligned to its largest member alignment and padded to a multiple of it.  Scalar sizes
 * and alignments come from abi/types.abi, so rv128's 32-byte, 16-aligned __ptr_t slot is
 * just the "ptr" scalar's rv128 column.  A zero-length array takes no room and does not
 * change the alignment (the kernel's sysinfo._f on rv64).
 */
#include <stdio.h>
#include <string.h>

#include "abigen/abigen.h"

struct ag_type *ag_base(struct ag_type *t)
{
    while (t && t->is_alias)
        t = t->target;
    return t;
}

bool ag_is_scalar(const struct ag_type *t)
{
    return t->tclass != AG_STRUCT && t->tclass != AG_UNION;
}

bool ag_is_pointer(const struct ag_type *t)
{
    return t->tclass == AG_PTR || t->tclass == AG_PTR64;
}

static u32 round_up(u32 v, u32 a)
{
    return (v + a - 1) / a * a;
}

/* Lay out t in every personality it exists in.  Types of members are laid out first;
 * a member that contains its own type is reported (cycle). */
static void lay(struct ag_spec *s, struct ag_type *t)
{
    if (t->state == 2)
        return;
    if (t->state == 1) {
        ag_error(s, &t->loc, "%s contains itself", t->name);
        return;
    }
    t->state = 1;
    for (int i = 0; i < t->nfields; i++) {
        struct ag_type *ft = ag_base(t->fields[i].type);
        if (ft && !ag_is_scalar(ft))
            lay(s, ft);
    }
    for (int p = 0; p < AG_NPERS; p++) {
        if (!(t->pers & AG_BIT(p)))
            continue;
        u32 off = 0, size = 0, al = 1;
        int present = 0;
        for (int i = 0; i < t->nfields; i++) {
            struct ag_field *f = &t->fields[i];
            struct ag_type *ft = ag_base(f->type);
            f->off[p] = f->size[p] = 0;
            if (!ft || !(f->pers & AG_BIT(p)))
                continue;
            present++;
            u32 a = ft->align[p];
            if (f->align > a)
                a = f->align;
            int n = f->count[p];
            if (n == 0) {
                f->off[p] = t->tclass == AG_UNION ? 0 : off;
                continue;
            }
            u32 sz = ft->size[p] * (u32)n;
            if (t->tclass == AG_UNION) {
                f->off[p] = 0;
                if (sz > size)
                    size = sz;
            } else {
                off = round_up(off, a);
                f->off[p] = off;
                off += sz;
                size = off;
            }
            f->size[p] = sz;
            if (a > al)
                al = a;
        }
        if (!present)
            ag_error(s, &t->loc, "%s has no members on %s", t->name, ag_pers_name[p]);
        if (t->minsize > size)
            size = t->minsize;
        t->size[p] = round_up(size, al);
        t->align[p] = al;
        if (t->size[p] > 65535)
            ag_error(s, &t->loc, "%s is larger than 65535 bytes on %s", t->name, ag_pers_name[p]);
    }
    t->state = 2;
}

static int variants(struct ag_type *t)
{
    t = ag_base(t);
    if (!t || ag_is_scalar(t) || t->cookie)
        return 1;
    if (t->nvariants)
        return t->nvariants;
    long n;
    if (t->tclass == AG_UNION) {
        n = 0;
        for (int i = 0; i < t->nfields; i++)
            n += variants(t->fields[i].type);
    } else {
        n = 1;
        for (int i = 0; i < t->nfields; i++)
            n *= variants(t->fields[i].type);
    }
    if (n > 1000)
        n = 1000;   /* reported by the caller */
    t->nvariants = (int)n;
    return t->nvariants;
}

/* Is the member layout of t the same in every personality that has t, with no slots? */
static bool same_everywhere(const struct ag_type *t)
{
    t = ag_base((struct ag_type *)t);
    if (ag_is_scalar(t)) {
        if (ag_is_pointer(t))
            return false;
        for (int p = 1; p < AG_NPERS; p++)
            if (t->size[p] != t->size[0] || t->align[p] != t->align[0])
                return false;
        return true;
    }
    int first = -1;
    for (int p = 0; p < AG_NPERS; p++) {
        if (!(t->pers & AG_BIT(p)))
            continue;
        if (first < 0) {
            first = p;
            continue;
        }
        if (t->size[p] != t->size[first] || t->align[p] != t->align[first])
            return false;
        for (int i = 0; i < t->nfields; i++) {
            const struct ag_field *f = &t->fields[i];
            if (f->off[p] != f->off[first] || f->size[p] != f->size[first] ||
                f->count[p] != f->count[first] ||
                !(f->pers & AG_BIT(p)) != !(f->pers & AG_BIT(first)))
                return false;
        }
    }
    for (int i = 0; i < t->nfields; i++)
        if (!same_everywhere(t->fields[i].type))
            return false;
    return true;
}

void ag_layout(struct ag_spec *s)
{
    for (int i = 0; i < s->ntypes; i++) {
        struct ag_type *t = s->types[i];
        if (!t->is_alias && !ag_is_scalar(t))
            lay(s, t);
    }
    if (s->errors)
        return;
    for (int i = 0; i < s->ntypes; i++) {
        struct ag_type *t = s->types[i];
        if (t->is_alias || ag_is_scalar(t))
            continue;
        if (variants(t) >= 1000)
            ag_error(s, &t->loc, "%s has too many union-arm combinations", t->name);
        t->fixed = same_everywhere(t);
    }
}

/* ---- walking members --------------------------------------------------------------- */

static void walk(const struct ag_type *top, const struct ag_type *t, int pers, const char *path,
                 u32 base, ag_leaf_fn fn, void *ctx)
{
    for (int i = 0; i < t->nfields; i++) {
        const struct ag_field *f = &t->fields[i];
        if (!(f->pers & AG_BIT(pers)) || f->count[pers] == 0)
            continue;
        const struct ag_type *ft = ag_base(f->type);
        char sub[512];
        if (!f->name)
            snprintf(sub, sizeof sub, "%s", path);
        else if (*path)
            snprintf(sub, sizeof sub, "%s.%s", path, f->name);
        else
            snprintf(sub, sizeof sub, "%s", f->name);
        if (ag_is_scalar(ft)) {
            fn(ctx, top, sub, f, base + f->off[pers]);
        } else {
            char el[520];
            snprintf(el, sizeof el, f->array ? "%s[0]" : "%s", sub);
            fn(ctx, top, sub, f, base + f->off[pers]);
            walk(top, ft, pers, el, base + f->off[pers], fn, ctx);
        }
    }
}

void ag_walk_leaves(const struct ag_type *t, int pers, ag_leaf_fn fn, void *ctx)
{
    walk(t, t, pers, "", 0, fn, ctx);
}

/* ---- member lookup ---------------------------------------------------------------- */

static const struct ag_field *find_in(const struct ag_type *t, const char *name, size_t n,
                                      int pers, u32 *off)
{
    for (int i = 0; i < t->nfields; i++) {
        const struct ag_field *f = &t->fields[i];
        if (!(f->pers & AG_BIT(pers)))
            continue;
        if (!f->name) {
            u32 sub = 0;
            const struct ag_field *r = find_in(ag_base(f->type), name, n, pers, &sub);
            if (r) {
                *off += f->off[pers] + sub;
                return r;
            }
            continue;
        }
        if (strlen(f->name) == n && !strncmp(f->name, name, n)) {
            *off += f->off[pers];
            return f;
        }
    }
    return NULL;
}

const struct ag_field *ag_find_field(const struct ag_type *t, const char *path, int pers,
                                     u32 *off)
{
    const struct ag_field *f = NULL;
    *off = 0;
    t = ag_base((struct ag_type *)t);
    while (t && *path) {
        const char *dot = strchr(path, '.');
        size_t n = dot ? (size_t)(dot - path) : strlen(path);
        f = find_in(t, path, n, pers, off);
        if (!f)
            return NULL;
        path += n + (dot ? 1 : 0);
        t = ag_base(f->type);
        if (dot && ag_is_scalar(t))
            return NULL;
    }
    return f;
}

/* ---- variant names ---------------------------------------------------------------- */

static int nvar(const struct ag_type *t)
{
    t = ag_base((struct ag_type *)t);
    return (ag_is_scalar(t) || t->cookie || t->nvariants < 1) ? 1 : t->nvariants;
}

static void vname(const struct ag_type *t, int v, char *buf, size_t n)
{
    t = ag_base((struct ag_type *)t);
    if (nvar(t) <= 1)
        return;
    if (t->tclass == AG_UNION) {
        for (int i = 0; i < t->nfields; i++) {
            const struct ag_field *f = &t->fields[i];
            int k = nvar(f->type);
            if (v < k) {
                const char *nm = f->name ? f->name : ag_base(f->type)->name;
                while (*nm == '_')
                    nm++;
                size_t l = strlen(buf);
                snprintf(buf + l, n - l, "%s%s", l ? "_" : "", nm);
                vname(f->type, v, buf, n);
                return;
            }
            v -= k;
        }
        return;
    }
    for (int i = 0; i < t->nfields; i++) {
        int k = nvar(t->fields[i].type);
        if (k > 1)
            vname(t->fields[i].type, v % k, buf, n);
        v /= k;
    }
}

void ag_variant_name(const struct ag_type *t, int v, char *buf, size_t n)
{
    if (n)
        buf[0] = 0;
    vname(t, v, buf, n);
}

const char *ag_neutral_ctype(const struct ag_type *t)
{
    t = ag_base((struct ag_type *)t);
    u32 max = 0;
    for (int p = 0; p < AG_NPERS; p++)
        if ((t->pers & AG_BIT(p)) && t->size[p] > max)
            max = t->size[p];
    switch (t->tclass) {
    case AG_CHAR:
        return "char";
    case AG_PTR:
    case AG_PTR64:
        return "u128";
    case AG_SIGNED:
        return max <= 1 ? "i8" : max <= 2 ? "i16" : max <= 4 ? "i32" : max <= 8 ? "i64" : "i128";
    default:
        return max <= 1 ? "u8" : max <= 2 ? "u16" : max <= 4 ? "u32" : max <= 8 ? "u64" : "u128";
    }
}
