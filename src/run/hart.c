#include "run/hart.h"

#include <stdint.h>
#include <string.h>

#include "isa/isa.h"

void hart_init(struct hart *h, int xlen, struct mm *mm, const struct hart_ops *ops)
{
    memset(h, 0, sizeof *h);
    h->xlen = xlen;
    h->exts = EXT_I | EXT_M | EXT_A | EXT_F | EXT_D | EXT_C | EXT_ZICSR | EXT_ZIFENCEI;
    h->mm = mm;
    h->ops = ops;
    h->tlb_gen = mm->gen - 1;       /* force a TLB flush on first entry */
    h->code_gen = mm->code_gen;
    h->insn_limit = UINT64_MAX;
}

void hart_flush_code(struct hart *h)
{
    switch (h->xlen) {
    case 32: rv32_free_cache(h); break;
    case 64: rv64_free_cache(h); break;
    default: rv128_free_cache(h); break;
    }
}

void hart_destroy(struct hart *h)
{
    hart_flush_code(h);
}

int hart_run(struct hart *h)
{
    switch (h->xlen) {
    case 32: return rv32_run(h);
    case 64: return rv64_run(h);
    default: return rv128_run(h);
    }
}

u128 hart_get_x(const struct hart *h, unsigned r)
{
    r &= 31;
    switch (h->xlen) {
    case 32: return h->x.x32[r];
    case 64: return h->x.x64[r];
    default: return h->x.x128[r];
    }
}

i128 hart_get_sx(const struct hart *h, unsigned r)
{
    r &= 31;
    switch (h->xlen) {
    case 32: return (i32)h->x.x32[r];
    case 64: return (i64)h->x.x64[r];
    default: return (i128)h->x.x128[r];
    }
}

void hart_set_x(struct hart *h, unsigned r, u128 v)
{
    r &= 31;
    if (!r) return;
    switch (h->xlen) {
    case 32: h->x.x32[r] = (u32)v; break;
    case 64: h->x.x64[r] = (u64)v; break;
    default: h->x.x128[r] = v; break;
    }
}
