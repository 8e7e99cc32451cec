/* Pass "hoistaddr": the address of a global (`gaddr`) computed inside a cycle of the
 * control flow that "licm" could not take out of it is computed once, at the end of the
 * entry block, into a new vreg, and the gaddrs left in its place become moves that
 * copy propagation removes.  Such cycles are those of a function with an indirect jump
 * (computed goto: an interpreter's dispatch table is read at the end of every opcode's
 * code), where no natural loops are found, and loops without a preheader.
 * A `gaddr` costs two instructions (auipc and addi); the hoisted value costs none where
 * it keeps a register and one load where the allocator spills it, against two
 * instructions (and, live across calls, a callee-saved register's save and restore)
 * once per call of the function.
 * It pays only when the cycles run more than once per call, and each hoisted address
 * holds a register across the whole function, which other values of the loops may want:
 *   - a cycle is a strongly connected set of blocks (indirect jumps reach every
 *     address-taken block), found with Tarjan's algorithm;
 *   - a symbol and offset is hoisted when at least HOISTADDR_MIN_SITES of its gaddrs are
 *     in cycles, the HOISTADDR_MAX of them with the most such sites, the others stay;
 *   - a recursive function is left alone ("licm" keeps values out of callee-saved
 *     registers there for the same reason), as are thread-local addresses (tp-relative)
 *     and an entry block that is itself in a cycle (it would not run once). */
#include "cc/opt/opt.h"

#include <string.h>

enum {
    HOISTADDR_MIN_SITES = 2, /* gaddrs in cycles of one symbol and offset */
    HOISTADDR_MAX = 2        /* addresses hoisted per function */
};

/* cyc[b]: block b is in a cycle (a strongly connected component of two or more blocks,
 * or a block that jumps to itself); Tarjan's algorithm without recursion */
static void find_cycles(const struct ir_func *f, bool *cyc)
{
    int nb = f->nblocks;
    int *index = cc_alloc(sizeof(int) * (size_t)nb), *low = cc_alloc(sizeof(int) * (size_t)nb);
    int *stack = cc_alloc(sizeof(int) * (size_t)nb), *call_b = cc_alloc(sizeof(int) * (size_t)nb);
    int *call_k = cc_alloc(sizeof(int) * (size_t)nb), *first_succ = cc_alloc(sizeof(int) * (size_t)(nb + 1));
    bool *on = cc_alloc(sizeof(bool) * (size_t)nb);
    /* the successors of block b: succ[first_succ[b] .. first_succ[b + 1]) */
    int *buf = cc_alloc(sizeof(int) * (size_t)(nb + 2));
    for (int b = 0; b < nb; b++) first_succ[b + 1] = first_succ[b] + opt_live_succs(f, f->blocks[b], buf);
    int *succ = cc_alloc(sizeof(int) * (size_t)(first_succ[nb] + 1));
    for (int b = 0; b < nb; b++) {
        index[b] = -1;
        opt_live_succs(f, f->blocks[b], succ + first_succ[b]);
    }
    int next = 0, sp = 0;
    for (int root = 0; root < nb; root++) {
        if (index[root] >= 0) continue;
        int depth = 0;
        call_b[0] = root;
        call_k[0] = 0;
        index[root] = low[root] = next++;
        stack[sp++] = root;
        on[root] = true;
        while (depth >= 0) {
            int b = call_b[depth];
            if (call_k[depth] < first_succ[b + 1] - first_succ[b]) {
                int t = succ[first_succ[b] + call_k[depth]++];
                if (t == b) cyc[b] = true;
                if (index[t] < 0) {
                    index[t] = low[t] = next++;
                    stack[sp++] = t;
                    on[t] = true;
                    depth++;
                    call_b[depth] = t;
                    call_k[depth] = 0;
                } else if (on[t] && index[t] < low[b]) {
                    low[b] = index[t];
                }
                continue;
            }
            if (low[b] == index[b]) {
                /* b roots a component: the blocks above it on the stack */
                int first = sp;
                do first--;
                while (stack[first] != b);
                for (int q = first; q < sp; q++) {
                    on[stack[q]] = false;
                    if (sp - first > 1) cyc[stack[q]] = true;
                }
                sp = first;
            }
            depth--;
            if (depth >= 0 && low[b] < low[call_b[depth]]) low[call_b[depth]] = low[b];
        }
    }
}

struct site_count {
    struct ir_ins g;         /* a gaddr of the symbol and offset */
    int n;                   /* its gaddrs in cycles */
    int vreg;                /* the hoisted value, or 0 */
};

static bool same_addr(const struct ir_ins *x, const struct ir_ins *y)
{
    return x->imm == y->imm && !strcmp(x->sym, y->sym);
}

static bool hoistable(const struct ir_ins *i) { return i->op == IR_GADDR && i->d && !i->uns && i->sym; }

void opt_hoistaddr(struct ir_func *f)
{
    int nb = f->nblocks;
    if (nb < 2) return;
    for (int b = 0; b < nb; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            const struct ir_ins *i = &f->blocks[b]->ins[k];
            if (i->op == IR_CALL && i->call->sym && !strcmp(i->call->sym, f->name)) return;
        }
    bool *cyc = cc_alloc(sizeof(bool) * (size_t)nb);
    find_cycles(f, cyc);
    if (cyc[0]) return;
    int cap = 0;
    for (int b = 0; b < nb; b++)
        for (int k = 0; cyc[b] && k < f->blocks[b]->n; k++) cap += hoistable(&f->blocks[b]->ins[k]);
    if (cap < HOISTADDR_MIN_SITES) return;
    struct site_count *sc = cc_alloc(sizeof *sc * (size_t)cap);
    int nsc = 0;
    for (int b = 0; b < nb; b++) {
        if (!cyc[b]) continue;
        for (int k = 0; k < f->blocks[b]->n; k++) {
            const struct ir_ins *i = &f->blocks[b]->ins[k];
            if (!hoistable(i)) continue;
            int q = 0;
            while (q < nsc && !same_addr(&sc[q].g, i)) q++;
            if (q == nsc) sc[nsc++] = (struct site_count){*i, 0, 0};
            sc[q].n++;
        }
    }
    /* the HOISTADDR_MAX symbols of most sites (the first seen among equals) */
    int nhoisted = 0;
    for (int round = 0; round < HOISTADDR_MAX; round++) {
        int best = -1;
        for (int q = 0; q < nsc; q++)
            if (!sc[q].vreg && sc[q].n >= HOISTADDR_MIN_SITES && (best < 0 || sc[q].n > sc[best].n)) best = q;
        if (best < 0) break;
        struct ir_ins x = sc[best].g;
        x.d = sc[best].vreg = ir_vreg(f, 0);
        opt_insert_before_term(f->blocks[0], &x);
        nhoisted++;
    }
    if (!nhoisted) return;
    for (int b = 0; b < nb; b++) {
        if (!cyc[b]) continue;
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            if (!hoistable(i)) continue;
            for (int q = 0; q < nsc; q++)
                if (sc[q].vreg && same_addr(&sc[q].g, i)) {
                    int d = i->d;
                    memset(i, 0, sizeof *i);
                    i->op = IR_MOV;
                    i->d = d;
                    i->a = sc[q].vreg;
                    break;
                }
        }
    }
    /* the entry block's own gaddr of a hoisted address, if it had one, meets the new
     * one (a local cse); the moves go by copy propagation */
    opt_cse(f);
    opt_copyprop(f);
}
