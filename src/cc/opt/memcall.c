/* Pass "memcall": a call of memcpy with a constant size of at most MEMCALL_MAX_BYTES
 * becomes a `copy`, one of memset with a zero byte and such a size a `zero` (the emitter
 * writes them as loads and stores), unless -fno-builtin said memcpy and memset are not
 * the library's (-ffreestanding does not: GCC too requires them to be the standard
 * ones; __builtin_memcpy is a call of memcpy here).  A used result becomes a move of the destination.
 * A size is constant when it is a single-definition `li`, or an `li` earlier in the same
 * block with no other definition between (what "unroll" leaves).  The alignment
 * is that of the pointers when both are frame slots, else 1. */
#include "cc/opt/opt.h"

#include <string.h>

enum { MEMCALL_MAX_BYTES = 64 };

/* the byte alignment v is known to have: a frame slot's address, else 1 */
static int known_align(const struct ir_func *f, int v, const int *ndef, struct ir_ins *const *def)
{
    if (v <= 0 || ndef[v] != 1 || def[v]->op != IR_ADDR) return 1;
    int a = f->slots[def[v]->slot].align;
    long off = (long)def[v]->imm;
    while (a > 1 && off % a) a /= 2;
    return a;
}

/* the vreg of the argument in register reg of call c, or 0 */
static int arg_vreg(const struct ir_call *c, int reg)
{
    const struct ir_arg *a = opt_call_arg_at(c, reg, 0);
    return a ? a->vreg : 0;
}

/* the copy or zero that call c of memcpy or memset with this size becomes, appended to
 * out, then a move of the destination into a used result; false: c stays */
static bool convert(const struct ir_func *f, const struct ir_call *c, i128 size, const int *ndef,
                    struct ir_ins *const *def, struct ir_ins *out, int *nout)
{
    bool is_cpy = !strcmp(c->sym, "memcpy");
    int dst = arg_vreg(c, 0), src = arg_vreg(c, 1);
    int res = c->nrets ? c->rets[0].vreg : 0;
    if (!dst || !src || size < 0 || size > MEMCALL_MAX_BYTES || (res && (res == dst || res == src))) return false;
    struct ir_ins x = {0};
    if (is_cpy) {
        int al = known_align(f, dst, ndef, def), bl = known_align(f, src, ndef, def);
        x.op = IR_COPY;
        x.a = dst;
        x.b = src;
        x.w = (u8)(al < bl ? al : bl);
    } else {
        /* memset's value must be a known zero */
        if (ndef[src] != 1 || def[src]->op != IR_LI || (def[src]->imm & 0xff) != 0) return false;
        x.op = IR_ZERO;
        x.a = dst;
        x.w = (u8)known_align(f, dst, ndef, def);
    }
    x.imm = size;
    out[(*nout)++] = x;
    if (res) {
        struct ir_ins *m = &out[(*nout)++];
        memset(m, 0, sizeof *m);
        m->op = IR_MOV;
        m->d = res;
        m->a = dst;
    }
    return true;
}

void opt_memcall(struct ir_func *f)
{
    if (ccopt.no_builtin_mem) return;
    int *ndef;
    struct ir_ins **def;
    opt_count_defs(f, &ndef, &def);
    /* lastli[v]: the value of the `li` this block gave v, valid when litag[v] == block + 1 */
    int *litag = cc_alloc(sizeof(int) * (size_t)f->nvregs);
    i128 *lastli = cc_alloc(sizeof(i128) * (size_t)f->nvregs);
    /* each block is rebuilt into a new array: def[] keeps pointing at the old ones */
    for (int b = 0; b < f->nblocks; b++) {
        struct ir_block *B = f->blocks[b];
        int cap = 2 * B->n + 1;
        struct ir_ins *out = cc_alloc(sizeof *out * (size_t)cap);
        int nout = 0;
        for (int k = 0; k < B->n; k++) {
            struct ir_ins *i = &B->ins[k];
            bool converted = false;
            if (i->op == IR_CALL && !i->call->fn && i->call->sym &&
                (!strcmp(i->call->sym, "memcpy") || !strcmp(i->call->sym, "memset"))) {
                int n = arg_vreg(i->call, 2);
                bool known = n && ((ndef[n] == 1 && def[n]->op == IR_LI) || litag[n] == b + 1);
                i128 size = !known ? 0 : ndef[n] == 1 && def[n]->op == IR_LI ? def[n]->imm : lastli[n];
                converted = known && convert(f, i->call, size, ndef, def, out, &nout);
            }
            if (!converted) out[nout++] = *i;
            /* the call's result (now a move's) is no li either way */
            int *local[8];
            int **defs = ir_slot_buf(i, local, 8);
            int nd = ir_defs(i, defs, ir_operand_bound(i));
            for (int q = 0; q < nd; q++) litag[*defs[q]] = 0;
            if (i->op == IR_LI) {
                litag[i->d] = b + 1;
                lastli[i->d] = i->imm;
            }
        }
        B->ins = out;
        B->n = nout;
        B->cap = cap;
    }
}
