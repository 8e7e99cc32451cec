/* The translator's code cache: one memory mapped twice (W^X: written through a
 * read-write view, executed through a read-execute view), the block table, the
 * indirect-jump cache and the two stubs that connect C and translated code. */
#include "exec/jit.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>
#if defined(__x86_64__) && defined(__linux__)
#include <asm/prctl.h>
#endif

#include "exec/x86emit.h"

#define JIT_CODE_SIZE ((size_t)32 << 20)
#define JIT_MAX_BLOCKS ((size_t)1 << 18)

bool jit_host_supported(void)
{
#if defined(__x86_64__) && defined(__linux__)
    return true;
#else
    return false;
#endif
}

bool jit_host_segment(const void *base)
{
#if defined(__x86_64__) && defined(__linux__)
    /* the value this thread's GS base has (a new thread starts at NULL here and sets it
     * again: harmless) */
    static _Thread_local const void *now;
    if (base == now) return true;
    if (syscall(SYS_arch_prctl, ARCH_SET_GS, (unsigned long)(uintptr_t)base) != 0) return false;
    now = base;
    return true;
#else
    (void)base;
    return false;
#endif
}

bool jit_fma_off;

bool jit_host_fma(void)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    return !jit_fma_off && __builtin_cpu_supports("avx") && __builtin_cpu_supports("fma");
#else
    return false;
#endif
}

/* enter(h, code): save the callee-saved registers, set up rbp and r14, jump to code.
 * exit: write r14 back to h->instret, restore, return (rax, rdx as the code left them). */
static void emit_stubs(struct jit_cache *c)
{
    struct x86 e = { c->rw, c->rw + c->size, false };
    static const unsigned saved[] = { RBP, RBX, R12, R13, R14, R15 };
    for (size_t k = 0; k < 6; k++) x86_push(&e, saved[k]);
    x86_alu_imm(&e, true, ALU_SUB, RSP, 8);             /* 7 pushes + 8: 16-aligned */
    x86_mov(&e, true, RBP, RDI);
    x86_load64(&e, R14, RBP, (i32)offsetof(struct hart, instret));
    x86_jmp_reg(&e, RSI);
    size_t exit_off = (size_t)(e.p - c->rw);
    x86_store64(&e, R14, RBP, (i32)offsetof(struct hart, instret));
    x86_alu_imm(&e, true, ALU_ADD, RSP, 8);
    for (size_t k = 6; k-- > 0;) x86_pop(&e, saved[k]);
    x86_ret(&e);
    c->stubs_end = (size_t)(e.p - c->rw + 63) & ~(size_t)63;
    c->used = c->stubs_end;
    c->exit = c->rx + exit_off;
    void *enter = c->rx;
    memcpy(&c->enter, &enter, sizeof enter);     /* object to function pointer */
}

