/* GNU C's `mode` attribute: `typedef unsigned long u128 __attribute__((mode(TI)));` names
 * the type of an integer or floating mode instead of a C type.  Real code uses it to reach
 * 128-bit arithmetic where `__int128` is not spelled (libtommath's mp_word), and for exact
 * widths (QI/HI/SI/DI).  The modes are GCC's machine modes for RISC-V: integer QI, HI, SI,
 * DI, TI (1, 2, 4, 8, 16 bytes), `byte`, `word` (XLEN), `pointer`, `unwind_word`,
 * `libgcc_cmp_return`, `libgcc_shift_count` (XLEN); floating SF, DF, TF.  The base type's
 * signedness is kept. */
#include "cc/cc.h"

#include <string.h>

/* The integer type of `size` bytes, unsigned if `uns`; NULL if there is none. */
static struct type *int_of_size(long size, bool uns)
{
    if (size == 1) return uns ? ty_uchar : ty_schar;
    if (size == 2) return uns ? ty_ushort : ty_short;
    if (size == 4) return uns ? ty_uint : ty_int;
    if (size == 8) return uns ? ty_uint64 : ty_int64;
    if (size == 16) return tgt.long_size == 16 ? (uns ? ty_ulong : ty_long) : (uns ? ty_uint128 : ty_int128);
    return NULL;
}

/* Bytes of integer mode `m`, 0 if it is not one. */
static long int_mode_size(const char *m)
{
    static const struct { const char *name; long size; } fixed[] = {
        { "QI", 1 }, { "byte", 1 }, { "HI", 2 }, { "SI", 4 }, { "DI", 8 }, { "TI", 16 },
    };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (!strcmp(m, fixed[i].name)) return fixed[i].size;
    if (!strcmp(m, "word") || !strcmp(m, "unwind_word") || !strcmp(m, "libgcc_cmp_return") ||
        !strcmp(m, "libgcc_shift_count"))
        return tgt.regsize;
    if (!strcmp(m, "pointer")) return tgt.ptr_size;
    return 0;
}

static struct type *float_of_mode(const char *m)
{
    if (!strcmp(m, "SF")) return ty_float;
    if (!strcmp(m, "DF")) return ty_double;
    if (!strcmp(m, "TF")) return ty_ldouble;
    return NULL;
}

static struct type *apply_one(struct type *t, const struct attrs *a)
{
    if (!a || !a->mode) return t;
    struct type *base = t->kind == TY_ENUM && t->enum_base ? t->enum_base : t;
    struct type *r = NULL;
    long int_size = int_mode_size(a->mode);
    if (int_size && ty_is_integer(base) && base->kind != TY_BOOL) {
        r = int_of_size(int_size, base->is_unsigned);
    } else if (float_of_mode(a->mode) && ty_is_float(base)) {
        r = float_of_mode(a->mode);
    } else if (int_size || float_of_mode(a->mode)) {
        cc_error_at(a->mode_pos, "mode '%s' applied to inappropriate type", a->mode);
    } else {
        cc_error_at(a->mode_pos, "unknown machine mode '%s'", a->mode);
    }
    return ty_qual(r, t->is_const, t->is_volatile);
}

struct type *ty_apply_mode(struct type *t, const struct attrs *spec, const struct attrs *decl)
{
    return apply_one(apply_one(t, spec), decl);
}
