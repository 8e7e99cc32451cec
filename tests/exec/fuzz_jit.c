/* libFuzzer target: the translator against the interpreter.  The input is the XLEN
 * (bit 0 of the first byte: 64, else bit 1: 128, else 32), the initial frm (bits 2-4) and
 * fflags (bits 5-7, see fp_csr), initial register values (the FP registers' are made
 * from them by fp_value) and a list of instructions, each 6 bytes: an index into the
 * instruction table and the bits of its operand fields (so every instruction is a valid
 * encoding of some operation of that XLEN, and mutations stay in the ISA); the same code runs
 * on two harts, one per engine, with the same registers and data.  Where both stop at
 * an ecall or a trap, everything must agree: how they stopped, pc, instret, trap
 * state, integer and FP registers, fflags and the data pages.  (A run that reaches its
 * instruction bound is not compared: each engine stops at its own block boundaries.)
 * CSRs are left out of the hart's extensions, so reads of the time CSR cannot differ. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "exec/hart.h"
#include "exec/jit.h"
#include "isa/isa.h"

#define CODE ((u128)0x10000)
#define DATA ((u128)0x40000)
#define CODE_MAX 4096
#define DATA_SIZE 0x2000
#ifndef JIT_DIFF_MISMATCH
#define JIT_DIFF_MISMATCH() abort()
#endif

/* Where the data pages are mapped: DATA, or for jit_diff_test's RV128 page cases an
 * address whose high half is not zero (pointers into them then have that high half). */
static u128 data_at = DATA;

struct vm {
    struct mm mm;
    struct hart h;
};
#define CANARY_SIZE ((size_t)1 << 20)      /* readable, above the guest's guard */
#define GUEST_LIMIT ((u128)1 << 37)      /* with the window (see vm_start) */

/* Guest memory at a fixed host offset (mm_window), as zl-run has it at RV32 and RV64
 * (limit 2^38), and at RV128 for its addresses below 2^38 (mm_window_low): the
 * translator's loads and stores then access it directly, and a host fault there goes back
 * to the access's slow path through on_host_fault, as zl-run's fault handler does it.
 * Chosen per run by bit 0 of regs[0] (x0's value, otherwise unused). */
static bool mem_window;
static struct hart *fault_hart;     /* the hart running translated code */
static struct sigaction fault_prev[2];

static void on_host_fault(int sig, siginfo_t *si, void *uc)
{
    (void)si;
    if (jit_fault_resume(fault_hart, uc)) return;
    sigaction(sig, &fault_prev[sig == SIGBUS], NULL);      /* not ours: as before */
}

static void fault_handler_install(void)
{
    static bool done;
    if (done) return;
    done = true;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_host_fault;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, &fault_prev[0]);
    sigaction(SIGBUS, &sa, &fault_prev[1]);
}

static int stop(struct hart *h) { (void)h; return 1; }

/* An FP register's value made from a random one: one time in four the value itself
 * (mostly normal doubles and unboxed singles), else by its top byte one of the cases the
 * translator's fast paths must send to the slow path or get exactly right: zeros,
 * infinities, NaNs (quiet, signalling, with payloads), subnormals, the values around
 * the smallest normal and the largest finite ones, integers and halves (exact results,
 * rounding ties, conversions at the edges of the integer ranges), boxed singles of the
 * same kinds and singles that are not properly boxed. */
