/* Simple IR passes run before register allocation: unreachable blocks are removed at
 * every level, the rest at -O1 and above.
 *   - constant operands become immediates (addi/andi/.../slli, sub -> addi, mul by 2^k ->
 *     slli, comparisons and stores against 0 use the zero register);
 *   - copy propagation between single-definition vregs;
 *   - dead code elimination of side-effect-free instructions and unreachable blocks.
 * A vreg defined exactly once is a value that never changes, so using it anywhere its
 * definition dominates is safe; lowering only ever uses a vreg where it was defined. */
#include "cc/ir.h"

#include <string.h>

static int uses_of(struct ir_ins *i, int **slots, int max)
{
    int n = 0;
    switch (i->op) {
    case IR_NOP: case IR_LI: case IR_FLI: case IR_ADDR: case IR_GADDR: case IR_FRAMEADDR:
    case IR_PARAM: case IR_JMP: case IR_TRAP: case IR_SAVE_VA: case IR_BLOCKADDR: case IR_FENCE: case IR_SPSAVE:
        break;
    case IR_RET:
        for (int k = 0; k < i->call->nargs && n < max; k++) slots[n++] = &i->call->args[k].vreg;
        break;
    case IR_CALL:
        if (i->call->fn) slots[n++] = &i->call->fn;
        for (int k = 0; k < i->call->nargs && n < max; k++) slots[n++] = &i->call->args[k].vreg;
        break;
    case IR_ASM:
        for (int k = 0; k < i->asmi->nops && n < max; k++)
            if ((i->asmi->ops[k].in || i->asmi->ops[k].kind == 'm') && i->asmi->ops[k].vreg)
                slots[n++] = &i->asmi->ops[k].vreg;
        break;
    default:
        if (i->a) slots[n++] = &i->a;
        if (i->b) slots[n++] = &i->b;
        if (i->c) slots[n++] = &i->c;
        break;
    }
    return n;
}

static void count_defs(struct ir_func *f, int *ndef, struct ir_ins **def)
{
    memset(ndef, 0, sizeof(int) * (size_t)f->nvregs);
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            if (i->op == IR_CALL) {
                for (int r = 0; r < i->call->nrets; r++) ndef[i->call->rets[r].vreg] += 2;
            } else if (i->op == IR_ASM) {
                for (int r = 0; r < i->asmi->nops; r++)
                    if (i->asmi->ops[r].out && i->asmi->ops[r].outvreg) ndef[i->asmi->ops[r].outvreg] += 2;
            } else if (i->d) {
                ndef[i->d]++;
                def[i->d] = i;
            }
        }
}

static bool pure(int op)
{
    switch (op) {
    case IR_LI: case IR_FLI: case IR_MOV: case IR_ADD: case IR_SUB: case IR_MUL: case IR_DIV:
    case IR_DIVU: case IR_REM: case IR_REMU: case IR_AND: case IR_OR: case IR_XOR: case IR_SHL:
    case IR_SHR: case IR_SAR: case IR_SLT: case IR_SLTU: case IR_SEQZ: case IR_SNEZ: case IR_NEG:
    case IR_NOT: case IR_EXT: case IR_ADDR: case IR_GADDR: case IR_FRAMEADDR: case IR_FADD:
    case IR_FSUB: case IR_FMUL: case IR_FDIV: case IR_FNEG: case IR_FEQ: case IR_FLT: case IR_FLE:
    case IR_I2F: case IR_F2I: case IR_F2F: case IR_FMV_XF: case IR_FMV_FX: case IR_MULHU:
    case IR_BLOCKADDR: case IR_FMA: case IR_FSQRT: case IR_FABS: case IR_FSGNJ: case IR_FCLASS:
        return true;
    default:
        return false;
    }
}

static bool const_of(int v, int *ndef, struct ir_ins **def, i128 *out)
{
    if (!v || ndef[v] != 1 || def[v]->op != IR_LI) return false;
    *out = def[v]->imm;
    return true;
}

static void fold_immediates(struct ir_func *f, int *ndef, struct ir_ins **def)
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

