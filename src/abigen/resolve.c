/* zl-abigen: name resolution and consistency checks after every file has been read.
 *
 * Everything that can be wrong with a specification is reported here with the line that
 * is wrong: unknown types and sets, members missing in a personality that uses them,
 * arguments that do not fit in six registers, numbers used twice, one handler shared by
 * calls with different argument shapes, host conversions of structures with pointers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abigen/abigen.h"

static void resolve_alias(struct ag_spec *s, struct ag_type *t)
{
    if (t->state == 2)
        return;
    if (t->state == 1) {
        ag_error(s, &t->loc, "alias %s refers to itself", t->name);
        t->state = 2;
        return;
    }
    t->state = 1;
    struct ag_type *tg = ag_find_type(s, t->alias_name);
    if (!tg) {
        ag_error(s, &t->loc, "alias %s: unknown type '%s'", t->name, t->alias_name);
    } else {
        if (tg->is_alias)
            resolve_alias(s, tg);
        struct ag_type *b = ag_base(tg);
        if (!b || !ag_is_scalar(b)) {
            ag_error(s, &t->loc, "alias %s: '%s' is not a scalar type", t->name, t->alias_name);
        } else {
            t->target = b;
            t->tclass = b->tclass;
            memcpy(t->size, b->size, sizeof t->size);
            memcpy(t->align, b->align, sizeof t->align);
        }
    }
    t->state = 2;
}

static const char *pers_list(unsigned m, char *buf, size_t n)
{
    buf[0] = 0;
    for (int p = 0; p < AG_NPERS; p++) {
        if (!(m & AG_BIT(p)))
            continue;
        size_t l = strlen(buf);
        snprintf(buf + l, n - l, "%s%s", l ? ", " : "", ag_pers_name[p]);
    }
    return buf;
}

static void resolve_fields(struct ag_spec *s, struct ag_type *t)
{
    for (int i = 0; i < t->nfields; i++) {
        struct ag_field *f = &t->fields[i];
        struct ag_type *ft = ag_find_type(s, f->tname);
        if (!ft) {
            ag_error(s, &f->loc, "unknown type '%s'", f->tname);
            continue;
        }
        struct ag_type *b = ag_base(ft);
        if (!b)
            continue;
        if (f->tagged && ag_is_scalar(b)) {
            ag_error(s, &f->loc, "'%s' is a scalar type, write it without struct/union",
                     f->tname);
            continue;
        }
        if (!f->tagged && !ag_is_scalar(b)) {
            ag_error(s, &f->loc, "'%s' is a %s: write '%s %s'", f->tname,
                     b->tclass == AG_UNION ? "union" : "struct",
                     b->tclass == AG_UNION ? "union" : "struct", f->tname);
            continue;
        }
        if (f->tagged && f->tag_union != (b->tclass == AG_UNION)) {
            ag_error(s, &f->loc, "'%s' is a %s, not a %s", f->tname,
                     b->tclass == AG_UNION ? "union" : "struct",
                     f->tag_union ? "union" : "struct");
            continue;
        }
        if (f->pers & ~t->pers) {
            char b1[64];
            ag_error(s, &f->loc, "member '%s' is given for %s, where %s does not exist",
                     f->name ? f->name : "-", pers_list(f->pers & ~t->pers, b1, sizeof b1),
                     t->name);
            continue;
        }
        unsigned need = f->pers & t->pers;
        if (need & ~b->pers) {
            char b1[64];
            ag_error(s, &f->loc, "%s is not defined for %s", b->name,
                     pers_list(need & ~b->pers, b1, sizeof b1));
            continue;
        }
        if (t->tclass == AG_UNION && f->pers != t->pers) {
            ag_error(s, &f->loc, "union members cannot use only=");
            continue;
        }
        f->type = ft;
    }
}

/* C reaches the members of an anonymous member as members of the container: their names
 * must not collide with the container's. */
static bool name_taken(const struct ag_type *t, const char *name, const struct ag_field *skip)
{
    for (int i = 0; i < t->nfields; i++) {
        const struct ag_field *f = &t->fields[i];
        if (f == skip)
            continue;
        if (f->name ? !strcmp(f->name, name)
                    : (f->type && !ag_is_scalar(ag_base(f->type)) &&
                       name_taken(ag_base(f->type), name, NULL)))
            return true;
    }
    return false;
}

