/* Lowering: initialization of automatic objects and declarations in blocks
 * (VLA allocation, initializers, cleanups). */
#include "cc/lower.h"

#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- initialization */

void init_local(struct obj *o, struct init *ini, int addr)
{
    zero_mem(addr, o->ty->size, o->align);
    if (!ini) return;
    for (int k = 0; k < ini->n; k++) {
        struct init_item *it = &ini->items[k];
        if (it->bytes) {
            for (long b = 0; b < it->nbytes;) {
                long n = it->nbytes - b;
                struct type *ct = ty_uchar;
                long cnt = 1;
                if (n >= 4 && ((it->offset + b) % 4 == 0) && o->align >= 4) { ct = ty_uint; cnt = 4; }
                i128 v = 0;
                for (long q = 0; q < cnt; q++) v |= (i128)(unsigned char)it->bytes[b + q] << (8 * q);
                store(ct, addr, it->offset + b, li(canon(v, ct)));
                b += cnt;
            }
            continue;
        }
        struct type *t = it->ty;
        if (t->kind == TY_STRUCT || t->kind == TY_UNION || t->kind == TY_COMPLEX) {
            int src = gen_expr(it->e);
            int dst = it->offset ? bini(IR_ADD, R(), addr, it->offset) : addr;
            copy_mem(dst, src, t->size, t->align);
            continue;
        }
        int v = gen_expr(it->e);
        if (it->bit_width >= 0) {
            struct member m = {0};
            m.ty = t;
            m.offset = it->offset;
            m.bit_width = it->bit_width;
            m.bit_off = it->bit_off;
            m.pos = it->e->pos;
            bf_store(&m, addr, v, false);
        } else {
            store(t, addr, it->offset, v);
        }
    }
}

void gen_decl_init(struct node *s)
{
    struct obj *o = s->var;
    if (o->ty->vla_len) {
        /* VLA: its size was computed when the type was reached; save sp (restored when
         * the scope is left), allocate on the stack, keep the pointer in a slot */
        int size = gen_expr(vla_size_ref(o->ty, s->pos));
        int saved = vint();
        scope_push_entry(s, saved, NULL);
        E(IR_SPSAVE)->d = saved;
        struct ir_ins *i = E(IR_ALLOCA);
        i->d = vint();
        i->a = size;
        F->has_alloca = true;
        if (ccopt.ssp) F->stack_protect = true;
        if (o->slot < 0) o->slot = ir_slot_new(F, tgt.ptr_size, tgt.ptr_size);
        store(ty_ptr(ty_void), slot_addr(o->slot, 0), 0, i->d);
        return;
    }
    if (promoted(o)) {
        if (s->ini && s->ini->n) {
            struct init_item *it = &s->ini->items[s->ini->n - 1];
            assign_var(o->vreg, gen_expr(it->e), o->ty);
        }
        return;
    }
    if (!s->ini) return;
    if (o->slot < 0) o->slot = local_slot(o->ty, o->align > o->ty->align ? o->align : o->ty->align);
    int a = slot_addr(o->slot, 0);
    if (s->ini->n == 1 && s->ini->items[0].offset == 0 && s->ini->items[0].e &&
        s->ini->items[0].bit_width < 0 && s->ini->items[0].ty->size == o->ty->size) {
        struct init_item *it = &s->ini->items[0];
        if (in_mem(it->ty)) copy_mem(a, gen_expr(it->e), it->ty->size, it->ty->align);
        else store(it->ty, a, 0, gen_expr(it->e));
        return;
    }
    init_local(o, s->ini, a);
}

void gen_decl(struct node *s)
{
    gen_decl_init(s);
    if (s->var->cleanup && !s->var->ty->vla_len) scope_push_entry(s, 0, s->var->cleanup);
}
