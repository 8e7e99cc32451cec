/* Pass "ivsr": induction-variable strength reduction.  In a loop (loops.c) with a
 * preheader and one back edge, from a latch block ending in `jmp` to the header, and no
 * call point (a new vreg live across a call would take a callee-saved register; an asm
 * that names no register is none: ir_clobbers_regs), a
 * basic induction variable is a vreg i whose only definition in the loop is
 * `i = add.W i #c` in a block that runs once in every iteration (the latch, or a block
 * that only jumps to it and is its only predecessor, and so on back).  An address
 *     [e = ext.Wu i]  [t = shl.X i|e #k  or  mul.X i|e by a constant]  p = add.X base, t|i|e
 * (X the register width, base defined nowhere in the loop, the chain in one block with
 * no definition of i inside it) then equals base + i*scale wherever it is computed.  A
 * new vreg q is set to that value at the end of the preheader, stepped by c*scale right
 * after i's increment, and the add becomes `p = mov q` (later uses of p in its block read
 * q; dce removes what no longer has uses).  i itself is kept (its exit test and other
 * uses stay).  A derived index j = add.W i #c before the shl or mul (a[i - 2]) gives
 * base + i*scale + c*scale: the add becomes `p = add q #c*scale` (12-bit range, which
 * addrfold then puts into the access's offset), so a[i], a[i - 2] and a[i + 1] share q.
 * Any other index that is affine in i through a chain of adds, shifts and multiplies
 * (affine_chain: a[i * N + k] in a loop over k) gets a q of its own, set up in the
 * preheader by that chain computed at the register width.
 *
 * The relation q == base + i*scale holds modulo 2^XLEN, which is what the registers
 * compute, when i is as wide as a register.  A narrower i (int at -m64 and -m128) is
 * held sign-extended and its add wraps at W bytes, so the relation needs i not to wrap:
 *   - used sign-extended (directly): its add is marked nsw (`add.Ws`), the add or `++` of
 *     a signed C type, whose overflow is undefined (never with -fwrapv); so must be the
 *     add of a derived index, at i's width, so that j sign-extended is i + c;
 *   - used through ext.Wu: the header ends in the loop's test `i <u n` with c == 1, or
 *     `n <u i` with c == -1, n defined nowhere in the loop; the header runs before the
 *     increment in every iteration and nothing else changes i.
 * At most IVSR_MAX_PTRS new vregs per loop (each takes a register for the loop's
 * life). */
#include "cc/opt/opt.h"

#include <stdint.h>
#include <string.h>

enum { IVSR_MAX_PTRS = 4 };

struct iv {
    int v, w, pos;      /* the vreg, its add's width, the add's index in its block */
    struct ir_block *blk;
    i128 step;
    bool sok, uok;      /* a narrow i is known not to wrap: signed / unsigned */
};

enum { IVSR_MAX_CHAIN = 6 };

struct cand {
    int iv;             /* index in ivs */
    bool ext;           /* through ext.Wu */
    int op, kreg;       /* IR_SHL (k in imm) or IR_MUL (kreg: the constant's vreg) */
    i128 k, scale;
    int base;
    int q;              /* the new vreg */
    /* an affine chain (see affine_chain), first instruction first; nchain == 0 for
     * the forms above */
    struct ir_ins chain[IVSR_MAX_CHAIN];
    int nchain;
};

/* insert x at index pos of block b */
static void insert_at(struct ir_block *b, int pos, const struct ir_ins *x)
{
    ir_append(b, IR_NOP);
    memmove(&b->ins[pos + 1], &b->ins[pos], sizeof *b->ins * (size_t)(b->n - 1 - pos));
    b->ins[pos] = *x;
}

static i128 wrap_x(i128 v)
{
    int X = tgt.xlen;
    if (X >= 128) return v;
    u128 m = (u128)1 << (X - 1);
    u128 u = (u128)v & (((u128)1 << X) - 1);
    return (i128)((u ^ m) - m);
}

static struct ir_ins mk(int op, int w, int d, int a, int b, i128 imm)
{
    struct ir_ins x;
    memset(&x, 0, sizeof x);
    x.op = (u8)op;
    x.w = (u8)w;
    x.d = d;
    x.a = a;
    x.b = b;
    x.imm = imm;
    return x;
}

static bool is_iv(const struct iv *ivs, int niv, int v)
{
    for (int n = 0; n < niv; n++)
        if (ivs[n].v == v) return true;
    return false;
}