static void check_anonymous(struct ag_spec *s, const struct ag_type *t)
{
    for (int i = 0; i < t->nfields; i++) {
        const struct ag_field *f = &t->fields[i];
        if (f->name || !f->type)
            continue;
        const struct ag_type *ft = ag_base(f->type);
        for (int k = 0; k < ft->nfields; k++) {
            const char *n = ft->fields[k].name;
            if (n && name_taken(t, n, f))
                ag_error(s, &f->loc, "member '%s' of the anonymous %s %s is also a member of %s",
                         n, ft->tclass == AG_UNION ? "union" : "struct", ft->name, t->name);
        }
        if (f->array)
            ag_error(s, &f->loc, "an anonymous member cannot be an array");
    }
    for (int i = 0; i < t->nfields; i++) {
        const struct ag_field *f = &t->fields[i];
        const struct ag_type *ft = f->type ? ag_base(f->type) : NULL;
        if (ft && f->array && ft->tclass == AG_UNION && !ft->cookie)
            ag_error(s, &f->loc, "an array of union %s is not supported (only of scalar unions)",
                     ft->name);
    }
}

/* A union whose arms are all scalars (or arrays of scalars) of at most 16 value bytes is
 * a "cookie": it is converted as one value (sigval, epoll_data). */
static void classify_union(struct ag_type *t)
{
    if (t->tclass != AG_UNION)
        return;
    for (int i = 0; i < t->nfields; i++) {
        struct ag_type *b = ag_base(t->fields[i].type);
        if (!b || !ag_is_scalar(b))
            return;
        for (int p = 0; p < AG_NPERS; p++) {
            u32 bytes = ag_is_pointer(b) ? (b->size[p] > 16 ? 16 : b->size[p])
                                         : b->size[p] * (u32)t->fields[i].count[p];
            if (bytes > 16)
                return;
        }
    }
    t->cookie = true;
}

static void host_check(struct ag_spec *s, struct ag_type *t)
{
    for (int i = 0; i < t->nfields; i++) {
        struct ag_field *f = &t->fields[i];
        struct ag_type *b = ag_base(f->type);
        if (!b || (f->host && !strcmp(f->host, "-")))
            continue;
        if (!f->name) {
            ag_error(s, &f->loc, "%s has host=, so its members cannot be anonymous", t->name);
            return;
        }
        if (ag_is_pointer(b)) {
            ag_error(s, &f->loc, "%s has host= but member %s holds a user address: use the "
                     "neutral form (no host=) or host=- on the member", t->name, f->name);
            return;
        }
        if (b->cookie || b->tclass == AG_UNION) {
            ag_error(s, &f->loc, "%s has host= but member %s is a union", t->name, f->name);
            return;
        }
        if (!ag_is_scalar(b) && !b->host) {
            ag_error(s, &f->loc, "%s has host=, so %s (member %s) needs host= too", t->name,
                     b->name, f->name);
            return;
        }
    }
}

static struct ag_type *type_param(struct ag_spec *s, const struct ag_loc *loc, const char *name)
{
    struct ag_type *t = ag_find_type(s, name);
    if (!t)
        ag_error(s, loc, "unknown type '%s'", name);
    return t;
}

static int arg_index(const struct ag_sys *sc, const char *name)
{
    for (int i = 0; i < sc->nargs; i++)
        if (!strcmp(sc->args[i].name, name))
            return i;
    return -1;
}

static bool is_value_kind(ag_kind k)
{
    return !ag_kinds[k].pointer && k != ZL_AK_NONE;
}

/* LEN parameter: number, NAME of a value argument, or NAME of a sin/sio(integer) argument
 * (then the length is read through it). */
static void resolve_len(struct ag_spec *s, struct ag_sys *sc, struct ag_arg *a, const char *p)
{
    char *end;
    if (p[0] >= '0' && p[0] <= '9') {
        long v = strtol(p, &end, 0);
        if (*end || v <= 0 || v > 65535)
            ag_error(s, &sc->loc, "%s: bad count '%s'", a->name, p);
        else
            a->count = (int)v;
        return;
    }
    int j = arg_index(sc, p);
    if (j < 0) {
        ag_error(s, &sc->loc, "%s: length argument '%s' does not exist", a->name, p);
        return;
    }
    struct ag_arg *l = &sc->args[j];
    if (l == a) {
        ag_error(s, &sc->loc, "%s: an argument cannot be its own length", a->name);
        return;
    }
    if (is_value_kind(l->kind)) {
        a->len = j;
        return;
    }
    if ((l->kind == ZL_AK_SIN || l->kind == ZL_AK_SIO) && l->p1) {
        struct ag_type *lt = ag_base(ag_find_type(s, l->p1));
        if (lt && (lt->tclass == AG_SIGNED || lt->tclass == AG_UNSIGNED)) {
            a->len = j;
            a->len_deref = true;
            return;
        }
    }
    ag_error(s, &sc->loc, "%s: length argument '%s' is neither a number argument nor a "
             "pointer to an integer", a->name, p);
}

