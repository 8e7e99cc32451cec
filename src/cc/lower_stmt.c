/* Lowering: statements: labels, return, switch, scopes that VLAs and cleanups
 * leave, inline asm, line-table marks. */
#include "cc/lower.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- statements */

struct lbl *label(const char *name, struct srcpos pos)
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

void gen_return(struct node *s)
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

/* Switches.  The cases, sorted, are grouped into units: a run of at least
 * SW_TABLE_MIN cases spanning at most SW_TABLE_DENSITY times as many values becomes a
 * jump table (GCC's rule for speed: tables at most 8 times as long as their cases);
 * every other case is a unit of its own.  The units are searched by value: a binary
 * tree of `<` comparisons down to SW_LINEAR_MAX units, which are tested in turn.  So a
 * dense switch costs a bounds check and an indirect jump, a sparse one O(log n)
 * comparisons.  Switches on types wider than a register compare case by case. */
enum { SW_TABLE_MIN = 5, SW_TABLE_DENSITY = 8, SW_TABLE_MAX = 1 << 16, SW_LINEAR_MAX = 3 };

struct sw_case { i128 lo, hi; int label; };
struct sw_unit { int first, last; bool table; };
struct sw {
    struct type *ty;
    bool u;              /* unsigned order */
    int v, dflt;
    struct sw_case *c;
    struct sw_unit *unit;
};

static bool sw_order_u128;  /* the order qsort sorts in: a 128-bit unsigned type's */

static bool sw_less(i128 a, i128 b, bool wide_u) { return wide_u ? (u128)a < (u128)b : a < b; }

static int sw_case_cmp(const void *x, const void *y)
{
    const struct sw_case *a = x, *b = y;
    return sw_less(a->lo, b->lo, sw_order_u128) ? -1 : sw_less(b->lo, a->lo, sw_order_u128) ? 1 : 0;
}

/* the number of values from lo to hi, less one (the type's order; lo <= hi) */
static u128 sw_span(i128 lo, i128 hi) { return (u128)hi - (u128)lo; }

/* v - lo as an unsigned value of the type's width: in [0, span] exactly when v is */
static int sw_offset(struct sw *w, i128 lo)
{
    int d = bin(IR_SUB, opw(w->ty), w->v, li(canon(lo, w->ty)));
    if (opw(w->ty) < R()) d = ext(d, opw(w->ty), true);
    return d;
}

/* ends the current block: to `to` when the unit matches, else to `next` */
static void sw_test(struct sw *w, const struct sw_unit *u, int next)
{
    const struct sw_case *first = &w->c[u->first], *last = &w->c[u->last];
    if (!u->table && first->lo == first->hi) {
        branch_cmp(CC_EQ, w->v, li(canon(first->lo, w->ty)), first->label, next);
        return;
    }
    /* lo <= v <= hi  <=>  (v - lo) <=u (hi - lo) */
    u128 span = sw_span(first->lo, last->hi);
    int d = sw_offset(w, first->lo);
    int to = first->label;
    if (u->table) to = ir_block_new(F);
    branch_cmp(CC_GEU, li((i128)span), d, to, next);
    if (!u->table) return;
    set_block(to);
    struct ir_jtab *jt = cc_alloc(sizeof *jt);
    jt->n = (int)span + 1;
    jt->t = cc_alloc(sizeof *jt->t * (size_t)jt->n);
    for (int k = 0; k < jt->n; k++) jt->t[k] = w->dflt;
    for (int c = u->first; c <= u->last; c++)
        for (u128 x = sw_span(first->lo, w->c[c].lo); x <= sw_span(first->lo, w->c[c].hi); x++)
            jt->t[(int)x] = w->c[c].label;
    struct ir_ins *i = E(IR_JTAB);
    i->a = d;
    i->jt = jt;
}

/* units lo..hi, from the current block */
static void sw_tree(struct sw *w, int lo, int hi)
{
    if (hi - lo < SW_LINEAR_MAX) {
        for (int k = lo; k <= hi; k++) {
            int next = k < hi ? ir_block_new(F) : w->dflt;
            sw_test(w, &w->unit[k], next);
            if (k < hi) set_block(next);
        }
        return;
    }
    int mid = (lo + hi + 1) / 2;
    int left = ir_block_new(F), right = ir_block_new(F);
    branch_cmp(w->u ? CC_LTU : CC_LT, w->v, li(canon(w->c[w->unit[mid].first].lo, w->ty)), left, right);
    set_block(left);
    sw_tree(w, lo, mid - 1);
    set_block(right);
    sw_tree(w, mid, hi);
}