static void copy_propagate(struct ir_func *f, int *ndef, struct ir_ins **def)
{
    int *repl = cc_alloc(sizeof(int) * (size_t)f->nvregs);
    for (int v = 1; v < f->nvregs; v++) {
        repl[v] = v;
        if (ndef[v] == 1 && def[v]->op == IR_MOV && ndef[def[v]->a] == 1 &&
            f->vclass[v] == f->vclass[def[v]->a])
            repl[v] = def[v]->a;
    }
    for (int v = 1; v < f->nvregs; v++) {
        int r = repl[v], guard = 0;
        while (repl[r] != r && guard++ < 64) r = repl[r];
        repl[v] = r;
    }
    int *slots[64 + 8];
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            if ((i->op == IR_CALL || i->op == IR_RET) && i->call->nargs > 60) continue;
            if (i->op == IR_ASM && i->asmi->nops > 60) continue;
            int n = uses_of(i, slots, 64);
            for (int q = 0; q < n; q++) *slots[q] = repl[*slots[q]];
        }
}

static void remove_unreachable(struct ir_func *f)
{
    bool *seen = cc_alloc((size_t)f->nblocks);
    int *stack = cc_alloc(sizeof(int) * (size_t)(f->nblocks + 1));
    int sp = 0;
    stack[sp++] = 0;
    seen[0] = true;
    for (int b = 1; b < f->nblocks; b++)
        if (f->blocks[b]->addr_taken) {
            seen[b] = true;
            stack[sp++] = b;
        }
    while (sp) {
        struct ir_block *b = f->blocks[stack[--sp]];
        for (int k = 0; k < b->n; k++) {
            struct ir_ins *i = &b->ins[k];
            int t[2], nt = 0;
            if (i->op == IR_JMP) t[nt++] = i->t1;
            if (i->op == IR_BR || i->op == IR_BCMP) { t[nt++] = i->t1; t[nt++] = i->t2; }
            for (int q = 0; q < nt; q++)
                if (!seen[t[q]]) {
                    seen[t[q]] = true;
                    stack[sp++] = t[q];
                }
            if (i->op == IR_JMP || i->op == IR_BR || i->op == IR_BCMP || i->op == IR_RET || i->op == IR_IJMP) break;
        }
    }
    for (int b = 0; b < f->nblocks; b++)
        if (!seen[b]) f->blocks[b]->n = 0;
}

static void dead_code(struct ir_func *f)
{
    int *nuse = cc_alloc(sizeof(int) * (size_t)f->nvregs);
    int *slots[64 + 8];
    for (int round = 0; round < 8; round++) {
        memset(nuse, 0, sizeof(int) * (size_t)f->nvregs);
        bool big = false;
        for (int b = 0; b < f->nblocks; b++)
            for (int k = 0; k < f->blocks[b]->n; k++) {
                struct ir_ins *i = &f->blocks[b]->ins[k];
                if (((i->op == IR_CALL || i->op == IR_RET) && i->call->nargs > 60) ||
                    (i->op == IR_ASM && i->asmi->nops > 60)) {
                    big = true;
                    continue;
                }
                int n = uses_of(i, slots, 64);
                for (int q = 0; q < n; q++) nuse[*slots[q]]++;
            }
        if (big) return;
        bool changed = false;
        for (int b = 0; b < f->nblocks; b++)
            for (int k = 0; k < f->blocks[b]->n; k++) {
                struct ir_ins *i = &f->blocks[b]->ins[k];
                if (pure(i->op) && i->d && !nuse[i->d]) {
                    memset(i, 0, sizeof *i);
                    i->op = IR_NOP;
                    changed = true;
                }
            }
        if (!changed) break;
    }
}

void ir_optimize(struct ir_func *f, int level)
{
    remove_unreachable(f);      /* at -O0 too: code behind a constant false condition is gone */
    if (level < 1) return;
    int *ndef = cc_alloc(sizeof(int) * (size_t)f->nvregs);
    struct ir_ins **def = cc_alloc(sizeof *def * (size_t)f->nvregs);
    count_defs(f, ndef, def);
    copy_propagate(f, ndef, def);
    count_defs(f, ndef, def);
    fold_immediates(f, ndef, def);
    dead_code(f);
}