static void resolve_arg(struct ag_spec *s, struct ag_sys *sc, struct ag_arg *a)
{
    const struct ag_kindinfo *ki = &ag_kinds[a->kind];
    const char *rt = ki->deftype;
    switch (a->kind) {
    case ZL_AK_FLAGS:
    case ZL_AK_ENUM:
        a->set = ag_find_set(s, a->p1);
        if (!a->set)
            ag_error(s, &sc->loc, "%s: unknown flag/enum set '%s'", a->name, a->p1);
        else if (a->set->is_enum != (a->kind == ZL_AK_ENUM))
            ag_error(s, &sc->loc, "%s: '%s' is %s set, use %s(%s)", a->name, a->p1,
                     a->set->is_enum ? "an enum" : "a flags",
                     a->set->is_enum ? "enum" : "flags", a->p1);
        if (a->p2)
            rt = a->p2;
        break;
    case ZL_AK_SIN:
    case ZL_AK_SOUT:
    case ZL_AK_SIO:
        a->obj = type_param(s, &sc->loc, a->p1);
        break;
    case ZL_AK_AIN:
    case ZL_AK_AOUT:
    case ZL_AK_AIO:
        a->obj = type_param(s, &sc->loc, a->p1);
        resolve_len(s, sc, a, a->p2);
        break;
    case ZL_AK_IN:
    case ZL_AK_OUT:
    case ZL_AK_INOUT:
    case ZL_AK_SAIN:
    case ZL_AK_SAOUT:
    case ZL_AK_FDSET:
        resolve_len(s, sc, a, a->p1);
        break;
    default:
        break;
    }
    if (rt) {
        a->rtype = ag_find_type(s, rt);
        struct ag_type *b = ag_base(a->rtype);
        if (!a->rtype) {
            ag_error(s, &sc->loc, "%s: unknown register type '%s'%s", a->name, rt,
                     a->p2 ? "" : " (missing in abi/types.abi)");
        } else if (!b || (b->tclass != AG_SIGNED && b->tclass != AG_UNSIGNED)) {
            ag_error(s, &sc->loc, "%s: register type '%s' is not an integer type", a->name, rt);
            a->rtype = NULL;
        }
    }
    if (a->obj) {
        struct ag_type *b = ag_base(a->obj);
        unsigned need = sc->pers & ~sc->enosys;
        if (b && (need & ~b->pers)) {
            char b1[64];
            ag_error(s, &sc->loc, "%s: %s is not defined for %s", a->name, b->name,
                     pers_list(need & ~b->pers, b1, sizeof b1));
        }
    }
}

static void assign_registers(struct ag_spec *s, struct ag_sys *sc)
{
    for (int p = 0; p < AG_NPERS; p++) {
        int r = 0;
        for (int i = 0; i < sc->nargs; i++) {
            struct ag_arg *a = &sc->args[i];
            struct ag_type *b = ag_base(a->rtype);
            int n = 1;
            if (a->kind == ZL_AK_POS2) {
                n = 2;
            } else if (b && b->size[p] > ag_xlen_bytes[p]) {
                if (b->size[p] != 2 * ag_xlen_bytes[p]) {
                    ag_error(s, &sc->loc, "%s: a %u-byte value cannot be passed on %s",
                             a->name, b->size[p], ag_pers_name[p]);
                    return;
                }
                n = 2;
            }
            sc->reg[p][i] = r;
            r += n;
        }
        sc->nregs[p] = r;
        const struct ag_type *rb = ag_base(sc->ret.rtype);
        if ((sc->pers & AG_BIT(p)) && rb && rb->size[p] > ag_xlen_bytes[p]) {
            ag_error(s, &sc->loc, "%s: the result is wider than a register on %s", sc->name,
                     ag_pers_name[p]);
            return;
        }
        if ((sc->pers & AG_BIT(p)) && r > AG_MAXARGS)
            ag_error(s, &sc->loc, "%s needs %d argument registers on %s (at most 6)", sc->name,
                     r, ag_pers_name[p]);
    }
}

