/* The passes of the pass list (src/cc/ir_opt.c), one per file. */
#ifndef ZL_CC_OPT_H
#define ZL_CC_OPT_H

#include "cc/ir.h"

void opt_unreachable(struct ir_func *f);
void opt_copyprop(struct ir_func *f);
void opt_fold(struct ir_func *f);
void opt_divpow2(struct ir_func *f);
void opt_dce(struct ir_func *f);
void opt_deaddef(struct ir_func *f);
void opt_inline(struct ir_func *f);
void opt_addrfold(struct ir_func *f);
void opt_cse(struct ir_func *f);
void opt_loadreuse(struct ir_func *f);
void opt_thread(struct ir_func *f);
void opt_licm(struct ir_func *f);
void opt_hoistaddr(struct ir_func *f);
void opt_rotate(struct ir_func *f);
void opt_blockorder(struct ir_func *f);
void opt_jumps(struct ir_func *f);
void opt_ivsr(struct ir_func *f);
void opt_direct(struct ir_func *f);
void opt_unroll(struct ir_func *f);
void opt_memcall(struct ir_func *f);
void opt_ssa(struct ir_func *f);
void opt_ssa_out(struct ir_func *f);
void opt_sccp(struct ir_func *f);
void opt_gvn(struct ir_func *f);
void opt_specialize(struct ir_func *f);
void opt_specialize_reset(void);  /* a new unit: no candidates, no clones */
/* the next clone "specialize" made and no one took yet, or NULL */
struct ir_func *opt_specialize_next_clone(void);
void opt_inline_reset(void);  /* a new unit: forget the functions seen so far */
/* narrow.c, run by opt_fold: a wide add/sub/mul that an ext.W truncates becomes op.W */
void opt_narrow(struct ir_func *f, int *ndef, struct ir_ins **def);

/* constant evaluation (fold.c) */
/* The value of i when its operands are the constants x and y (y: b, or the immediate),
 * as the emitted instruction computes it: ops of width w < XLEN are the W and D forms
 * (low w bytes, result sign-extended), AND/OR/XOR/SLT/SLTU work on the whole register.
 * false: not folded (division, a shift amount out of range, ...). */
bool opt_evaluate(const struct ir_ins *i, i128 x, i128 y, i128 *out);
/* whether a `bcmp` of condition cc (enum ir_cc) branches on the values x and y */
bool opt_compare(i128 cc, i128 x, i128 y);
/* v extended from its low w bytes, zero (uns) or sign: what `ext` computes */
i128 opt_extend(i128 v, int w, bool uns);

/* what pass cse (cse.c) and gvn reuse: a pure instruction with a destination that it
 * does not read; one of FP values; two instructions computing the same from the same
 * operands (commuted ones too); a hash equal for those */
bool opt_cse_candidate(const struct ir_ins *i);
bool opt_is_fp_op(const struct ir_ins *i);
bool opt_same_computation(const struct ir_ins *x, const struct ir_ins *y);
unsigned opt_computation_hash(const struct ir_ins *i);

struct opt_dom;
/* SSA form (ssa_values.c): the vregs with one definition, which dominates every use */
struct opt_ssa {
    int *def_block, *def_index;  /* per vreg: where its definition is; def_block -1: not an SSA value */
};
struct opt_ssa *opt_ssa_values(struct ir_func *f, const struct opt_dom *dom);
/* a new array: the definitions of each vreg, OPT_SSA_ASM_DEFS more for each asm
 * statement it is an operand of; where each is defined (the last definition), into
 * def_block/def_index unless NULL */
enum { OPT_SSA_ASM_DEFS = 1 << 20 };
int *opt_ssa_def_counts(struct ir_func *f, int *def_block, int *def_index);
bool opt_is_ssa_value(const struct opt_ssa *s, int v);
/* b's phis moved to its start, the other instructions in their order */
void opt_phis_first(struct ir_block *b);

/* copies of IR (funccopy.c) */
enum { OPT_INLINE_MAX_INS = 40 };  /* "inline": callee size limit (real instructions) */
struct ir_call *opt_copy_call(const struct ir_call *c);
struct ir_asm *opt_copy_asm(const struct ir_asm *a);
/* g's instructions other than nop and loc */
int opt_real_size(const struct ir_func *g);
/* whether g's body can be copied into another function or a clone: nothing in it
 * depends on its own frame, its own code addresses or on being the one definition of
 * its symbol (noinline, weak) */