/* x is an instruction of blk before y */
static bool in_block(const struct ir_block *blk, const struct ir_ins *x, const struct ir_ins *y)
{
    uintptr_t p = (uintptr_t)x;
    return p >= (uintptr_t)blk->ins && p < (uintptr_t)y;
}

/* the header's bcmp h stays in loop L only when h->a <u h->b */
static bool ltu_in_loop(const struct ir_ins *h, const struct opt_loop *L)
{
    bool in1 = OPT_SET_HAS(L->body, h->t1), in2 = OPT_SET_HAS(L->body, h->t2);
    if (in1 == in2) return false;
    return in1 ? h->imm == CC_LTU : h->imm == CC_GEU;
}

/* An index computed from an induction variable by a chain of instructions in blk before
 * `at`, each defined once in the loop and reading the previous one: `add` of a constant
 * or of a vreg defined outside the loop, `shl` by a constant, `mul` by a single-definition
 * constant; at the register width, or narrower and marked no-overflow (`s`: C's signed
 * + and *).  Its value is then affine in i — i*scale plus what does not change — at every
 * point where the chain runs, which `a[i * N + k]` and `b[k * N + j]` are in a loop over
 * k.  Fills c->chain (first instruction first), c->scale, c->iv and returns the chain's
 * first instruction, or NULL. */
static const struct ir_ins *affine_chain(const struct ir_block *blk, const struct ir_ins *at, int t,
                                         const struct iv *ivs, int niv, const int *nin, const int *ndef,
                                         struct ir_ins *const *def, struct cand *c)
{
    int X = tgt.xlen / 8, n = 0;
    const struct ir_ins *first = at, *links[IVSR_MAX_CHAIN];
    i128 scale = 1;
    while (!is_iv(ivs, niv, t)) {
        if (n == IVSR_MAX_CHAIN || !t || ndef[t] != 1 || nin[t] != 1 || !in_block(blk, def[t], first))
            return NULL;
        const struct ir_ins *s = def[t];
        if (s->w != X && !(s->w < X && s->nsw)) return NULL;
        if (s->op == IR_ADD) {
            if (!s->b) t = s->a;
            else if (!nin[s->b]) t = s->a;
            else if (!nin[s->a]) t = s->b;
            else return NULL;
        } else if (s->op == IR_SHL && !s->b && s->imm >= 0 && s->imm < tgt.xlen) {
            scale = wrap_x((i128)((u128)scale << (int)s->imm));
            t = s->a;
        } else if (s->op == IR_MUL) {
            int o = s->b && ndef[s->b] == 1 && def[s->b]->op == IR_LI && !nin[s->b] ? 0
                  : s->a && ndef[s->a] == 1 && def[s->a]->op == IR_LI && !nin[s->a] ? 1 : -1;
            if (o < 0) return NULL;
            scale = wrap_x((i128)((u128)scale * (u128)def[o ? s->a : s->b]->imm));
            t = o ? s->b : s->a;
        } else {
            return NULL;
        }
        links[n++] = s;
        first = s;
    }
    if (!n) return NULL;
    int v = 0;
    while (ivs[v].v != t) v++;
    if (ivs[v].w < X && !ivs[v].sok) return NULL;
    c->iv = v;
    c->scale = scale;
    c->nchain = n;
    for (int k = 0; k < n; k++) c->chain[k] = *links[n - 1 - k];
    return first;
}