static u64 fp_value(u64 v)
{
    static const u64 d[] = {
        0, 0x8000000000000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
        0x7ff8000000000000ull, 0x7ff0000000000001ull, 0xfff8000000000123ull, 0x7ff4000000000000ull,
        1, 0x000fffffffffffffull, 0x8010000000000000ull, 0x0010000000000000ull,
        0x0020000000000000ull, 0x001fffffffffffffull, 0x7fefffffffffffffull, 0xffe0000000000000ull,
        0x3ff0000000000000ull, 0xbff0000000000000ull, 0x3fe0000000000000ull, 0x4004000000000000ull,
        0x41e0000000000000ull, 0xc1e0000000000000ull, 0xc1e0000000200000ull, 0x41dfffffffffffffull,
        0x41efffffffe00000ull, 0x41f0000000000000ull, 0x43e0000000000000ull, 0xc3e0000000000000ull,
        0x4340000000000001ull, 0x3ca0000000000000ull, 0xbfe0000000000000ull, 0x4330000000000000ull,
    };
    static const u32 s[] = {
        0, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x7f800001u, 0xffc00123u,
        1, 0x007fffffu, 0x00800000u, 0x01000000u, 0x7f7fffffu, 0x3f800000u, 0xbf000000u,
        0x4f000000u, 0xcf000000u, 0x5f000000u, 0x3fc00000u,
    };
    unsigned k = (unsigned)(v >> 56);
    if (k < 0x40) return v;
    switch (k & 15) {
    case 0: case 1: return d[v % (sizeof d / sizeof d[0])];
    case 2: return 0xffffffff00000000ull | s[v % (sizeof s / sizeof s[0])];
    case 3: return (v & 0x800fffffffffffffull) | (u64)(1 + (v >> 52 & 3)) << 52;   /* tiny */
    case 4: return (v & 0x800fffffffffffffull) | (u64)(0x7fc + (v >> 52 & 3)) << 52; /* huge */
    case 5: return (v & 0x800fffffffffffffull) | (u64)(0x3ff + (v >> 52 & 63)) << 52; /* 1..2^64 */
    case 6: {                           /* a small number of quarters: exact sums */
        i64 q = (i64)(v & 0xfff) - 0x800;
        double x = (double)q / 4;
        u64 b;
        memcpy(&b, &x, 8);
        return b;
    }
    case 7: {
        float x = (float)((i32)(v & 0xfff) - 0x800) / 4;
        u32 b;
        memcpy(&b, &x, 4);
        return 0xffffffff00000000ull | b;
    }
    case 8: return 0xffffffff00000000ull | (u32)v;                            /* boxed */
    case 9: return 0xffffffff00000000ull | ((u32)v & 0x807fffffu) | (1 + (u32)(v >> 23 & 3)) << 23;
    case 10: return (v & 0xffffffffu) | 0xfffffffe00000000ull;                /* not boxed */
    case 11: return (v & 0xffffffffu) | 0x7fffffff00000000ull;
    default: return v;
    }
}

/* The initial frm and fflags from the fuzz input's first byte: frm mostly valid (RNE
 * more often), sometimes 5 (dynamic-mode operations are illegal); fflags with NX set
 * half the time (the fast paths need it), some other flags already accrued or not. */
static unsigned fp_csr(u8 b)
{
    static const u8 frm[8] = { 0, 1, 2, 3, 4, 0, 0, 5 };
    unsigned fl = (b >> 5 & 1 ? 0x01 : 0) | (b >> 6 & 1 ? 0x12 : 0) | (b >> 7 & 1 ? 0x0c : 0);
    return (unsigned)frm[b >> 2 & 7] << 5 | fl;
}
static const struct hart_ops ops = { stop };

