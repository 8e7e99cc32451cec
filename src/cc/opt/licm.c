/* Pass "licm": loop-invariant code motion.  Natural loops are found from back edges
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

#include <stdlib.h>
#include <string.h>

enum {
    LICM_MAX_BLOCKS = 3000,  /* larger functions are left alone (dominators cost n^2 bits) */
    LICM_CALL_LOOP_MAX = 3   /* instructions moved out of a loop that calls */
};

static bool movable(int op)
{
    if (!ir_is_pure(op) || op == IR_NOP || op == IR_MOV) return false;
    const struct ir_opinfo *o = &ir_ops[op];
    if (o->d != IRO_I || o->a == IRO_F || o->b == IRO_F) return op == IR_FLI;
    return op != IR_FRAMEADDR;
}

/* successors of block b by its terminator; -1 if an indirect jump (not handled) */
static int succs(const struct ir_block *b, int *s)
{
    if (!b->n) return 0;
    const struct ir_ins *i = &b->ins[b->n - 1];
    switch (i->op) {
    case IR_JMP: s[0] = i->t1; return 1;
    case IR_BR: case IR_BCMP: s[0] = i->t1; s[1] = i->t2; return 2;
    case IR_IJMP: return -1;
    default: return 0;
    }
}

#define HAS(set, v) ((set)[(v) >> 6] >> ((v) & 63) & 1)
#define ADD(set, v) ((set)[(v) >> 6] |= (u64)1 << ((v) & 63))

struct loop {
    int header, size;
    u64 *body;
};

static int cmp_size(const void *a, const void *b)
{
    return ((const struct loop *)a)->size - ((const struct loop *)b)->size;
}

/* move what can be moved out of loop L into the end of block pre */
static void hoist(struct ir_func *f, const struct loop *L, struct ir_block *pre, const int *ndef,
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
                if (pre->n == pre->cap) {
                    int cap = pre->cap ? 2 * pre->cap : 8;
                    struct ir_ins *ni = cc_alloc(sizeof *ni * (size_t)cap);
                    memcpy(ni, pre->ins, sizeof *ni * (size_t)pre->n);
                    pre->ins = ni;
                    pre->cap = cap;
                }
                pre->ins[pre->n] = pre->ins[pre->n - 1];
                pre->ins[pre->n - 1] = x;
                pre->n++;
                defined_in[x.d] = 0;
                moved = true;
            }
        }
    }
}

void opt_licm(struct ir_func *f)
{
    int nb = f->nblocks;
    if (nb < 2 || nb > LICM_MAX_BLOCKS) return;
    int words = (nb + 63) / 64;
    int s[2];
    /* predecessors */
    int *npred = cc_alloc(sizeof(int) * (size_t)nb);
    for (int b = 0; b < nb; b++) {
        int n = succs(f->blocks[b], s);
        if (n < 0) return;
        for (int q = 0; q < n; q++) npred[s[q]]++;
    }
    int **pred = cc_alloc(sizeof *pred * (size_t)nb);
    int *fill = cc_alloc(sizeof(int) * (size_t)nb);
    for (int b = 0; b < nb; b++) pred[b] = cc_alloc(sizeof(int) * (size_t)(npred[b] + 1));
    for (int b = 0; b < nb; b++) {
        int n = succs(f->blocks[b], s);
        for (int q = 0; q < n; q++) pred[s[q]][fill[s[q]]++] = b;
    }
    /* reachable from the entry (the others have no meaningful dominators) */
    bool *reach = cc_alloc((size_t)nb);
    int *stack = cc_alloc(sizeof(int) * (size_t)(nb + 1));
    int sp = 0;
    reach[0] = true;
    stack[sp++] = 0;
    while (sp) {
        int n = succs(f->blocks[stack[--sp]], s);
        for (int q = 0; q < n; q++)
            if (!reach[s[q]]) {
                reach[s[q]] = true;
                stack[sp++] = s[q];
            }
    }
    /* dominators, iteratively */
    u64 **dom = cc_alloc(sizeof *dom * (size_t)nb);
    for (int b = 0; b < nb; b++) {
        dom[b] = cc_alloc(sizeof(u64) * (size_t)words);
        memset(dom[b], b ? 0xff : 0, sizeof(u64) * (size_t)words);
    }
    ADD(dom[0], 0);
    u64 *tmp = cc_alloc(sizeof(u64) * (size_t)words);
    bool changed = true;
    while (changed) {
        changed = false;
        for (int b = 1; b < nb; b++) {
            memset(tmp, 0xff, sizeof(u64) * (size_t)words);
            for (int q = 0; q < npred[b]; q++)
                if (reach[pred[b][q]])
                    for (int w = 0; w < words; w++) tmp[w] &= dom[pred[b][q]][w];
            ADD(tmp, b);
            if (memcmp(tmp, dom[b], sizeof(u64) * (size_t)words)) {
                memcpy(dom[b], tmp, sizeof(u64) * (size_t)words);
                changed = true;
            }
        }
    }
    /* natural loops, one per header (back edges to one header merged) */
    struct loop *loops = cc_alloc(sizeof *loops * (size_t)nb);
    int nloops = 0;
    for (int h = 0; h < nb; h++) {
        if (!reach[h]) continue;
        struct loop *L = NULL;
        for (int q = 0; q < npred[h]; q++) {
            int t = pred[h][q];
            if (!reach[t] || !HAS(dom[t], h)) continue;
            if (!L) {
                L = &loops[nloops++];
                L->header = h;
                L->size = 1;
                L->body = cc_alloc(sizeof(u64) * (size_t)words);
                ADD(L->body, h);
            }
            sp = 0;
            if (!HAS(L->body, t)) {
                ADD(L->body, t);
                L->size++;
                stack[sp++] = t;
            }
            while (sp) {
                int x = stack[--sp];
                for (int r = 0; r < npred[x]; r++) {
                    int p = pred[x][r];
                    if (reach[p] && !HAS(L->body, p)) {
                        ADD(L->body, p);
                        L->size++;
                        stack[sp++] = p;
                    }
                }
            }
        }
    }
    if (!nloops) return;
    qsort(loops, (size_t)nloops, sizeof *loops, cmp_size);
    int *ndef;
    struct ir_ins **def;
    opt_count_defs(f, &ndef, &def);
    bool recursive = false;
    for (int b = 0; b < nb; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            const struct ir_ins *i = &f->blocks[b]->ins[k];
            if (i->op == IR_CALL && i->call->sym && !strcmp(i->call->sym, f->name)) recursive = true;
        }
    for (int l = 0; l < nloops; l++) {
        struct loop *L = &loops[l];
        int pre = -1, outside = 0;
        for (int q = 0; q < npred[L->header]; q++)
            if (!HAS(L->body, pred[L->header][q])) {
                pre = pred[L->header][q];
                outside++;
            }
        if (outside != 1) continue;
        struct ir_block *pb = f->blocks[pre];
        if (!pb->n || pb->ins[pb->n - 1].op != IR_JMP) continue;
        hoist(f, L, pb, ndef, recursive);
    }
    /* the same constant or address moved out of several loops meets in one preheader */
    opt_cse(f);
}
