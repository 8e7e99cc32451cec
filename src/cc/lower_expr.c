/* Lowering: bit-fields, lvalues and addresses, expressions (arithmetic on every
 * width, comparisons and conditions, assignments, ++/--, va_arg). */
#include "cc/lower.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- bit-fields */

/* The bytes a bit-field runs over when its bits go past its type's size (a packed
 * struct or `#pragma pack(1)` puts a field at any bit), as one value with the first
 * byte lowest; *n gets their count.  They must fit in a register: an error otherwise. */
static int bf_straddle_bytes(struct member *m, int addr, int *n, bool vol)
{
    *n = (m->bit_off + m->bit_width + 7) / 8;
    if (*n * 8 > tgt.xlen)
        cc_error_at(m->pos, "unsupported: a packed bit-field over %d bytes, more than a register holds", *n);
    int v = 0;
    for (int i = 0; i < *n; i++) {
        int b = load(ty_qual(ty_uchar, false, vol), addr, m->offset + i);
        if (i) b = bini(IR_SHL, R(), b, 8 * i);
        v = v ? bin(IR_OR, R(), v, b) : b;
    }
    return v;
}

static bool bf_straddles(const struct member *m, const struct type *ut)
{
    return m->bit_off + m->bit_width > ut->size * 8;
}

int bf_load(struct member *m, int addr, bool vol)
{
    struct type *ut = m->ty->kind == TY_ENUM ? (m->ty->enum_base ? m->ty->enum_base : ty_uint) : m->ty;
    ut = ty_qual(ut, false, vol);
    bool bytes = bf_straddles(m, ut);  /* then never wide: bf_straddle_bytes refuses */
    if (!bytes && wide(ut)) {
        /* a field of an integer type wider than a register: the same on word tuples */
        int n = nw(ut), T = n * tgt.xlen;
        int unit = load(ut, addr, m->offset);
        int v = wide_shift_c(N_SHL, true, unit, n, T - m->bit_off - m->bit_width);
        return wide_shift_c(N_SHR, ut->is_unsigned, v, n, T - m->bit_width);
    }
    int nbytes;
    int unit = bytes ? bf_straddle_bytes(m, addr, &nbytes, vol)
                     : load(ut->kind == TY_BOOL ? ty_qual(ty_uchar, false, vol) : ut, addr, m->offset);
    int X = tgt.xlen;
    int sh = X - m->bit_off - m->bit_width;
    int v = sh ? bini(IR_SHL, R(), unit, sh) : unit;
    bool uns = ut->is_unsigned;
    v = bini(uns ? IR_SHR : IR_SAR, R(), v, X - m->bit_width);
    /* canonical form for a 32/64-bit type narrower than XLEN */
    if (uns && ut->size >= 4 && ut->size < R() && m->bit_width == ut->size * 8) v = ext(v, (int)ut->size, false);
    return v;
}

void bf_store(struct member *m, int addr, int val, bool vol)
{
    struct type *ut = m->ty->kind == TY_ENUM ? (m->ty->enum_base ? m->ty->enum_base : ty_uint) : m->ty;
    if (ut->kind == TY_BOOL) ut = ty_uchar;
    ut = ty_qual(ut, false, vol);
    u128 mask = (m->bit_width >= 128 ? ~(u128)0 : (((u128)1 << m->bit_width) - 1)) << m->bit_off;
    bool bytes = bf_straddles(m, ut);  /* then never wide: bf_straddle_bytes refuses */
    int nbytes = 0;
    int unit = bytes ? bf_straddle_bytes(m, addr, &nbytes, vol) : load(ut, addr, m->offset);
    if (!bytes && wide(ut)) {
        int n = nw(ut), X = tgt.xlen, w[16];
        u128 wm = ((u128)1 << X) - 1;
        int sv = wide_shift_c(N_SHL, true, val, n, m->bit_off);
        for (int i = 0; i < n; i++) {
            u128 mw = (mask >> (i * X)) & wm;
            if (mw == 0) w[i] = unit + i;
            else if (mw == wm) w[i] = sv + i;
            else w[i] = bin(IR_OR, R(), bin(IR_AND, R(), unit + i, li((i128)(~mw & wm))), bin(IR_AND, R(), sv + i, li((i128)mw)));
        }
        store(ut, addr, m->offset, tuple(w, n));
        return;
    }
    int clr = bin(IR_AND, R(), unit, li((i128)~mask));
    int sv = m->bit_off ? bini(IR_SHL, R(), val, m->bit_off) : val;
    sv = bin(IR_AND, R(), sv, li((i128)mask));
    int nv = bin(IR_OR, R(), clr, sv);
    if (!bytes) store(ut, addr, m->offset, nv);
    for (int i = 0; i < nbytes; i++) store(ty_uchar, addr, m->offset + i, i ? bini(IR_SHR, R(), nv, 8 * i) : nv);
}

/* ---------------------------------------------------------------- lvalues */

bool promoted(struct obj *o) { return o->is_local && o->vreg; }

