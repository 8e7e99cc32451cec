/* Lowering: typed AST -> IR with virtual registers (ir.h).  Scalars whose address is
 * never taken live in vregs; everything else lives in frame slots or static storage.
 * Aggregate values are represented by their address. */
#include "cc/ir.h"

#include <stdlib.h>
#include <string.h>

static struct ir_func *F;
static struct obj *FN;
static int cur;                 /* current block */
static int brk_target, cont_target;
/* VLA scopes: for each VLA object whose scope the current point is in (outermost first),
 * the stack pointer saved before its allocation.  Leaving scopes (the end of a block,
 * break, continue, goto) restores the saved value of the outermost one left, which frees
 * the stack space of every VLA allocated since. */
/* the scopes a jump may leave: a VLA (saved: sp before it) or a variable with a cleanup
 * function (cleanup: the call), outermost first */
static struct vscope { struct node *decl; int saved; struct node *cleanup; } *vstk;
static void scope_leave(int depth, bool free_vlas);
static int vdepth, vcap;
static int brk_vdepth, cont_vdepth; /* vdepth at the break/continue targets */
static int sw_vdepth;               /* vdepth at the innermost switch */
static struct srcpos sw_pos;        /* ... and where it is */
static bool fn_has_vla;  /* or a variable with a cleanup: gotos must leave scopes */
static int ret_ptr_vreg;        /* hidden struct-return pointer */
static struct abi_class ret_class;
static struct lbl { const char *name; int block; bool defined; struct srcpos pos; struct lbl *next; } *labels;

static struct ir_ins *E(int op) { return ir_emit(F, cur, op); }
static int vint(void) { return ir_vreg(F, 0); }
static int vfp(void) { return ir_vreg(F, 1); }
static int R(void) { return tgt.regsize; }

static bool is_fp(struct type *t) { return t->kind == TY_FLOAT || t->kind == TY_DOUBLE; }

static int set_block(int b)
{
    cur = b;
    return b;
}

static void jmp(int b)
{
    E(IR_JMP)->t1 = b;
}

static bool block_ends(void)
{
    struct ir_block *b = F->blocks[cur];
    if (!b->n) return false;
    int op = b->ins[b->n - 1].op;
    return op == IR_JMP || op == IR_BR || op == IR_BCMP || op == IR_RET;
}

/* canonical immediate of type t */
static i128 canon(i128 v, struct type *t)
{
    v = wrap_int(v, t);
    long s = t->kind == TY_PTR ? tgt.ptr_size : t->size;
    if (s >= 4) {
        int bits = (int)s * 8;
        if (bits < 128) {
            u128 m = ((u128)1 << bits) - 1;
            u128 u = (u128)v & m;
            if ((u >> (bits - 1)) & 1) u |= ~m;
            v = (i128)u;
        }
    }
    return v;
}

static int li(i128 v)
{
    struct ir_ins *i = E(IR_LI);
    i->d = vint();
    if (tgt.xlen < 128) {
        int bits = tgt.xlen;
        u128 m = ((u128)1 << bits) - 1;
        u128 u = (u128)v & m;
        if ((u >> (bits - 1)) & 1) u |= ~m;
        v = (i128)u;
    }
    i->imm = v;
    return i->d;
}

static int bin(int op, int w, int a, int b)
{
    struct ir_ins *i = E(op);
    i->d = vint();
    i->w = (u8)w;
    i->a = a;
    i->b = b;
    return i->d;
}

static int bini(int op, int w, int a, i128 imm)
{
    if (imm >= -2048 && imm < 2048 && (op == IR_ADD || op == IR_AND || op == IR_OR || op == IR_XOR ||
                                       op == IR_SHL || op == IR_SHR || op == IR_SAR || op == IR_SLT || op == IR_SLTU)) {
        struct ir_ins *i = E(op);
        i->d = vint();
        i->w = (u8)w;
        i->a = a;
        i->imm = imm;
        return i->d;
    }
    return bin(op, w, a, li(imm));
}

static int un(int op, int w, int a)
{
    struct ir_ins *i = E(op);
    i->d = vint();
    i->w = (u8)w;
    i->a = a;
    return i->d;
}

static int ext(int a, int w, bool uns)
{
    struct ir_ins *i = E(IR_EXT);
    i->d = vint();
    i->a = a;
    i->w = (u8)w;
    i->uns = uns;
    return i->d;
}

static int mov(int a)
{
    struct ir_ins *i = E(IR_MOV);
    i->d = ir_vreg(F, F->vclass[a]);
    i->a = a;
    return i->d;
}

static void mov_to(int d, int a)
{
    struct ir_ins *i = E(IR_MOV);
    i->d = d;
    i->a = a;
}

/* Integers wider than a register (long long on rv32, __int128 on rv64 and rv32) live in
 * consecutive vregs, least significant word first: a pair (v, v + 1) when twice as wide,
 * four vregs for __int128 on rv32.  long double on rv64 and rv32 travels the same way. */
static bool wide(struct type *t)
{
    return (t->kind != TY_ENUM && ty_is_integer(t) && t->size > R()) || (t->kind == TY_LDOUBLE && R() < 16);
}

/* long double: its binary128 bit pattern is handled like an unsigned 128-bit integer
 * (one vreg on rv128, two on rv64, four on rv32); arithmetic calls the libzlrt helpers */
static bool is_ld(struct type *t) { return t->kind == TY_LDOUBLE; }

/* values handled by address: structs, unions, arrays and complex numbers */
static bool in_mem(struct type *t) { return ty_is_aggr(t) || t->kind == TY_COMPLEX; }

/* number of XLEN-bit words of a value (1 unless wide) */
static int nw(struct type *t) { return wide(t) ? (int)(t->size / R()) : 1; }

static int vtuple(int n)
{
    int v = vint();
    for (int i = 1; i < n; i++) vint();
    return v;
}

static int vpair(void) { return vtuple(2); }

static int pair(int lo, int hi)
{
    int p = vpair();
    mov_to(p, lo);
    mov_to(p + 1, hi);
    return p;
}

/* a fresh tuple holding the n words w[0..n-1] */
static int tuple(const int *w, int n)
{
    int p = vtuple(n);
    for (int i = 0; i < n; i++) mov_to(p + i, w[i]);
    return p;
}

/* the constant v as a tuple of n words */
static int const_words(i128 v, int n)
{
    if (n == 2) return pair(li(v), li(v >> tgt.xlen));
    int w[16];
    for (int i = 0; i < n; i++) w[i] = li(i * tgt.xlen < 128 ? v >> (i * tgt.xlen) : v < 0 ? -1 : 0);
    return tuple(w, n);
}

/* a copy of the value v of type t */
static int copy_val(int v, struct type *t)
{
    if (!wide(t)) return mov(v);
    int n = nw(t), w[16];
    for (int i = 0; i < n; i++) w[i] = v + i;
    return tuple(w, n);
}

static void mov_val(int d, int a, struct type *t)
{
    for (int i = 0; i < nw(t); i++) mov_to(d + i, a + i);
}

static struct type *reg_type(bool uns)
{
    if (tgt.xlen == 32) return uns ? ty_uint : ty_int;
    return uns ? ty_ulong : ty_long;
}

static int opw(struct type *t)
{
    long s = t->kind == TY_PTR ? tgt.ptr_size : t->size;
    if (s < 4) s = 4;
    return (int)s;
}

static int load(struct type *t, int addr, long off)
{
    if (wide(t)) {
        int n = nw(t), w[16];
        for (int i = 0; i < n; i++) w[i] = load(reg_type(true), addr, off + (long)i * R());
        return tuple(w, n);
    }
    struct ir_ins *i = E(IR_LOAD);
    i->d = is_fp(t) ? vfp() : vint();
    i->a = addr;
    i->imm = off;
    i->w = (u8)(t->kind == TY_PTR ? tgt.ptr_size : t->size);
    i->uns = t->is_unsigned && i->w < 4;
    if (t->kind == TY_BOOL) i->uns = true;
    return i->d;
}

static void store(struct type *t, int addr, long off, int v)
{
    if (wide(t)) {
        for (int i = 0; i < nw(t); i++) store(reg_type(true), addr, off + (long)i * R(), v + i);
        return;
    }
    struct ir_ins *i = E(IR_STORE);
    i->a = addr;
    i->b = v;
    i->imm = off;
    i->w = (u8)(t->kind == TY_PTR ? tgt.ptr_size : t->size);
}

/* -fstack-protector chooses functions like GCC: level 1 those with a character array of
 * 8 bytes or more (also inside a struct) or with alloca/VLAs, level 2 every function with a
 * local kept in memory (arrays and locals whose address is taken), level 3 all. */
static bool has_char_buffer(struct type *t)
{
    if (t->kind == TY_ARRAY) {
        struct type *e = t->base;
        while (e->kind == TY_ARRAY) e = e->base;
        if (e->size == 1 && (e->kind == TY_CHAR || e->kind == TY_SCHAR || e->kind == TY_UCHAR))
            return t->size >= 8 || t->vla_len;
        return has_char_buffer(e);
    }
    if (t->kind == TY_STRUCT || t->kind == TY_UNION)
        for (struct member *m = t->members; m; m = m->next)
            if (has_char_buffer(m->ty)) return true;
    return false;
}

static int local_slot(struct type *t, int align)
{
    if (ccopt.ssp >= 2 || (ccopt.ssp == 1 && has_char_buffer(t))) F->stack_protect = true;
    return ir_slot_new(F, t->size, align);
}

static int slot_addr(int slot, long off)
{
    struct ir_ins *i = E(IR_ADDR);
    i->d = vint();
    i->slot = slot;
    i->imm = off;
    return i->d;
}

static void copy_mem(int dst, int src, long size, int align)
{
    struct ir_ins *i = E(IR_COPY);
    i->a = dst;
    i->b = src;
    i->imm = size;
    i->w = (u8)(align > 16 ? 16 : align);
}

static void zero_mem(int dst, long size, int align)
{
    struct ir_ins *i = E(IR_ZERO);
    i->a = dst;
    i->imm = size;
    i->w = (u8)(align > 16 ? 16 : align);
}

static int gen_expr(struct node *e);
static int gen_addr(struct node *e);
static struct lbl *label(const char *name, struct srcpos pos);
static int var_vreg_max; /* vregs up to this one belong to variables; later ones are temporaries */

/* var = v: when v is a temporary the previous instruction just computed, compute straight
 * into the variable's vreg instead of copying */
static int assign_var(int var, int v, struct type *t)
{
    struct ir_block *b = F->blocks[cur];
    if (!wide(t) && v > var_vreg_max && b->n && b->ins[b->n - 1].d == v &&
        b->ins[b->n - 1].op != IR_PARAM && F->vclass[v] == F->vclass[var]) {
        b->ins[b->n - 1].d = var;
        return var;
    }
    mov_val(var, v, t);
    return v;
}
static void gen_stmt(struct node *s);
static void gen_cond(struct node *e, int t, int f);

/* ---------------------------------------------------------------- conversions */

static int wide_lt(int a, int b, bool uns, int n);
static int wide_eq(int a, int b, int n);

static void add_arg_(struct ir_call *c, int vreg, int reg, int w);

