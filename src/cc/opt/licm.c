/* Pass "licm": loop-invariant code motion.  Natural loops (loops.c) are found from back edges
 * (an edge to a block that dominates its source); a loop whose header has exactly one
 * predecessor outside the loop, ending in an unconditional jump to the header, has that
 * block as its preheader.  An instruction of the loop moves to the end of the preheader
 * (before its jump) when
 *   - it is pure and cannot raise anything: integer operations, constants, addresses (FP
 *     arithmetic would set exception flags the program may test; loads may fault);
 *   - its result is defined nowhere else (so every use sees this one value);
 *   - each operand is defined nowhere in the loop, or by an instruction moved before it.
 * It then runs once per entry into the loop instead of once per iteration, and also when
 * the loop body would not have run it, which is harmless for such instructions.
 * Inner loops are done first, so an invariant of two nested loops moves out of both.
 * A local cse then merges what met in a preheader (one constant used by several loops). */
#include "cc/opt/opt.h"

#include <string.h>

enum {
    LICM_CALL_LOOP_MAX = 3   /* instructions moved out of a loop that calls */
};

static bool movable(int op)
{
    if (!ir_is_pure(op) || op == IR_NOP || op == IR_MOV) return false;
    const struct ir_opinfo *o = &ir_ops[op];
    if (o->d != IRO_I || o->a == IRO_F || o->b == IRO_F) return op == IR_FLI;
    return op != IR_FRAMEADDR;
}

#define HAS OPT_SET_HAS

/* move what can be moved out of loop L into the end of block pre */
static void hoist(struct ir_func *f, const struct opt_loop *L, struct ir_block *pre, const int *ndef,
                  bool recursive)
{
    int nv = f->nvregs;
    /* defined_in[v]: v has a definition in the loop (not yet moved out) */
    u8 *defined_in = cc_alloc((size_t)nv);
    int budget = -1;  /* instructions still allowed to move (-1: any number) */
    int *slots[64 + 8];
    for (int b = 0; b < f->nblocks; b++) {
        if (!HAS(L->body, b)) continue;
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            if (((i->op == IR_CALL || i->op == IR_RET) && i->call->nargs > 60) ||
                (i->op == IR_ASM && i->asmi->nops > 60))
                return;  /* too many operands to list: leave this loop alone */
            /* a value kept across a call needs a callee-saved register, which costs a
             * save and a restore per call of f and crowds out the loop's own values; in
             * a recursive function, which runs its loops few times per call, few
             * instructions move out of a loop that calls */
            if (recursive && ir_is_call_point(i->op)) budget = LICM_CALL_LOOP_MAX;
            int n = ir_defs(i, slots, 64);
            for (int q = 0; q < n; q++) defined_in[*slots[q]] = 1;
        }
    }
    bool moved = true;
    while (moved && budget) {
        moved = false;
        for (int b = 0; b < f->nblocks; b++) {
            if (!HAS(L->body, b)) continue;
            struct ir_block *blk = f->blocks[b];
            for (int k = 0; k < blk->n; k++) {
                struct ir_ins *i = &blk->ins[k];
                if (!movable(i->op) || !i->d || ndef[i->d] != 1) continue;
                int n = ir_uses(i, slots, 64);
                bool inv = true;
                for (int q = 0; q < n && inv; q++) inv = !defined_in[*slots[q]];
                if (!inv || !budget) continue;
                budget--;
                /* insert before the preheader's jump */
                struct ir_ins x = *i;
                memset(i, 0, sizeof *i);
                i->op = IR_NOP;
                opt_insert_before_term(pre, &x);
                defined_in[x.d] = 0;
                moved = true;
            }
        }
    }
}

void opt_licm(struct ir_func *f)
{
    struct opt_loop *loops;
    int nloops = opt_find_loops(f, &loops);
    if (!nloops) return;
    int *ndef;
    struct ir_ins **def;
    opt_count_defs(f, &ndef, &def);
    bool recursive = false;
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            const struct ir_ins *i = &f->blocks[b]->ins[k];
            if (i->op == IR_CALL && i->call->sym && !strcmp(i->call->sym, f->name)) recursive = true;
        }
    for (int l = 0; l < nloops; l++)
        if (loops[l].pre >= 0) hoist(f, &loops[l], f->blocks[loops[l].pre], ndef, recursive);
    /* the same constant or address moved out of several loops meets in one preheader */
    opt_cse(f);
}