int gen_addr(struct node *e)
{
    switch (e->kind) {
    case N_VAR: {
        struct obj *o = e->var;
        if (o->is_local) {
            if (o->vreg) cc_error_at(e->pos, "internal error: address of a register variable");
            if (o->slot < 0) {
                if (o->ty->vla_len) cc_error_at(e->pos, "internal error: VLA without storage");
                o->slot = local_slot(o->ty, o->align > o->ty->align ? o->align : o->ty->align);
            }
            if (o->ty->vla_len) return load(ty_ptr(ty_void), slot_addr(o->slot, 0), 0);
            return slot_addr(o->slot, 0);
        }
        struct ir_ins *i = E(IR_GADDR);
        i->d = vint();
        i->sym = o->asm_name;
        /* thread-local: tp-relative; local-exec (uns) for an object this translation unit
         * defines, initial-exec (uns and w2) for one defined elsewhere */
        i->uns = o->is_tls;
        i->w2 = o->is_tls && !o->is_defined && !o->is_tentative;
        return i->d;
    }
    case N_DEREF: return gen_expr(e->l);
    case N_MEMBER: {
        int base = gen_addr(e->l);
        if (!e->mem->offset) return base;
        return bini(IR_ADD, R(), base, e->mem->offset);
    }
    case N_STR: {
        struct ir_ins *i = E(IR_GADDR);
        i->d = vint();
        i->sym = strlit_label(e->str, e->strlen);
        return i->d;
    }
    case N_COMPOUND_LIT: {
        struct obj *o = e->var;
        if (!o->is_local) {
            struct ir_ins *i = E(IR_GADDR);
            i->d = vint();
            i->sym = o->asm_name;
            return i->d;
        }
        if (o->slot < 0) o->slot = local_slot(o->ty, o->align);
        int a = slot_addr(o->slot, 0);
        init_local(o, e->ini, a);
        return a;
    }
    default:
        if (e->ty->kind == TY_STRUCT || e->ty->kind == TY_UNION || e->ty->kind == TY_COMPLEX) return gen_expr(e);
        cc_error_at(e->pos, "internal error: not an lvalue");
    }
}

/* ---------------------------------------------------------------- expressions */

int cmp_value(enum nk k, struct node *l, struct node *r)
{
    struct type *t = l->ty;
    int a = gen_expr(l), b = gen_expr(r);
    if (is_ld(t)) {
        static const char *const fn[] = {"__eqtf2", "__netf2", "__lttf2", "__letf2", "__gttf2", "__getf2"};
        int c = ld_cmp(fn[k - N_EQ], a, b);
        switch (k) {
        case N_EQ: return un(IR_SEQZ, R(), c);
        case N_NE: return un(IR_SNEZ, R(), c);
        case N_LT: return bin(IR_SLT, R(), c, li(0));
        case N_LE: return bini(IR_SLT, R(), c, 1);
        case N_GT: return bin(IR_SLT, R(), li(0), c);
        default: return bini(IR_XOR, R(), bin(IR_SLT, R(), c, li(0)), 1);
        }
    }
    if (wide(t)) {
        bool u = t->is_unsigned;
        int n = nw(t);
        switch (k) {
        case N_EQ: return wide_eq(a, b, n);
        case N_NE: return bini(IR_XOR, R(), wide_eq(a, b, n), 1);
        case N_LT: return wide_lt(a, b, u, n);
        case N_GT: return wide_lt(b, a, u, n);
        case N_LE: return bini(IR_XOR, R(), wide_lt(b, a, u, n), 1);
        default: return bini(IR_XOR, R(), wide_lt(a, b, u, n), 1);
        }
    }
    if (is_fp(t)) {
        int op = k == N_EQ || k == N_NE ? IR_FEQ : (k == N_LT || k == N_GT) ? IR_FLT : IR_FLE;
        struct ir_ins *i = E(op);
        i->d = vint();
        i->w = (u8)t->size;
        if (k == N_GT || k == N_GE) { i->a = b; i->b = a; }
        else { i->a = a; i->b = b; }
        if (k == N_NE) return bini(IR_XOR, R(), i->d, 1);
        return i->d;
    }
    bool uns = t->kind == TY_PTR || t->is_unsigned;
    int slt = uns ? IR_SLTU : IR_SLT;
    switch (k) {
    case N_EQ: return un(IR_SEQZ, R(), bin(IR_XOR, R(), a, b));
    case N_NE: return un(IR_SNEZ, R(), bin(IR_XOR, R(), a, b));
    case N_LT: return bin(slt, R(), a, b);
    case N_GT: return bin(slt, R(), b, a);
    case N_LE: return bini(IR_XOR, R(), bin(slt, R(), b, a), 1);
    case N_GE: return bini(IR_XOR, R(), bin(slt, R(), a, b), 1);
    default: return 0;
    }
}

int scale_index(int v, long size)
{
    if (size == 1) return v;
    if (size > 0 && (size & (size - 1)) == 0) {
        int sh = 0;
        while ((1L << sh) < size) sh++;
        return bini(IR_SHL, R(), v, sh);
    }
    return bin(IR_MUL, R(), v, li(size));
}

/* the size of a pointer's target: a constant, or (*dyn != 0) the vreg of the run-time
 * size of a variably modified target */
int ptr_elem_size(struct type *pt, struct srcpos pos, int *dyn)
{
    struct type *b = pt->base;
    *dyn = 0;
    if (b->vla_len) {
        *dyn = gen_expr(vla_size_ref(b, pos));
        return 0;
    }
    if (b->kind == TY_VOID || b->kind == TY_FUNC) return 1;
    return (int)b->size;
}