/* Call a runtime helper (libzlrt) with the psABI's conventions.  kinds[k] describes
 * argument k: RT_F for float/double (an FPR, as double or float of the helper's
 * prototype), otherwise its number of XLEN-bit words: 1 or 2 in GPRs, 4 (wider than
 * 2*XLEN: __int128 or long double on rv32) by reference to a copy.  retkind is likewise
 * the result's words (4: returned through a hidden pointer in a0), or RT_F4 / RT_F8 for
 * a float / double result. */
enum { RT_F = 0, RT_F4 = -4, RT_F8 = -8 };

static int rt_call(const char *sym, const int *args, const int *kinds, int nargs, int retkind)
{
    struct ir_call *c = cc_alloc(sizeof *c);
    c->sym = sym;
    c->args = cc_alloc(sizeof *c->args * 8);
    c->rets = cc_alloc(sizeof *c->rets * 2);
    int g = 0, fr = 0;
    int ret_slot = -1;
    if (retkind > 2) {
        ret_slot = ir_slot_new(F, (long)retkind * R(), 16);
        add_arg_(c, slot_addr(ret_slot, 0), g++, R());
    }
    for (int k = 0; k < nargs; k++) {
        if (kinds[k] == RT_F) {
            add_arg_(c, args[k], 8 + fr++, 8);
        } else if (kinds[k] > 2) {
            int s = ir_slot_new(F, (long)kinds[k] * R(), 16);
            int a = slot_addr(s, 0);
            for (int i = 0; i < kinds[k]; i++) store(reg_type(true), a, (long)i * R(), args[k] + i);
            add_arg_(c, a, g++, R());
        } else {
            for (int i = 0; i < kinds[k]; i++) add_arg_(c, args[k] + i, g++, R());
        }
    }
    int res = 0;
    if (retkind == 2) {
        res = vpair();
        c->rets[0].vreg = res;
        c->rets[0].reg = 0;
        c->rets[1].vreg = res + 1;
        c->rets[1].reg = 1;
        c->nrets = 2;
    } else if (retkind <= 1) {
        res = retkind < 0 ? vfp() : vint();
        c->rets[0].vreg = res;
        c->rets[0].reg = retkind < 0 ? 8 : 0;
        c->nrets = 1;
    }
    F->has_calls = true;
    E(IR_CALL)->call = c;
    if (ret_slot >= 0) {
        int a = slot_addr(ret_slot, 0), w[16];
        for (int i = 0; i < retkind; i++) w[i] = load(reg_type(true), a, (long)i * R());
        res = tuple(w, retkind);
    }
    return res;
}

/* the libgcc mode letters of an integer type wider than a register: di or ti */
static const char *rt_mode(struct type *t) { return t->size == 8 ? "di" : "ti"; }

static int gen_cast_v(int v, struct type *from, struct type *to, struct srcpos pos);
/* complex values (TY_COMPLEX): in memory, an expression yields the address */
static int cplx_cast_v(int v, struct type *from, struct type *to, struct srcpos pos);
static int cplx_arith_v(int k, struct type *ct, int a, struct type *lt, int b, struct type *rt, struct srcpos pos);
static int cplx_eq(struct node *e);
static int cplx_neg(struct type *ct, int v, bool conj);
static int cplx_store(struct type *ct, int re, int im);

/* words of a long double */
static int ldw(void) { return 16 / R(); }

static int ld_call(const char *sym, int *args, int nargs, int retkind)
{
    int kinds[2] = {ldw(), ldw()};
    return rt_call(sym, args, kinds, nargs, retkind);
}

static int ld_const_bits(u128 b)
{
    if (R() < 16) return const_words((i128)b, ldw());
    return li((i128)b);
}

static int ld_const(double d) { return ld_const_bits(dbl_to_tf_bits(d)); }

/* the three-way comparison helper result (int) */
static int ld_cmp(const char *sym, int a, int b)
{
    int args[2] = {a, b};
    return ld_call(sym, args, 2, 1);
}

/* words of an integer of s bytes as a helper argument or result */
static int int_words(long s) { return s <= R() ? 1 : (int)(s / R()); }

static int ld_cast(int v, struct type *from, struct type *to, struct srcpos pos)
{
    if (is_ld(from) && is_ld(to)) return v;
    if (is_ld(to)) {
        if (from->kind == TY_FLOAT || from->kind == TY_DOUBLE) {
            int k = RT_F;
            return rt_call(from->kind == TY_FLOAT ? "__extendsftf2" : "__extenddftf2", &v, &k, 1, ldw());
        }
        bool fu = from->kind == TY_PTR || from->is_unsigned;
        long fs = from->kind == TY_PTR ? tgt.ptr_size : from->size;
        if (fs < 4) {
            v = gen_cast_v(v, from, ty_int, pos);
            fs = 4;
            fu = false;
        }
        int k = int_words(fs);
        const char *sym = cc_printf("__float%s%sitf", fu ? "un" : "", fs == 4 ? "s" : fs == 8 ? "d" : "t");
        return rt_call(sym, &v, &k, 1, ldw());
    }
    /* from long double */
    int args[1] = {v};
    if (to->kind == TY_FLOAT || to->kind == TY_DOUBLE)
        return ld_call(to->kind == TY_FLOAT ? "__trunctfsf2" : "__trunctfdf2", args, 1, to->kind == TY_FLOAT ? RT_F4 : RT_F8);
    if (to->kind == TY_BOOL) {
        int r = ld_cmp("__netf2", v, ld_const(0));
        return un(IR_SNEZ, R(), r);
    }
    bool tun = to->kind == TY_PTR || to->is_unsigned;
    long ts = to->kind == TY_PTR ? tgt.ptr_size : to->size;
    long cs = ts < 4 ? 4 : ts;
    const char *sym = cc_printf("__fix%stf%s", tun && ts >= 4 ? "uns" : "", cs == 4 ? "si" : cs == 8 ? "di" : "ti");
    int r = ld_call(sym, args, 1, int_words(cs));
    struct type *ct = cs == 4 ? (tun && ts >= 4 ? ty_uint : ty_int) : cs == 8 ? (tun ? ty_uint64 : ty_int64) : (tun ? ty_uint128 : ty_int128);
    return gen_cast_v(r, ct, to, pos);
}

/* the words of a value of n words extended to m > n words (zero or sign) */
static int widen_words(int v, int n, int m, bool uns)
{
    int w[16];
    for (int i = 0; i < n; i++) w[i] = v + i;
    int fill = uns ? li(0) : bini(IR_SAR, R(), v + n - 1, tgt.xlen - 1);
    for (int i = n; i < m; i++) w[i] = fill;
    return tuple(w, m);
}

/* the n-word value a shifted by the constant cnt (0 <= cnt < n * XLEN): N_SHL, or N_SHR
 * (logical when uns, else arithmetic) */
static int wide_shift_c(int k, bool uns, int a, int n, int cnt)
{
    int X = tgt.xlen, q = cnt / X, s = cnt % X, w[16];
    int fill = 0;
    if (k != N_SHL && !uns) fill = bini(IR_SAR, R(), a + n - 1, X - 1);
    for (int i = 0; i < n; i++) {
        /* x: the word that lands here, y: its neighbour whose bits are shifted in; 0 = zero */
        int j = k == N_SHL ? i - q : i + q, jn = k == N_SHL ? j - 1 : j + 1;
        int x = j < 0 ? 0 : j >= n ? fill : a + j;
        int y = jn < 0 ? 0 : jn >= n ? fill : a + jn;
        int r = 0;
        if (x) r = s == 0 ? x : bini(k == N_SHL ? IR_SHL : IR_SHR, R(), x, s);
        if (s && y) {
            int in = bini(k == N_SHL ? IR_SHR : IR_SHL, R(), y, X - s);
            r = r ? bin(IR_OR, R(), r, in) : in;
        }
        w[i] = r ? r : li(0);
    }
    return tuple(w, n);
}

static int wide_cast(int v, struct type *from, struct type *to, struct srcpos pos)
{
    if (wide(from) && wide(to)) {
        /* rv32: long long <-> __int128; narrowing keeps the low words */
        if (nw(to) <= nw(from)) return v;
        return widen_words(v, nw(from), nw(to), from->is_unsigned);
    }
    if (wide(to)) {
        if (is_fp(from)) {
            int k = RT_F;
            const char *sym = cc_printf("__fix%s%cf%s", to->is_unsigned ? "uns" : "", from->size == 4 ? 's' : 'd', rt_mode(to));
            return rt_call(sym, &v, &k, 1, nw(to));
        }
        bool fu = from->kind == TY_PTR || from->is_unsigned;
        int lo = gen_cast_v(v, from, reg_type(fu), pos);
        if (nw(to) == 2) {
            int hi = fu ? li(0) : bini(IR_SAR, R(), lo, tgt.xlen - 1);
            return pair(lo, hi);
        }
        return widen_words(lo, 1, nw(to), fu);
    }
    if (is_fp(to)) {
        int k = nw(from);
        const char *sym = cc_printf("__float%s%s%cf", from->is_unsigned ? "un" : "", rt_mode(from), to->size == 4 ? 's' : 'd');
        return rt_call(sym, &v, &k, 1, to->size == 4 ? RT_F4 : RT_F8);
    }
    if (to->kind == TY_BOOL) {
        int o = bin(IR_OR, R(), v, v + 1);
        for (int i = 2; i < nw(from); i++) o = bin(IR_OR, R(), o, v + i);
        return un(IR_SNEZ, R(), o);
    }
    return gen_cast_v(v, reg_type(from->is_unsigned), to, pos);
}

static int gen_cast_v(int v, struct type *from, struct type *to, struct srcpos pos)
{
    if (to->kind == TY_VOID) return 0;
    if (from->kind == TY_COMPLEX || to->kind == TY_COMPLEX) return cplx_cast_v(v, from, to, pos);
    if (from->kind == TY_ENUM) from = from->enum_base ? from->enum_base : ty_uint;
    if (to->kind == TY_ENUM) to = to->enum_base ? to->enum_base : ty_uint;
    if (from->kind == TY_ARRAY || from->kind == TY_FUNC || from->kind == TY_STRUCT || from->kind == TY_UNION)
        return v;
    if (is_ld(from) || is_ld(to)) return ld_cast(v, from, to, pos);
    if (wide(from) || wide(to)) return wide_cast(v, from, to, pos);
    if (to->kind == TY_STRUCT || to->kind == TY_UNION) return v;
    long fs = from->kind == TY_PTR ? tgt.ptr_size : from->size;
    long ts = to->kind == TY_PTR ? tgt.ptr_size : to->size;
    bool fu = from->kind == TY_PTR || from->is_unsigned;
    if (is_fp(from) && is_fp(to)) {
        if (fs == ts) return v;
        struct ir_ins *i = E(IR_F2F);
        i->d = vfp();
        i->a = v;
        i->w = (u8)ts;
        i->w2 = (u8)fs;
        return i->d;
    }
    if (is_fp(to)) {
        struct ir_ins *i = E(IR_I2F);
        i->d = vfp();
        i->a = v;
        i->w = (u8)ts;
        i->w2 = (u8)(fs < 4 ? 4 : fs);
        i->uns = fu && fs >= 4;
        return i->d;
    }
    if (is_fp(from)) {
        if (to->kind == TY_BOOL) {
            int z = vfp();
            int zero = li(0);
            struct ir_ins *c = E(IR_I2F);
            c->d = z;
            c->a = zero;
            c->w = (u8)fs;
            c->w2 = (u8)R();
            struct ir_ins *q = E(IR_FEQ);
            q->d = vint();
            q->a = v;
            q->b = z;
            q->w = (u8)fs;
            return bini(IR_XOR, R(), q->d, 1);
        }
        struct ir_ins *i = E(IR_F2I);
        i->d = vint();
        i->a = v;
        i->w2 = (u8)fs;
        int w = ts < 4 ? 4 : (int)ts;
        i->w = (u8)w;
        i->uns = to->is_unsigned && ts >= 4;
        if (ts < 4) return ext(i->d, (int)ts, to->is_unsigned);
        return i->d;
    }
    /* integer/pointer -> integer/pointer */
    if (to->kind == TY_BOOL) {
        if (from->kind == TY_BOOL) return v;
        return un(IR_SNEZ, R(), v);
    }
    bool tun = to->kind == TY_PTR || to->is_unsigned;
    if (ts == fs) {
        if (ts < 4 && tun != fu) return ext(v, (int)ts, tun);
        return v;
    }
    if (ts > fs) {
        if (fu && fs >= 4 && fs < R()) return ext(v, (int)fs, true); /* zero-extend */
        if (fu && fs >= 4 && ts < R()) return v;
        return v;
    }
    /* narrowing */
    if (ts < R()) return ext(v, (int)ts, ts < 4 ? tun : false);
    return v;
}

