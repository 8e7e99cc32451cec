/* Pass "thread": jump threading through branches on constants.  A block FROM that ends in
 * a `jmp` is followed along the blocks it reaches that hold only copies (`mov`, `li`)
 * and then a `jmp`, or a conditional branch whose operands are then known constants;
 * when such a branch is reached, FROM gets copies of those `mov`s and `li`s and jumps
 * straight to the side the branch takes (and on through further such branches).  Code
 * that makes a flag or an inlined comparison result (`return a < b ? -1 : 1` tested by
 * `cmp(x, y) < 0`, which inlining turns into copies of the result and a jump to the
 * test) then branches once.  The path runs the same copies as before and skips only
 * branches whose outcome is known.  A known constant: an `li` (or a `mov` of one) that is
 * the last definition of the vreg in FROM, its only definition, or a copy made on the way. */
#include "cc/opt/opt.h"

enum { THREAD_MAX_HOPS = 8, THREAD_MAX_COPIES = 4, THREAD_MAX_DEPTH = 8 };

struct known {
    int n;
    int v[THREAD_MAX_COPIES];
    bool is_const[THREAD_MAX_COPIES];
    i128 val[THREAD_MAX_COPIES];
};

/* the value v holds before instruction k of b, if a known constant */
static bool value_before(const struct ir_block *b, int k, int v, const int *ndef, struct ir_ins *const *def,
                         int depth, i128 *out)
{
    if (!v) {
        *out = 0;
        return true;
    }
    int *local[8];
    for (k--; k >= 0; k--) {
        struct ir_ins *i = &b->ins[k];
        int **slots = ir_slot_buf(i, local, 8);
        int n = ir_defs(i, slots, ir_operand_bound(i));
        for (int r = 0; r < n; r++)
            if (*slots[r] == v) {
                if (i->op == IR_LI) {
                    *out = i->imm;
                    return true;
                }
                if (i->op == IR_MOV && depth < THREAD_MAX_DEPTH)
                    return value_before(b, k, i->a, ndef, def, depth + 1, out);
                return false;
            }
    }
    if (ndef[v] == 1 && def[v]->op == IR_LI) {
        *out = def[v]->imm;
        return true;
    }
    return false;
}

/* v's value at the end of FROM followed by the copies recorded in kn */
static bool value_of(const struct ir_block *p, int len, const struct known *kn, int v, const int *ndef,
                     struct ir_ins *const *def, i128 *out)
{
    for (int q = kn->n - 1; q >= 0; q--)
        if (kn->v[q] == v) {
            *out = kn->val[q];
            return kn->is_const[q];
        }
    return value_before(p, len - 1, v, ndef, def, 0, out);
}

void opt_thread(struct ir_func *f)
{
    int *ndef;
    struct ir_ins **def;
    opt_count_defs(f, &ndef, &def);
    for (int b = 0; b < f->nblocks; b++) {
        struct ir_block *from = f->blocks[b];
        int len = opt_run_length(from);
        if (!len || from->ins[len - 1].op != IR_JMP) continue;
        struct known kn = {0};
        struct ir_ins copies[THREAD_MAX_COPIES];
        int ncopies = 0, commit = 0, to = -1, t = from->ins[len - 1].t1;
        for (int hop = 0; hop < THREAD_MAX_HOPS; hop++) {
            const struct ir_block *T = f->blocks[t];
            int tlen = opt_run_length(T);
            if (!tlen) break;
            bool ok = true;
            for (int k = 0; k < tlen - 1 && ok; k++) {
                const struct ir_ins *i = &T->ins[k];
                if (i->op == IR_NOP || i->op == IR_LOC) continue;
                if ((i->op != IR_MOV && i->op != IR_LI) || !i->d || ncopies == THREAD_MAX_COPIES) {
                    ok = false;
                    break;
                }
                i128 x = i->imm;
                bool c = i->op == IR_LI || value_of(from, len, &kn, i->a, ndef, def, &x);
                copies[ncopies++] = *i;
                kn.v[kn.n] = i->d;
                kn.is_const[kn.n] = c && f->vclass[i->d] == 0;
                kn.val[kn.n++] = x;
            }
            if (!ok) break;
            const struct ir_ins *x = &T->ins[tlen - 1];
            i128 a, c;
            if (x->op == IR_JMP) {
                t = x->t1;
                continue;
            }
            bool taken;
            if (x->op == IR_BR && value_of(from, len, &kn, x->a, ndef, def, &a)) {
                taken = a != 0;
            } else if (x->op == IR_BCMP && value_of(from, len, &kn, x->a, ndef, def, &a) &&
                       value_of(from, len, &kn, x->b, ndef, def, &c)) {
                taken = opt_compare(x->imm, a, c);
            } else {
                break;
            }
            t = to = taken ? x->t1 : x->t2;
            commit = ncopies;
        }
        if (to < 0) continue;
        /* the copies the path ran, then the jump past the decided branches */
        from->n = len - 1;
        for (int q = 0; q < commit; q++) *ir_append(from, IR_NOP) = copies[q];
        ir_append(from, IR_JMP)->t1 = to;
    }
}