int wide_shift(int k, bool uns, int a, int n)
{
    int X = tgt.xlen, Rs = R();
    int res = vpair();
    int big = bini(IR_AND, Rs, n, X);
    int t = ir_block_new(F), f = ir_block_new(F), end = ir_block_new(F);
    struct ir_ins *br = E(IR_BR);
    br->a = big;
    br->t1 = t;
    br->t2 = f;
    set_block(t);
    if (k == N_SHL) {
        mov_to(res + 1, bin(IR_SHL, Rs, a, n));
        mov_to(res, li(0));
    } else {
        mov_to(res, bin(uns ? IR_SHR : IR_SAR, Rs, a + 1, n));
        mov_to(res + 1, uns ? li(0) : bini(IR_SAR, Rs, a + 1, X - 1));
    }
    jmp(end);
    set_block(f);
    int inv = un(IR_NOT, Rs, n);
    if (k == N_SHL) {
        int carry = bin(IR_SHR, Rs, bini(IR_SHR, Rs, a, 1), inv);
        mov_to(res + 1, bin(IR_OR, Rs, bin(IR_SHL, Rs, a + 1, n), carry));
        mov_to(res, bin(IR_SHL, Rs, a, n));
    } else {
        int carry = bin(IR_SHL, Rs, bini(IR_SHL, Rs, a + 1, 1), inv);
        mov_to(res, bin(IR_OR, Rs, bin(IR_SHR, Rs, a, n), carry));
        mov_to(res + 1, bin(uns ? IR_SHR : IR_SAR, Rs, a + 1, n));
    }
    jmp(end);
    set_block(end);
    return res;
}

/* shift of an n-word value (n > 2: __int128 on rv32) by the variable count c, branch-free:
 * whole-word moves selected by the count's bits, then a shift within words */
int wide_shift_n(int k, bool uns, int a, int n, int c)
{
    int X = tgt.xlen, Rs = R(), w[16];
    for (int i = 0; i < n; i++) w[i] = a + i;
    int fill = k == N_SHL || uns ? li(0) : bini(IR_SAR, Rs, a + n - 1, X - 1);
    for (int step = 1; step < n; step <<= 1) {
        int m = un(IR_NEG, Rs, un(IR_SNEZ, Rs, bini(IR_AND, Rs, c, (i128)step * X)));
        int nw_[16];
        for (int i = 0; i < n; i++) {
            int j = k == N_SHL ? i - step : i + step;
            int src = j < 0 ? li(0) : j >= n ? fill : w[j];
            nw_[i] = bin(IR_XOR, Rs, w[i], bin(IR_AND, Rs, bin(IR_XOR, Rs, w[i], src), m));
        }
        memcpy(w, nw_, sizeof(int) * (size_t)n);
    }
    int inv = un(IR_NOT, Rs, c), r[16];
    for (int i = 0; i < n; i++) {
        if (k == N_SHL) {
            r[i] = bin(IR_SHL, Rs, w[i], c);
            if (i > 0) r[i] = bin(IR_OR, Rs, r[i], bin(IR_SHR, Rs, bini(IR_SHR, Rs, w[i - 1], 1), inv));
        } else if (i == n - 1) {
            r[i] = bin(uns ? IR_SHR : IR_SAR, Rs, w[i], c);
        } else {
            r[i] = bin(IR_OR, Rs, bin(IR_SHR, Rs, w[i], c), bin(IR_SHL, Rs, bini(IR_SHL, Rs, w[i + 1], 1), inv));
        }
    }
    return tuple(r, n);
}

/* four-word (__int128 on rv32) arithmetic */
int wide_arith_n(int k, struct type *t, int a, int b)
{
    int Rs = R(), n = nw(t), w[16];
    bool u = t->is_unsigned;
    switch (k) {
    case N_ADD: case N_SUB: {
        int carry = 0;
        for (int i = 0; i < n; i++) {
            int op = k == N_ADD ? IR_ADD : IR_SUB;
            int s = bin(op, Rs, a + i, b + i);
            int c1 = k == N_ADD ? bin(IR_SLTU, Rs, s, a + i) : bin(IR_SLTU, Rs, a + i, b + i);
            if (carry) {
                int s2 = bin(op, Rs, s, carry);
                int c2 = k == N_ADD ? bin(IR_SLTU, Rs, s2, s) : bin(IR_SLTU, Rs, s, carry);
                s = s2;
                c1 = bin(IR_OR, Rs, c1, c2);
            }
            w[i] = s;
            carry = c1;
        }
        return tuple(w, n);
    }
    case N_BAND: case N_BOR: case N_BXOR:
        for (int i = 0; i < n; i++) w[i] = bin(k == N_BAND ? IR_AND : k == N_BOR ? IR_OR : IR_XOR, Rs, a + i, b + i);
        return tuple(w, n);
    case N_SHL: case N_SHR: return wide_shift_n(k, u, a, n, b);
    default: {
        int args[2] = {a, b}, kinds[2] = {n, n};
        const char *sym = k == N_MUL ? "__multi3" : cc_printf("__%s%s%s3", u ? "u" : "", k == N_DIV ? "div" : "mod", rt_mode(t));
        return rt_call(sym, args, kinds, 2, n);
    }
    }
}

