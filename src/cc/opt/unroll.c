/* Pass "unroll": an innermost loop whose every branch is decided by values known when
 * it is entered always runs the same path; that path, as straight-line code, replaces it
 * (complete unrolling, or peeling when the loop runs once).  The pass simulates the loop
 * from its preheader: a vreg's value is known when it is a single-definition `li` or the
 * preheader or the path so far computed it from known values (moves, extensions and the
 * integer operations "fold" evaluates); every other definition makes it unknown.  The
 * copied path keeps the loop's own instructions, except that one whose result is known
 * becomes an `li` of it, so later passes see the constants (the size of a memcpy in an
 * inlined copy loop, say).  The loop itself becomes unreachable and is emptied.
 *
 * Limits: at most UNROLL_MAX_BLOCKS blocks on the path and UNROLL_MAX_INS instructions
 * copied; a loop with inline asm (its labels would repeat), alloca, labels as values or
 * a return is left alone. */
#include "cc/opt/opt.h"

#include <string.h>

enum {
    UNROLL_MAX_INS = 64,     /* instructions the copied path may have */
    UNROLL_MAX_BLOCKS = 32,  /* blocks the path may pass through */
    UNROLL_MAX_LOOPS = 8     /* loops replaced per function */
};

struct sim {
    struct ir_func *f;
    bool *known;
    i128 *val;
};

static void forget_defs(struct sim *s, struct ir_ins *i)
{
    int *local[8];
    int **defs = ir_slot_buf(i, local, 8);
    int n = ir_defs(i, defs, ir_operand_bound(i));
    for (int q = 0; q < n; q++) s->known[*defs[q]] = false;
}

/* run i on the known values: true when its (integer) result is now known */
static bool step(struct sim *s, struct ir_ins *i)
{
    i128 x, y = 0, v;
    bool ok = false;
    if (i->op == IR_LI) {
        v = i->imm;
        ok = true;
    } else if (i->op == IR_MOV && !s->f->vclass[i->d] && i->a && s->known[i->a]) {
        v = s->val[i->a];
        ok = true;
    } else if (i->op == IR_EXT && s->known[i->a]) {
        v = opt_extend(s->val[i->a], i->w, i->uns);
        ok = true;
    } else if (ir_ops[i->op].d == IRO_I && i->d && ir_is_pure(i->op) && ir_ops[i->op].a == IRO_I &&
               ir_ops[i->op].c == IRO_N && i->a && s->known[i->a]) {
        x = s->val[i->a];
        bool have_y = true;
        if (ir_ops[i->op].b == IRO_I) {
            if (i->b) {
                have_y = s->known[i->b];
                y = s->val[i->b];
            } else {
                y = i->imm;
            }
        }
        ok = have_y && opt_evaluate(i, x, y, &v);
    }
    forget_defs(s, i);
    if (!ok) return false;
    s->known[i->d] = true;
    s->val[i->d] = v;
    return true;
}

/* the value of a branch operand (0: the zero register), if known */
static bool operand(const struct sim *s, int v, i128 *out)
{
    *out = v ? s->val[v] : 0;
    return !v || s->known[v];
}

static bool copyable_op(int op)
{
    switch (op) {
    case IR_ASM: case IR_ALLOCA: case IR_SPSAVE: case IR_SPRESTORE: case IR_BLOCKADDR: case IR_IJMP:
    case IR_SAVE_VA: case IR_RET: case IR_PARAM:
        return false;
    default: return true;
    }
}

/* Replace loop L by the path it runs, when every branch on it is known; true if done. */
static bool unroll(struct ir_func *f, const struct opt_loop *L, const int *ndef, struct ir_ins *const *def)
{
    struct sim s = {f, cc_alloc((size_t)f->nvregs), cc_alloc(sizeof(i128) * (size_t)f->nvregs)};
    for (int v = 1; v < f->nvregs; v++)
        if (ndef[v] == 1 && def[v]->op == IR_LI) {
            s.known[v] = true;
            s.val[v] = def[v]->imm;
        }
    struct ir_block *pre = f->blocks[L->pre];
    for (int k = 0; k < pre->n; k++) step(&s, &pre->ins[k]);
    struct ir_ins *path = cc_alloc(sizeof *path * (UNROLL_MAX_INS + 1));
    int n = 0, cur = L->header;
    for (int blocks = 0; OPT_SET_HAS(L->body, cur); blocks++) {
        if (blocks == UNROLL_MAX_BLOCKS) return false;
        struct ir_block *b = f->blocks[cur];
        int next = cur + 1;  /* no terminator: on into the next block */
        for (int k = 0; k < b->n; k++) {
            struct ir_ins *i = &b->ins[k];
            i128 x, y;
            if (i->op == IR_JMP) {
                next = i->t1;
                break;
            }
            if (i->op == IR_BR) {
                if (!operand(&s, i->a, &x)) return false;
                next = x ? i->t1 : i->t2;
                break;
            }
            if (i->op == IR_BCMP) {
                if (!operand(&s, i->a, &x) || !operand(&s, i->b, &y)) return false;
                next = opt_compare(i->imm, x, y) ? i->t1 : i->t2;
                break;
            }
            if (i->op == IR_JTAB) {
                if (!operand(&s, i->a, &x) || x < 0 || x >= i->jt->n) return false;
                next = i->jt->t[(int)x];
                break;
            }
            if (!copyable_op(i->op) || ir_is_term(i->op)) return false;
            if (i->op == IR_NOP) continue;
            if (n == UNROLL_MAX_INS) return false;
            struct ir_ins x_copy = *i;
            if (step(&s, i) && i->op != IR_LI) {
                memset(&x_copy, 0, sizeof x_copy);
                x_copy.op = IR_LI;
                x_copy.d = i->d;
                x_copy.imm = s.val[i->d];
            }
            if (x_copy.call) x_copy.call = opt_copy_call(x_copy.call);
            path[n++] = x_copy;
        }
        if (next >= f->nblocks) return false;
        cur = next;
    }
    int nb = ir_block_new(f);
    for (int k = 0; k < n; k++) *ir_append(f->blocks[nb], IR_NOP) = path[k];
    ir_append(f->blocks[nb], IR_JMP)->t1 = cur;
    pre->ins[pre->n - 1].t1 = nb;  /* a preheader ends in its jump to the header */
    return true;
}

/* the layout chain with block nb (the last one) moved after block after */
static int *place_after(const struct ir_func *f, int *next, int after, int nb)
{
    int *grown = cc_alloc(sizeof(int) * (size_t)f->nblocks);
    memcpy(grown, next, sizeof(int) * (size_t)nb);
    grown[nb] = grown[after];
    grown[after] = nb;
    return grown;
}

void opt_unroll(struct ir_func *f)
{
    int done = 0;
    int *next = cc_alloc(sizeof(int) * (size_t)(f->nblocks + 1));
    for (int b = 0; b < f->nblocks; b++) next[b] = b + 1 < f->nblocks ? b + 1 : -1;
    while (done < UNROLL_MAX_LOOPS) {
        struct opt_loop *loops;
        int nloops = opt_find_loops(f, &loops);
        int *ndef;
        struct ir_ins **def;
        opt_count_defs(f, &ndef, &def);
        int l = 0;
        while (l < nloops && (loops[l].pre < 0 || !unroll(f, &loops[l], ndef, def))) l++;
        if (l == nloops) break;
        /* the path goes after the preheader (which jumps to it) */
        next = place_after(f, next, loops[l].pre, f->nblocks - 1);
        done++;
    }
    if (!done) return;
    opt_relayout(f, next);
    opt_unreachable(f);  /* the loops replaced: their definitions no longer count */
}