static int cmp_sys(const void *a, const void *b)
{
    const struct ag_sys *x = a, *y = b;
    if (x->nr != y->nr)
        return x->nr < y->nr ? -1 : 1;
    /* lines with the same number: order of the first personality they cover */
    unsigned fx = x->pers & (0u - x->pers), fy = y->pers & (0u - y->pers);
    return fx < fy ? -1 : fx > fy;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool same_shape(const struct ag_sys *a, const struct ag_sys *b)
{
    if (a->nargs != b->nargs || a->ret.kind != b->ret.kind)
        return false;
    for (int i = 0; i < a->nargs; i++) {
        const struct ag_arg *x = &a->args[i], *y = &b->args[i];
        if (x->kind != y->kind)
            return false;
        if (x->kind == ZL_AK_SIN || x->kind == ZL_AK_SOUT || x->kind == ZL_AK_SIO || x->kind == ZL_AK_AIN ||
            x->kind == ZL_AK_AOUT || x->kind == ZL_AK_AIO) {
            if (ag_base(x->obj) != ag_base(y->obj))
                return false;
        }
    }
    return true;
}

static void check_syscalls(struct ag_spec *s)
{
    qsort(s->sys, (size_t)s->nsys, sizeof *s->sys, cmp_sys);
    for (int i = 0; i < s->nsys; i++) {
        struct ag_sys *a = &s->sys[i];
        for (int j = 0; j < i; j++) {
            struct ag_sys *b = &s->sys[j];
            unsigned both = a->pers & b->pers;
            if (!both)
                continue;
            char b1[64];
            if (a->nr == b->nr)
                ag_error(s, &a->loc, "number %d is already used by %s (line %d) on %s", a->nr,
                         b->name, b->loc.line, pers_list(both, b1, sizeof b1));
            else if (!strcmp(a->name, b->name))
                ag_error(s, &a->loc, "%s is already defined as number %d (line %d) on %s",
                         a->name, b->nr, b->loc.line, pers_list(both, b1, sizeof b1));
        }
    }
    /* handlers */
    for (int i = 0; i < s->nsys; i++) {
        bool seen = false;
        for (int j = 0; j < s->nhandlers; j++)
            if (!strcmp(s->handlers[j], s->sys[i].handler))
                seen = true;
        if (!seen) {
            s->handlers = ag_grow(s->handlers, &s->caphandlers, s->nhandlers + 1,
                                  sizeof *s->handlers);
            s->handlers[s->nhandlers++] = s->sys[i].handler;
        }
    }
    qsort(s->handlers, (size_t)s->nhandlers, sizeof *s->handlers, cmp_str);
    for (int i = 0; i < s->nsys; i++) {
        struct ag_sys *a = &s->sys[i];
        for (int j = 0; j < s->nhandlers; j++)
            if (!strcmp(s->handlers[j], a->handler))
                a->handler_id = j;
        for (int j = 0; j < i; j++) {
            struct ag_sys *b = &s->sys[j];
            if (b->handler_id == a->handler_id && !same_shape(a, b)) {
                ag_error(s, &a->loc, "handler %s is shared with %s (line %d) but the arguments "
                         "differ: give this call its own handler", a->handler, b->name,
                         b->loc.line);
                break;
            }
        }
    }
}

int ag_finish(struct ag_spec *s)
{
    for (int i = 0; i < s->ntypes; i++)
        if (s->types[i]->is_alias)
            resolve_alias(s, s->types[i]);
    for (int i = 0; i < s->ntypes; i++) {
        struct ag_type *t = s->types[i];
        if (!t->is_alias && !ag_is_scalar(t))
            resolve_fields(s, t);
    }
    /* the generated tables rely on these names */
    static const char *const needed[] = { "int", "uint", "long", "ulong", "size", "ssize",
                                          "loff", "i64", "u64", "ptr" };
    for (size_t i = 0; i < sizeof needed / sizeof needed[0]; i++)
        if (!ag_find_type(s, needed[i]))
            ag_error(s, NULL, "the specification must define the scalar type '%s'", needed[i]);
    if (s->errors)
        return s->errors;
    for (int i = 0; i < s->ntypes; i++) {
        if (!s->types[i]->is_alias && !ag_is_scalar(s->types[i]))
            check_anonymous(s, s->types[i]);
        classify_union(s->types[i]);
    }
    if (s->errors)
        return s->errors;
    ag_layout(s);
    if (s->errors)
        return s->errors;
    for (int i = 0; i < s->ntypes; i++) {
        struct ag_type *t = s->types[i];
        if (t->host && !ag_is_scalar(t) && !t->is_alias) {
            if (t->tclass == AG_UNION)
                ag_error(s, &t->loc, "host= is not supported on a union");
            else
                host_check(s, t);
        }
    }
    for (int i = 0; i < s->nsys; i++) {
        struct ag_sys *sc = &s->sys[i];
        for (int k = 0; k < sc->nargs; k++)
            resolve_arg(s, sc, &sc->args[k]);
        resolve_arg(s, sc, &sc->ret);
    }
    if (s->errors)
        return s->errors;
    for (int i = 0; i < s->nsys; i++)
        assign_registers(s, &s->sys[i]);
    check_syscalls(s);
    for (int i = 0; i < s->nioctls; i++) {
        struct ag_ioctl *io = &s->ioctls[i];
        if (io->tname) {
            io->type = ag_find_type(s, io->tname);
            if (!io->type)
                ag_error(s, &io->loc, "unknown type '%s'", io->tname);
        }
    }
    return s->errors;
}
