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
void opt_licm(struct ir_func *f);
void opt_rotate(struct ir_func *f);
void opt_jumps(struct ir_func *f);
void opt_ivsr(struct ir_func *f);
void opt_inline_reset(void);  /* a new unit: forget the functions seen so far */
/* narrow.c, run by opt_fold: a wide add/sub/mul that an ext.W truncates becomes op.W */
void opt_narrow(struct ir_func *f, int *ndef, struct ir_ins **def);

/* new arrays: ndef[v] counts v's definitions, def[v] is its defining instruction when
 * ndef[v] == 1 */
void opt_count_defs(struct ir_func *f, int **ndef, struct ir_ins ***def);

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
/* successors of b by its terminator in s[0..1]; -1 for an indirect jump */
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
