/* Lowering: typed AST -> IR with virtual registers (ir.h), the shared state and
 * helpers (instructions, words of wide values, loads, stores, frame slots) and the
 * function: parameters, body, epilogue.  Scalars whose address is never taken live in
 * vregs; everything else lives in frame slots or static storage.  Aggregate values are
 * represented by their address.  The other lower_*.c files lower one concern each;
 * lower.h declares what they share. */
#include "cc/lower.h"

#include <stdlib.h>
#include <string.h>

struct ir_func *F;
struct obj *FN;
int cur;
int brk_target, cont_target;
struct vscope *vstk;
int vdepth, vcap;
int brk_vdepth, cont_vdepth;
int sw_vdepth;
struct srcpos sw_pos;
bool fn_has_vla;
int ret_ptr_vreg;
struct abi_class ret_class;
struct lbl *labels;
int var_vreg_max;
int loc_block = -1;
u32 loc_line;
struct node **vlbl;
int vlbl_cap;

struct ir_ins *E(int op) { return ir_emit(F, cur, op); }
int vint(void) { return ir_vreg(F, 0); }
int vfp(void) { return ir_vreg(F, 1); }
int R(void) { return tgt.regsize; }

bool is_fp(struct type *t) { return t->kind == TY_FLOAT || t->kind == TY_DOUBLE; }

int set_block(int b)
{
    cur = b;
    return b;
}

void jmp(int b)
{
    E(IR_JMP)->t1 = b;
}

void branch_cmp(int cc, int a, int b, int t1, int t2)
{
    struct ir_ins *i = E(IR_BCMP);
    i->imm = cc;
    i->a = a;
    i->b = b;
    i->t1 = t1;
    i->t2 = t2;
}

bool block_ends(void)
{
    struct ir_block *b = F->blocks[cur];
    if (!b->n) return false;
    int op = b->ins[b->n - 1].op;
    return op == IR_JMP || op == IR_BR || op == IR_BCMP || op == IR_RET;
}

/* canonical immediate of type t */
i128 canon(i128 v, struct type *t)
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

int li(i128 v)
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

int bin(int op, int w, int a, int b)
{
    struct ir_ins *i = E(op);
    i->d = vint();
    i->w = (u8)w;
    i->a = a;
    i->b = b;
    return i->d;
}

int bini(int op, int w, int a, i128 imm)
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

/* v, just computed by an add, sub or mul of signed type t, cannot overflow (C leaves
 * that undefined): so marked when narrower than a register */
int signed_nowrap(int v, struct type *t)
{
    struct ir_block *b = F->blocks[cur];
    struct ir_ins *i = b->n ? &b->ins[b->n - 1] : NULL;
    if (!ccopt.wrapv && i && i->d == v && (i->op == IR_ADD || i->op == IR_SUB || i->op == IR_MUL) &&
        i->w < tgt.regsize &&
        t->kind != TY_PTR && t->kind != TY_BOOL && !t->is_unsigned && ty_is_integer(t))
        i->nsw = true;
    return v;
}

int un(int op, int w, int a)
{
    struct ir_ins *i = E(op);
    i->d = vint();
    i->w = (u8)w;
    i->a = a;
    return i->d;
}

int ext(int a, int w, bool uns)
{
    struct ir_ins *i = E(IR_EXT);
    i->d = vint();
    i->a = a;
    i->w = (u8)w;
    i->uns = uns;
    return i->d;
}

int mov(int a)
{
    struct ir_ins *i = E(IR_MOV);
    i->d = ir_vreg(F, F->vclass[a]);
    i->a = a;
    return i->d;
}

void mov_to(int d, int a)
{
    struct ir_ins *i = E(IR_MOV);
    i->d = d;
    i->a = a;
}

/* Integers wider than a register (long long on rv32, __int128 on rv64 and rv32) live in
 * consecutive vregs, least significant word first: a pair (v, v + 1) when twice as wide,
 * four vregs for __int128 on rv32.  long double on rv64 and rv32 travels the same way. */
bool wide(struct type *t)
{
    return (t->kind != TY_ENUM && ty_is_integer(t) && t->size > R()) || (t->kind == TY_LDOUBLE && R() < 16);
}

/* long double: its binary128 bit pattern is handled like an unsigned 128-bit integer
 * (one vreg on rv128, two on rv64, four on rv32); arithmetic calls the libzlrt helpers */
bool is_ld(struct type *t) { return t->kind == TY_LDOUBLE; }

/* values handled by address: structs, unions, arrays and complex numbers */
bool in_mem(struct type *t) { return ty_is_aggr(t) || t->kind == TY_COMPLEX; }