int wide_arith(int k, struct type *t, int a, int b)
{
    int Rs = R();
    bool u = t->is_unsigned;
    if (nw(t) > 2) return wide_arith_n(k, t, a, b);
    switch (k) {
    case N_ADD: {
        int lo = bin(IR_ADD, Rs, a, b);
        int c = bin(IR_SLTU, Rs, lo, a);
        int hi = bin(IR_ADD, Rs, bin(IR_ADD, Rs, a + 1, b + 1), c);
        return pair(lo, hi);
    }
    case N_SUB: {
        int lo = bin(IR_SUB, Rs, a, b);
        int c = bin(IR_SLTU, Rs, a, b);
        int hi = bin(IR_SUB, Rs, bin(IR_SUB, Rs, a + 1, b + 1), c);
        return pair(lo, hi);
    }
    case N_MUL: {
        int lo = bin(IR_MUL, Rs, a, b);
        int h = bin(IR_MULHU, Rs, a, b);
        h = bin(IR_ADD, Rs, h, bin(IR_MUL, Rs, a, b + 1));
        h = bin(IR_ADD, Rs, h, bin(IR_MUL, Rs, a + 1, b));
        return pair(lo, h);
    }
    case N_BAND: return pair(bin(IR_AND, Rs, a, b), bin(IR_AND, Rs, a + 1, b + 1));
    case N_BOR: return pair(bin(IR_OR, Rs, a, b), bin(IR_OR, Rs, a + 1, b + 1));
    case N_BXOR: return pair(bin(IR_XOR, Rs, a, b), bin(IR_XOR, Rs, a + 1, b + 1));
    case N_SHL: case N_SHR: return wide_shift(k, u, a, b);
    case N_DIV: case N_MOD: {
        int args[2] = {a, b}, kinds[2] = {2, 2};
        const char *sym = cc_printf("__%s%s%s3", u ? "u" : "", k == N_DIV ? "div" : "mod", rt_mode(t));
        return rt_call(sym, args, kinds, 2, 2);
    }
    default: return 0;
    }
}

/* a < b for wide integers, as 0/1 */
int wide_lt(int a, int b, bool uns, int n)
{
    int Rs = R();
    if (n > 2) {
        /* from the least significant word up: lt = (a_i < b_i) | (a_i == b_i & lt) */
        int lt = bin(IR_SLTU, Rs, a, b);
        for (int i = 1; i < n; i++) {
            int l = bin(uns || i < n - 1 ? IR_SLTU : IR_SLT, Rs, a + i, b + i);
            int e = un(IR_SEQZ, Rs, bin(IR_XOR, Rs, a + i, b + i));
            lt = bin(IR_OR, Rs, l, bin(IR_AND, Rs, e, lt));
        }
        return lt;
    }
    int hlt = bin(uns ? IR_SLTU : IR_SLT, Rs, a + 1, b + 1);
    int heq = un(IR_SEQZ, Rs, bin(IR_XOR, Rs, a + 1, b + 1));
    int llt = bin(IR_SLTU, Rs, a, b);
    return bin(IR_OR, Rs, hlt, bin(IR_AND, Rs, heq, llt));
}

int wide_eq(int a, int b, int n)
{
    int Rs = R();
    if (n > 2) {
        int o = bin(IR_XOR, Rs, a, b);
        for (int i = 1; i < n; i++) o = bin(IR_OR, Rs, o, bin(IR_XOR, Rs, a + i, b + i));
        return un(IR_SEQZ, Rs, o);
    }
    return un(IR_SEQZ, Rs, bin(IR_OR, Rs, bin(IR_XOR, Rs, a, b), bin(IR_XOR, Rs, a + 1, b + 1)));
}

int arith(int k, struct type *t, int a, int b, struct srcpos pos)
{
    if (is_ld(t)) {
        int args[2] = {a, b};
        const char *sym = k == N_ADD ? "__addtf3" : k == N_SUB ? "__subtf3" : k == N_MUL ? "__multf3" : "__divtf3";
        return ld_call(sym, args, 2, ldw());
    }
    if (wide(t)) return wide_arith(k, t, a, b);
    if (is_fp(t)) {
        int op = k == N_ADD ? IR_FADD : k == N_SUB ? IR_FSUB : k == N_MUL ? IR_FMUL : IR_FDIV;
        struct ir_ins *i = E(op);
        i->d = vfp();
        i->a = a;
        i->b = b;
        i->w = (u8)t->size;
        return i->d;
    }
    int w = opw(t);
    bool u = t->is_unsigned || t->kind == TY_PTR;
    int op;
    switch (k) {
    case N_ADD: op = IR_ADD; break;
    case N_SUB: op = IR_SUB; break;
    case N_MUL: op = IR_MUL; break;
    case N_DIV: op = u ? IR_DIVU : IR_DIV; break;
    case N_MOD: op = u ? IR_REMU : IR_REM; break;
    case N_BAND: op = IR_AND; break;
    case N_BOR: op = IR_OR; break;
    case N_BXOR: op = IR_XOR; break;
    case N_SHL: op = IR_SHL; break;
    case N_SHR: op = u ? IR_SHR : IR_SAR; break;
    default: cc_error_at(pos, "internal error: bad arithmetic operator");
    }
    int r = bin(op, w, a, b);
    return r;
}

/* a (ptr) +/- b (intptr) */
int ptr_add(int k, struct type *pt, int a, int b, struct srcpos pos)
{
    int dyn;
    int sz = ptr_elem_size(pt, pos, &dyn);
    int off = dyn ? bin(IR_MUL, R(), b, dyn) : scale_index(b, sz);
    return bin(k == N_ADD ? IR_ADD : IR_SUB, R(), a, off);
}