/* ---------------------------------------------------------------- bit-fields */

static int bf_load(struct member *m, int addr)
{
    struct type *ut = m->ty->kind == TY_ENUM ? (m->ty->enum_base ? m->ty->enum_base : ty_uint) : m->ty;
    if (wide(ut)) {
        /* a field of an integer type wider than a register: the same on word tuples */
        int n = nw(ut), T = n * tgt.xlen;
        int unit = load(ut, addr, m->offset);
        int v = wide_shift_c(N_SHL, true, unit, n, T - m->bit_off - m->bit_width);
        return wide_shift_c(N_SHR, ut->is_unsigned, v, n, T - m->bit_width);
    }
    int unit = load(ut->kind == TY_BOOL ? ty_uchar : ut, addr, m->offset);
    int X = tgt.xlen;
    int sh = X - m->bit_off - m->bit_width;
    int v = sh ? bini(IR_SHL, R(), unit, sh) : unit;
    bool uns = ut->is_unsigned;
    v = bini(uns ? IR_SHR : IR_SAR, R(), v, X - m->bit_width);
    /* canonical form for a 32/64-bit type narrower than XLEN */
    if (uns && ut->size >= 4 && ut->size < R() && m->bit_width == ut->size * 8) v = ext(v, (int)ut->size, false);
    return v;
}

static void bf_store(struct member *m, int addr, int val)
{
    struct type *ut = m->ty->kind == TY_ENUM ? (m->ty->enum_base ? m->ty->enum_base : ty_uint) : m->ty;
    if (ut->kind == TY_BOOL) ut = ty_uchar;
    int unit = load(ut, addr, m->offset);
    u128 mask = (m->bit_width >= 128 ? ~(u128)0 : (((u128)1 << m->bit_width) - 1)) << m->bit_off;
    if (wide(ut)) {
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
    store(ut, addr, m->offset, nv);
}

/* ---------------------------------------------------------------- lvalues */

static bool promoted(struct obj *o) { return o->is_local && o->vreg; }

static void init_local(struct obj *o, struct init *ini, int addr);

static int gen_addr(struct node *e)
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

/* ---------------------------------------------------------------- initialization */

static void init_local(struct obj *o, struct init *ini, int addr)
{
    zero_mem(addr, o->ty->size, o->align);
    if (!ini) return;
    for (int k = 0; k < ini->n; k++) {
        struct init_item *it = &ini->items[k];
        if (it->bytes) {
            for (long b = 0; b < it->nbytes;) {
                long n = it->nbytes - b;
                struct type *ct = ty_uchar;
                long cnt = 1;
                if (n >= 4 && ((it->offset + b) % 4 == 0) && o->align >= 4) { ct = ty_uint; cnt = 4; }
                i128 v = 0;
                for (long q = 0; q < cnt; q++) v |= (i128)(unsigned char)it->bytes[b + q] << (8 * q);
                store(ct, addr, it->offset + b, li(canon(v, ct)));
                b += cnt;
            }
            continue;
        }
        struct type *t = it->ty;
        if (t->kind == TY_STRUCT || t->kind == TY_UNION || t->kind == TY_COMPLEX) {
            int src = gen_expr(it->e);
            int dst = it->offset ? bini(IR_ADD, R(), addr, it->offset) : addr;
            copy_mem(dst, src, t->size, t->align);
            continue;
        }
        int v = gen_expr(it->e);
        if (it->bit_width >= 0) {
            struct member m = {0};
            m.ty = t;
            m.offset = it->offset;
            m.bit_width = it->bit_width;
            m.bit_off = it->bit_off;
            bf_store(&m, addr, v);
        } else {
            store(t, addr, it->offset, v);
        }
    }
}

/* ---------------------------------------------------------------- calls */

struct argval {
    struct type *ty;
    int v;          /* value vreg, or address for aggregates */
};

static void assign_parts(struct abi_class *c, struct type *t, int *ngpr, int *nfpr, long *stack,
                         int regs[2], long stoff[2], bool unnamed)
{
    int needg = 0, needf = 0;
    for (int i = 0; i < c->nparts; i++) {
        if (c->parts[i].fp) needf++;
        else needg++;
    }
    if (needf && (*nfpr + needf > 8 || *ngpr + needg > 8)) {
        /* not enough registers for the FP convention: integer convention */
        abi_classify(t, true, c);
        /* ... as a named argument: no even register pair (only unnamed ones get that) */
        c->pair_aligned = c->pair_aligned && unnamed;
    }
    if (c->pair_aligned && (*ngpr & 1) && *ngpr < 8) (*ngpr)++;
    for (int i = 0; i < c->nparts; i++) {
        if (c->parts[i].fp) {
            regs[i] = 8 + (*nfpr)++;
            stoff[i] = 0;
        } else if (*ngpr < 8) {
            regs[i] = (*ngpr)++;
            stoff[i] = 0;
        } else {
            regs[i] = LOC_STACK;
            int R_ = tgt.regsize;
            if (i == 0) {
                /* a value passed wholly on the stack is aligned to its own alignment, at
                 * least XLEN and at most the stack alignment of 16 (psABI: 2xXLEN-aligned
                 * scalars on the stack; docs/abi.md §3.2 rule 6 for rv128) */
                long al = c->kind == ABI_INDIRECT || t->align < R_ ? R_ : t->align;
                if (al > 16) al = 16;
                *stack = (*stack + al - 1) / al * al;
            }
            stoff[i] = *stack;
            *stack += R_;
        }
    }
}

static void add_arg(struct ir_call *c, int vreg, int reg, long off, int w)
{
    add_arg_(c, vreg, reg, w);
    c->args[c->nargs - 1].stack_off = off;
}

static void add_arg_(struct ir_call *c, int vreg, int reg, int w)
{
    struct ir_arg *a = &c->args[c->nargs++];
    a->vreg = vreg;
    a->reg = reg;
    a->stack_off = 0;
    a->w = w;
}

static int gen_call(struct node *e)
{
    struct type *ft = e->fty;
    int nargs = 0;
    for (struct node *a = e->args; a; a = a->next) nargs++;
    struct argval *av = cc_alloc(sizeof *av * (size_t)(nargs + 1));
    int k = 0;
    for (struct node *a = e->args; a; a = a->next, k++) {
        av[k].ty = a->ty;
        av[k].v = gen_expr(a);
    }
    /* callee */
    struct ir_call *c = cc_alloc(sizeof *c);
    c->args = cc_alloc(sizeof *c->args * (size_t)(2 * nargs + 2));
    struct node *fn = e->l;
    if (fn->kind == N_ADDR && fn->l->kind == N_VAR && !fn->l->var->is_local)
        c->sym = fn->l->var->asm_name;
    else
        c->fn = gen_expr(fn);
    int ngpr = 0, nfpr = 0;
    long stack = 0;
    struct type *rt = e->ty;
    struct abi_class rc;
    abi_classify(rt, false, &rc);
    int ret_slot = -1;
    if (rt->kind == TY_STRUCT || rt->kind == TY_UNION || rt->kind == TY_COMPLEX || rc.kind == ABI_INDIRECT) {
        ret_slot = ir_slot_new(F, (rt->size + R() - 1) / R() * R() + R(), rt->align > R() ? rt->align : R());
        if (rc.kind == ABI_INDIRECT) add_arg(c, slot_addr(ret_slot, 0), ngpr++, 0, R());
    }
    struct param *p = ft->params;
    for (k = 0; k < nargs; k++) {
        bool unnamed = !p && !ft->oldstyle; /* unprototyped calls pass arguments as named ones */
        if (p) p = p->next;
        struct type *t = av[k].ty;
        struct abi_class ac;
        abi_classify(t, unnamed, &ac);
        if (ac.kind == ABI_IGNORE) continue;
        int regs[2];
        long so[2];
        assign_parts(&ac, t, &ngpr, &nfpr, &stack, regs, so, unnamed);
        if (ac.kind == ABI_INDIRECT) {
            int s = ir_slot_new(F, t->size, t->align);
            int a = slot_addr(s, 0);
            if (in_mem(t)) copy_mem(a, av[k].v, t->size, t->align);
            else store(t, a, 0, av[k].v); /* __int128 / long double on rv32 */
            add_arg(c, a, regs[0], so[0], R());
            continue;
        }
        if (in_mem(t) || (is_fp(t) && !ac.parts[0].fp) || wide(t)) {
            /* copy into a register-sized temporary, then load the pieces */
            long sz = (t->size + R() - 1) / R() * R();
            int s = ir_slot_new(F, sz, R());
            int a = slot_addr(s, 0);
            if (in_mem(t)) {
                zero_mem(a, sz, R());
                copy_mem(a, av[k].v, t->size, t->align);
            } else {
                store(t, a, 0, av[k].v);
            }
            for (int i = 0; i < ac.nparts; i++) {
                struct type *pt;
                if (ac.parts[i].fp) pt = ac.parts[i].size == 4 ? ty_float : ty_double;
                else pt = ac.parts[i].size == R() ? ty_ulong : ac.parts[i].size == 8 ? ty_uint64 : ac.parts[i].size == 4 ? ty_uint : ac.parts[i].size == 2 ? ty_ushort : ty_uchar;
                if (!ac.parts[i].fp && ac.parts[i].size == R()) pt = tgt.xlen == 32 ? ty_uint : ty_ulong;
                int v = load(pt, a, ac.parts[i].off);
                add_arg(c, v, regs[i], so[i], ac.parts[i].fp ? ac.parts[i].size : R());
            }
            continue;
        }
        add_arg(c, av[k].v, regs[0], so[0], is_fp(t) ? (int)t->size : R());
    }
    c->stack_bytes = (stack + 15) / 16 * 16;
    if (c->stack_bytes > F->max_call_stack) F->max_call_stack = c->stack_bytes;
    F->has_calls = true;
    /* results */
    c->rets = cc_alloc(sizeof *c->rets * 2);
    int result = 0;
    if (rc.kind == ABI_DIRECT && rt->kind != TY_VOID) {
        if (in_mem(rt)) {
            int gi = 0, fi = 0;
            for (int i = 0; i < rc.nparts; i++) {
                struct ir_arg *r = &c->rets[c->nrets++];
                r->vreg = rc.parts[i].fp ? vfp() : vint();
                r->reg = rc.parts[i].fp ? 8 + fi++ : gi++;
                r->w = rc.parts[i].size;
            }
        } else if (wide(rt)) {
            result = vpair();
            c->rets[0].vreg = result;
            c->rets[0].reg = 0;
            c->rets[1].vreg = result + 1;
            c->rets[1].reg = 1;
            c->nrets = 2;
        } else {
            struct ir_arg *r = &c->rets[c->nrets++];
            r->vreg = is_fp(rt) ? vfp() : vint();
            r->reg = is_fp(rt) ? 8 : 0;
            result = r->vreg;
        }
    }
    struct ir_ins *ci = E(IR_CALL);
    ci->call = c;
    if (ret_slot >= 0) {
        int a = slot_addr(ret_slot, 0);
        if (rc.kind == ABI_DIRECT) {
            for (int i = 0; i < c->nrets; i++) {
                struct type *pt = rc.parts[i].fp ? (rc.parts[i].size == 4 ? ty_float : ty_double)
                                                 : (tgt.xlen == 32 ? ty_uint : ty_ulong);
                if (!rc.parts[i].fp && rc.parts[i].size < R())
                    pt = rc.parts[i].size == 8 ? ty_uint64 : rc.parts[i].size == 4 ? ty_uint : rc.parts[i].size == 2 ? ty_ushort : ty_uchar;
                store(pt, a, rc.parts[i].off, c->rets[i].vreg);
            }
        }
        if (!in_mem(rt)) return load(rt, a, 0); /* returned in memory: __int128 / long double on rv32 */
        return a;
    }
    /* the callee extends small integer results; trust it (psABI) */
    return result;
}

/* ---------------------------------------------------------------- expressions */

static int cmp_value(enum nk k, struct node *l, struct node *r)
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

static int scale_index(int v, long size)
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
static int ptr_elem_size(struct type *pt, struct srcpos pos, int *dyn)
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

static int wide_shift(int k, bool uns, int a, int n)
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
static int wide_shift_n(int k, bool uns, int a, int n, int c)
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
static int wide_arith_n(int k, struct type *t, int a, int b)
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

static int wide_arith(int k, struct type *t, int a, int b)
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
static int wide_lt(int a, int b, bool uns, int n)
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

static int wide_eq(int a, int b, int n)
{
    int Rs = R();
    if (n > 2) {
        int o = bin(IR_XOR, Rs, a, b);
        for (int i = 1; i < n; i++) o = bin(IR_OR, Rs, o, bin(IR_XOR, Rs, a + i, b + i));
        return un(IR_SEQZ, Rs, o);
    }
    return un(IR_SEQZ, Rs, bin(IR_OR, Rs, bin(IR_XOR, Rs, a, b), bin(IR_XOR, Rs, a + 1, b + 1)));
}

static int arith(int k, struct type *t, int a, int b, struct srcpos pos)
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
static int ptr_add(int k, struct type *pt, int a, int b, struct srcpos pos)
{
    int dyn;
    int sz = ptr_elem_size(pt, pos, &dyn);
    int off = dyn ? bin(IR_MUL, R(), b, dyn) : scale_index(b, sz);
    return bin(k == N_ADD ? IR_ADD : IR_SUB, R(), a, off);
}

static int gen_binary(struct node *e)
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
    return arith(e->kind, e->ty, a, b, e->pos);
}

