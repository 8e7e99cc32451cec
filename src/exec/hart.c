#include "exec/hart.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "exec/jit.h"
#include "isa/isa.h"

const struct engine *engine_get(enum engine_kind kind, int xlen)
{
    /* (every XLEN's translator is the default now; the kind stays so that one can be
     * held back again without touching the personality) */
    if (kind == ENGINE_DEFAULT) kind = jit_host_supported() ? ENGINE_JIT : ENGINE_INTERP;
    if (kind == ENGINE_JIT) {
        if (!jit_host_supported()) return NULL;
        switch (xlen) {
        case 32: return &rv32_jit;
        case 64: return &rv64_jit;
        default: return &rv128_jit;
        }
    }
    switch (xlen) {
    case 32: return &rv32_interp;
    case 64: return &rv64_interp;
    default: return &rv128_interp;
    }
}

enum engine_kind engine_default(void)
{
    const char *e = getenv("ZL_RUN_ENGINE");
    if (e && !strcmp(e, "interp")) return ENGINE_INTERP;
    if (e && !strcmp(e, "jit")) return ENGINE_JIT;
    return jit_host_supported() ? ENGINE_DEFAULT : ENGINE_INTERP;
}

void hart_init(struct hart *h, int xlen, struct mm *mm, const struct hart_ops *ops)
{
    memset(h, 0, sizeof *h);
    h->xlen = xlen;
    h->exts = EXT_I | EXT_M | EXT_A | EXT_F | EXT_D | EXT_C | EXT_ZICSR | EXT_ZIFENCEI;
    h->mm = mm;
    h->ops = ops;
    h->engine = engine_get(ENGINE_INTERP, xlen);
    h->tlb_gen = mm->gen - 1;       /* force a TLB flush on first entry */
    h->code_gen = mm->code_gen;
    h->insn_limit = UINT64_MAX;
}

bool hart_set_engine(struct hart *h, enum engine_kind kind)
{
    const struct engine *e = engine_get(kind, h->xlen);
    if (!e) return false;
    if (e != h->engine) {
        h->engine->destroy(h);
        h->engine = e;
    }
    return true;
}

void hart_flush_code(struct hart *h)
{
    if (h->engine) h->engine->flush(h);
}

void hart_forget_code(struct hart *h)
{
    h->bcache = NULL;
    h->jcache = NULL;
}

void hart_after_fork(struct hart *h)
{
    jit_cache_free(h);
}

/* (a hart that was never initialised, all zero, has nothing to free) */
void hart_destroy(struct hart *h)
{
    if (h->engine) h->engine->destroy(h);
}

int hart_run(struct hart *h)
{
    return h->engine->run(h);
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
