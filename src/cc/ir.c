/* IR containers and the per-opcode facts of ir.def. */
#include "cc/ir.h"

#include <string.h>

struct ir_func *ir_new_func(const char *name)
{
    struct ir_func *f = cc_alloc(sizeof *f);
    f->name = name;
    f->nvregs = 1; /* vreg 0 = none */
    f->vcap = 256;
    f->vclass = cc_alloc((size_t)f->vcap);
    return f;
}

int ir_vreg(struct ir_func *f, int cls)
{
    if (f->nvregs == f->vcap) {
        u8 *n = cc_alloc((size_t)f->vcap * 2);
        memcpy(n, f->vclass, (size_t)f->vcap);
        f->vclass = n;
        f->vcap *= 2;
    }
    f->vclass[f->nvregs] = (u8)cls;
    return f->nvregs++;
}

int ir_block_new(struct ir_func *f)
{
    if (f->nblocks == f->bcap) {
        int cap = f->bcap ? f->bcap * 2 : 16;
        struct ir_block **n = cc_alloc(sizeof *n * (size_t)cap);
        if (f->nblocks) memcpy(n, f->blocks, sizeof *n * (size_t)f->nblocks);
        f->blocks = n;
        f->bcap = cap;
    }
    struct ir_block *b = cc_alloc(sizeof *b);
    b->id = f->nblocks;
    f->blocks[f->nblocks++] = b;
    return b->id;
}

struct ir_ins *ir_emit(struct ir_func *f, int block, int op)
{
    return ir_append(f->blocks[block], op);
}

struct ir_ins *ir_append(struct ir_block *b, int op)
{
    if (b->n == b->cap) {
        int cap = b->cap ? b->cap * 2 : 16;
        struct ir_ins *n = cc_alloc(sizeof *n * (size_t)cap);
        if (b->n) memcpy(n, b->ins, sizeof *n * (size_t)b->n);
        b->ins = n;
        b->cap = cap;
    }
    struct ir_ins *i = &b->ins[b->n++];
    memset(i, 0, sizeof *i);
    i->op = (u8)op;
    return i;
}

int ir_slot_new(struct ir_func *f, long size, int align)
{
    if (f->nslots == f->scap) {
        int cap = f->scap ? f->scap * 2 : 16;
        struct ir_slot *n = cc_alloc(sizeof *n * (size_t)cap);
        if (f->nslots) memcpy(n, f->slots, sizeof *n * (size_t)f->nslots);
        f->slots = n;
        f->scap = cap;
    }
    struct ir_slot *s = &f->slots[f->nslots];
    s->size = size > 0 ? size : 1;
    s->align = align > 0 ? align : 1;
    return f->nslots++;
}

const struct ir_opinfo ir_ops[IR_NOPS] = {
#define IR_OP(name, text, d, a, b, c, flags) [IR_##name] = {text, IRO_##d, IRO_##a, IRO_##b, IRO_##c, flags},
#include "cc/ir.def"
#undef IR_OP
};

int ir_operand_bound(const struct ir_ins *i)
{
    int fl = ir_ops[i->op].flags;
    if (fl & (IRF_CALLOPS | IRF_RETOPS)) return 1 + i->call->nargs + i->call->nrets;
    if (fl & IRF_ASMOPS) return i->asmi->nops;
    if (fl & IRF_PHIOPS) return i->phi->n > 1 ? i->phi->n : 1;
    return 3;
}

int **ir_slot_buf(const struct ir_ins *i, int **local, int nlocal)
{
    int bound = ir_operand_bound(i);
    return bound <= nlocal ? local : cc_alloc(sizeof(int *) * (size_t)bound);
}

bool ir_clobbers_regs(const struct ir_ins *i)
{
    if (!ir_is_call_point(i->op)) return false;
    if (i->op != IR_ASM) return true;
    const struct ir_asm *a = i->asmi;
    for (int k = 0; k < a->nops; k++)
        if (a->ops[k].pinned) return true;
    for (int k = 0; k < a->nclob; k++)
        if (strcmp(a->clobbers[k], "memory") && strcmp(a->clobbers[k], "cc")) return true;
    return false;
}