static int gen_logical_value(struct node *e)
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

static void gen_cond(struct node *e, int t, int f)
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
    default: break;
    }
    int v = gen_expr(e);
    if (is_fp(e->ty) || wide(e->ty) || is_ld(e->ty) || e->ty->kind == TY_COMPLEX) v = gen_cast_v(v, e->ty, ty_bool, e->pos);
    struct ir_ins *i = E(IR_BR);
    i->a = v;
    i->t1 = t;
    i->t2 = f;
}

static int atomic_load(struct node *l);
static bool is_atomic_lv(struct node *l);

static int load_lvalue(struct node *e)
{
    if (e->kind == N_VAR && promoted(e->var)) return e->var->vreg;
    if (is_atomic_lv(e)) return atomic_load(e);
    if (e->kind == N_MEMBER && e->mem->bit_width >= 0) return bf_load(e->mem, gen_addr(e->l));
    if (in_mem(e->ty)) return gen_addr(e);
    return load(e->ty, gen_addr(e), 0);
}

/* store v into lvalue e whose address (if in memory) is addr */
static void store_lvalue(struct node *e, int addr, int v)
{
    if (e->kind == N_VAR && promoted(e->var)) {
        assign_var(e->var->vreg, v, e->ty);
        return;
    }
    if (e->kind == N_MEMBER && e->mem->bit_width >= 0) {
        bf_store(e->mem, addr, v);
        return;
    }
    store(e->ty, addr, 0, v);
}

static int lvalue_addr(struct node *e)
{
    if (e->kind == N_VAR && promoted(e->var)) return 0;
    if (e->kind == N_MEMBER && e->mem->bit_width >= 0) return gen_addr(e->l);
    return gen_addr(e);
}

static int load_at(struct node *e, int addr)
{
    if (e->kind == N_VAR && promoted(e->var)) return e->var->vreg;
    if (e->kind == N_MEMBER && e->mem->bit_width >= 0) return bf_load(e->mem, addr);
    if (in_mem(e->ty)) return addr;
    return load(e->ty, addr, 0);
}

/* value of a bit-field after storing v: v truncated to the field */
static int bf_trunc(struct node *e, int v)
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
static int atomic_width(struct type *t, struct srcpos pos)
{
    long s = t->kind == TY_PTR ? tgt.ptr_size : t->size;
    bool aggr = t->kind == TY_STRUCT || t->kind == TY_UNION;
    if ((!ty_is_scalar(t) && !aggr) || s > R() || (s & (s - 1)) || (aggr && (s == 0 || t->align < s)))
        cc_error_at(pos, "atomic access to a %ld-byte object of type '%s': no lock-free instruction on rv%d (zl-cc provides no libatomic)",
                    s, ty_name(ty_unqual(t)), tgt.xlen);
    return (int)s;
}

static bool is_atomic_lv(struct node *l)
{
    return l->ty->is_atomic && !(l->kind == N_VAR && promoted(l->var));
}

/* the unsigned integer type an _Atomic struct or union of w bytes is accessed as */
static struct type *atomic_bits_type(int w)
{
    return w == 1 ? ty_uchar : w == 2 ? ty_ushort : w == 4 ? ty_uint : w == 8 ? ty_uint64 : ty_uint128;
}

static int atomic_load(struct node *l)
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

static int amo(int op, int w, bool uns, int p, int v)
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

static int cas(int w, bool uns, int p, int expected, int desired)
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
static int fmv(int op, int w, int v)
{
    struct ir_ins *i = E(op);
    i->d = op == IR_FMV_XF ? vint() : vfp();
    i->a = v;
    i->w = (u8)w;
    return i->d;
}

/* new value of an _Atomic ++/--/op= from old value `old` (type t); rhs: converted right
 * operand of op= (0 for ++/--) */
static int atomic_update(struct node *e, struct type *t, int old, int rhs)
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
static int atomic_rmw(struct node *e)
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
    struct ir_ins *br = E(IR_BCMP);
    br->a = prev;
    br->b = seen;
    br->imm = CC_EQ;
    br->t1 = done;
    br->t2 = retry;
    set_block(retry);
    if (flags) E(IR_FSFLAGS)->a = flags;
    mov_to(seen, prev);
    jmp(loop);
    set_block(done);
    return pre || e->kind == N_OPASSIGN ? nv : oldv;
}

/* x = v on an _Atomic lvalue */
static int atomic_assign(struct node *e)
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

static int gen_assign(struct node *e)
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

static int gen_opassign(struct node *e)
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
        r = arith(e->op, ct, lv, b, e->pos);
        r = gen_cast_v(r, ct, l->ty, e->pos);
    }
    if (l->kind == N_VAR && promoted(l->var)) return assign_var(l->var->vreg, r, l->ty);
    store_lvalue(l, a, r);
    return bf_trunc(l, r);
}

static int gen_incdec(struct node *e)
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
        nv = bini(IR_ADD, opw(pt), old, inc ? 1 : -1);
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

static int gen_va_arg(struct node *e)
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

static int gen_atomic(struct node *e)
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

/* isnan & co. from the fclass mask (bit 0 -inf, 1 -normal, 2 -subnormal, 3 -0, 4 +0,
 * 5 +subnormal, 6 +normal, 7 +inf, 8 signaling NaN, 9 quiet NaN) */
static int fclass_test(int m, int mask)
{
    return un(IR_SNEZ, R(), bini(IR_AND, R(), m, mask));
}

static int fp_const(int w, double v)
{
    struct ir_ins *i = E(IR_FLI);
    i->d = vfp();
    i->w = (u8)w;
    if (w == 4) {
        float f = (float)v;
        u32 b;
        memcpy(&b, &f, 4);
        i->imm = b;
    } else {
        u64 b;
        memcpy(&b, &v, 8);
        i->imm = (i128)b;
    }
    return i->d;
}

/* fpclassify(nan, inf, normal, subnormal, zero, x) from the four class flags (0/1): the
 * zero result plus flag * (result - zero result) for the one flag that is set */
static int fpclassify_select(struct node *e, const int cls[4])
{
    int vals[5], k = 0;
    for (struct node *a = e->args; a && k < 5; a = a->next) vals[k++] = gen_expr(a);
    int r = vals[4];
    for (k = 0; k < 4; k++)
        r = bin(IR_ADD, 4, r, bin(IR_MUL, 4, cls[k], bin(IR_SUB, 4, vals[k], vals[4])));
    return r;
}

/* classification of a long double from its binary128 bit pattern (1, 2 or 4 words): the
 * top word holds the sign, the 15-bit exponent and the top of the significand */