static void do_loop(struct ir_func *f, const struct opt_loop *L, int *nin, int *touched,
                    const int *ndef, struct ir_ins **def, const int *npred, const int *pred1)
{
    int X = tgt.xlen / 8;
    struct ir_block *B = f->blocks[L->latch], *H = f->blocks[L->header];
    if (L->nlatch != 1 || L->latch == L->header || !B->n || B->ins[B->n - 1].op != IR_JMP ||
        B->ins[B->n - 1].t1 != L->header || !H->n)
        return;
    /* definitions in the loop (touched: the vregs counted, to reset nin after) */
    int ntouched = 0;
    int *local[8];
    bool calls = false;
    for (int b = 0; b < f->nblocks; b++) {
        if (!OPT_SET_HAS(L->body, b)) continue;
        struct ir_block *blk = f->blocks[b];
        for (int k = 0; k < blk->n; k++) {
            struct ir_ins *i = &blk->ins[k];
            calls |= ir_clobbers_regs(i);
            int **slots = ir_slot_buf(i, local, 8);
            int n = ir_defs(i, slots, ir_operand_bound(i));
            for (int r = 0; r < n; r++) {
                int v = *slots[r];
                if (!v) continue;
                if (!nin[v]) touched[ntouched++] = v;
                nin[v]++;
            }
        }
    }
    /* basic induction variables (none in a loop that calls: a new vreg would need a
     * callee-saved register, saved and restored by the function, or a spill slot) */
    struct iv ivs[16];
    int niv = 0;
    /* the blocks run once in every iteration: the latch, and each block whose only
     * successor is the previous one of them and which is its only predecessor */
    struct ir_block *once[8];
    int nonce = 0;
    for (int b = L->latch; nonce < 8;) {
        once[nonce++] = f->blocks[b];
        int p = pred1[b];
        if (b == L->header || npred[b] != 1 || !OPT_SET_HAS(L->body, p)) break;
        const struct ir_block *pb = f->blocks[p];
        if (!pb->n || pb->ins[pb->n - 1].op != IR_JMP || pb->ins[pb->n - 1].t1 != b) break;
        b = p;
    }
    if (calls) nonce = 0;
    for (int o = nonce - 1; o >= 0; o--) {
        for (int k = 0; k < once[o]->n && niv < 16; k++) {
            struct ir_ins *i = &once[o]->ins[k];
            if (i->op != IR_ADD || i->b || !i->d || i->d != i->a || nin[i->d] != 1 || i->w > X ||
                i->w < 4)
                continue;
            struct iv *v = &ivs[niv++];
            v->v = i->d;
            v->w = i->w;
            v->pos = k;
            v->blk = once[o];
            v->step = i->imm;
            v->sok = v->uok = false;
            const struct ir_ins *h = &H->ins[H->n - 1];
            v->sok = i->nsw;  /* a signed add of C: it does not overflow */
            if (i->w < X && h->op == IR_BCMP && ltu_in_loop(h, L)) {
                bool up = h->a == v->v && !nin[h->b] && v->step == 1;
                bool down = h->b == v->v && !nin[h->a] && v->step == -1;
                v->uok = up || down;
            }
        }
    }
    struct cand cands[IVSR_MAX_PTRS];
    int ncand = 0;
    for (int b = 0; b < f->nblocks && niv; b++) {
        if (!OPT_SET_HAS(L->body, b)) continue;
        struct ir_block *blk = f->blocks[b];
        for (int k = 0; k < blk->n; k++) {
            struct ir_ins *i = &blk->ins[k];
            if (i->op != IR_ADD || i->w != X || !i->b || !i->a || !i->d) continue;
            for (int side = 0; side < 2; side++) {
                int base = side ? i->b : i->a, t = side ? i->a : i->b;
                if (nin[base] || !t) continue;
                struct cand c;
                memset(&c, 0, sizeof c);
                i128 off = 0;
                c.scale = 1;   /* op 0: the index itself (scale 1) */
                int src = t;
                const struct ir_ins *first = i;
                if (!is_iv(ivs, niv, t)) {
                    /* t = shl / mul / ext.Wu in this block, before the add */
                    if (ndef[t] != 1 || nin[t] != 1 || !in_block(blk, def[t], i)) continue;
                    const struct ir_ins *s = def[t];
                    first = s;
                    if (s->w != X && s->op != IR_EXT) continue;
                    if (s->op == IR_SHL && !s->b && s->imm >= 0 && s->imm < tgt.xlen) {
                        c.op = IR_SHL;
                        c.k = s->imm;
                        c.scale = wrap_x((i128)((u128)1 << (int)s->imm));
                        src = s->a;
                    } else if (s->op == IR_MUL) {
                        int kr = 0;
                        for (int o = 0; o < 2 && !kr; o++) {
                            int r = o ? s->a : s->b;
                            if (r && ndef[r] == 1 && def[r]->op == IR_LI && !nin[r]) {
                                kr = r;
                                src = o ? s->b : s->a;
                            }
                        }
                        if (!kr) continue;
                        c.op = IR_MUL;
                        c.kreg = kr;
                        c.scale = def[kr]->imm;
                    } else if (s->op != IR_EXT) {
                        continue;
                    }
                    if (s->op != IR_EXT && !is_iv(ivs, niv, src)) {
                        if (!src || ndef[src] != 1 || nin[src] != 1 || !in_block(blk, def[src], s))
                            continue;
                        first = def[src];
                        /* a derived index i + c (a[i - 2]): the address is q + c*scale */
                        if (first->op == IR_ADD && !first->b && is_iv(ivs, niv, first->a) &&
                            (first->w == X || first->nsw)) {
                            off = wrap_x((i128)((u128)first->imm * (u128)c.scale));
                            src = first->a;
                        }
                    }
                    if (first->op == IR_EXT) {
                        if (!first->uns) continue;
                        c.ext = true;
                        src = first->a;
                    }
                }
                int n = 0;
                while (n < niv && ivs[n].v != src) n++;
                if (!src || n == niv) continue;
                const struct iv *v = &ivs[n];
                if (v->w < X && !(c.ext ? v->uok && first->w == v->w : v->sok)) continue;
                if (off && (off < -2048 || off >= 2048 || first->w != v->w)) continue;
                if (v->w == X && c.ext) continue;
                /* i must not change between the chain's start and the add */
                if (blk == v->blk && in_block(blk, first, &blk->ins[v->pos]) &&
                    in_block(blk, &blk->ins[v->pos], i))
                    continue;
                c.iv = n;
                c.base = base;
                int m = 0;
                while (m < ncand && !(cands[m].iv == c.iv && cands[m].ext == c.ext &&
                                      cands[m].op == c.op && cands[m].k == c.k &&
                                      cands[m].kreg == c.kreg && cands[m].base == c.base))
                    m++;
                if (m == ncand) {
                    if (ncand == IVSR_MAX_PTRS) continue;
                    c.q = ir_vreg(f, 0);
                    cands[ncand++] = c;
                }
                int d = i->d;
                *i = off ? mk(IR_ADD, X, d, cands[m].q, 0, off) : mk(IR_MOV, 0, d, cands[m].q, 0, 0);
                break;
            }
        }
    }
    /* the adds of an invariant base and an index the forms above do not take: an affine
     * chain, one q each */
    for (int b = 0; b < f->nblocks && niv && ncand < IVSR_MAX_PTRS; b++) {
        if (!OPT_SET_HAS(L->body, b)) continue;
        struct ir_block *blk = f->blocks[b];
        for (int k = 0; k < blk->n && ncand < IVSR_MAX_PTRS; k++) {
            struct ir_ins *i = &blk->ins[k];
            if (i->op != IR_ADD || i->w != X || !i->b || !i->a || !i->d) continue;
            for (int side = 0; side < 2; side++) {
                int base = side ? i->b : i->a, t = side ? i->a : i->b;
                if (nin[base]) continue;
                struct cand c;
                memset(&c, 0, sizeof c);
                const struct ir_ins *first = affine_chain(blk, i, t, ivs, niv, nin, ndef, def, &c);
                if (!first) continue;
                const struct iv *v = &ivs[c.iv];
                /* i must not change between the chain's start and the add */
                if (blk == v->blk && in_block(blk, first, &blk->ins[v->pos]) &&
                    in_block(blk, &blk->ins[v->pos], i))
                    continue;
                c.base = base;
                c.q = ir_vreg(f, 0);
                cands[ncand++] = c;
                *i = mk(IR_MOV, 0, i->d, c.q, 0, 0);
                break;
            }
        }
    }
    /* set up each q in the preheader, step it after i's increment (latest first, so the
     * recorded positions stay valid) */
    struct ir_block *pre = f->blocks[L->pre];
    for (int m = 0; m < ncand; m++) {
        const struct cand *c = &cands[m];
        const struct iv *v = &ivs[c->iv];
        int src = v->v;
        if (c->nchain) {
            /* the chain again, at the register width: where the loop runs it the narrow
             * operations do not overflow, so they compute what these do; i's value on
             * entry may make them overflow, which must not change q */
            int prev = 0;
            for (int k = 0; k < c->nchain; k++) {
                struct ir_ins x = c->chain[k];
                int t = ir_vreg(f, 0);
                if (k) {
                    /* the operand that is the previous link reads its copy */
                    if (x.a == c->chain[k - 1].d) x.a = prev;
                    else x.b = prev;
                }
                x.d = t;
                x.w = (u8)X;
                x.nsw = false;
                opt_insert_before_term(pre, &x);
                prev = t;
            }
            struct ir_ins x = mk(IR_ADD, X, c->q, c->base, prev, 0);
            opt_insert_before_term(pre, &x);
            continue;
        }
        if (c->ext) {
            int e = ir_vreg(f, 0);
            struct ir_ins x = mk(IR_EXT, v->w, e, src, 0, 0);
            x.uns = true;
            opt_insert_before_term(pre, &x);
            src = e;
        }
        int t = src;
        struct ir_ins x;
        if (c->op) {
            t = ir_vreg(f, 0);
            x = c->op == IR_SHL ? mk(IR_SHL, X, t, src, 0, c->k) : mk(IR_MUL, X, t, src, c->kreg, 0);
            opt_insert_before_term(pre, &x);
        }
        x = mk(IR_ADD, X, c->q, c->base, t, 0);
        opt_insert_before_term(pre, &x);
    }
    for (int n = niv - 1; n >= 0; n--)
        for (int m = ncand - 1; m >= 0; m--) {
            const struct cand *c = &cands[m];
            if (c->iv != n) continue;
            i128 stride = wrap_x((i128)((u128)ivs[n].step * (u128)c->scale));
            struct ir_ins x;
            if (stride >= -2048 && stride < 2048) {
                x = mk(IR_ADD, X, c->q, c->q, 0, stride);
            } else {
                int s = ir_vreg(f, 0);
                x = mk(IR_LI, 0, s, 0, 0, stride);
                opt_insert_before_term(pre, &x);
                x = mk(IR_ADD, X, c->q, c->q, s, 0);
            }
            insert_at(ivs[n].blk, ivs[n].pos + 1, &x);
        }
    /* a later use of p = mov q in its block reads q while neither is redefined, so
     * the move usually dies (dce) and q needs no second register */
    for (int b = 0; b < f->nblocks && ncand; b++) {
        if (!OPT_SET_HAS(L->body, b)) continue;
        struct ir_block *blk = f->blocks[b];
        for (int k = 0; k < blk->n; k++) {
            const struct ir_ins *mv = &blk->ins[k];
            if (mv->op != IR_MOV || !mv->a) continue;
            int m = 0;
            while (m < ncand && cands[m].q != mv->a) m++;
            if (m == ncand) continue;
            int p = mv->d, q = mv->a;
            for (int k2 = k + 1; k2 < blk->n; k2++) {
                struct ir_ins *u = &blk->ins[k2];
                int **slots = ir_slot_buf(u, local, 8);
                int n = ir_uses(u, slots, ir_operand_bound(u));
                for (int r = 0; r < n; r++)
                    if (*slots[r] == p) *slots[r] = q;
                n = ir_defs(u, slots, ir_operand_bound(u));
                bool stop = false;
                for (int r = 0; r < n; r++) stop |= *slots[r] == p || *slots[r] == q;
                if (stop) break;
            }
        }
    }
    for (int r = 0; r < ntouched; r++) nin[touched[r]] = 0;
}