int gen_binary(struct node *e)
{
    if (e->kind == N_ADD || e->kind == N_SUB) {
        if (e->l->ty->kind == TY_PTR && e->r->ty->kind == TY_PTR) {
            int a = gen_expr(e->l), b = gen_expr(e->r);
            int d = bin(IR_SUB, R(), a, b);
            int dyn;
            int sz = ptr_elem_size(e->l->ty, e->pos, &dyn);
            if (dyn) return bin(IR_DIV, R(), d, dyn);
            if (sz == 1) return d;
            if ((sz & (sz - 1)) == 0) {
                int sh = 0;
                while ((1 << sh) < sz) sh++;
                return bini(IR_SAR, R(), d, sh);
            }
            return bin(IR_DIV, R(), d, li(sz));
        }
        if (e->l->ty->kind == TY_PTR) {
            int a = gen_expr(e->l), b = gen_expr(e->r);
            return ptr_add(e->kind, e->l->ty, a, b, e->pos);
        }
    }
    int a = gen_expr(e->l), b = gen_expr(e->r);
    return signed_nowrap(arith(e->kind, e->ty, a, b, e->pos), e->ty);
}

int gen_logical_value(struct node *e)
{
    int t = ir_block_new(F), f = ir_block_new(F), end = ir_block_new(F);
    int r = vint();
    gen_cond(e, t, f);
    set_block(t);
    E(IR_LI)->d = r;
    F->blocks[cur]->ins[F->blocks[cur]->n - 1].imm = 1;
    jmp(end);
    set_block(f);
    E(IR_LI)->d = r;
    jmp(end);
    set_block(end);
    return r;
}

void gen_cond(struct node *e, int t, int f)
{
    /* an integer constant condition jumps straight to its side: the other becomes
     * unreachable and is dropped at every -O level, so `if (0) f();` references no f (as
     * GCC, whose front end folds it even at -O0; configure-time feature switches such as
     * libtommath's MP_HAS() rely on it) */
    i128 cv;
    const char *sym;
    if (ty_is_integer(e->ty) && eval_const(e, &sym, &cv) && !sym) {
        jmp(cv ? t : f);
        return;
    }
    switch (e->kind) {
    case N_LAND: {
        int mid = ir_block_new(F);
        gen_cond(e->l, mid, f);
        set_block(mid);
        gen_cond(e->r, t, f);
        return;
    }
    case N_LOR: {
        int mid = ir_block_new(F);
        gen_cond(e->l, t, mid);
        set_block(mid);
        gen_cond(e->r, t, f);
        return;
    }
    case N_LNOT: gen_cond(e->l, f, t); return;
    case N_EQ: case N_NE: case N_LT: case N_LE: case N_GT: case N_GE:
        /* `x != 0` and `x == 0` of an integer test x itself, so a comparison inside
         * (`__builtin_expect(a <= b, 0)` is `(a <= b) != 0`) becomes the branch */
        if (e->kind == N_EQ || e->kind == N_NE) {
            struct node *x = NULL;
            if (ty_is_integer(e->l->ty) && eval_const(e->r, &sym, &cv) && !sym && cv == 0) x = e->l;
            else if (ty_is_integer(e->r->ty) && eval_const(e->l, &sym, &cv) && !sym && cv == 0) x = e->r;
            if (x) {
                if (e->kind == N_NE) gen_cond(x, t, f);
                else gen_cond(x, f, t);
                return;
            }
        }
        if (!is_fp(e->l->ty) && !wide(e->l->ty) && !is_ld(e->l->ty) && e->l->ty->kind != TY_COMPLEX) {
            int a = gen_expr(e->l), b = gen_expr(e->r);
            bool u = e->l->ty->kind == TY_PTR || e->l->ty->is_unsigned;
            struct ir_ins *i = E(IR_BCMP);
            i->t1 = t;
            i->t2 = f;
            switch (e->kind) {
            case N_EQ: i->imm = CC_EQ; i->a = a; i->b = b; break;
            case N_NE: i->imm = CC_NE; i->a = a; i->b = b; break;
            case N_LT: i->imm = u ? CC_LTU : CC_LT; i->a = a; i->b = b; break;
            case N_GE: i->imm = u ? CC_GEU : CC_GE; i->a = a; i->b = b; break;
            case N_GT: i->imm = u ? CC_LTU : CC_LT; i->a = b; i->b = a; break;
            default: i->imm = u ? CC_GEU : CC_GE; i->a = b; i->b = a; break;
            }
            return;
        }
        break;
    case N_NUM: jmp(e->val ? t : f); return;
    /* the parts of a value that is only tested branch themselves (GCC's jump threading
     * gets the same from the 0/1 values): Lua's `luaV_fastgeti` is `!ttistable(t) ?
     * (slot = NULL, 0) : (slot = ..., !isempty(slot))` */
    case N_COMMA:
        gen_expr(e->l);
        gen_cond(e->r, t, f);
        return;
    case N_COND:
        if (ty_is_integer(e->ty) || e->ty->kind == TY_PTR) {
            int a = ir_block_new(F), b = ir_block_new(F);
            /* `c ?: x` is true when c is: c is evaluated once */
            gen_cond(e->cond, e->op ? t : a, b);
            set_block(a);
            if (!e->op) gen_cond(e->then, t, f);
            else jmp(t);
            set_block(b);
            gen_cond(e->els, t, f);
            return;
        }
        break;
    case N_CAST:
        /* a conversion that keeps zero and non-zero apart: to _Bool, or to an integer
         * type at least as wide, of an integer or pointer */
        if ((ty_is_integer(e->l->ty) || e->l->ty->kind == TY_PTR) && ty_is_integer(e->ty) &&
            (e->ty->kind == TY_BOOL || e->ty->size >= e->l->ty->size)) {
            gen_cond(e->l, t, f);
            return;
        }
        break;
    default: break;
    }
    int v = gen_expr(e);
    if (is_fp(e->ty) || wide(e->ty) || is_ld(e->ty) || e->ty->kind == TY_COMPLEX) v = gen_cast_v(v, e->ty, ty_bool, e->pos);
    struct ir_ins *i = E(IR_BR);
    i->a = v;
    i->t1 = t;
    i->t2 = f;
}