static int gen_fpclass_ld(struct node *e)
{
    int X = tgt.xlen, n = ldw();
    int x = gen_expr(e->l);
    int hi = x + n - 1;
    if (e->val == FPC_SIGNBIT) return bini(IR_SHR, R(), hi, X - 1);
    int ex = bini(IR_SHR, R(), bini(IR_SHL, R(), hi, 1), X - 15);
    int m = bini(IR_SHL, R(), hi, 16); /* significand bits: nonzero or not */
    for (int i = 0; i < n - 1; i++) m = bin(IR_OR, R(), m, x + i);
    int emax = un(IR_SEQZ, R(), bin(IR_XOR, R(), ex, li(0x7fff)));
    int ezero = un(IR_SEQZ, R(), ex);
    int mnz = un(IR_SNEZ, R(), m);
    int isnan = bin(IR_AND, R(), emax, mnz);
    int isinf = bin(IR_AND, R(), emax, un(IR_SEQZ, R(), m));
    switch (e->val) {
    case FPC_ISNAN: return isnan;
    case FPC_ISINF: return isinf;
    case FPC_ISINF_SIGN: {
        /* isinf * (1 - 2 * sign) */
        int sign = bini(IR_SHR, R(), hi, X - 1);
        return bin(IR_MUL, 4, isinf, bin(IR_SUB, 4, li(1), bini(IR_SHL, 4, sign, 1)));
    }
    case FPC_ISFINITE: return un(IR_SEQZ, R(), emax);
    case FPC_ISNORMAL: return un(IR_SEQZ, R(), bin(IR_OR, R(), emax, ezero));
    default: break;
    }
    int cls[4] = {isnan, isinf, un(IR_SEQZ, R(), bin(IR_OR, R(), emax, ezero)), bin(IR_AND, R(), ezero, mnz)};
    return fpclassify_select(e, cls);
}

static int gen_fpclass(struct node *e)
{
    if (is_ld(e->l->ty)) return gen_fpclass_ld(e);
    int w = (int)e->l->ty->size;
    int x = gen_expr(e->l);
    if (e->val == FPC_SIGNBIT) {
        /* the sign of copysign(1, x) < 0: right for NaNs too, no integer move needed */
        struct ir_ins *j = E(IR_FSGNJ);
        j->d = vfp();
        j->a = fp_const(w, 1.0);
        j->b = x;
        j->w = (u8)w;
        struct ir_ins *c = E(IR_FLT);
        c->d = vint();
        c->a = j->d;
        c->b = fp_const(w, 0.0);
        c->w = (u8)w;
        return c->d;
    }
    struct ir_ins *i = E(IR_FCLASS);
    i->d = vint();
    i->a = x;
    i->w = (u8)w;
    int m = i->d;
    switch (e->val) {
    case FPC_ISNAN: return fclass_test(m, 0x300);
    case FPC_ISINF: return fclass_test(m, 0x81);
    case FPC_ISINF_SIGN: return bin(IR_SUB, 4, fclass_test(m, 0x80), fclass_test(m, 0x01));
    case FPC_ISFINITE: return fclass_test(m, 0x7e);
    case FPC_ISNORMAL: return fclass_test(m, 0x42);
    default: break;
    }
    /* fpclassify(nan, inf, normal, subnormal, zero, x): exactly one class bit is set */
    static const int masks[4] = {0x300, 0x81, 0x42, 0x24};
    int cls[4];
    for (int k = 0; k < 4; k++) cls[k] = fclass_test(m, masks[k]);
    return fpclassify_select(e, cls);
}

/* __builtin_bswap/popcount/ctz/ffs/clz of the low `bits` bits of x (an unsigned value
 * in one register; bswap's result is not extended) */
static int bit_builtin(int op, int x, int bits)
{
    int Rs = R();
    if (op == B_BSWAP) {
        int r = li(0);
        for (int i = 0; i < bits / 8; i++) {
            int byte = bini(IR_AND, Rs, i ? bini(IR_SHR, Rs, x, i * 8) : x, 255);
            int sh = bits - 8 - i * 8;
            r = bin(IR_OR, Rs, r, sh ? bini(IR_SHL, Rs, byte, sh) : byte);
        }
        return r;
    }
    /* loops: count bits */
    int cnt = vint();
    int xv = vint();
    mov_to(xv, x);
    E(IR_LI)->d = cnt;
    int head = ir_block_new(F), body = ir_block_new(F), done = ir_block_new(F);
    if (op == B_POPCOUNT) {
        jmp(head);
        set_block(head);
        struct ir_ins *b = E(IR_BR);
        b->a = xv; b->t1 = body; b->t2 = done;
        set_block(body);
        mov_to(cnt, bini(IR_ADD, Rs, cnt, 1));
        mov_to(xv, bin(IR_AND, Rs, xv, bini(IR_ADD, Rs, xv, -1)));
        jmp(head);
        set_block(done);
        return cnt;
    }
    if (op == B_CTZ || op == B_FFS) {
        int zero = ir_block_new(F);
        struct ir_ins *z = E(IR_BR);
        z->a = xv; z->t1 = head; z->t2 = zero;
        set_block(head);
        int bit = bini(IR_AND, Rs, xv, 1);
        struct ir_ins *b = E(IR_BR);
        b->a = bit; b->t1 = done; b->t2 = body;
        set_block(body);
        mov_to(cnt, bini(IR_ADD, Rs, cnt, 1));
        mov_to(xv, bini(IR_SHR, Rs, xv, 1));
        jmp(head);
        set_block(zero);
        if (op == B_FFS) mov_to(cnt, li(-1));
        else mov_to(cnt, li(bits));
        jmp(done);
        set_block(done);
        if (op == B_FFS) return bini(IR_ADD, 4, cnt, 1);
        return cnt;
    }
    /* clz: shift the value to the top of the register, count leading zeros */
    int zero = ir_block_new(F);
    if (bits < tgt.xlen) mov_to(xv, bini(IR_SHL, Rs, xv, tgt.xlen - bits));
    struct ir_ins *z = E(IR_BR);
    z->a = xv; z->t1 = head; z->t2 = zero;
    set_block(head);
    int neg = bin(IR_SLT, Rs, xv, li(0));
    struct ir_ins *b = E(IR_BR);
    b->a = neg; b->t1 = done; b->t2 = body;
    set_block(body);
    mov_to(cnt, bini(IR_ADD, Rs, cnt, 1));
    mov_to(xv, bini(IR_SHL, Rs, xv, 1));
    jmp(head);
    set_block(zero);
    mov_to(cnt, li(bits));
    jmp(done);
    set_block(done);
    return cnt;
}


static int gen_builtin(struct node *e)
{
    int Rs = R();
    if (e->op >= B_ATOMIC_LOAD) return gen_atomic(e);
    switch (e->op) {
    case B_FMA: case B_SQRT: case B_FABS: case B_COPYSIGN: {
        int a = gen_expr(e->l);
        int b = e->r ? gen_expr(e->r) : 0;
        int c = e->cond ? gen_expr(e->cond) : 0;
        struct ir_ins *i = E(e->op == B_FMA ? IR_FMA : e->op == B_SQRT ? IR_FSQRT : e->op == B_FABS ? IR_FABS : IR_FSGNJ);
        i->d = vfp();
        i->a = a;
        i->b = b;
        i->c = c;
        i->w = (u8)e->ty->size;
        return i->d;
    }
    case B_FPCLASS: return gen_fpclass(e);
    case B_TRAP: case B_UNREACHABLE:
        E(IR_TRAP);
        return 0;
    case B_ALLOCA: {
        int n = gen_expr(e->l);
        struct ir_ins *i = E(IR_ALLOCA);
        i->d = vint();
        i->a = n;
        F->has_alloca = true;
        if (ccopt.ssp) F->stack_protect = true;
        return i->d;
    }
    case B_FRAME_ADDRESS: {
        /* the frame pointer s0, as GCC: the CFA, less the register save area of a
         * variadic function (docs/abi.md 3.6) */
        struct ir_ins *i = E(IR_FRAMEADDR);
        i->d = vint();
        i->imm = F->variadic ? -8 * R() : 0;
        return i->d;
    }
    default: break;
    }
    struct type *at = e->l->ty;
    int v = gen_expr(e->l);
    if (wide(at)) {
        /* long long on rv32: per word, combined without branches */
        int n = nw(at), X = tgt.xlen;
        if (e->op == B_BSWAP) {
            int w[16];
            for (int i = 0; i < n; i++) w[i] = bit_builtin(B_BSWAP, v + n - 1 - i, X);
            return tuple(w, n);
        }
        if (e->op == B_POPCOUNT) {
            int r = bit_builtin(B_POPCOUNT, v, X);
            for (int i = 1; i < n; i++) r = bin(IR_ADD, Rs, r, bit_builtin(B_POPCOUNT, v + i, X));
            return r;
        }
        /* clz from the top word down, ctz (and ffs) from the bottom up: a word's count is
         * added while every word before it was zero */
        bool clz = e->op == B_CLZ;
        int first = clz ? v + n - 1 : v;
        int r = bit_builtin(clz ? B_CLZ : B_CTZ, first, X);
        int allz = un(IR_SEQZ, Rs, first);
        for (int k = 1; k < n; k++) {
            int wv = clz ? v + n - 1 - k : v + k;
            int c = bit_builtin(clz ? B_CLZ : B_CTZ, wv, X);
            r = bin(IR_ADD, Rs, r, bin(IR_AND, Rs, c, un(IR_NEG, Rs, allz)));
            allz = bin(IR_AND, Rs, allz, un(IR_SEQZ, Rs, wv));
        }
        if (e->op == B_FFS) /* ctz + 1, or 0 for zero */
            r = bin(IR_AND, Rs, bini(IR_ADD, Rs, r, 1), bini(IR_ADD, Rs, allz, -1));
        return r;
    }
    int bits = (int)at->size * 8;
    /* x as an unsigned XLEN value */
    int x = at->size < Rs ? ext(v, (int)at->size, true) : v;
    int r = bit_builtin(e->op, x, bits);
    if (e->op == B_BSWAP) return gen_cast_v(r, ty_size_t(), e->ty, e->pos);
    return r;
}

/* ---------------------------------------------------------------- complex numbers
 *
 * A complex value lives in memory (real part, then imaginary part); expressions of
 * complex type yield its address.  Arithmetic follows GCC without -ffast-math or
 * -fcx-limited-range: + - and real operands part-wise, complex * complex by the naive
 * formula with a call of __mul?c3 when both parts of the result are NaN, complex /
 * complex always by __div?c3 (libzlrt, Annex G). */

static int cplx_store(struct type *ct, int re, int im)
{
    struct type *et = ct->base;
    int a = slot_addr(ir_slot_new(F, ct->size, ct->align), 0);
    store(et, a, 0, re);
    store(et, a, et->size, im);
    return a;
}

static int elem_zero(struct type *et)
{
    if (is_ld(et)) return ld_const_bits(0);
    return gen_cast_v(li(0), ty_int, et, (struct srcpos){0});
}

/* -v for a float, double or long double value (also a complex number's part) */
static int elem_neg(struct type *et, int v)
{
    if (is_fp(et)) {
        struct ir_ins *i = E(IR_FNEG);
        i->d = vfp();
        i->a = v;
        i->w = (u8)et->size;
        return i->d;
    }
    /* long double: flip the sign bit of the most significant word */
    if (R() < 16) {
        int n = ldw(), w[4];
        for (int i = 0; i < n - 1; i++) w[i] = v + i;
        w[n - 1] = bin(IR_XOR, R(), v + n - 1, li((i128)1 << (tgt.xlen - 1)));
        return tuple(w, n);
    }
    return bin(IR_XOR, R(), v, li((i128)((u128)1 << 127)));
}

/* 1 when the element value v is a NaN */
static int elem_isnan(struct type *et, int v)
{
    if (is_ld(et)) return un(IR_SNEZ, R(), ld_cmp("__unordtf2", v, v));
    struct ir_ins *q = E(IR_FEQ);
    q->d = vint();
    q->a = v;
    q->b = v;
    q->w = (u8)et->size;
    return bini(IR_XOR, R(), q->d, 1);
}