static void vm_start(struct vm *v, int xlen, enum engine_kind kind, const u8 *code, size_t n,
                     const u64 *regs, unsigned fcsr)
{
    memset(v, 0, sizeof *v);
    bool window = mem_window && (xlen == 128 || data_at == DATA || data_at == 0);
    mm_init(&v->mm, xlen == 32 ? (u128)1 << 32 : window && xlen == 64 ? (u128)1 << 38 :
                    data_at >> 47 ? ~(u128)0 : (u128)1 << 47);
    if (window && xlen == 128) {
        /* RV128: the window over the low addresses only (zl-run's mm_window_low): data at
         * DATA is in it, data at 0 across its lower guard, data above 2^64 outside */
        fault_handler_install();
        mm_window_low(&v->mm, RV128_WINDOW_SPAN);
    } else if (window) {
        fault_handler_install();
        /* RV64: host memory the guest must never reach, readable just above its addresses'
         * guard: the window is reserved for 2^38 and the guest gets 2^37 (GUEST_LIMIT), so the
         * host memory above 2^37 and the guard is the window's, which this can make
         * readable (mmap puts other host memory right above a new mapping, where it could
         * not).  A translated access that let an address at or above the limit through
         * would read it where the interpreter traps. */
        mm_window(&v->mm);
        if (xlen == 64) v->mm.limit = GUEST_LIMIT;
        if (xlen == 64 && mprotect(v->mm.window + (size_t)GUEST_LIMIT + ((size_t)1 << 16), CANARY_SIZE, PROT_READ))
            abort();
    }
    mm_map(&v->mm, CODE, CODE_MAX + 4096, PROT_READ | PROT_EXEC);
    if (data_at == DATA) {
        mm_map(&v->mm, data_at, DATA_SIZE, PROT_READ | PROT_WRITE);
    } else {
        /* The two pages as two regions whose host pages are apart and in the other order
         * (host page 2 holds the first, page 0 the second; 1 and 3 are unmapped): an
         * access that leaves its guest page through the host address reaches neither. */
        u8 *host = mmap(NULL, 4 * 4096, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (host == MAP_FAILED) abort();
        munmap(host + 4096, 4096);
        munmap(host + 3 * 4096, 4096);
        int rwx = PROT_READ | PROT_WRITE | PROT_EXEC;
        mm_map_host(&v->mm, data_at, 4096, PROT_READ | PROT_WRITE, rwx, host + 2 * 4096);
        mm_map_host(&v->mm, data_at + 4096, 4096, PROT_READ | PROT_WRITE, rwx, host);
    }
    _Static_assert(DATA_SIZE == 2 * 4096, "two data pages");
    mm_poke(&v->mm, CODE, code, n);
    u8 pattern[DATA_SIZE];
    for (size_t k = 0; k < sizeof pattern; k++) pattern[k] = (u8)(k * 37 + 11);
    mm_poke(&v->mm, data_at, pattern, sizeof pattern);
    hart_init(&v->h, xlen, &v->mm, &ops);
    hart_set_engine(&v->h, kind);
    v->h.exts &= ~(unsigned)EXT_ZICSR;
    for (unsigned r = 1; r < 32; r++) {
        /* a few registers point into the data pages, so loads and stores land there */
        u128 val = r >= 10 && r <= 15 ? data_at + (regs[r] & (DATA_SIZE - 1)) : regs[r];
        /* RV128: a high half of its own (another register's value), except for pointers */
        if (xlen == 128 && (r < 10 || r > 15)) val |= (u128)regs[(r + 13) & 31] << 64;
        hart_set_x(&v->h, r, val);
        v->h.f[r] = fp_value(regs[(r + 7) & 31]);
    }
    v->h.f[0] = fp_value(regs[7]);
    v->h.fflags = fcsr & 0x1f;
    v->h.frm = fcsr >> 5 & 7;
    v->h.pc = CODE;
    v->h.insn_limit = 5000;
}

/* After jit_diff_compare: how many pcs of the code start a block the translator
 * translated (not one it left to the interpreter). */
static unsigned jit_diff_translated;
/* When set: the 4-byte words of the code no translated block may start at (and, after
 * jit_diff_compare, how many did: jit_diff_bad_starts) */
static const bool *jit_diff_no_start;
static unsigned jit_diff_bad_starts;

/* Run code on both engines and compare; returns how the interpreter stopped (RUN_REQUEST:
 * the instruction bound was reached, nothing compared). */
static int jit_diff_compare(int xlen, const u8 *code, size_t n, const u64 *regs, unsigned fcsr)
{
    static struct vm a, b;
    mem_window = regs[0] & 1;
    vm_start(&a, xlen, ENGINE_INTERP, code, n, regs, fcsr);
    vm_start(&b, xlen, ENGINE_JIT, code, n, regs, fcsr);
    int ra = hart_run(&a.h);
    fault_hart = &b.h;
    /* half the time the translator runs in slices of 1-64 instructions (insn_limit), as
     * when a signal is pending: each way out at the limit must leave pc and instret exact */
    int rb;
    u64 slice = regs[0] >> 1 & 1 ? 1 + (regs[0] >> 2) % 64 : 0;
    for (;;) {
        if (slice) b.h.insn_limit = b.h.instret + slice < 5000 ? b.h.instret + slice : 5000;
        rb = hart_run(&b.h);
        if (rb != RUN_REQUEST || !slice || b.h.instret >= 5000) break;
    }
    fault_hart = NULL;
    if (ra != RUN_REQUEST && rb != RUN_REQUEST) {
        bool same = ra == rb && a.h.pc == b.h.pc && a.h.instret == b.h.instret &&
                    a.h.fflags == b.h.fflags && a.h.frm == b.h.frm &&
                    !memcmp(&a.h.x, &b.h.x, 32 * (size_t)(xlen / 8)) &&    /* not x0's sink */
                    !memcmp(a.h.f, b.h.f, sizeof a.h.f);
        if (same && ra == RUN_TRAP)
            same = a.h.trap.cause == b.h.trap.cause && a.h.trap.addr == b.h.trap.addr &&
                   a.h.trap.maperr == b.h.trap.maperr && a.h.trap.bus == b.h.trap.bus;
        u8 da[DATA_SIZE], db[DATA_SIZE];
        if (same && mm_read(&a.mm, data_at, da, sizeof da, NULL) &&
            mm_read(&b.mm, data_at, db, sizeof db, NULL))
            same = !memcmp(da, db, sizeof da);
        if (!same) JIT_DIFF_MISMATCH();     /* the engines disagree */
    }
    jit_diff_translated = 0;
    jit_diff_bad_starts = 0;
    struct jit_cache *c = b.h.jcache;
    for (size_t k = 0; c && k < n; k += 2) {
        struct jit_block *blk = jit_cache_find(c, (u64)(CODE + k));
        jit_diff_translated += blk && blk->code;
        jit_diff_bad_starts += blk && blk->code && jit_diff_no_start && k % 4 == 0 &&
                               jit_diff_no_start[k / 4];
    }
    hart_destroy(&a.h);
    hart_destroy(&b.h);
    mm_destroy(&a.mm);
    mm_destroy(&b.mm);
    return ra;
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);
int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
    if (size < 1 + 32 * 8 + 2 || size > 1 + 32 * 8 + CODE_MAX) return 0;
    int xlen = data[0] & 1 ? 64 : data[0] & 2 ? 128 : 32;
    u64 regs[32];
    memcpy(regs, data + 1, sizeof regs);
    const u8 *in = data + 1 + sizeof regs;
    size_t nin = size - 1 - sizeof regs;
    u8 code[CODE_MAX];
    size_t n = 0;
    for (size_t k = 0; k + 6 <= nin && n + 4 <= CODE_MAX; k += 6) {
        u16 idx;
        u32 bits;
        memcpy(&idx, in + k, 2);
        memcpy(&bits, in + k + 2, 4);
        const struct isa_insn *d = &isa_table[idx % isa_table_len];
        if (!(d->xlens & isa_xbit(xlen))) continue;
        u32 w = (bits & ~d->mask) | d->match;
        int len = (d->match & 3) == 3 ? 4 : 2;
        memcpy(code + n, &w, (size_t)len);
        n += (size_t)len;
    }
    static const u8 ecall[4] = { 0x73, 0, 0, 0 };
    if (n + 4 <= CODE_MAX) {
        memcpy(code + n, ecall, 4);
        n += 4;
    }
    jit_diff_compare(xlen, code, n, regs, fp_csr(data[0]));
    return 0;
}
