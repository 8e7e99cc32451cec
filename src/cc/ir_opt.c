/* Simple IR passes run before register allocation: unreachable blocks are removed at
 * every level, the rest at -O1 and above.
 *   - constant operands become immediates (addi/andi/.../slli, sub -> addi, mul by 2^k ->
 *     slli, comparisons and stores against 0 use the zero register);
 *   - copy propagation between single-definition vregs;
 *   - dead code elimination of side-effect-free instructions and unreachable blocks.
 * A vreg defined exactly once is a value that never changes, so using it anywhere its
 * definition dominates is safe; lowering only ever uses a vreg where it was defined. */
#include "cc/ir_text.h"

#include <string.h>

/* ndef[v] counts v's definitions (a call result or asm output counts as two: its
 * value is not an instruction a later pass can look through); def[v] is its one
 * defining instruction when ndef[v] == 1 */
static void count_defs(struct ir_func *f, int *ndef, struct ir_ins **def)
{
    memset(ndef, 0, sizeof(int) * (size_t)f->nvregs);
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            if (ir_ops[i->op].flags & (IRF_CALLOPS | IRF_ASMOPS)) {
                int *local[8];
                int **slots = ir_slot_buf(i, local, 8);
                int n = ir_defs(i, slots, ir_operand_bound(i));
                for (int r = 0; r < n; r++) ndef[*slots[r]] += 2;
            } else if (ir_ops[i->op].d && i->d) {
                ndef[i->d]++;
                def[i->d] = i;
            }
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
            int n = ir_uses(i, slots, 64);
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
            if (ir_is_term(i->op)) break;
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
                int n = ir_uses(i, slots, 64);
                for (int q = 0; q < n; q++) nuse[*slots[q]]++;
            }
        if (big) return;
        bool changed = false;
        for (int b = 0; b < f->nblocks; b++)
            for (int k = 0; k < f->blocks[b]->n; k++) {
                struct ir_ins *i = &f->blocks[b]->ins[k];
                if (ir_is_pure(i->op) && i->d && !nuse[i->d]) {
                    memset(i, 0, sizeof *i);
                    i->op = IR_NOP;
                    changed = true;
                }
            }
        if (!changed) break;
    }
}

static void run_copy_propagate(struct ir_func *f)
{
    int *ndef = cc_alloc(sizeof(int) * (size_t)f->nvregs);
    struct ir_ins **def = cc_alloc(sizeof *def * (size_t)f->nvregs);
    count_defs(f, ndef, def);
    copy_propagate(f, ndef, def);
}

static void run_fold_immediates(struct ir_func *f)
{
    int *ndef = cc_alloc(sizeof(int) * (size_t)f->nvregs);
    struct ir_ins **def = cc_alloc(sizeof *def * (size_t)f->nvregs);
    count_defs(f, ndef, def);
    fold_immediates(f, ndef, def);
}

/* the pass list, in order; a pass runs at -O<min_level> and above */
static const struct ir_pass {
    const char *name;
    int min_level;
    void (*run)(struct ir_func *f);
} passes[] = {
    {"unreachable", 0, remove_unreachable},  /* at -O0 too: code behind a constant false condition is gone */
    {"copyprop", 1, run_copy_propagate},
    {"fold", 1, run_fold_immediates},
    {"dce", 1, dead_code},
};

bool ir_pass_known(const char *name)
{
    for (size_t k = 0; k < sizeof passes / sizeof *passes; k++)
        if (!strcmp(passes[k].name, name)) return true;
    return false;
}

bool ir_run_pass(struct ir_func *f, const char *name)
{
    for (size_t k = 0; k < sizeof passes / sizeof *passes; k++)
        if (!strcmp(passes[k].name, name)) {
            passes[k].run(f);
            return true;
        }
    return false;
}

void ir_optimize(struct ir_func *f, int level)
{
    for (size_t k = 0; k < sizeof passes / sizeof *passes; k++)
        if (level >= passes[k].min_level) {
            passes[k].run(f);
            ir_dump_stage(f, passes[k].name);
        }
}