static int elem_eq(struct type *et, int a, int b)
{
    if (is_ld(et)) return un(IR_SEQZ, R(), ld_cmp("__eqtf2", a, b));
    struct ir_ins *q = E(IR_FEQ);
    q->d = vint();
    q->a = a;
    q->b = b;
    q->w = (u8)et->size;
    return q->d;
}

static int cplx_cast_v(int v, struct type *from, struct type *to, struct srcpos pos)
{
    if (from->kind == TY_COMPLEX && to->kind == TY_COMPLEX) {
        if (from->base->kind == to->base->kind) return v;
        struct type *fe = from->base, *te = to->base;
        int re = gen_cast_v(load(fe, v, 0), fe, te, pos);
        int im = gen_cast_v(load(fe, v, fe->size), fe, te, pos);
        return cplx_store(to, re, im);
    }
    if (to->kind == TY_COMPLEX) /* real -> complex: imaginary part +0 */
        return cplx_store(to, gen_cast_v(v, from, to->base, pos), elem_zero(to->base));
    /* complex -> real, integer (imaginary part discarded) or _Bool (either part nonzero) */
    struct type *fe = from->base;
    int re = load(fe, v, 0);
    if (to->kind == TY_BOOL) {
        int im = load(fe, v, fe->size);
        return bin(IR_OR, R(), gen_cast_v(re, fe, ty_bool, pos), gen_cast_v(im, fe, ty_bool, pos));
    }
    return gen_cast_v(re, fe, to, pos);
}

/* a call of the libzlrt/libgcc helper __<op><s|d|t>c3(a, b, c, d): the address of its
 * complex result */
static int cplx_libcall(const char *op, struct type *ct, int ar, int ai, int br, int bi)
{
    struct type *et = ct->base;
    const char *sym = cc_printf("__%s%cc3", op, et->kind == TY_FLOAT ? 's' : et->kind == TY_DOUBLE ? 'd' : 't');
    struct type *fty = ty_func(ct);
    struct param **pt = &fty->params;
    struct node *args = NULL, **at = &args;
    int v[4] = {ar, ai, br, bi};
    for (int i = 0; i < 4; i++) {
        struct param *p = cc_alloc(sizeof *p);
        p->ty = et;
        *pt = p;
        pt = &p->next;
        struct node *n = new_node(N_VREG, FN->pos);
        n->ty = et;
        n->val = v[i];
        *at = n;
        at = &n->next;
    }
    struct obj *fn = cc_alloc(sizeof *fn);
    fn->name = fn->asm_name = sym;
    fn->ty = fty;
    fn->is_func = true;
    fn->slot = -1;
    struct node *var = new_node(N_VAR, FN->pos);
    var->var = fn;
    var->ty = fty;
    struct node *addr = new_node(N_ADDR, FN->pos);
    addr->l = var;
    addr->ty = ty_ptr(fty);
    struct node *call = new_node(N_CALL, FN->pos);
    call->l = addr;
    call->fty = fty;
    call->args = args;
    call->ty = ct;
    return gen_call(call);
}

/* a k b with a of type lt and b of type rt (complex, or the real type of ct) */
static int cplx_arith_v(int k, struct type *ct, int a, struct type *lt, int b, struct type *rt, struct srcpos pos)
{
    struct type *et = ct->base;
    bool lc = lt->kind == TY_COMPLEX, rc = rt->kind == TY_COMPLEX;
    int ar = lc ? load(et, a, 0) : a, ai = lc ? load(et, a, et->size) : 0;
    int br = rc ? load(et, b, 0) : b, bi = rc ? load(et, b, et->size) : 0;
    int re, im;
    switch (k) {
    case N_ADD: case N_SUB:
        re = arith(k, et, ar, br, pos);
        if (lc && rc) im = arith(k, et, ai, bi, pos);
        else if (lc) im = copy_val(ai, et);
        else im = k == N_ADD ? copy_val(bi, et) : elem_neg(et, bi);
        return cplx_store(ct, re, im);
    case N_MUL:
        if (!lc || !rc) {
            re = arith(N_MUL, et, ar, br, pos);
            im = lc ? arith(N_MUL, et, ai, br, pos) : arith(N_MUL, et, ar, bi, pos);
            return cplx_store(ct, re, im);
        }
        {
            re = arith(N_SUB, et, arith(N_MUL, et, ar, br, pos), arith(N_MUL, et, ai, bi, pos), pos);
            im = arith(N_ADD, et, arith(N_MUL, et, ar, bi, pos), arith(N_MUL, et, ai, br, pos), pos);
            int res = cplx_store(ct, re, im);
            int chk = ir_block_new(F), slow = ir_block_new(F), end = ir_block_new(F);
            int c1 = elem_isnan(et, re);
            struct ir_ins *i = E(IR_BR);
            i->a = c1;
            i->t1 = chk;
            i->t2 = end;
            set_block(chk);
            int c2 = elem_isnan(et, im);
            i = E(IR_BR);
            i->a = c2;
            i->t1 = slow;
            i->t2 = end;
            set_block(slow);
            copy_mem(res, cplx_libcall("mul", ct, ar, ai, br, bi), ct->size, ct->align);
            jmp(end);
            set_block(end);
            return res;
        }
    case N_DIV:
        if (!rc) {
            re = arith(N_DIV, et, ar, br, pos);
            im = arith(N_DIV, et, ai, br, pos);
            return cplx_store(ct, re, im);
        }
        if (!lc) ai = elem_zero(et);
        return cplx_libcall("div", ct, ar, ai, br, bi);
    default:
        cc_error_at(pos, "internal error: bad complex operator");
    }
}

static int cplx_eq(struct node *e)
{
    struct type *et = e->l->ty->base;
    int a = gen_expr(e->l), b = gen_expr(e->r);
    int re = elem_eq(et, load(et, a, 0), load(et, b, 0));
    int im = elem_eq(et, load(et, a, et->size), load(et, b, et->size));
    int r = bin(IR_AND, R(), re, im);
    return e->kind == N_NE ? bini(IR_XOR, R(), r, 1) : r;
}

static int cplx_neg(struct type *ct, int v, bool conj)
{
    struct type *et = ct->base;
    int re = load(et, v, 0), im = load(et, v, et->size);
    return cplx_store(ct, conj ? re : elem_neg(et, re), elem_neg(et, im));
}


static int gen_expr(struct node *e)
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
        gen_cond(e->cond, t, f);
        int r = e->ty->kind == TY_VOID ? 0 : is_fp(e->ty) ? vfp() : wide(e->ty) ? vtuple(nw(e->ty)) : vint();
        set_block(t);
        int a = gen_expr(e->then);
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

/* ---------------------------------------------------------------- statements */

static struct lbl *label(const char *name, struct srcpos pos)
{
    for (struct lbl *l = labels; l; l = l->next)
        if (!strcmp(l->name, name)) return l;
    struct lbl *l = cc_alloc(sizeof *l);
    l->name = name;
    l->block = ir_block_new(F);
    F->blocks[l->block]->asm_label = label_asm_name(FN->asm_name, name);
    l->pos = pos;
    l->next = labels;
    labels = l;
    return l;
}

static void gen_return(struct node *s)
{
    struct ir_call *c = cc_alloc(sizeof *c);
    c->args = cc_alloc(sizeof *c->args * 2);
    if (s->l && s->l->ty->kind != TY_VOID && FN->ty->base->kind != TY_VOID) {
        struct type *t = FN->ty->base;
        int v = gen_expr(s->l);
        if (ret_class.kind == ABI_INDIRECT) {
            if (in_mem(t)) copy_mem(ret_ptr_vreg, v, t->size, t->align);
            else store(t, ret_ptr_vreg, 0, v);
            add_arg(c, ret_ptr_vreg, 0, 0, R());
        } else if (in_mem(t)) {
            long sz = (t->size + R() - 1) / R() * R();
            int sl = ir_slot_new(F, sz, R());
            int a = slot_addr(sl, 0);
            zero_mem(a, sz, R());
            copy_mem(a, v, t->size, t->align);
            int gi = 0, fi = 0;
            for (int i = 0; i < ret_class.nparts; i++) {
                struct abi_part *p = &ret_class.parts[i];
                struct type *pt = p->fp ? (p->size == 4 ? ty_float : ty_double) : (tgt.xlen == 32 ? ty_uint : ty_ulong);
                if (!p->fp && p->size < R()) pt = p->size == 8 ? ty_uint64 : p->size == 4 ? ty_uint : p->size == 2 ? ty_ushort : ty_uchar;
                int pv = load(pt, a, p->off);
                add_arg(c, pv, p->fp ? 8 + fi++ : gi++, 0, p->size);
            }
        } else if (wide(t)) {
            add_arg(c, v, 0, 0, R());
            add_arg(c, v + 1, 1, 0, R());
        } else {
            add_arg(c, v, is_fp(t) ? 8 : 0, 0, (int)t->size);
        }
    } else if (s->l) {
        gen_expr(s->l);
    }
    scope_leave(0, false);   /* after the value is computed; the epilogue frees VLAs */
    E(IR_RET)->call = c;
    set_block(ir_block_new(F));
}

static void gen_switch(struct node *s)
{
    int v = gen_expr(s->cond);
    int end = ir_block_new(F);
    int save_brk = brk_target, save_bv = brk_vdepth, save_sv = sw_vdepth;
    struct srcpos save_pos = sw_pos;
    sw_pos = s->pos;
    brk_target = end;
    brk_vdepth = sw_vdepth = vdepth;
    int dflt = end;
    struct type *ct = s->cond->ty;
    for (struct node *c = s->cases; c; c = c->els) {
        c->label = ir_block_new(F);
        if (c->kind == N_DEFAULT) {
            dflt = c->label;
            continue;
        }
        int nb = ir_block_new(F);
        if (wide(ct)) {
            int n = nw(ct), eq;
            if (c->lo == c->hi) {
                eq = wide_eq(v, const_words(wrap_int(c->lo, ct), n), n);
            } else {
                /* lo <= v <= hi */
                bool u = ct->is_unsigned;
                int below = wide_lt(v, const_words(wrap_int(c->lo, ct), n), u, n);
                int above = wide_lt(const_words(wrap_int(c->hi, ct), n), v, u, n);
                eq = un(IR_SEQZ, R(), bin(IR_OR, R(), below, above));
            }
            struct ir_ins *i = E(IR_BR);
            i->a = eq;
            i->t1 = c->label;
            i->t2 = nb;
        } else if (c->lo == c->hi) {
            int cv = li(canon(c->lo, ct));
            struct ir_ins *i = E(IR_BCMP);
            i->a = v;
            i->b = cv;
            i->imm = CC_EQ;
            i->t1 = c->label;
            i->t2 = nb;
        } else {
            /* lo <= v <= hi  <=>  (v - lo) <=u (hi - lo) */
            int d = bin(IR_SUB, opw(ct), v, li(canon(c->lo, ct)));
            if (opw(ct) < R()) d = ext(d, opw(ct), true);
            int span = li((i128)((u128)c->hi - (u128)c->lo));
            struct ir_ins *i = E(IR_BCMP);
            i->a = span;
            i->b = d;
            i->imm = CC_GEU;
            i->t1 = c->label;
            i->t2 = nb;
        }
        set_block(nb);
    }
    jmp(dflt);
    set_block(ir_block_new(F));
    gen_stmt(s->body);
    if (!block_ends()) jmp(end);
    set_block(end);
    brk_target = save_brk;
    brk_vdepth = save_bv;
    sw_vdepth = save_sv;
    sw_pos = save_pos;
}

