/* Pass "fold": constant operands become immediates (addi/andi/.../slli, sub -> addi,
 * mul by 2^k -> slli, comparisons and stores against 0 use the zero register).  Only a
 * single-definition `li` is a constant: its value is the same wherever it is used. */
#include "cc/opt/opt.h"

static bool const_of(int v, int *ndef, struct ir_ins **def, i128 *out)
{
    if (!v || ndef[v] != 1 || def[v]->op != IR_LI) return false;
    *out = def[v]->imm;
    return true;
}

static void fold_with(struct ir_func *f, int *ndef, struct ir_ins **def)
{
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            i128 c;
            switch (i->op) {
            case IR_ADD: case IR_AND: case IR_OR: case IR_XOR:
                if (i->b && !const_of(i->b, ndef, def, &c) && const_of(i->a, ndef, def, &c)) {
                    int t = i->a;
                    i->a = i->b;
                    i->b = t;
                }
                /* fall through */
            case IR_SLT: case IR_SLTU:
                if (i->b && const_of(i->b, ndef, def, &c) && c >= -2048 && c < 2048) {
                    i->b = 0;
                    i->imm = c;
                }
                break;
            case IR_SHL: case IR_SHR: case IR_SAR:
                if (i->b && const_of(i->b, ndef, def, &c) && c >= 0 && c < i->w * 8) {
                    i->b = 0;
                    i->imm = c;
                }
                break;
            case IR_SUB:
                if (const_of(i->b, ndef, def, &c) && c > -2048 && c <= 2048) {
                    i->op = IR_ADD;
                    i->b = 0;
                    i->imm = -c;
                }
                break;
            case IR_MUL:
                if (const_of(i->b, ndef, def, &c) && c > 0 && (c & (c - 1)) == 0) {
                    int sh = 0;
                    while (((i128)1 << sh) < c) sh++;
                    i->op = IR_SHL;
                    i->b = 0;
                    i->imm = sh;
                }
                break;
            case IR_STORE:
                if (const_of(i->b, ndef, def, &c) && c == 0) i->b = 0;
                break;
            case IR_BCMP:
                if (const_of(i->b, ndef, def, &c) && c == 0) i->b = 0;
                else if (const_of(i->a, ndef, def, &c) && c == 0) i->a = 0;
                break;
            default: break;
            }
        }
}

void opt_fold(struct ir_func *f)
{
    int *ndef;
    struct ir_ins **def;
    opt_count_defs(f, &ndef, &def);
    fold_with(f, ndef, def);
}