/* number of XLEN-bit words of a value (1 unless wide) */
int nw(struct type *t) { return wide(t) ? (int)(t->size / R()) : 1; }

int vtuple(int n)
{
    int v = vint();
    for (int i = 1; i < n; i++) vint();
    return v;
}

int vpair(void) { return vtuple(2); }

int pair(int lo, int hi)
{
    int p = vpair();
    mov_to(p, lo);
    mov_to(p + 1, hi);
    return p;
}

/* a fresh tuple holding the n words w[0..n-1] */
int tuple(const int *w, int n)
{
    int p = vtuple(n);
    for (int i = 0; i < n; i++) mov_to(p + i, w[i]);
    return p;
}

/* the constant v as a tuple of n words */
int const_words(i128 v, int n)
{
    if (n == 2) return pair(li(v), li(v >> tgt.xlen));
    int w[16];
    for (int i = 0; i < n; i++) w[i] = li(i * tgt.xlen < 128 ? v >> (i * tgt.xlen) : v < 0 ? -1 : 0);
    return tuple(w, n);
}

/* a copy of the value v of type t */
int copy_val(int v, struct type *t)
{
    if (!wide(t)) return mov(v);
    int n = nw(t), w[16];
    for (int i = 0; i < n; i++) w[i] = v + i;
    return tuple(w, n);
}

void mov_val(int d, int a, struct type *t)
{
    for (int i = 0; i < nw(t); i++) mov_to(d + i, a + i);
}

struct type *reg_type(bool uns)
{
    if (tgt.xlen == 32) return uns ? ty_uint : ty_int;
    return uns ? ty_ulong : ty_long;
}

int opw(struct type *t)
{
    long s = t->kind == TY_PTR ? tgt.ptr_size : t->size;
    if (s < 4) s = 4;
    return (int)s;
}

int load(struct type *t, int addr, long off)
{
    if (wide(t)) {
        int n = nw(t), w[16];
        for (int i = 0; i < n; i++) w[i] = load(ty_qual(reg_type(true), false, t->is_volatile), addr, off + (long)i * R());
        return tuple(w, n);
    }
    struct ir_ins *i = E(IR_LOAD);
    i->d = is_fp(t) ? vfp() : vint();
    i->a = addr;
    i->imm = off;
    i->w = (u8)(t->kind == TY_PTR ? tgt.ptr_size : t->size);
    i->uns = t->is_unsigned && i->w < 4;
    if (t->kind == TY_BOOL) i->uns = true;
    i->vol = t->is_volatile;
    return i->d;
}

void store(struct type *t, int addr, long off, int v)
{
    if (wide(t)) {
        for (int i = 0; i < nw(t); i++) store(ty_qual(reg_type(true), false, t->is_volatile), addr, off + (long)i * R(), v + i);
        return;
    }
    struct ir_ins *i = E(IR_STORE);
    i->a = addr;
    i->b = v;
    i->imm = off;
    i->w = (u8)(t->kind == TY_PTR ? tgt.ptr_size : t->size);
    i->vol = t->is_volatile;
}

/* -fstack-protector chooses functions like GCC: level 1 those with a character array of
 * 8 bytes or more (also inside a struct) or with alloca/VLAs, level 2 every function with a
 * local kept in memory (arrays and locals whose address is taken), level 3 all. */
bool has_char_buffer(struct type *t)
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

int local_slot(struct type *t, int align)
{
    if (ccopt.ssp >= 2 || (ccopt.ssp == 1 && has_char_buffer(t))) F->stack_protect = true;
    return ir_slot_new(F, t->size, align);
}

int slot_addr(int slot, long off)
{
    struct ir_ins *i = E(IR_ADDR);
    i->d = vint();
    i->slot = slot;
    i->imm = off;
    return i->d;
}

void copy_mem(int dst, int src, long size, int align)
{
    struct ir_ins *i = E(IR_COPY);
    i->a = dst;
    i->b = src;
    i->imm = size;
    i->w = (u8)(align > 16 ? 16 : align);
}

void zero_mem(int dst, long size, int align)
{
    struct ir_ins *i = E(IR_ZERO);
    i->a = dst;
    i->imm = size;
    i->w = (u8)(align > 16 ? 16 : align);
}
/* var = v: when v is a temporary the previous instruction just computed, compute straight
 * into the variable's vreg instead of copying */
int assign_var(int var, int v, struct type *t)
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

/* ---------------------------------------------------------------- functions */

void param_in(struct obj *p, int *ngpr, int *nfpr, long *stack)
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
    F->noinline = fn->noinline;
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
