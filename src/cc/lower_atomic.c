/* Lowering: _Atomic objects and the __atomic/__sync builtins. */
#include "cc/lower.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- _Atomic objects
 *
 * Reads and assignments of an _Atomic lvalue are sequentially consistent loads and stores
 * (fence rw,rw around the access, as __atomic_load_n/__atomic_store_n); ++, --, +=, -=, &=,
 * |= and ^= on integers (and ++, --, +=, -= on pointers) are one AMO whose result is
 * computed from the fetched old value; every other compound assignment (and those on
 * _Bool, floating types or with a floating right operand) is a compare-and-swap loop on
 * the object's bits.  1- and 2-byte objects use LR/SC on the containing aligned word
 * (emit_riscv.c).  Objects without a lock-free instruction (larger than a register, or
 * aggregates) are an error: zl-cc has no libatomic. */
int atomic_width(struct type *t, struct srcpos pos)
{
    long s = t->kind == TY_PTR ? tgt.ptr_size : t->size;
    bool aggr = t->kind == TY_STRUCT || t->kind == TY_UNION;
    if ((!ty_is_scalar(t) && !aggr) || s > R() || (s & (s - 1)) || (aggr && (s == 0 || t->align < s)))
        cc_error_at(pos, "atomic access to a %ld-byte object of type '%s': no lock-free instruction on rv%d (zl-cc provides no libatomic)",
                    s, ty_name(ty_unqual(t)), tgt.xlen);
    return (int)s;
}

bool is_atomic_lv(struct node *l)
{
    return l->ty->is_atomic && !(l->kind == N_VAR && promoted(l->var));
}

/* the unsigned integer type an _Atomic struct or union of w bytes is accessed as */
struct type *atomic_bits_type(int w)
{
    return w == 1 ? ty_uchar : w == 2 ? ty_ushort : w == 4 ? ty_uint : w == 8 ? ty_uint64 : ty_uint128;
}

int atomic_load(struct node *l)
{
    struct type *t = ty_unqual(l->ty);
    int w = atomic_width(t, l->pos);
    int p = gen_addr(l);
    if (ty_is_aggr(t)) {
        /* a struct or union value: read as one integer into a temporary */
        struct type *bt = atomic_bits_type(w);
        int a = slot_addr(local_slot(t, w), 0);
        E(IR_FENCE);
        int v = load(bt, p, 0);
        E(IR_FENCE);
        store(bt, a, 0, v);
        return a;
    }
    E(IR_FENCE);
    int v = load(t, p, 0);
    E(IR_FENCE);
    return v;
}

int amo(int op, int w, bool uns, int p, int v)
{
    struct ir_ins *i = E(IR_AMO);
    i->d = vint();
    i->a = p;
    i->b = v;
    i->w = (u8)w;
    i->uns = uns;
    i->imm = op;
    return i->d;
}

int cas(int w, bool uns, int p, int expected, int desired)
{
    struct ir_ins *i = E(IR_CAS);
    i->d = vint();
    i->a = p;
    i->b = expected;
    i->c = desired;
    i->w = (u8)w;
    i->uns = uns;
    return i->d;
}

/* the integer bits of a value of type t and back (float/double live in FP vregs) */
int fmv(int op, int w, int v)
{
    struct ir_ins *i = E(op);
    i->d = op == IR_FMV_XF ? vint() : vfp();
    i->a = v;
    i->w = (u8)w;
    return i->d;
}

/* new value of an _Atomic ++/--/op= from old value `old` (type t); rhs: converted right
 * operand of op= (0 for ++/--) */