int load_lvalue(struct node *e)
{
    if (e->kind == N_VAR && promoted(e->var)) return e->var->vreg;
    if (is_atomic_lv(e)) return atomic_load(e);
    if (e->kind == N_MEMBER && e->mem->bit_width >= 0) return bf_load(e->mem, gen_addr(e->l), e->ty->is_volatile);
    if (in_mem(e->ty)) return gen_addr(e);
    return load(e->ty, gen_addr(e), 0);
}

/* store v into lvalue e whose address (if in memory) is addr */
void store_lvalue(struct node *e, int addr, int v)
{
    if (e->kind == N_VAR && promoted(e->var)) {
        assign_var(e->var->vreg, v, e->ty);
        return;
    }
    if (e->kind == N_MEMBER && e->mem->bit_width >= 0) {
        bf_store(e->mem, addr, v, e->ty->is_volatile);
        return;
    }
    store(e->ty, addr, 0, v);
}

int lvalue_addr(struct node *e)
{
    if (e->kind == N_VAR && promoted(e->var)) return 0;
    if (e->kind == N_MEMBER && e->mem->bit_width >= 0) return gen_addr(e->l);
    return gen_addr(e);
}

int load_at(struct node *e, int addr)
{
    if (e->kind == N_VAR && promoted(e->var)) return e->var->vreg;
    if (e->kind == N_MEMBER && e->mem->bit_width >= 0) return bf_load(e->mem, addr, e->ty->is_volatile);
    if (in_mem(e->ty)) return addr;
    return load(e->ty, addr, 0);
}

/* value of a bit-field after storing v: v truncated to the field */
int bf_trunc(struct node *e, int v)
{
    if (e->kind != N_MEMBER || e->mem->bit_width < 0) return v;
    int X = tgt.xlen, w = e->mem->bit_width;
    struct type *ut = e->mem->ty;
    if (wide(ut)) {
        int n = nw(ut), T = n * X;
        v = wide_shift_c(N_SHL, true, v, n, T - w);
        return wide_shift_c(N_SHR, ut->is_unsigned, v, n, T - w);
    }
    v = bini(IR_SHL, R(), v, X - w);
    return bini(ut->is_unsigned ? IR_SHR : IR_SAR, R(), v, X - w);
}

int gen_assign(struct node *e)
{
    struct node *l = e->l;
    if (is_atomic_lv(l)) return atomic_assign(e);
    if (l->ty->kind == TY_STRUCT || l->ty->kind == TY_UNION || l->ty->kind == TY_COMPLEX) {
        int src = gen_expr(e->r);
        int dst = gen_addr(l);
        copy_mem(dst, src, l->ty->size, l->ty->align);
        return dst;
    }
    int v = gen_expr(e->r);
    if (l->kind == N_VAR && promoted(l->var)) return assign_var(l->var->vreg, v, l->ty);
    int a = lvalue_addr(l);
    store_lvalue(l, a, v);
    return bf_trunc(l, v);
}

int gen_opassign(struct node *e)
{
    struct node *l = e->l;
    if (is_atomic_lv(l)) return atomic_rmw(e);
    int a = lvalue_addr(l);
    int old = load_at(l, a);
    int r;
    if (l->ty->kind == TY_PTR) {
        int b = gen_expr(e->r);
        r = ptr_add(e->op, l->ty, old, b, e->pos);
    } else if (e->fty->kind == TY_COMPLEX) {
        /* l op= r computed as l = l op r in the complex computation type (the left
         * operand converted as cplx_binary does) */
        struct type *ct = e->fty;
        struct type *lt = l->ty->kind == TY_COMPLEX || (e->op == N_DIV && e->r->ty->kind == TY_COMPLEX) ? ct : ct->base;
        int lv = gen_cast_v(old, l->ty, lt, e->pos);
        int b = gen_expr(e->r);
        r = gen_cast_v(cplx_arith_v(e->op, ct, lv, lt, b, e->r->ty, e->pos), ct, l->ty, e->pos);
        if (l->ty->kind == TY_COMPLEX) {
            copy_mem(a, r, l->ty->size, l->ty->align);
            return a;
        }
    } else {
        struct type *ct = e->fty;
        int lv = gen_cast_v(old, l->ty, ct, e->pos);
        int b = gen_expr(e->r);
        if (e->op == N_SHL || e->op == N_SHR) ct = e->fty;
        r = signed_nowrap(arith(e->op, ct, lv, b, e->pos), ct);
        r = gen_cast_v(r, ct, l->ty, e->pos);
    }
    if (l->kind == N_VAR && promoted(l->var)) return assign_var(l->var->vreg, r, l->ty);
    store_lvalue(l, a, r);
    return bf_trunc(l, r);
}

