/* Types: constructors, size and alignment per data model, struct/union layout. */
#include "cc/cc.h"

#include <string.h>

struct target tgt;

void target_set(int xlen)
{
    tgt.xlen = xlen;
    tgt.regsize = xlen / 8;
    tgt.ptr_size = xlen / 8;
    tgt.long_size = xlen / 8;
    tgt.llong_size = xlen == 128 ? 16 : 8;
}

struct type *ty_void, *ty_bool, *ty_char, *ty_schar, *ty_uchar, *ty_short, *ty_ushort, *ty_int,
    *ty_uint, *ty_long, *ty_ulong, *ty_llong, *ty_ullong, *ty_int64, *ty_uint64, *ty_int128,
    *ty_uint128, *ty_float, *ty_double, *ty_ldouble, *ty_auto;

static struct type *mk(enum tkind k, long size, bool uns)
{
    struct type *t = cc_alloc(sizeof *t);
    t->kind = k;
    t->size = size;
    t->align = size ? (int)size : 1;
    t->is_unsigned = uns;
    t->complete = true;
    t->len = -1;
    return t;
}

void types_init(void)
{
    ty_void = mk(TY_VOID, 1, false);
    ty_void->complete = false;
    ty_bool = mk(TY_BOOL, 1, true);
    ty_char = mk(TY_CHAR, 1, true); /* plain char is unsigned on RISC-V */
    ty_schar = mk(TY_SCHAR, 1, false);
    ty_uchar = mk(TY_UCHAR, 1, true);
    ty_short = mk(TY_SHORT, 2, false);
    ty_ushort = mk(TY_USHORT, 2, true);
    ty_int = mk(TY_INT, 4, false);
    ty_uint = mk(TY_UINT, 4, true);
    ty_long = mk(TY_LONG, tgt.long_size, false);
    ty_ulong = mk(TY_ULONG, tgt.long_size, true);
    ty_llong = mk(TY_LLONG, tgt.llong_size, false);
    ty_ullong = mk(TY_ULLONG, tgt.llong_size, true);
    /* __int64: its own type in LP128, otherwise the standard 64-bit type */
    if (tgt.xlen == 128) {
        ty_int64 = mk(TY_INT64, 8, false);
        ty_uint64 = mk(TY_UINT64, 8, true);
    } else if (tgt.xlen == 64) {
        ty_int64 = ty_long;
        ty_uint64 = ty_ulong;
    } else {
        ty_int64 = ty_llong;
        ty_uint64 = ty_ullong;
    }
    ty_int128 = mk(TY_INT128, 16, false);
    ty_uint128 = mk(TY_UINT128, 16, true);
    ty_float = mk(TY_FLOAT, 4, false);
    ty_double = mk(TY_DOUBLE, 8, false);
    ty_ldouble = mk(TY_LDOUBLE, 16, false);
    ty_auto = mk(TY_VOID, 1, false);
    ty_auto->complete = false;
    complex_types_init();
}

struct type *ty_copy(struct type *t)
{
    struct type *n = cc_alloc(sizeof *n);
    *n = *t;
    n->origin = t->origin ? t->origin : t;
    n->next_copy = NULL;
    if ((t->kind == TY_STRUCT || t->kind == TY_UNION) && !t->complete) {
        n->next_copy = n->origin->next_copy;
        n->origin->next_copy = n;
    }
    return n;
}

struct type *ty_ptr(struct type *base)
{
    struct type *t = mk(TY_PTR, tgt.ptr_size, true);
    t->base = base;
    t->depth = base->depth + 1;
    return t;
}

struct type *ty_array(struct type *base, long len)
{
    struct type *t = mk(TY_ARRAY, len >= 0 ? base->size * len : 0, false);
    t->align = base->align;
    t->base = base;
    t->depth = base->depth + 1;
    t->len = len;
    t->complete = len >= 0;
    return t;
}

struct type *ty_func(struct type *ret)
{
    struct type *t = mk(TY_FUNC, 1, false);
    t->base = ret;
    t->depth = ret ? ret->depth + 1 : 1; /* the parser sets the return type later */
    return t;
}