int atomic_update(struct node *e, struct type *t, int old, int rhs)
{
    struct node *l = e->l;
    if (e->kind == N_OPASSIGN) {
        if (t->kind == TY_PTR) return ptr_add(e->op, t, old, rhs, e->pos);
        struct type *ct = e->fty;
        int r = arith(e->op, ct, gen_cast_v(old, t, ct, e->pos), rhs, e->pos);
        return gen_cast_v(r, ct, t, e->pos);
    }
    bool inc = e->kind == N_PREINC || e->kind == N_POSTINC;
    if (t->kind == TY_PTR) {
        int dyn;
        long sz = ptr_elem_size(t, e->pos, &dyn);
        return dyn ? bin(inc ? IR_ADD : IR_SUB, R(), old, dyn) : bini(IR_ADD, R(), old, inc ? sz : -sz);
    }
    if (is_fp(t) || is_ld(t)) return arith(inc ? N_ADD : N_SUB, t, old, gen_cast_v(li(1), ty_int, t, l->pos), e->pos);
    if (t->kind == TY_BOOL) return inc ? li(1) : un(IR_SEQZ, R(), old);
    struct type *pt = promote(t);
    return gen_cast_v(bini(IR_ADD, opw(pt), old, inc ? 1 : -1), pt, t, e->pos);
}

/* x op= v, ++x, x++, --x, x-- on an _Atomic lvalue */
int atomic_rmw(struct node *e)
{
    struct node *l = e->l;
    struct type *t = ty_unqual(l->ty);
    int w = atomic_width(t, e->pos);
    bool uns = t->kind == TY_BOOL || t->is_unsigned;
    bool pre = e->kind == N_PREINC || e->kind == N_PREDEC;
    int rhs = e->kind == N_OPASSIGN ? gen_expr(e->r) : 0;
    int p = gen_addr(l);
    int amo_op = -1;
    if (e->kind != N_OPASSIGN) amo_op = 1;
    else if (e->op == N_ADD || e->op == N_SUB) amo_op = 1;
    else if (e->op == N_BAND) amo_op = 2;
    else if (e->op == N_BOR) amo_op = 3;
    else if (e->op == N_BXOR) amo_op = 4;
    bool int_rhs = e->kind != N_OPASSIGN || t->kind == TY_PTR || ty_is_integer(e->fty);
    if (amo_op > 0 && int_rhs && t->kind != TY_BOOL && (ty_is_integer(t) || (t->kind == TY_PTR && amo_op == 1))) {
        /* the operand in t's width: x op= v and (T)x op (T)v agree modulo 2^w for these */
        int operand;
        bool sub = e->kind == N_PREDEC || e->kind == N_POSTDEC || (e->kind == N_OPASSIGN && e->op == N_SUB);
        if (t->kind == TY_PTR) {
            int dyn;
            long sz = ptr_elem_size(t, e->pos, &dyn);
            if (e->kind == N_OPASSIGN) operand = dyn ? bin(IR_MUL, R(), rhs, dyn) : scale_index(rhs, sz);
            else operand = dyn ? dyn : li(sz);
        } else {
            operand = e->kind == N_OPASSIGN ? gen_cast_v(rhs, e->fty, t, e->pos) : li(1);
        }
        if (sub) operand = un(IR_NEG, R(), operand);
        int old = amo(amo_op, w, uns, p, operand);
        if (!pre && e->kind != N_OPASSIGN) return old;
        int nv;
        if (t->kind == TY_PTR) {
            nv = bin(IR_ADD, R(), old, operand);
        } else {
            static const int nk[] = {0, N_ADD, N_BAND, N_BOR, N_BXOR};
            struct type *pt = promote(t);
            nv = gen_cast_v(arith(nk[amo_op], pt, old, operand, e->pos), pt, t, e->pos);
        }
        return nv;
    }
    /* compare-and-swap loop on the bits; `seen` holds the bits last read from memory.  With
     * floating-point arithmetic, the exception flags of an iteration whose compare-and-swap
     * fails are discarded (C11 6.5.16.2 footnote): fflags is read before the loop and
     * written back before each retry, so only the successful iteration's exceptions remain */
    struct type *bt = is_fp(t) ? (w == 4 ? ty_int : ty_int64) : t;
    int seen = vint();
    mov_to(seen, load(bt, p, 0));
    int flags = 0;
    if (is_fp(t) || is_ld(t) || (e->kind == N_OPASSIGN && ty_is_float(e->fty))) {
        flags = vint();
        E(IR_FRFLAGS)->d = flags;
    }
    int loop = ir_block_new(F), retry = ir_block_new(F), done = ir_block_new(F);
    jmp(loop);
    set_block(loop);
    int oldv = is_fp(t) ? fmv(IR_FMV_FX, w, seen) : seen;
    int nv = atomic_update(e, t, oldv, rhs);
    int prev = cas(w, uns, p, seen, is_fp(t) ? fmv(IR_FMV_XF, w, nv) : nv);
    branch_cmp(CC_EQ, prev, seen, done, retry);
    set_block(retry);
    if (flags) E(IR_FSFLAGS)->a = flags;
    mov_to(seen, prev);
    jmp(loop);
    set_block(done);
    return pre || e->kind == N_OPASSIGN ? nv : oldv;
}