int gen_incdec(struct node *e)
{
    struct node *l = e->l;
    if (is_atomic_lv(l)) return atomic_rmw(e);
    int a = lvalue_addr(l);
    int old = load_at(l, a);
    if (l->kind == N_VAR && promoted(l->var) && (e->kind == N_POSTINC || e->kind == N_POSTDEC))
        old = copy_val(old, l->ty);
    bool inc = e->kind == N_PREINC || e->kind == N_POSTINC;
    int nv;
    int ret_old = old;
    /* compute the new value from the variable itself, so an unused old copy is dead code */
    if (l->kind == N_VAR && promoted(l->var) && !wide(l->ty)) old = l->var->vreg;
    struct type *t = l->ty;
    if (t->kind == TY_PTR) {
        int dyn;
        long sz = ptr_elem_size(t, e->pos, &dyn);
        nv = dyn ? bin(inc ? IR_ADD : IR_SUB, R(), old, dyn) : bini(IR_ADD, R(), old, inc ? sz : -sz);
    } else if (is_fp(t) || is_ld(t)) {
        int one = gen_cast_v(li(1), ty_int, t, e->pos);
        nv = arith(inc ? N_ADD : N_SUB, t, old, one, e->pos);
    } else if (t->kind == TY_BOOL) {
        nv = inc ? li(1) : un(IR_SEQZ, R(), old);
    } else if (wide(t)) {
        nv = wide_arith(inc ? N_ADD : N_SUB, t, old, const_words(1, nw(t)));
    } else {
        struct type *pt = promote(t);
        nv = signed_nowrap(bini(IR_ADD, opw(pt), old, inc ? 1 : -1), pt);
        nv = gen_cast_v(nv, pt, t, e->pos);
    }
    if (l->kind == N_VAR && promoted(l->var)) {
        nv = assign_var(l->var->vreg, nv, l->ty);
        return e->kind == N_PREINC || e->kind == N_PREDEC ? nv : ret_old;
    }
    store_lvalue(l, a, nv);
    if (e->kind == N_PREINC || e->kind == N_PREDEC) return bf_trunc(l, nv);
    return ret_old;
}

int gen_va_arg(struct node *e)
{
    struct type *t = e->ty;
    int apaddr = lvalue_addr(e->l);
    int ap = load_at(e->l, apaddr);
    struct abi_class c;
    abi_classify(t, true, &c);
    int Rs = R();
    int res, next_ap;
    if (c.kind == ABI_INDIRECT) {
        int p = load(ty_ptr(ty_void), ap, 0);
        res = p;
        next_ap = bini(IR_ADD, Rs, ap, Rs);
        if (!in_mem(t)) res = load(t, p, 0);
    } else {
        if (t->align > Rs && Rs < 16) {
            /* as on the caller's side (assign_parts): aligned to the value's alignment,
             * capped at 16 */
            int al = t->align > 16 ? 16 : (int)t->align;
            ap = bini(IR_ADD, Rs, ap, al - 1);
            ap = bini(IR_AND, Rs, ap, -al);
        }
        long sz = (t->size + Rs - 1) / Rs * Rs;
        if (sz == 0) sz = Rs;
        next_ap = bini(IR_ADD, Rs, ap, sz);
        if (in_mem(t)) {
            int s = ir_slot_new(F, sz, Rs);
            int a = slot_addr(s, 0);
            copy_mem(a, ap, t->size, Rs);
            res = a;
        } else {
            res = load(t, ap, 0);
        }
    }
    store_lvalue(e->l, apaddr, next_ap);
    return res;
}