/* Leave the scopes above depth: the cleanup calls, innermost first (C has no destructors;
 * GCC's cleanup attribute runs them when the variable's scope ends however it is left,
 * but for a computed goto or longjmp), then sp goes back to before the outermost VLA. */
static void scope_leave(int depth, bool free_vlas)
{
    for (int k = vdepth - 1; k >= depth; k--)
        if (vstk[k].cleanup) gen_expr(vstk[k].cleanup);
    for (int k = depth; free_vlas && k < vdepth; k++)
        if (vstk[k].saved) {
            E(IR_SPRESTORE)->a = vstk[k].saved;
            break;
        }
}

static void vla_leave(int depth) { scope_leave(depth, true); }

static bool is_vla_decl(struct node *s)
{
    return s->kind == N_DECL && s->var->ty->vla_len;
}

/* a declaration that opens a scope entry: a VLA or a variable with a cleanup */
static bool is_scope_decl(struct node *s)
{
    return is_vla_decl(s) || (s->kind == N_DECL && s->var->cleanup);
}

/* the first VLA declared in scope entries [from, to) of decls, or NULL */
static struct node *vla_among(struct node **decls, int from, int to)
{
    for (int k = from; k < to; k++)
        if (is_vla_decl(decls[k])) return decls[k];
    return NULL;
}

/* GCC's error for a jump past a VLA's declaration, with its notes */
static _Noreturn void jump_into_vla(struct srcpos at, const char *what, struct srcpos from,
                                   const char *from_note, struct node *vla)
{
    cc_error_report(at, "%s into scope of identifier with variably modified type", what);
    cc_note_at(from, "%s", from_note);
    cc_note_at(vla->var->pos, "'%s' declared here", vla->var->name);
    cc_error_again();
}

static void scope_push_entry(struct node *decl, int saved, struct node *cleanup)
{
    if (vdepth == vcap) {
        vcap = vcap ? 2 * vcap : 16;
        struct vscope *n = cc_alloc((size_t)vcap * sizeof *n);
        if (vdepth) memcpy(n, vstk, (size_t)vdepth * sizeof *n);
        vstk = n;
    }
    vstk[vdepth].decl = decl;
    vstk[vdepth].saved = saved;
    vstk[vdepth++].cleanup = cleanup;
}

static bool has_vla(struct node *s)
{
    for (; s; s = s->next) {
        if (is_scope_decl(s)) return true;
        switch (s->kind) {
        case N_BLOCK: if (has_vla(s->body)) return true; break;
        case N_IF: if (has_vla(s->then) || has_vla(s->els)) return true; break;
        case N_WHILE: case N_FOR: case N_DO: case N_SWITCH: case N_CASE: case N_DEFAULT: case N_LABEL:
            if (has_vla(s->body) || (s->kind == N_FOR && has_vla(s->init))) return true;
            break;
        default: break;
        }
    }
    return false;
}

/* the scope entries (VLAs, cleanups) around label `name` (declarations pushed on vlbl), or -1 when the label
 * is not found (in a statement expression) */
static struct node **vlbl;
static int vlbl_cap;
static int vlbl_push(int d, struct node *decl)
{
    if (d == vlbl_cap) {
        vlbl_cap = vlbl_cap ? 2 * vlbl_cap : 16;
        struct node **n = cc_alloc((size_t)vlbl_cap * sizeof *n);
        if (d) memcpy(n, vlbl, (size_t)d * sizeof *n);
        vlbl = n;
    }
    vlbl[d] = decl;
    return d + 1;
}

static struct node *found_label;   /* label_vla_depth: the label found */

static int label_vla_depth(struct node *s, const char *name, int d)
{
    if (!s) return -1;
    int r;
    switch (s->kind) {
    case N_BLOCK:
        for (struct node *c = s->body; c; c = c->next) {
            if ((r = label_vla_depth(c, name, d)) >= 0) return r;
            if (is_scope_decl(c)) d = vlbl_push(d, c);
        }
        return -1;
    case N_LABEL:
        if (!strcmp(s->str, name)) {
            found_label = s;
            return d;
        }
        return label_vla_depth(s->body, name, d);
    case N_IF:
        if ((r = label_vla_depth(s->then, name, d)) >= 0) return r;
        return label_vla_depth(s->els, name, d);
    case N_FOR:
        if (s->init && s->init->kind == N_BLOCK)
            for (struct node *c = s->init->body; c; c = c->next)
                if (is_scope_decl(c)) d = vlbl_push(d, c);
        return label_vla_depth(s->body, name, d);
    case N_WHILE: case N_DO: case N_SWITCH: case N_CASE: case N_DEFAULT:
        return label_vla_depth(s->body, name, d);
    default: return -1;
    }
}

static void gen_decl_init(struct node *s)
{
    struct obj *o = s->var;
    if (o->ty->vla_len) {
        /* VLA: its size was computed when the type was reached; save sp (restored when
         * the scope is left), allocate on the stack, keep the pointer in a slot */
        int size = gen_expr(vla_size_ref(o->ty, s->pos));
        int saved = vint();
        scope_push_entry(s, saved, NULL);
        E(IR_SPSAVE)->d = saved;
        struct ir_ins *i = E(IR_ALLOCA);
        i->d = vint();
        i->a = size;
        F->has_alloca = true;
        if (ccopt.ssp) F->stack_protect = true;
        if (o->slot < 0) o->slot = ir_slot_new(F, tgt.ptr_size, tgt.ptr_size);
        store(ty_ptr(ty_void), slot_addr(o->slot, 0), 0, i->d);
        return;
    }
    if (promoted(o)) {
        if (s->ini && s->ini->n) {
            struct init_item *it = &s->ini->items[s->ini->n - 1];
            assign_var(o->vreg, gen_expr(it->e), o->ty);
        }
        return;
    }
    if (!s->ini) return;
    if (o->slot < 0) o->slot = local_slot(o->ty, o->align > o->ty->align ? o->align : o->ty->align);
    int a = slot_addr(o->slot, 0);
    if (s->ini->n == 1 && s->ini->items[0].offset == 0 && s->ini->items[0].e &&
        s->ini->items[0].bit_width < 0 && s->ini->items[0].ty->size == o->ty->size) {
        struct init_item *it = &s->ini->items[0];
        if (in_mem(it->ty)) copy_mem(a, gen_expr(it->e), it->ty->size, it->ty->align);
        else store(it->ty, a, 0, gen_expr(it->e));
        return;
    }
    init_local(o, s->ini, a);
}

static void gen_decl(struct node *s)
{
    gen_decl_init(s);
    if (s->var->cleanup && !s->var->ty->vla_len) scope_push_entry(s, 0, s->var->cleanup);
}

static int asm_reg_number(const char *name);

static void gen_asm(struct node *s)
{
    struct ir_asm *a = cc_alloc(sizeof *a);
    a->text = s->str;
    a->pos = s->pos;
    a->nops = s->nouts + s->nins;
    a->ops = cc_alloc(sizeof *a->ops * (size_t)(a->nops + 1));
    a->clobbers = s->clobbers;
    a->nclob = s->nclob;
    int *outaddr = cc_alloc(sizeof(int) * (size_t)(s->nouts + 1));
    for (int i = 0; i < s->nouts; i++) {
        struct asm_operand *o = &s->outs[i];
        struct ir_asm_op *op = &a->ops[i];
        const char *c = o->constraint;
        op->out = true;
        op->in = c[0] == '+';
        while (*c == '=' || *c == '+' || *c == '&') c++;
        op->kind = *c == 'f' ? 'f' : *c == 'm' ? 'm' : 'r';
        struct node *e = o->e;
        if (op->kind == 'm') {
            op->vreg = gen_addr(e);
            op->out = false;
            continue;
        }
        if (e->kind == N_VAR && e->var->asm_reg && e->var->is_local)
            op->pinned = asm_reg_number(e->var->asm_reg) + 1;
        outaddr[i] = lvalue_addr(e);
        op->outvreg = is_fp(e->ty) ? vfp() : vint();
        if (op->in) op->vreg = load_at(e, outaddr[i]);
    }
    for (int i = 0; i < s->nins; i++) {
        struct asm_operand *o = &s->ins[i];
        struct ir_asm_op *op = &a->ops[s->nouts + i];
        const char *c = o->constraint;
        op->in = true;
        struct node *e = o->e;
        if (*c >= '0' && *c <= '9') {
            int k = *c - '0';
            if (k >= s->nouts) cc_error_at(s->pos, "matching constraint references invalid operand number");
            a->ops[k].in = true;
            a->ops[k].vreg = gen_expr(rvalue(e));
            op->kind = 'n'; /* consumed */
            continue;
        }
        if (strchr(c, 'i') || strchr(c, 'n') || strchr(c, 'I') || strchr(c, 'K')) {
            i128 v;
            const char *sym = NULL;
            if (eval_int(e, &v)) {
                op->kind = 'i';
                op->imm = v;
                continue;
            }
            if (eval_addr(e, &sym, &v) && strchr(c, 'i') && !strchr(c, 'r')) {
                op->kind = 'i';
                op->imm = v;
                op->sym = sym;
                continue;
            }
            if (!strchr(c, 'r')) cc_error_at(e->pos, "impossible constraint in 'asm'");
        }
        if (*c == 'm' || (strchr(c, 'm') && !strchr(c, 'r'))) {
            op->kind = 'm';
            op->vreg = gen_addr(e);
            continue;
        }
        op->kind = *c == 'f' ? 'f' : 'r';
        if (e->kind == N_VAR && e->var->asm_reg && e->var->is_local)
            op->pinned = asm_reg_number(e->var->asm_reg) + 1;
        op->vreg = gen_expr(rvalue(e));
    }
    E(IR_ASM)->asmi = a;
    for (int i = 0; i < s->nouts; i++) {
        struct ir_asm_op *op = &a->ops[i];
        if (op->kind == 'm') continue;
        store_lvalue(s->outs[i].e, outaddr[i], op->outvreg);
    }
}

static int asm_reg_number(const char *name)
{
    static const char *const abi[] = {"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1",
                                      "a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3",
                                      "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4",
                                      "t5", "t6"};
    for (int i = 0; i < 32; i++)
        if (!strcmp(name, abi[i])) return i;
    if (name[0] == 'x') return (int)strtol(name + 1, NULL, 10) & 31;
    if (!strcmp(name, "fp")) return 8;
    return 10;
}

/* -g: a row of the line table where the code of a statement starts */
static int loc_block = -1;
static u32 loc_line;
static void mark_loc(struct srcpos p)
{
    if (!p.file || !p.line || (loc_block == cur && loc_line == p.line)) return;
    struct ir_ins *i = E(IR_LOC);
    i->sym = p.file;
    i->imm = p.line;
    i->slot = (int)p.col;
    loc_block = cur;
    loc_line = p.line;
}