struct type *ty_qual(struct type *t, bool c, bool v)
{
    if ((!c || t->is_const) && (!v || t->is_volatile)) return t;
    struct type *n = ty_copy(t);
    n->is_const |= c;
    n->is_volatile |= v;
    return n;
}

struct type *ty_unqual(struct type *t)
{
    if (!t->is_const && !t->is_volatile && !t->is_atomic) return t;
    struct type *n = ty_copy(t);
    n->is_const = n->is_volatile = n->is_atomic = false;
    return n;
}

bool ty_is_integer(struct type *t)
{
    return (t->kind >= TY_BOOL && t->kind <= TY_UINT128) || t->kind == TY_ENUM;
}
bool ty_is_float(struct type *t) { return t->kind >= TY_FLOAT && t->kind <= TY_LDOUBLE; }
bool ty_is_arith(struct type *t) { return ty_is_integer(t) || ty_is_float(t); }
bool ty_is_ptr(struct type *t) { return t->kind == TY_PTR; }
bool ty_is_scalar(struct type *t) { return ty_is_arith(t) || ty_is_ptr(t); }
bool ty_is_aggr(struct type *t)
{
    return t->kind == TY_STRUCT || t->kind == TY_UNION || t->kind == TY_ARRAY;
}
bool ty_is_signed(struct type *t) { return ty_is_integer(t) && !t->is_unsigned; }

/* Integer conversion rank (C11 6.3.1.1): by width; among equal widths the standard
 * types rank above the extended ones (__int64, __int128), long long above long. */
int ty_rank(struct type *t)
{
    switch (t->kind) {
    case TY_BOOL: return 0;
    case TY_CHAR: case TY_SCHAR: case TY_UCHAR: return 10;
    case TY_SHORT: case TY_USHORT: return 20;
    case TY_INT: case TY_UINT: case TY_ENUM: return 43;
    case TY_INT64: case TY_UINT64: return 80;
    case TY_INT128: case TY_UINT128: return 160;
    case TY_LONG: case TY_ULONG: return (int)t->size * 10 + 5;
    case TY_LLONG: case TY_ULLONG: return (int)t->size * 10 + 6;
    default: return 0;
    }
}

struct type *ty_to_unsigned(struct type *t)
{
    switch (t->kind) {
    case TY_CHAR: case TY_SCHAR: return ty_uchar;
    case TY_SHORT: return ty_ushort;
    case TY_INT: case TY_ENUM: return ty_uint;
    case TY_LONG: return ty_ulong;
    case TY_LLONG: return ty_ullong;
    case TY_INT64: return ty_uint64;
    case TY_INT128: return ty_uint128;
    default: return t;
    }
}

struct type *ty_intptr(void) { return tgt.xlen == 32 ? ty_int : ty_long; }
struct type *ty_size_t(void) { return tgt.xlen == 32 ? ty_uint : ty_ulong; }

static struct type *orig(struct type *t) { return t->origin ? t->origin : t; }

bool ty_compatible(struct type *a, struct type *b)
{
    if (a == b) return true;
    if (a->is_const != b->is_const || a->is_volatile != b->is_volatile) return false;
    if (orig(a) == orig(b)) return true;
    if (a->kind == TY_ENUM && b->kind == TY_ENUM) return false;
    if (a->kind == TY_ENUM) return b->kind == (a->is_unsigned ? TY_UINT : TY_INT) || ty_compatible(a->enum_base ? a->enum_base : ty_uint, b);
    if (b->kind == TY_ENUM) return ty_compatible(b, a);
    if (a->kind != b->kind) return false;
    switch (a->kind) {
    case TY_PTR: return ty_compatible(a->base, b->base);
    case TY_ARRAY:
        if (!ty_compatible(a->base, b->base)) return false;
        return a->len < 0 || b->len < 0 || a->len == b->len;
    case TY_FUNC: {
        if (!ty_compatible(a->base, b->base)) return false;
        if (a->oldstyle || b->oldstyle) return true;
        if (a->variadic != b->variadic) return false;
        struct param *p = a->params, *q = b->params;
        for (; p && q; p = p->next, q = q->next)
            if (!ty_compatible(ty_unqual(p->ty), ty_unqual(q->ty))) return false;
        return !p && !q;
    }
    case TY_STRUCT: case TY_UNION: return false;
    case TY_COMPLEX: return a->base->kind == b->base->kind;
    default: return true; /* same arithmetic kind */
    }
}