bool ir_returns_twice(const char *sym)
{
    static const char *const names[] = {"setjmp", "_setjmp", "__setjmp", "sigsetjmp", "__sigsetjmp",
                                        "__builtin_setjmp", "savectx", "vfork", "getcontext"};
    if (!sym) return false;
    for (size_t k = 0; k < sizeof names / sizeof *names; k++)
        if (!strcmp(sym, names[k])) return true;
    return false;
}

int ir_ntargets(const struct ir_ins *i)
{
    switch (i->op) {
    case IR_JMP: case IR_BLOCKADDR: return 1;
    case IR_BR: case IR_BCMP: return 2;
    case IR_JTAB: return i->jt->n;
    default: return 0;
    }
}

int *ir_target(struct ir_ins *i, int k)
{
    if (i->op == IR_JTAB) return &i->jt->t[k];
    return k ? &i->t2 : &i->t1;
}

struct ir_jtab *ir_jtab_copy(const struct ir_jtab *jt)
{
    struct ir_jtab *n = cc_alloc(sizeof *n);
    n->n = jt->n;
    n->t = cc_alloc(sizeof *n->t * (size_t)jt->n);
    memcpy(n->t, jt->t, sizeof *n->t * (size_t)jt->n);
    return n;
}

struct ir_phi *ir_phi_new(int n)
{
    struct ir_phi *p = cc_alloc(sizeof *p);
    p->n = n;
    p->blk = cc_alloc(sizeof *p->blk * (size_t)(n ? n : 1));
    p->v = cc_alloc(sizeof *p->v * (size_t)(n ? n : 1));
    return p;
}

struct ir_phi *ir_phi_copy(const struct ir_phi *p)
{
    struct ir_phi *n = ir_phi_new(p->n);
    memcpy(n->blk, p->blk, sizeof *n->blk * (size_t)p->n);
    memcpy(n->v, p->v, sizeof *n->v * (size_t)p->n);
    return n;
}

int ir_uses(struct ir_ins *i, int **slots, int max)
{
    const struct ir_opinfo *o = &ir_ops[i->op];
    int n = 0;
    if (o->flags & IRF_CALLOPS && i->call->fn && n < max) slots[n++] = &i->call->fn;
    if (o->flags & (IRF_CALLOPS | IRF_RETOPS)) {
        for (int k = 0; k < i->call->nargs && n < max; k++) slots[n++] = &i->call->args[k].vreg;
    } else if (o->flags & IRF_PHIOPS) {
        for (int k = 0; k < i->phi->n && n < max; k++)
            if (i->phi->v[k]) slots[n++] = &i->phi->v[k];
    } else if (o->flags & IRF_ASMOPS) {
        for (int k = 0; k < i->asmi->nops && n < max; k++)
            if ((i->asmi->ops[k].in || i->asmi->ops[k].kind == 'm') && i->asmi->ops[k].vreg)
                slots[n++] = &i->asmi->ops[k].vreg;
    } else {
        if (o->a && i->a && n < max) slots[n++] = &i->a;
        if (o->b && i->b && n < max) slots[n++] = &i->b;
        if (o->c && i->c && n < max) slots[n++] = &i->c;
    }
    return n;
}

int ir_defs(struct ir_ins *i, int **slots, int max)
{
    const struct ir_opinfo *o = &ir_ops[i->op];
    int n = 0;
    if (o->flags & IRF_CALLOPS) {
        for (int k = 0; k < i->call->nrets && n < max; k++) slots[n++] = &i->call->rets[k].vreg;
    } else if (o->flags & IRF_ASMOPS) {
        for (int k = 0; k < i->asmi->nops && n < max; k++)
            if (i->asmi->ops[k].out && i->asmi->ops[k].outvreg) slots[n++] = &i->asmi->ops[k].outvreg;
    } else if (o->d && i->d && n < max) {
        slots[n++] = &i->d;
    }
    return n;
}