static void gen_stmt(struct node *s)
{
    if (ccopt.debug && s->kind != N_BLOCK && s->kind != N_NOP) mark_loc(s->pos);
    switch (s->kind) {
    case N_BLOCK: {
        /* a block declaring VLAs frees them when it ends */
        int d0 = vdepth;
        for (struct node *c = s->body; c; c = c->next) gen_stmt(c);
        vla_leave(d0);
        vdepth = d0;
        return;
    }
    case N_NOP: return;
    case N_EXPR_STMT: gen_expr(s->l); return;
    case N_DECL: gen_decl(s); return;
    case N_IF: {
        int t = ir_block_new(F), f = ir_block_new(F), end = s->els ? ir_block_new(F) : f;
        gen_cond(s->cond, t, f);
        set_block(t);
        gen_stmt(s->then);
        jmp(end);
        if (s->els) {
            set_block(f);
            gen_stmt(s->els);
            jmp(end);
        }
        set_block(end);
        return;
    }
    case N_WHILE: case N_FOR: {
        /* the declarations of a for's first clause are in scope for the whole loop (a VLA
         * there is released after it) */
        int d0 = vdepth;
        if (s->init && s->init->kind == N_BLOCK)
            for (struct node *c = s->init->body; c; c = c->next) gen_stmt(c);
        else if (s->init)
            gen_stmt(s->init);
        int head = ir_block_new(F), body = ir_block_new(F), cont = ir_block_new(F), end = ir_block_new(F);
        jmp(head);
        set_block(head);
        if (s->cond) gen_cond(s->cond, body, end);
        else jmp(body);
        int sb = brk_target, sc = cont_target, sbv = brk_vdepth, scv = cont_vdepth;
        brk_target = end;
        cont_target = cont;
        brk_vdepth = cont_vdepth = vdepth;
        set_block(body);
        gen_stmt(s->body);
        jmp(cont);
        set_block(cont);
        if (s->inc) gen_expr(s->inc);
        jmp(head);
        brk_target = sb;
        cont_target = sc;
        brk_vdepth = sbv;
        cont_vdepth = scv;
        set_block(end);
        vla_leave(d0);
        vdepth = d0;
        return;
    }
    case N_DO: {
        int body = ir_block_new(F), cont = ir_block_new(F), end = ir_block_new(F);
        jmp(body);
        int sb = brk_target, sc = cont_target, sbv = brk_vdepth, scv = cont_vdepth;
        brk_target = end;
        cont_target = cont;
        brk_vdepth = cont_vdepth = vdepth;
        set_block(body);
        gen_stmt(s->body);
        jmp(cont);
        set_block(cont);
        gen_cond(s->cond, body, end);
        brk_target = sb;
        cont_target = sc;
        brk_vdepth = sbv;
        cont_vdepth = scv;
        set_block(end);
        return;
    }
    case N_SWITCH: gen_switch(s); return;
    case N_CASE: case N_DEFAULT:
        if (vdepth > sw_vdepth) {
            struct node **decls = cc_alloc((size_t)vdepth * sizeof *decls);
            for (int k = 0; k < vdepth; k++) decls[k] = vstk[k].decl;
            struct node *v = vla_among(decls, sw_vdepth, vdepth);
            if (v) jump_into_vla(s->pos, "switch jumps", sw_pos, "switch starts here", v);
        }
        jmp(s->label);
        set_block(s->label);
        gen_stmt(s->body);
        return;
    case N_BREAK:
        vla_leave(brk_vdepth);
        jmp(brk_target);
        set_block(ir_block_new(F));
        return;
    case N_CONTINUE:
        vla_leave(cont_vdepth);
        jmp(cont_target);
        set_block(ir_block_new(F));
        return;
    case N_GOTO:
        if (fn_has_vla) {
            int ld = label_vla_depth(FN->body, s->str, 0);
            if (ld >= 0) {
                int k = 0;
                while (k < vdepth && k < ld && vlbl[k] == vstk[k].decl) k++;
                struct node *v = vla_among(vlbl, k, ld);
                if (v)
                    jump_into_vla(s->pos, "jump", found_label->pos,
                                  cc_printf("label '%s' defined here", s->str), v);
                vla_leave(k);
            }
        }
        jmp(label(s->str, s->pos)->block);
        set_block(ir_block_new(F));
        return;
    case N_LABEL: {
        struct lbl *l = label(s->str, s->pos);
        if (l->defined) cc_error_at(s->pos, "duplicate label '%s'", s->str);
        l->defined = true;
        jmp(l->block);
        set_block(l->block);
        gen_stmt(s->body);
        return;
    }
    case N_RETURN: gen_return(s); return;
    case N_COMPUTED_GOTO: {
        int v = gen_expr(s->l);
        E(IR_IJMP)->a = v;
        set_block(ir_block_new(F));
        return;
    }
    case N_ASM: gen_asm(s); return;
    default: cc_error_at(s->pos, "internal error: cannot lower statement kind %d", s->kind);
    }
}

/* ---------------------------------------------------------------- functions */

static void param_in(struct obj *p, int *ngpr, int *nfpr, long *stack)
{
    struct type *t = p->ty;
    struct abi_class c;
    abi_classify(t, false, &c);
    if (c.kind == ABI_IGNORE) return;
    int regs[2];
    long so[2];
    assign_parts(&c, t, ngpr, nfpr, stack, regs, so, false);
    bool scalar = ty_is_scalar(t);
    if (scalar && !p->addr_taken && !t->is_volatile && !t->is_atomic && c.kind == ABI_DIRECT && c.nparts == 1 &&
        (c.parts[0].fp == is_fp(t))) {
        p->vreg = is_fp(t) ? vfp() : vint();
        struct ir_ins *i = E(IR_PARAM);
        i->d = p->vreg;
        i->loc = regs[0];
        i->imm = so[0];
        i->w = (u8)(is_fp(t) ? t->size : R());
        return;
    }
    if (scalar && !p->addr_taken && !t->is_volatile && !t->is_atomic && c.kind == ABI_INDIRECT) {
        /* __int128 / long double on rv32: the caller's copy is ours; load it into vregs */
        int ptr = vint();
        struct ir_ins *i = E(IR_PARAM);
        i->d = ptr;
        i->loc = regs[0];
        i->imm = so[0];
        p->vreg = vtuple(nw(t));
        mov_val(p->vreg, load(t, ptr, 0), t);
        return;
    }
    p->slot = ir_slot_new(F, (t->size + R() - 1) / R() * R(), t->align > R() ? t->align : R());
    int a = slot_addr(p->slot, 0);
    if (c.kind == ABI_INDIRECT) {
        int v = vint();
        struct ir_ins *i = E(IR_PARAM);
        i->d = v;
        i->loc = regs[0];
        i->imm = so[0];
        copy_mem(a, v, t->size, t->align);
        return;
    }
    for (int k = 0; k < c.nparts; k++) {
        int v = c.parts[k].fp ? vfp() : vint();
        struct ir_ins *i = E(IR_PARAM);
        i->d = v;
        i->loc = regs[k];
        i->imm = so[k];
        i->w = (u8)(c.parts[k].fp ? c.parts[k].size : R());
        struct type *pt;
        if (c.parts[k].fp) pt = c.parts[k].size == 4 ? ty_float : ty_double;
        else if (c.parts[k].size >= R()) pt = tgt.xlen == 32 ? ty_uint : ty_ulong;
        else pt = c.parts[k].size == 8 ? ty_uint64 : c.parts[k].size == 4 ? ty_uint : c.parts[k].size == 2 ? ty_ushort : ty_uchar;
        if (is_fp(t) && !c.parts[k].fp) pt = t->size == 4 ? ty_uint : (tgt.xlen == 32 ? ty_uint : ty_uint64);
        if (is_fp(t) && !c.parts[k].fp && tgt.xlen == 32 && t->size == 8) {
            store(ty_uint, a, k * 4, v);
            if (c.nparts == 1) {
                /* second half on the stack or in the next register: handled as a 2-part value */
            }
            continue;
        }
        store(pt, a, c.parts[k].off, v);
    }
}

struct ir_func *lower_function(struct obj *fn)
{
    F = ir_new_func(fn->asm_name);
    F->stack_protect = ccopt.ssp == 3;
    FN = fn;
    labels = NULL;
    brk_target = cont_target = -1;
    vdepth = brk_vdepth = cont_vdepth = sw_vdepth = 0;
    vstk = NULL;  /* arena memory: per function */
    vcap = 0;
    vlbl = NULL;
    vlbl_cap = 0;
    fn_has_vla = has_vla(fn->body);
    F->is_static = fn->is_static;
    F->weak = fn->weak;
    F->section = fn->section;
    F->align = fn->align;
    F->loc_file = fn->pos.file;
    F->loc_line = (int)fn->pos.line;
    F->loc_col = (int)fn->pos.col;
    loc_block = -1;
    set_block(ir_block_new(F));
    int ngpr = 0, nfpr = 0;
    long stack = 0;
    struct type *rt = fn->ty->base;
    abi_classify(rt, false, &ret_class);
    ret_ptr_vreg = 0;
    if (ret_class.kind == ABI_INDIRECT) {
        ret_ptr_vreg = vint();
        struct ir_ins *i = E(IR_PARAM);
        i->d = ret_ptr_vreg;
        i->loc = ngpr++;
    }
    /* decide which locals live in registers */
    for (struct obj *o = fn->locals; o; o = o->next_local) {
        o->vreg = 0;
        o->slot = -1;
    }
    for (struct obj *p = fn->params; p; p = p->next_param) param_in(p, &ngpr, &nfpr, &stack);
    for (struct obj *o = fn->locals; o; o = o->next_local) {
        bool isparam = false;
        for (struct obj *p = fn->params; p; p = p->next_param)
            if (p == o) isparam = true;
        if (isparam || !o->name) continue;
        if (ty_is_scalar(o->ty) && !o->addr_taken && !o->ty->is_volatile && !o->ty->is_atomic) {
            o->vreg = is_fp(o->ty) ? vfp() : vtuple(nw(o->ty));
            if (!is_fp(o->ty)) /* defined on entry */
                for (int i = 0; i < nw(o->ty); i++) E(IR_LI)->d = o->vreg + i;
        }
    }
    var_vreg_max = F->nvregs - 1;
    if (fn->ty->variadic) {
        F->variadic = true;
        F->va_first_gpr = ngpr > 8 ? 8 : ngpr;
        E(IR_SAVE_VA)->imm = F->va_first_gpr;
    }
    gen_stmt(fn->body);
    /* falling off the end: main returns 0 */
    struct ir_call *c = cc_alloc(sizeof *c);
    c->args = cc_alloc(sizeof *c->args);
    if (!strcmp(fn->name, "main") && ty_is_integer(rt)) add_arg(c, li(0), 0, 0, 4);
    E(IR_RET)->call = c;
    for (struct lbl *l = labels; l; l = l->next)
        if (!l->defined) cc_error_at(l->pos, "label '%s' used but not defined", l->name);
    /* labels whose address may be stored in static data (&&l in an initializer) */
    if (FN->has_label_addr)
        for (struct lbl *l = labels; l; l = l->next) F->blocks[l->block]->addr_taken = true;
    return F;
}
