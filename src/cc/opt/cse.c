/* Pass "cse": local common subexpression elimination.  Within a block, a pure
 * instruction that computes what an earlier one already computed (same opcode, width,
 * operands, immediate, symbol, slot) becomes a move from the earlier result, while
 * neither the operands nor that result have been redefined in between: vregs are not
 * SSA, so each entry remembers the definition counts of its vregs when it was made.
 * FP arithmetic depends on the rounding mode, which a call may change, so FP entries end
 * at calls.  Loads are not pure, so not here (pass loadreuse reuses them).  A copy
 * propagation after each sweep makes most of the new moves disappear. */
#include "cc/opt/opt.h"

#include <string.h>

struct entry {
    const struct ir_ins *i;   /* the earlier instruction (its operands as they were) */
    int ver_a, ver_b, ver_c, ver_d;
    struct entry *next;
};

enum { NBUCKET = 256 };

bool opt_cse_candidate(const struct ir_ins *i)
{
    if (!ir_is_pure(i->op) || i->op == IR_MOV || i->op == IR_NOP || !i->d) return false;
    /* an instruction reading its own destination is not a value of its operands later */
    return i->d != i->a && i->d != i->b && i->d != i->c;
}

bool opt_is_fp_op(const struct ir_ins *i)
{
    const struct ir_opinfo *o = &ir_ops[i->op];
    return o->d == IRO_F || o->a == IRO_F || o->b == IRO_F;
}

static bool commutative(int op)
{
    return op == IR_ADD || op == IR_AND || op == IR_OR || op == IR_XOR || op == IR_MUL || op == IR_FADD ||
           op == IR_FMUL || op == IR_FEQ;
}

bool opt_same_computation(const struct ir_ins *x, const struct ir_ins *y)
{
    if (x->op != y->op || x->w != y->w || x->w2 != y->w2 || x->uns != y->uns || x->imm != y->imm ||
        x->slot != y->slot || x->t1 != y->t1 || x->c != y->c)
        return false;
    if ((x->sym == NULL) != (y->sym == NULL) || (x->sym && strcmp(x->sym, y->sym))) return false;
    if (x->a == y->a && x->b == y->b) return true;
    /* b == 0 of an integer op is the immediate, not a register */
    return commutative(x->op) && x->b && y->b && x->a == y->b && x->b == y->a;
}

unsigned opt_computation_hash(const struct ir_ins *i)
{
    unsigned h = (unsigned)i->op * 31u + (unsigned)i->w;
    h = h * 31u + (unsigned)(i->a + i->b);  /* symmetric: commuted operands meet */
    h = h * 31u + (unsigned)(u64)i->imm;
    return h;
}

/* one sweep; true if an instruction became a move */
static bool cse_once(struct ir_func *f)
{
    int *ver = cc_alloc(sizeof(int) * (size_t)f->nvregs);
    struct entry *table[NBUCKET];
    int *slots[64 + 8];
    bool changed = false;
    for (int b = 0; b < f->nblocks; b++) {
        memset(table, 0, sizeof table);
        struct ir_block *blk = f->blocks[b];
        for (int k = 0; k < blk->n; k++) {
            struct ir_ins *i = &blk->ins[k];
            if (opt_cse_candidate(i)) {
                unsigned h = opt_computation_hash(i) % NBUCKET;
                for (struct entry *e = table[h]; e; e = e->next) {
                    const struct ir_ins *x = e->i;
                    if (ver[x->a] != e->ver_a || ver[x->b] != e->ver_b || ver[x->c] != e->ver_c ||
                        ver[x->d] != e->ver_d || !opt_same_computation(x, i) || f->vclass[x->d] != f->vclass[i->d])
                        continue;
                    int d = i->d, src = x->d;
                    memset(i, 0, sizeof *i);
                    i->op = IR_MOV;
                    i->d = d;
                    i->a = src;
                    changed = true;
                    break;
                }
            }
            if (ir_is_call_point(i->op) || i->op == IR_FSFLAGS) {
                for (int q = 0; q < NBUCKET; q++)
                    for (struct entry **p = &table[q]; *p;) {
                        if (opt_is_fp_op((*p)->i)) *p = (*p)->next;
                        else p = &(*p)->next;
                    }
            }
            if (((i->op == IR_CALL || i->op == IR_RET) && i->call->nargs > 60) ||
                (i->op == IR_ASM && i->asmi->nops > 60)) {
                /* too many operands to list its definitions: forget the block so far */
                memset(table, 0, sizeof table);
                continue;
            }
            int n = ir_defs(i, slots, 64);
            for (int q = 0; q < n; q++) ver[*slots[q]]++;
            if (opt_cse_candidate(i)) {
                struct entry *e = cc_alloc(sizeof *e);
                /* a copy: the instruction itself may become a move later */
                struct ir_ins *c = cc_alloc(sizeof *c);
                *c = *i;
                e->i = c;
                e->ver_a = ver[i->a];
                e->ver_b = ver[i->b];
                e->ver_c = ver[i->c];
                e->ver_d = ver[i->d];
                unsigned h = opt_computation_hash(i) % NBUCKET;
                e->next = table[h];
                table[h] = e;
            }
        }
    }
    return changed;
}

void opt_cse(struct ir_func *f)
{
    /* the copy propagation makes a reused value's users name the earlier vreg, which
     * exposes the next level (an address built on a reused address): a few rounds */
    for (int round = 0; round < 4 && cse_once(f); round++) opt_copyprop(f);
}
