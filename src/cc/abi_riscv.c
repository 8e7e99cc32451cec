/* Argument classification for lp128d (docs/abi.md §3), lp64d and ilp32d (RISC-V psABI):
 * which pieces of a value travel in integer or FP registers, or by reference.
 * Register assignment (which a/fa register, stack offsets) is done by the caller of
 * abi_classify, in argument order, in lower_call.c (arguments) and lower.c (parameters). */
#include "cc/ir.h"

/* Flatten a struct for the hardware-FP convention: collects up to two scalar fields
 * (float/double or integer) with their offsets; false if it does not qualify. */
static bool flatten(struct type *t, long base, struct abi_part *parts, int *n, int *nfp)
{
    if (t->kind == TY_STRUCT) {
        for (struct member *m = t->members; m; m = m->next) {
            if (m->bit_width >= 0) {
                if (m->bit_width == 0 || !m->name) continue;
                return false;
            }
            if (!flatten(m->ty, base + m->offset, parts, n, nfp)) return false;
        }
        return true;
    }
    if (t->kind == TY_COMPLEX) {
        /* psABI: a complex number is passed like a struct of two elements of its type */
        return flatten(t->base, base, parts, n, nfp) && flatten(t->base, base + t->base->size, parts, n, nfp);
    }
    if (t->kind == TY_ARRAY) {
        for (long i = 0; i < t->len; i++)
            if (!flatten(t->base, base + i * t->base->size, parts, n, nfp)) return false;
        return true;
    }
    if (t->kind == TY_UNION || t->kind == TY_LDOUBLE) return false;
    if (*n == 2) return false;
    if (t->kind == TY_FLOAT || t->kind == TY_DOUBLE) {
        parts[*n].fp = true;
        parts[*n].size = (int)t->size;
        parts[*n].off = base;
        (*n)++;
        (*nfp)++;
        return true;
    }
    if (ty_is_integer(t) || t->kind == TY_PTR) {
        if (t->size > tgt.regsize) return false;
        parts[*n].fp = false;
        parts[*n].size = (int)t->size;
        parts[*n].off = base;
        (*n)++;
        return true;
    }
    return false;
}

bool abi_flatten_fp(struct type *t, struct abi_part parts[2], int *n)
{
    int nfp = 0;
    *n = 0;
    if (t->kind != TY_STRUCT && t->kind != TY_COMPLEX) return false;
    if (!flatten(t, 0, parts, n, &nfp)) return false;
    if (nfp == 0) return false;
    if (*n == 2 && nfp == 1) return true;   /* one FP + one integer */
    return nfp == *n;                        /* one or two FP */
}

void abi_classify(struct type *t, bool unnamed, struct abi_class *c)
{
    int R = tgt.regsize;
    c->kind = ABI_DIRECT;
    c->nparts = 0;
    c->pair_aligned = false;
    if (t->kind == TY_VOID) {
        c->kind = ABI_IGNORE;
        return;
    }
    if ((t->kind == TY_STRUCT || t->kind == TY_UNION) && t->size == 0) {
        c->kind = ABI_IGNORE;
        return;
    }
    if ((t->kind == TY_FLOAT || t->kind == TY_DOUBLE) && !unnamed) {
        c->nparts = 1;
        c->parts[0].fp = true;
        c->parts[0].size = (int)t->size;
        c->parts[0].off = 0;
        return;
    }
    if ((t->kind == TY_STRUCT || t->kind == TY_COMPLEX) && !unnamed) {
        struct abi_part p[2];
        int n;
        if (abi_flatten_fp(t, p, &n)) {
            c->nparts = n;
            c->parts[0] = p[0];
            if (n > 1) c->parts[1] = p[1];
            return;
        }
    }
    if (t->size > 2 * R) {
        c->kind = ABI_INDIRECT;
        c->nparts = 1;
        c->parts[0].fp = false;
        c->parts[0].size = R;
        return;
    }
    /* integer convention: one or two XLEN pieces */
    int n = t->size <= R ? 1 : 2;
    c->nparts = n;
    for (int i = 0; i < n; i++) {
        c->parts[i].fp = false;
        c->parts[i].size = R;
        c->parts[i].off = (long)i * R;
    }
    if (n == 1 && t->size < R && ty_is_scalar(t)) c->parts[0].size = (int)t->size;
    /* The psABI's aligned register pair for 2*XLEN-aligned variadic arguments (rv32/rv64).
     * lp128d has no such rule (docs/abi.md 3.3): its va_list walks 16-byte slots from a
     * save area that is only 16-byte aligned, so it could not find the skipped register. */
    if (unnamed && n == 2 && t->align == 2 * R && R < 16) c->pair_aligned = true;
}