/* x = v on an _Atomic lvalue */
int atomic_assign(struct node *e)
{
    struct node *l = e->l;
    struct type *t = ty_unqual(l->ty);
    int w = atomic_width(t, e->pos);
    int v = gen_expr(e->r);
    if (ty_is_aggr(t)) {
        struct type *bt = atomic_bits_type(w);
        int bits = load(bt, v, 0);
        int p = gen_addr(l);
        E(IR_FENCE);
        store(bt, p, 0, bits);
        E(IR_FENCE);
        return p;
    }
    int p = gen_addr(l);
    E(IR_FENCE);
    store(t, p, 0, v);
    E(IR_FENCE);
    return v;
}

int gen_atomic(struct node *e)
{
    int Rs = R();
    if (e->op == B_FENCE) {
        E(IR_FENCE);
        return 0;
    }
    struct type *t = ty_unqual(e->l->ty->base);
    int w = (int)(t->kind == TY_PTR ? tgt.ptr_size : t->size);
    bool uns = t->kind == TY_BOOL || t->is_unsigned;
    int p = gen_expr(e->l);
    switch (e->op) {
    case B_ATOMIC_LOAD: {
        E(IR_FENCE);
        int v = load(t, p, 0);
        E(IR_FENCE);
        return v;
    }
    case B_ATOMIC_STORE: {
        int v = gen_expr(e->r);
        E(IR_FENCE);
        store(t, p, 0, v);
        E(IR_FENCE);
        return 0;
    }
    case B_ATOMIC_RMW: case B_ATOMIC_RMW_NEW: {
        int v = gen_expr(e->r);
        int op = (int)e->val;
        int arg = op == 5 ? un(IR_NEG, w < 4 ? 4 : w, v) : v;
        int old = amo(op == 5 ? 1 : op, w, uns, p, arg);
        if (e->op == B_ATOMIC_RMW) return old;
        static const int nk[] = {0, N_ADD, N_BAND, N_BOR, N_BXOR, N_SUB};
        if (op == 0) return v;
        struct type *ct = t->kind == TY_PTR ? ty_size_t() : promote(t);
        return gen_cast_v(arith(nk[op], ct, old, v, e->pos), ct, t, e->pos);
    }
    case B_ATOMIC_CAS_VAL: case B_ATOMIC_CAS_BOOL: case B_ATOMIC_CMPXCHG: {
        int expp = 0, expected;
        if (e->op == B_ATOMIC_CMPXCHG) {
            expp = gen_expr(e->r);
            expected = load(t, expp, 0);
        } else {
            expected = gen_expr(e->r);
        }
        int desired = gen_expr(e->cond);
        int old = cas(w, uns, p, expected, desired);
        if (e->op == B_ATOMIC_CAS_VAL) return old;
        int ok = un(IR_SEQZ, Rs, bin(IR_XOR, Rs, old, expected));
        if (e->op == B_ATOMIC_CMPXCHG) {
            int fail = ir_block_new(F), done = ir_block_new(F);
            struct ir_ins *br = E(IR_BR);
            br->a = ok;
            br->t1 = done;
            br->t2 = fail;
            set_block(fail);
            store(t, expp, 0, old);
            jmp(done);
            set_block(done);
        }
        return ok;
    }
    default:
        return 0;
    }
}