struct jit_cache *jit_cache_get(struct hart *h)
{
    struct jit_cache *c = h->jcache;
    if (c) return c;
    if (!jit_host_supported()) return NULL;
    c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->size = JIT_CODE_SIZE;
    c->maxblocks = JIT_MAX_BLOCKS;
    c->blocks = malloc(c->maxblocks * sizeof *c->blocks);
    int fd = memfd_create("zl-run-jit", MFD_CLOEXEC);
    if (!c->blocks || fd < 0 || ftruncate(fd, (off_t)c->size) != 0) goto fail;
    c->rw = mmap(NULL, c->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    c->rx = mmap(NULL, c->size, PROT_READ | PROT_EXEC, MAP_SHARED, fd, 0);
    close(fd);
    fd = -1;
    if (c->rw == MAP_FAILED || c->rx == MAP_FAILED) goto fail;
    /* a fork's child must not write into its parent's code (hart_after_fork) */
    madvise(c->rw, c->size, MADV_DONTFORK);
    madvise(c->rx, c->size, MADV_DONTFORK);
    emit_stubs(c);
    jit_cache_flush(c);
    c->flushes = 0;
    c->code_gen = h->mm->code_gen;
    c->fence_i_gen = h->fence_i_gen;
    h->jcache = c;
    return c;
fail:
    if (fd >= 0) close(fd);
    if (c->rw && c->rw != MAP_FAILED) munmap(c->rw, c->size);
    if (c->rx && c->rx != MAP_FAILED) munmap(c->rx, c->size);
    free(c->blocks);
    free(c);
    return NULL;
}

void jit_cache_flush(struct jit_cache *c)
{
    c->nsites = 0;
    memset(c->hash, 0, sizeof c->hash);
    memset(c->jc, 0xff, sizeof c->jc);      /* pc all ones: odd, never a block's pc */
    c->nblocks = 0;
    c->used = c->stubs_end;
    c->flushes++;
}

void jit_cache_free(struct hart *h)
{
    struct jit_cache *c = h->jcache;
    if (!c) return;
    munmap(c->rw, c->size);
    munmap(c->rx, c->size);
    free(c->blocks);
    free(c->site_at);
    free(c->site_stub);
    free(c);
    h->jcache = NULL;
}

bool jit_cache_add_sites(struct jit_cache *c, const u32 *at, const u32 *stub, size_t n)
{
    if (!n) return true;        /* (the arrays may not exist yet) */
    if (c->nsites + n > c->sites_cap) {
        size_t cap = c->sites_cap ? 2 * c->sites_cap : 4096;
        while (cap < c->nsites + n) cap *= 2;
        u32 *a = realloc(c->site_at, cap * sizeof *a);
        if (a) c->site_at = a;
        u32 *s = a ? realloc(c->site_stub, cap * sizeof *s) : NULL;
        if (s) c->site_stub = s;
        if (!a || !s) return false;
        c->sites_cap = cap;
    }
    memcpy(c->site_at + c->nsites, at, n * sizeof *at);
    memcpy(c->site_stub + c->nsites, stub, n * sizeof *stub);
    c->nsites += n;
    return true;
}

bool jit_fault_resume(struct hart *h, void *uc)
{
#if defined(__x86_64__) && defined(__linux__)
    ucontext_t *u = uc;
    const u8 *stub = h ? jit_cache_fault_stub(h->jcache, (const void *)u->uc_mcontext.gregs[REG_RIP])
                       : NULL;
    if (!stub) return false;
    u->uc_mcontext.gregs[REG_RIP] = (greg_t)(uintptr_t)stub;
    return true;
#else
    (void)h;
    (void)uc;
    return false;
#endif
}

/* (async-signal-safe: it only reads the cache, which only this thread changes) */
const u8 *jit_cache_fault_stub(const struct jit_cache *c, const void *pc)
{
    const u8 *p = pc;
    if (!c || p < c->rx || p >= c->rx + c->used) return NULL;
    u32 off = (u32)(p - c->rx);
    size_t lo = 0, hi = c->nsites;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (c->site_at[mid] < off) lo = mid + 1;
        else hi = mid;
    }
    return lo < c->nsites && c->site_at[lo] == off ? c->rx + c->site_stub[lo] : NULL;
}

static size_t jit_hash(u64 pc)
{
    return (size_t)((pc >> 1) ^ (pc >> (JIT_HASH_BITS + 1))) & ((1u << JIT_HASH_BITS) - 1);
}

struct jit_block *jit_cache_find(struct jit_cache *c, u64 pc)
{
    for (struct jit_block *b = c->hash[jit_hash(pc)]; b; b = b->hnext)
        if (b->pc == pc) return b;
    return NULL;
}

struct jit_block *jit_cache_add(struct jit_cache *c, u64 pc, const u8 *code)
{
    if (c->nblocks == c->maxblocks) return NULL;
    struct jit_block *b = &c->blocks[c->nblocks++];
    size_t k = jit_hash(pc);
    b->pc = pc;
    b->code = code;
    b->hnext = c->hash[k];
    c->hash[k] = b;
    return b;
}

void jit_cache_patch(struct jit_cache *c, u8 *patch, const u8 *to)
{
    x86_patch_rel32(c->rw + (patch - c->rx), patch, to);
}

void jit_cache_redirect(struct jit_cache *c, const u8 *code, const u8 *to)
{
    u8 *w = c->rw + (code - c->rx);
    x86_patch_rel32(w + 1, code + 1, to);
    w[0] = 0xe9;                                            /* jmp rel32 */
}
