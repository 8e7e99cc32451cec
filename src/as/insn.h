/* Shared between insn.c and pseudo.c. */
#ifndef ZL_AS_INSN_H
#define ZL_AS_INSN_H

#include "as/as.h"

/* Parsed operands of one candidate line (real or pseudo). */
struct ops {
    struct isa_inst in;
    bool have_imm;
    struct operand_imm imm;     /* the immediate operand as written */
    char imm_code[3];           /* its operand letter */
    struct enode *target;       /* pc-relative target / address operand */
    bool target_const;
    i128 big;                   /* 'I' (li) */
    bool rm_given;
    char err[160];
    int score;                  /* operands parsed before failing */
};

/* Parse operand text against an args string (table operand codes, plus I, A, c for
 * pseudo-instructions).  On failure o->err says why and o->score how far it got. */
bool insn_parse_args(struct as *A, const char *args, const char *text, struct ops *o);

#endif