bool opt_body_copyable(const struct ir_func *g);
/* a deep copy of g's blocks, calls, vreg classes and slots (the later passes rewrite g
 * in place) */
struct ir_func *opt_func_copy(const struct ir_func *g);
/* copies of functions kept by name (a pass's functions seen so far in the unit) */
struct opt_func_set {
    struct ir_func **funcs;
    int n, cap;
};
void opt_func_set_add(struct opt_func_set *set, const struct ir_func *g);  /* adds a copy */
const struct ir_func *opt_func_set_find(const struct opt_func_set *set, const char *name);
/* the argument of call c at location loc (stack offset off for LOC_STACK), or NULL */
const struct ir_arg *opt_call_arg_at(const struct ir_call *c, int loc, long off);

/* put the blocks in the order of the chain next (from block 0, -1 ends it), renumbered
 * 0.. (the emitter lays blocks out by id and falls through to the next one) (layout.c) */
void opt_relayout(struct ir_func *f, const int *next);

/* new arrays: ndef[v] counts v's definitions, def[v] is its defining instruction when
 * ndef[v] == 1 */
void opt_count_defs(struct ir_func *f, int **ndef, struct ir_ins ***def);
/* a new array: uses[v] counts the operands that read v */
int *opt_count_uses(struct ir_func *f);

/* the dominator tree (dom.c) of the blocks reachable from the entry by opt_succs */
struct opt_dom {
    int n;             /* reachable blocks */
    int *order;        /* them in reverse postorder */
    int *rpo;          /* per block: its index in order, -1 when unreachable */
    int *idom;         /* per block: its immediate dominator (the entry: itself), -1 unreachable */
    int *npred, **pred;       /* per block: its predecessors (reachable or not) */
    int *pre, *post;          /* the tree's DFS numbers (reachable blocks only) */
    int *preorder;            /* the reachable blocks, parents before children */
    int *nkid, *kid_first, *kids;  /* the children of b: kids[kid_first[b] ...], nkid[b] of them */
};
struct opt_dom *opt_dominators(struct ir_func *f);
/* whether block a dominates block b (each block dominates itself); false when either is
 * unreachable */
bool opt_dominates(const struct opt_dom *d, int a, int b);
bool opt_reachable(const struct opt_dom *d, int b);
/* whether f's terminators say all its control flow, as the dominators see it: every
 * non-empty block ends in its one terminator, none an indirect jump, no branch goes to
 * an empty block, the entry is not empty (else a block falls into the next one) */
bool opt_cfg_explicit(const struct ir_func *f);

/* natural loops (loops.c), innermost (smallest) first */
#define OPT_SET_HAS(set, v) ((set)[(v) >> 6] >> ((v) & 63) & 1)
#define OPT_SET_ADD(set, v) ((set)[(v) >> 6] |= (u64)1 << ((v) & 63))
struct opt_loop {
    int header, size;  /* size: blocks in the body */
    int pre;           /* the preheader, or -1 when the loop has none */
    int nlatch, latch; /* back edges to the header, and the source of the last one */
    u64 *body;         /* bit set of the body's blocks (the header included) */
};
/* the loops of f; 0 (none) for a function of one block, of more than 3000 blocks or
 * with an indirect jump */
int opt_find_loops(struct ir_func *f, struct opt_loop **loops);
/* successors of b by its terminator, each once, in s (which holds f->nblocks + 2
 * entries); -1 for an indirect jump */
int opt_succs(const struct ir_block *b, int *s);
/* block liveness (liveness.c) of the vregs v with gid[v] >= 0, bit gid[v] of sets of
 * `words` words per block: new arrays, block b's sets at b * words */
void opt_liveness(const struct ir_func *f, const int *gid, int words, u64 **live_in, u64 **live_out);
/* b's instructions that can run: up to its first terminator */
int opt_run_length(const struct ir_block *b);
/* successors of b as liveness sees them, s holding f->nblocks + 2 entries: an indirect
 * jump's are all the address-taken blocks */
int opt_live_succs(const struct ir_func *f, const struct ir_block *b, int *s);
/* x becomes the instruction before b's last one (its terminator) */
void opt_insert_before_term(struct ir_block *b, const struct ir_ins *x);

#endif