void opt_ivsr(struct ir_func *f)
{
    struct opt_loop *loops;
    int nloops = opt_find_loops(f, &loops);
    if (!nloops) return;
    int *ndef;
    struct ir_ins **def;
    opt_count_defs(f, &ndef, &def);
    int *nin = cc_alloc(sizeof(int) * (size_t)(f->nvregs + 1));
    int *touched = cc_alloc(sizeof(int) * (size_t)(f->nvregs + 1));
    /* predecessor counts, and one predecessor of each block */
    int *npred = cc_alloc(sizeof(int) * (size_t)f->nblocks);
    int *pred1 = cc_alloc(sizeof(int) * (size_t)f->nblocks);
    int *s = cc_alloc(sizeof(int) * (size_t)(f->nblocks + 2));
    for (int b = 0; b < f->nblocks; b++) {
        int n = opt_succs(f->blocks[b], s);
        for (int q = 0; q < n; q++) {
            npred[s[q]]++;
            pred1[s[q]] = b;
        }
    }
    int nv0 = f->nvregs;
    for (int l = 0; l < nloops; l++) {
        if (loops[l].pre < 0) continue;
        do_loop(f, &loops[l], nin, touched, ndef, def, npred, pred1);
        if (f->nvregs != nv0) {
            /* new vregs and moved instructions: recount before the next loop */
            opt_count_defs(f, &ndef, &def);
            nin = cc_alloc(sizeof(int) * (size_t)(f->nvregs + 1));
            touched = cc_alloc(sizeof(int) * (size_t)(f->nvregs + 1));
            nv0 = f->nvregs;
        }
    }
}
