/* The passes of the pass list (src/cc/ir_opt.c), one per file. */
#ifndef ZL_CC_OPT_H
#define ZL_CC_OPT_H

#include "cc/ir.h"

void opt_unreachable(struct ir_func *f);
void opt_copyprop(struct ir_func *f);
void opt_fold(struct ir_func *f);
void opt_dce(struct ir_func *f);
void opt_inline(struct ir_func *f);
void opt_addrfold(struct ir_func *f);
void opt_cse(struct ir_func *f);
void opt_licm(struct ir_func *f);
void opt_rotate(struct ir_func *f);
void opt_jumps(struct ir_func *f);
void opt_inline_reset(void);  /* a new unit: forget the functions seen so far */

/* new arrays: ndef[v] counts v's definitions, def[v] is its defining instruction when
 * ndef[v] == 1 */
void opt_count_defs(struct ir_func *f, int **ndef, struct ir_ins ***def);

#endif