/* Member offsets, bit-field placement, size and alignment (docs/abi.md §1.2: psABI rules
 * with the data model's unit sizes). */
void ty_layout(struct type *t, struct srcpos pos)
{
    long off = 0, bitpos = 0; /* struct: current position in bits */
    int align = 1;
    long size = 0;
    t->depth = 1;
    for (struct member *m = t->members; m; m = m->next) {
        struct type *mt = m->ty;
        if (mt->depth >= t->depth) t->depth = mt->depth + 1;
        if (!mt->complete && !(mt->kind == TY_ARRAY && !m->next && t->kind == TY_STRUCT))
            cc_error_at(m->pos, "field '%s' has incomplete type", m->name ? m->name : "");
        if (mt->kind == TY_ARRAY && mt->len < 0) t->flexible = true;
        int ma = t->packed ? 1 : mt->align;
        if (t->pack && ma > t->pack) ma = t->pack;  /* #pragma pack(N) */
        if (m->bit_width >= 0) {
            long unit = mt->size * 8;
            if (m->bit_width > unit) cc_error_at(m->pos, "width of bit-field exceeds its type");
            if (t->pack > 1 && t->pack < mt->size && m->bit_width > 0)
                cc_error_at(m->pos, "unsupported: a bit-field of a %ld-byte type under '#pragma pack(%d)'",
                            mt->size, t->pack);
            if (t->kind == TY_UNION) {
                m->offset = 0;
                m->bit_off = 0;
                if (mt->size > size) size = mt->size;
            } else {
                if (m->bit_width == 0) {
                    bitpos = (bitpos + unit - 1) / unit * unit;
                    continue;
                }
                long start = bitpos;
                if (!t->packed && start / unit != (start + m->bit_width - 1) / unit)
                    start = (start + unit - 1) / unit * unit;
                long ua = t->packed ? 8 : unit;
                m->offset = (start / ua) * (ua / 8);
                /* keep the unit naturally aligned */
                m->offset = m->offset / (t->packed ? 1 : mt->size) * (t->packed ? 1 : mt->size);
                m->bit_off = (int)(start - m->offset * 8);
                if (t->packed && m->bit_off + m->bit_width > unit) {
                    m->offset = start / 8;
                    m->bit_off = (int)(start % 8);
                }
                bitpos = start + m->bit_width;
            }
            if (m->name && ma > align) align = ma;
            continue;
        }
        if (t->kind == TY_UNION) {
            m->offset = 0;
            if (mt->size > size) size = mt->size;
        } else {
            off = (bitpos + 7) / 8;
            off = (off + ma - 1) / ma * ma;
            m->offset = off;
            bitpos = (off + mt->size) * 8;
        }
        if (ma > align) align = ma;
    }
    if (t->kind == TY_STRUCT) size = (bitpos + 7) / 8;
    if (t->align > align) align = t->align; /* aligned attribute */
    t->align = align;
    t->size = (size + align - 1) / align * align;
    t->complete = true;
    /* copies made while the type was incomplete (`typedef const struct S *P;` before the
     * definition) are the same type: they get its members, size and alignment (an aligned
     * attribute of the copy is kept; an _Atomic copy is not realigned, as with GCC) */
    for (struct type *c = t->next_copy; c; c = c->next_copy) {
        c->members = t->members;
        c->depth = t->depth;
        c->size = t->size;
        if (c->align < t->align) c->align = t->align;
        c->packed = t->packed;
        c->pack = t->pack;
        c->flexible = t->flexible;
        c->complete = true;
    }
    t->next_copy = NULL;
    (void)pos;
}