/* the cases of a switch on a type no wider than a register, from the current block */
static void sw_dispatch(struct node *s, int v, int dflt)
{
    struct sw w = {.ty = s->cond->ty, .v = v, .dflt = dflt};
    bool wide_u = w.ty->is_unsigned && (w.ty->kind == TY_PTR ? tgt.ptr_size : w.ty->size) >= 16;
    w.u = w.ty->is_unsigned || w.ty->kind == TY_PTR;
    int n = 0;
    for (struct node *c = s->cases; c; c = c->els) n++;
    w.c = cc_alloc(sizeof *w.c * (size_t)(n + 1));
    n = 0;
    for (struct node *c = s->cases; c; c = c->els)
        if (c->kind == N_CASE && !sw_less(c->hi, c->lo, wide_u))  /* GCC drops an empty range */
            w.c[n++] = (struct sw_case){c->lo, c->hi, c->label};
    if (!n) {
        jmp(dflt);
        return;
    }
    sw_order_u128 = wide_u;
    qsort(w.c, (size_t)n, sizeof *w.c, sw_case_cmp);
    w.unit = cc_alloc(sizeof *w.unit * (size_t)n);
    int nu = 0;
    for (int k = 0; k < n;) {
        int j = k;
        while (j + 1 < n) {
            u128 span = sw_span(w.c[k].lo, w.c[j + 1].hi);
            if (span >= SW_TABLE_MAX || span >= (u128)SW_TABLE_DENSITY * (u128)(j + 2 - k)) break;
            j++;
        }
        if (j + 1 - k < SW_TABLE_MIN) j = k;
        w.unit[nu++] = (struct sw_unit){k, j, j > k};
        k = j + 1;
    }
    sw_tree(&w, 0, nu - 1);
}

void gen_switch(struct node *s)
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
        if (c->kind == N_DEFAULT) dflt = c->label;
    }
    if (!wide(ct)) {
        sw_dispatch(s, v, dflt);
    } else {
        for (struct node *c = s->cases; c; c = c->els) {
            if (c->kind == N_DEFAULT) continue;
            int nb = ir_block_new(F), n = nw(ct), eq;
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
            set_block(nb);
        }
        jmp(dflt);
    }
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
void scope_leave(int depth, bool free_vlas)
{
    for (int k = vdepth - 1; k >= depth; k--)
        if (vstk[k].cleanup) gen_expr(vstk[k].cleanup);
    for (int k = depth; free_vlas && k < vdepth; k++)
        if (vstk[k].saved) {
            E(IR_SPRESTORE)->a = vstk[k].saved;
            break;
        }
}

void vla_leave(int depth) { scope_leave(depth, true); }

bool is_vla_decl(struct node *s)
{
    return s->kind == N_DECL && s->var->ty->vla_len;
}

/* a declaration that opens a scope entry: a VLA or a variable with a cleanup */
bool is_scope_decl(struct node *s)
{
    return is_vla_decl(s) || (s->kind == N_DECL && s->var->cleanup);
}

/* the first VLA declared in scope entries [from, to) of decls, or NULL */
struct node *vla_among(struct node **decls, int from, int to)
{
    for (int k = from; k < to; k++)
        if (is_vla_decl(decls[k])) return decls[k];
    return NULL;
}

/* GCC's error for a jump past a VLA's declaration, with its notes */
_Noreturn void jump_into_vla(struct srcpos at, const char *what, struct srcpos from,
                                   const char *from_note, struct node *vla)
{
    cc_error_report(at, "%s into scope of identifier with variably modified type", what);
    cc_note_at(from, "%s", from_note);
    cc_note_at(vla->var->pos, "'%s' declared here", vla->var->name);
    cc_error_again();
}

void scope_push_entry(struct node *decl, int saved, struct node *cleanup)
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

bool has_vla(struct node *s)
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

int vlbl_push(int d, struct node *decl)
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

/* the scope entries (VLAs, cleanups) around label `name` (declarations pushed on vlbl), or -1 when the label
 * is not found (in a statement expression) */
static struct node *found_label;   /* label_vla_depth: the label found */

int label_vla_depth(struct node *s, const char *name, int d)
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

void gen_asm(struct node *s)
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

int asm_reg_number(const char *name)
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
void mark_loc(struct srcpos p)
{
    if (!p.file || !p.line || (loc_block == cur && loc_line == p.line)) return;
    struct ir_ins *i = E(IR_LOC);
    i->sym = p.file;
    i->imm = p.line;
    i->slot = (int)p.col;
    loc_block = cur;
    loc_line = p.line;
}

void gen_stmt(struct node *s)
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