int gen_expr(struct node *e)
{
    switch (e->kind) {
    case N_NUM:
        if (wide(e->ty)) {
            i128 v = wrap_int(e->val, e->ty);
            return const_words(v, nw(e->ty));
        }
        return li(canon(e->val, e->ty));
    case N_FNUM: {
        if (is_ld(e->ty)) return ld_const_bits(e->ld_exact ? e->ldbits : dbl_to_tf_bits(e->fval));
        struct ir_ins *i = E(IR_FLI);
        i->d = vfp();
        i->w = (u8)e->ty->size;
        if (e->ty->kind == TY_FLOAT) {
            float f = (float)e->fval;
            u32 b;
            memcpy(&b, &f, 4);
            i->imm = b;
        } else {
            u64 b;
            memcpy(&b, &e->fval, 8);
            i->imm = (i128)b;
        }
        return i->d;
    }
    case N_STR: return gen_addr(e);
    case N_COMPOUND_LIT:
        /* an aggregate or array stands for its address; a scalar one for its value */
        if (in_mem(e->ty) || e->ty->kind == TY_ARRAY) return gen_addr(e);
        return load_lvalue(e);
    case N_VAR:
        if (e->var->is_func) return gen_addr(e);
        return load_lvalue(e);
    case N_DEREF: case N_MEMBER:
        if (e->ty->kind == TY_FUNC) return gen_expr(e->l);
        return load_lvalue(e);
    case N_ADDR:
        if (e->l->kind == N_VAR && e->l->var->is_func) {
            struct ir_ins *i = E(IR_GADDR);
            i->d = vint();
            i->sym = e->l->var->asm_name;
            return i->d;
        }
        if (e->l->ty->kind == TY_FUNC && e->l->kind == N_DEREF) return gen_expr(e->l->l);
        return gen_addr(e->l);
    case N_CAST: {
        int v = gen_expr(e->l);
        return gen_cast_v(v, e->l->ty, e->ty, e->pos);
    }
    case N_ADD: case N_SUB: case N_MUL: case N_DIV: case N_MOD: case N_SHL: case N_SHR:
    case N_BAND: case N_BOR: case N_BXOR:
        if (e->ty->kind == TY_COMPLEX) {
            int a = gen_expr(e->l), b = gen_expr(e->r);
            return cplx_arith_v(e->kind, e->ty, a, e->l->ty, b, e->r->ty, e->pos);
        }
        return gen_binary(e);
    case N_EQ: case N_NE: case N_LT: case N_LE: case N_GT: case N_GE:
        if (e->l->ty->kind == TY_COMPLEX) return cplx_eq(e);
        return cmp_value(e->kind, e->l, e->r);
    case N_LAND: case N_LOR: return gen_logical_value(e);
    case N_LNOT: {
        int v = gen_expr(e->l);
        if (is_fp(e->l->ty) || wide(e->l->ty) || is_ld(e->l->ty) || e->l->ty->kind == TY_COMPLEX) v = gen_cast_v(v, e->l->ty, ty_bool, e->pos);
        return un(IR_SEQZ, R(), v);
    }
    case N_NEG: {
        int v = gen_expr(e->l);
        if (e->ty->kind == TY_COMPLEX) return cplx_neg(e->ty, v, false);
        if (is_fp(e->ty) || is_ld(e->ty)) return elem_neg(e->ty, v);
        if (wide(e->ty)) return wide_arith(N_SUB, e->ty, const_words(0, nw(e->ty)), v);
        return un(IR_NEG, opw(e->ty), v);
    }
    case N_BNOT: {
        int v = gen_expr(e->l);
        if (e->ty->kind == TY_COMPLEX) return cplx_neg(e->ty, v, true);
        if (wide(e->ty)) {
            int n = nw(e->ty), w[4];
            for (int i = 0; i < n; i++) w[i] = un(IR_NOT, R(), v + i);
            return tuple(w, n);
        }
        return un(IR_NOT, opw(e->ty), v);
    }
    case N_ASSIGN: return gen_assign(e);
    case N_OPASSIGN: return gen_opassign(e);
    case N_PREINC: case N_PREDEC: case N_POSTINC: case N_POSTDEC: return gen_incdec(e);
    case N_COMMA:
        gen_expr(e->l);
        return gen_expr(e->r);
    case N_COND: {
        int t = ir_block_new(F), f = ir_block_new(F), end = ir_block_new(F);
        int r = e->ty->kind == TY_VOID ? 0 : is_fp(e->ty) ? vfp() : wide(e->ty) ? vtuple(nw(e->ty)) : vint();
        int c = 0;
        if (e->op) {
            /* GNU `c ?: x`: c's value, evaluated once, is both the test and the result */
            c = gen_expr(e->cond);
            int tv = c;
            if (is_fp(e->cond->ty) || wide(e->cond->ty) || is_ld(e->cond->ty) || e->cond->ty->kind == TY_COMPLEX)
                tv = gen_cast_v(c, e->cond->ty, ty_bool, e->pos);
            struct ir_ins *br = E(IR_BR);
            br->a = tv;
            br->t1 = t;
            br->t2 = f;
        } else {
            gen_cond(e->cond, t, f);
        }
        set_block(t);
        int a = e->op ? gen_cast_v(c, e->cond->ty, e->then->ty, e->pos) : gen_expr(e->then);
        if (r) mov_val(r, a, e->ty);
        jmp(end);
        set_block(f);
        int b = gen_expr(e->els);
        if (r) mov_val(r, b, e->ty);
        jmp(end);
        set_block(end);
        return r;
    }
    case N_CALL: return gen_call(e);
    case N_STMT_EXPR: {
        struct node *last = NULL;
        int d0 = vdepth;
        for (struct node *s = e->body->body; s; s = s->next) {
            if (!s->next && s->kind == N_EXPR_STMT && e->ty->kind != TY_VOID) {
                last = s;
                break;
            }
            gen_stmt(s);
        }
        int v = last ? gen_expr(rvalue(last->l)) : 0;
        scope_leave(d0, false);   /* the value is computed first; its VLAs stay */
        vdepth = d0;
        return v;
    }
    case N_VA_START: {
        int a = lvalue_addr(e->l);
        struct ir_ins *i = E(IR_FRAMEADDR);
        i->d = vint();
        i->imm = -(long)(8 - F->va_first_gpr) * R();
        store_lvalue(e->l, a, i->d);
        return 0;
    }
    case N_VA_END: gen_expr(e->l); return 0;
    case N_VA_ARG: return gen_va_arg(e);
    case N_BUILTIN:
        if (e->op == B_COMPLEX) {
            int re = gen_expr(e->l), im = gen_expr(e->r);
            return cplx_store(e->ty, re, im);
        }
        return gen_builtin(e);
    case N_VREG: return (int)e->val;
    case N_LABEL_ADDR: {
        struct lbl *l = label(e->str, e->pos);
        F->blocks[l->block]->addr_taken = true;
        struct ir_ins *i = E(IR_BLOCKADDR);
        i->d = vint();
        i->t1 = l->block;
        return i->d;
    }
    default:
        cc_error_at(e->pos, "internal error: cannot lower expression kind %d", e->kind);
    }
}
