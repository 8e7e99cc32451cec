/* Random-sequence differential of the translator against the interpreter, in process, at
 * every XLEN: fuzz_jit.c's comparison driven by a seeded generator instead of libFuzzer
 * (so it runs in the ordinary build and in make check).  Each case is a random list of
 * valid encodings with random registers, run on two harts, one per engine, to an ecall
 * or a trap; registers, pc, instret, trap state and data pages must agree.
 *
 *   jit_diff_test                       default batch (make check)
 *   jit_diff_test --count N --seed S    long runs (make fuzz-diff N=...)
 *   jit_diff_test --xlen 128 ...        one XLEN only
 */
#include <stdio.h>
#include <stdlib.h>

#include "exec/jit.h"
#include "lib/check.h"

static bool g_mismatch;
#define JIT_DIFF_MISMATCH() (g_mismatch = true)
#include "fuzz_jit.c"

static u64 rs;
static u64 rnd(void)
{
    rs ^= rs << 13;
    rs ^= rs >> 7;
    rs ^= rs << 17;
    return rs;
}
/* register values that reach the edge cases of shifts, division and comparisons */
static u64 interesting(void)
{
    static const u64 edge[] = { 0, 1, 2, 63, 64, 127, 128, ~0ull, 0x8000000000000000ull,
                                0x7fffffffffffffffull, 0x80000000ull, 0xffffffff80000000ull,
                                0x7fffffffull, 0xffffffffull, 0x1000,
                                /* the guest's limit with the window, 2^37: below it, its
                                 * guard and the host memory above that (fuzz_jit.c) */
                                0x1ffffffff8ull, 0x2000000000ull, 0x2000010000ull,
                                0x2000010800ull,
                                /* RV128's window span, 2^38: below it and at it */
                                0x3ffffffff8ull, 0x4000000000ull };
    u64 r = rnd();
    switch (r % 4) {
    case 0: return edge[(r >> 8) % (sizeof edge / sizeof edge[0])];
    case 1: return (r >> 8) & 0xff;
    default: return rnd();
    }
}

static size_t g_count = 3000;
static u64 g_seed = 1;
static int g_xlen;          /* --xlen: only this XLEN's batch */

static void run_batch(int xlen, u64 seed)
{
    if (g_xlen && g_xlen != xlen) return;
    static u8 buf[1 + 32 * 8 + 6 * 120];
    for (size_t n = 0; n < g_count; n++) {
        rs = (seed + n) * 0x9e3779b97f4a7c15ull | 1;
        for (int k = 0; k < 4; k++) rnd();
        buf[0] = (u8)((xlen == 64 ? 1 : xlen == 128 ? 2 : 0) | (rnd() & 0xfc));   /* + frm, fflags */
        for (int r = 0; r < 32; r++) {
            u64 v = interesting();
            memcpy(buf + 1 + 8 * r, &v, 8);
        }
        size_t ninsn = 1 + rnd() % 120, size = 1 + 32 * 8 + 6 * ninsn;
        for (size_t k = 1 + 32 * 8; k < size; k++) buf[k] = (u8)rnd();
        g_mismatch = false;
        jit_fma_off = n % 4 == 3;           /* (the FMA helper calls on an FMA3 host too) */
        LLVMFuzzerTestOneInput(buf, size);
        if (g_mismatch) {
            printf("# rv%d: engines differ for seed %llu (case %zu of the batch)\n", xlen,
                   (unsigned long long)(seed + n), n);
            check_fail(__FILE__, __LINE__, "translator and interpreter differ");
            return;
        }
    }
}

/* ---- counted loops: what the translator keeps in host registers across iterations ----
 *
 * A loop of random operations on many registers (more than the translator caches), with
 * forward branches inside it (taken ones stay in the block), loads and stores (some
 * misaligned: the slow path's call), FP operations (inline fast paths, and their slow paths'
 * helper calls around which the cached scratch registers are saved; fp_op) and sext.w; it runs a few dozen times, then ecall.  With
 * `trap`, a pointer walks 8 bytes an iteration towards the end of the data pages, so a
 * load in the loop faults in a late iteration, with registers written in that iteration
 * still only in host registers: the trap pc, instret and registers must be exact. */
static u32 enc_r(unsigned op, unsigned f3, unsigned f7, unsigned rd, unsigned rs1, unsigned rs2)
{
    return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}
static u32 enc_i(unsigned op, unsigned f3, unsigned rd, unsigned rs1, i32 imm)
{
    return (u32)imm << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}
static u32 enc_s(unsigned f3, unsigned rs1, unsigned rs2, i32 imm)
{
    u32 i = (u32)imm;
    return (i >> 5 & 0x7f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (i & 0x1f) << 7 | 0x23;
}
static u32 enc_b(unsigned f3, unsigned rs1, unsigned rs2, i32 imm)
{
    u32 i = (u32)imm;
    return (i >> 12 & 1) << 31 | (i >> 5 & 0x3f) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 |
           (i >> 1 & 0xf) << 8 | (i >> 11 & 1) << 7 | 0x63;
}

enum { LOOP_CNT = 5, LOOP_PTR = 10, LOOP_WALK = 11 };

/* any register but x0, the counter and the two pointers */
static unsigned loop_rd(void)
{
    for (;;) {
        unsigned r = 1 + (unsigned)(rnd() % 31);
        if (r != LOOP_CNT && r != LOOP_PTR && r != LOOP_WALK) return r;
    }
}

/* One random F/D operation: the ones the translator has fast paths for, with a rounding
 * mode that is mostly RNE or dynamic, on any FP registers (fuzz_jit.c's fp_value makes
 * their values) and, for the moves and conversions, integer registers. */
static u32 fp_op(int xlen, unsigned rd, unsigned rs1, unsigned rs2)
{
    unsigned nint = xlen == 32 ? 2 : 4;      /* w, wu (l, lu) */
    static const u8 rms[] = { 0, 0, 7, 7, 1, 2, 3, 4 };
    static const u8 arith[] = { 0x00, 0x04, 0x08, 0x0c, 0x01, 0x05, 0x09, 0x0d };  /* f7: add..div .s .d */
    unsigned rm = rms[rnd() % 8], rs3 = (unsigned)(rnd() % 32);
    switch (rnd() % 14) {
    case 0: case 1: case 2: return enc_r(0x53, rm, arith[rnd() % 8], rd, rs1, rs2);
    case 3: return enc_r(0x53, rm, rnd() % 2 ? 0x2d : 0x2c, rd, rs1, 0);        /* fsqrt.d/.s */
    case 4: return rnd() % 2 ? enc_r(0x53, rm, 0x20, rd, rs1, 1) : enc_r(0x53, rm, 0x21, rd, rs1, 0); /* fcvt.s.d, .d.s */
    case 5: {                                                                   /* fmadd.d .. fnmadd.d */
        static const u8 op[] = { 0x43, 0x47, 0x4b, 0x4f };
        return rs3 << 27 | enc_r(op[rnd() % 4], rm, 1, rd, rs1, rs2);
    }
    case 6: return enc_r(0x53, (unsigned)(rnd() % 3), rnd() % 2 ? 0x11 : 0x10, rd, rs1, rs2);  /* fsgnj */
    case 7: return enc_r(0x53, (unsigned)(rnd() % 3), rnd() % 2 ? 0x51 : 0x50, loop_rd(), rs1, rs2); /* feq..fle */
    case 8: return enc_r(0x53, rm, 0x69, rd, rs1, (unsigned)(rnd() % nint));   /* fcvt.d.[w|wu|l|lu] */
    case 9: return enc_r(0x53, rnd() % 2 ? 1 : rm, 0x61, loop_rd(), rs1, (unsigned)(rnd() % nint)); /* fcvt.[w|wu|l|lu].d */
    case 10: return enc_r(0x53, 0, xlen > 32 && rnd() % 2 ? 0x71 : 0x70, loop_rd(), rs1, 0);  /* fmv.x.d, fmv.x.w */
    case 11: return enc_r(0x53, 0, xlen > 32 && rnd() % 2 ? 0x79 : 0x78, rd, rs1, 0);        /* fmv.d.x, fmv.w.x */
    case 12: return enc_i(0x07, rnd() % 2 ? 3 : 2, rd, LOOP_PTR, (i32)(rnd() % 0x100));   /* fld, flw */
    default: return enc_s(rnd() % 2 ? 3 : 2, LOOP_PTR, rs2, (i32)(rnd() % 0x100)) | 0x04; /* fsd, fsw */
    }
}

/* One random body operation (one 32-bit word). */
static u32 loop_op(int xlen)
{
    static const u8 rr[][2] = { { 0, 0 }, { 0, 0x20 }, { 1, 0 }, { 2, 0 }, { 3, 0 }, { 4, 0 },
                                { 5, 0 }, { 5, 0x20 }, { 6, 0 }, { 7, 0 }, { 0, 1 }, { 1, 1 },
                                { 2, 1 }, { 3, 1 }, { 4, 1 }, { 5, 1 }, { 6, 1 }, { 7, 1 } };
    static const u8 rrw[][2] = { { 0, 0 }, { 0, 0x20 }, { 1, 0 }, { 5, 0 }, { 5, 0x20 },
                                 { 0, 1 }, { 4, 1 }, { 7, 1 } };
    static const u8 ri[] = { 0, 2, 3, 4, 6, 7 };
    unsigned rd = loop_rd(), rs1 = (unsigned)(rnd() % 32), rs2 = (unsigned)(rnd() % 32);
    i32 imm = (i32)(rnd() % 4096) - 2048;
    unsigned sh = (unsigned)(rnd() % 32);
    bool wide = xlen >= 64;
    if (xlen == 128 && rnd() % 3 == 0) {
        /* RV128's own: lq, sq, ldu at the pointer, the D operations, mv through x0 (pairs
         * copied whole), mul (both halves of the sources) */
        switch (rnd() % 7) {
        case 0: return enc_i(0x0f, 2, rd, LOOP_PTR, (i32)(rnd() % 0x100));        /* lq */
        case 1: return enc_s(4, LOOP_PTR, rs2, (i32)(rnd() % 0x100));             /* sq */
        case 2: return enc_i(0x03, 7, rd, LOOP_PTR, (i32)(rnd() % 0x100));        /* ldu */
        case 3: {
            static const u8 rrd[][2] = { { 0, 0 }, { 0, 0x20 }, { 1, 0 }, { 5, 0 }, { 5, 0x20 } };
            unsigned k = (unsigned)(rnd() % 5);
            return enc_r(0x7b, rrd[k][0], rrd[k][1], rd, rs1, rs2);
        }
        case 4: return enc_r(0x33, 0, 0, rd, 0, rs2);                  /* mv (c.mv) */
        case 5: return enc_r(0x33, 0, 0x20, rd, rs1, 0);               /* sub rd, rs1, x0 */
        default: return enc_r(0x33, 0, 1, rd, rs1, rs2);               /* mul */
        }
    }
    switch (rnd() % (wide ? 12 : 9)) {
    case 0: case 1: { unsigned k = (unsigned)(rnd() % 18); return enc_r(0x33, rr[k][0], rr[k][1], rd, rs1, rs2); }
    case 2: return enc_i(0x13, ri[rnd() % 6], rd, rs1, imm);
    case 3: {
        unsigned k = (unsigned)(rnd() % 3);
        return enc_i(0x13, k == 0 ? 1 : 5, rd, rs1, (i32)(sh | (k == 2 ? 0x400 : 0)));
    }
    case 4: {                                       /* a load at the pointer */
        static const u8 f3[] = { 0, 1, 2, 4, 5, 3, 6 };
        return enc_i(0x03, f3[rnd() % (wide ? 7 : 5)], rd, LOOP_PTR, (i32)(rnd() % 0x100));
    }
    case 5:                                         /* a store at the pointer */
        return enc_s((unsigned)(rnd() % (wide ? 4 : 3)), LOOP_PTR, rs2, (i32)(rnd() % 0x100));
    case 6: return fp_op(xlen, rd, rs1, rs2);
    case 7: return enc_i(0x13, 0, rd, rs1, (i32)(rnd() % 16));   /* addi: mv, small steps */
    case 8: return enc_r(0x33, 0, 0, rd, rd, rs2);                 /* add in place */
    case 9: { unsigned k = (unsigned)(rnd() % 8); return enc_r(0x3b, rrw[k][0], rrw[k][1], rd, rs1, rs2); }
    case 10: return enc_i(0x1b, 0, rd, rs1, 0);                    /* sext.w */
    default: {
        unsigned k = (unsigned)(rnd() % 4);
        return k == 0 ? enc_i(0x1b, 0, rd, rs1, imm)
                      : enc_i(0x1b, k == 1 ? 1 : 5, rd, rs1, (i32)(sh | (k == 3 ? 0x400 : 0)));
    }
    }
}

/* li counter, iters: the loop's first word; returns the words written */
static size_t loop_init(u32 *w, unsigned iters)
{
    w[0] = enc_i(0x13, 0, LOOP_CNT, 0, (i32)iters);
    return 1;
}
/* The loop's end after word n - 1: the counter's decrement, bnez back to word `loop`,
 * ecall; returns the words written */
static size_t loop_close(u32 *w, size_t n, size_t loop)
{
    w[n++] = enc_i(0x13, 0, LOOP_CNT, LOOP_CNT, -1);
    w[n] = enc_b(1, LOOP_CNT, 0, -(i32)(4 * (n - loop)));
    n++;
    w[n++] = 0x73;                                  /* ecall */
    return n;
}

/* F registers in xmm (the fregs cases: run_loop_case with `fregs`).  The translator
 * keeps copies of the F registers a block reads in xmm registers (jit_tmpl.h,
 * choose_cached), writing through to the hart; every helper call clobbers xmm, so the
 * copies are loaded again after it.  These loops' F operations use only f0-f5
 * (each read often enough to be cached, f0 included): the fast paths (fp_op) chained,
 * between them calls (fmin, fmax, fclass, the single FMAs, the conversions of singles,
 * a static rounding mode other than RNE), fld/flw into cached registers (misaligned: the
 * slow path's call), fmv.w.x / fmv.d.x (unboxed singles then read as singles), and in
 * the trapping half an fld from the walking pointer that faults in a late iteration. */
enum { FREG_N = 6 };
static unsigned freg(void) { return (unsigned)(rnd() % FREG_N); }

static u32 freg_op(int xlen)
{
    unsigned rd = freg(), rs1 = freg(), rs2 = freg(), rs3 = freg();
    switch (rnd() % 10) {
    case 0: {                                       /* calls */
        static const u8 f7f3[][2] = { { 0x15, 0 }, { 0x15, 1 }, { 0x14, 0 }, { 0x14, 1 } };
        unsigned k = (unsigned)(rnd() % 4);
        return enc_r(0x53, f7f3[k][1], f7f3[k][0], rd, rs1, rs2);       /* fmin/fmax .d .s */
    }
    case 1: return enc_r(0x53, 1, rnd() % 2 ? 0x71 : 0x70, loop_rd(), rs1, 0);  /* fclass */
    case 2: return rs3 << 27 | enc_r(0x43 + 4 * (unsigned)(rnd() % 4), 7, 0, rd, rs1, rs2); /* f*madd.s */
    case 3: return rnd() % 2 ? enc_r(0x53, 7, 0x68, rd, (unsigned)(rnd() % 32), 0)   /* fcvt.s.w */
                             : enc_r(0x53, 1, 0x60, loop_rd(), rs1, 0);               /* fcvt.w.s */
    case 4: return enc_r(0x53, 2, 0x0d, rd, rs1, rs2);                  /* fdiv.d, rdn */
    case 5: return enc_i(0x07, rnd() % 2 ? 3 : 2, rd, LOOP_PTR, (i32)(rnd() % 0x100));  /* fld, flw */
    case 6: return enc_r(0x53, 0, xlen > 32 && rnd() % 2 ? 0x79 : 0x78, rd, (unsigned)(rnd() % 32), 0);
    default: {
        u32 w = fp_op(xlen, rd, rs1, rs2);
        if ((w & 0x7f) == 0x43 || (w & 0x7f) == 0x47 || (w & 0x7f) == 0x4b || (w & 0x7f) == 0x4f)
            w = (w & 0x07ffffffu) | rs3 << 27;      /* (the double FMAs: a cached addend) */
        return w;
    }
    }
}

static void run_loop_case(int xlen, bool trap, bool fregs)
{
    u32 w[256];
    unsigned iters = 20 + (unsigned)(rnd() % 30), body = 8 + (unsigned)(rnd() % 40);
    size_t n = loop_init(w, iters), loop = n;
    for (unsigned k = 0; k < body; k++) {
        if (k + 1 < body && rnd() % 6 == 0) {      /* a forward branch over 1..3 words */
            static const u8 f3[] = { 0, 1, 4, 5, 6, 7 };
            unsigned skip = 1 + (unsigned)(rnd() % 3);
            if (skip > body - k - 1) skip = body - k - 1;   /* (never over the loop's tail) */
            w[n++] = enc_b(f3[rnd() % 6], (unsigned)(rnd() % 32), (unsigned)(rnd() % 32),
                           (i32)(4 * (skip + 1)));
        } else if (trap && rnd() % 8 == 0) {        /* the walking pointer */
            w[n++] = enc_i(0x03, 2, loop_rd(), LOOP_WALK, 0);
        } else {
            w[n++] = fregs && rnd() % 6 ? freg_op(xlen) : loop_op(xlen);
        }
    }
    if (trap) {
        w[n++] = fregs ? enc_i(0x07, 3, freg(), LOOP_WALK, 0)          /* fld */
                       : enc_i(0x03, 2, loop_rd(), LOOP_WALK, 0);
        w[n++] = enc_i(0x13, 0, LOOP_WALK, LOOP_WALK, 8);
    }
    w[n++] = enc_i(0x13, 0, LOOP_CNT, LOOP_CNT, -1);
    if (rnd() % 2) {
        w[n] = enc_b(1, LOOP_CNT, 0, -(i32)(4 * (n - loop)));      /* bnez: back in the block */
        n++;
    } else {
        /* beqz over a jal back: the jal leaves the first block, then loops on a block of
         * its own that starts at the loop */
        w[n++] = enc_b(0, LOOP_CNT, 0, 8);
        u32 i = (u32)-(i32)(4 * (n - loop));
        w[n++] = (i >> 20 & 1) << 31 | (i >> 1 & 0x3ff) << 21 | (i >> 11 & 1) << 20 |
                 (i >> 12 & 0xff) << 12 | 0x6f;
    }
    w[n++] = 0x73;                                  /* ecall */
    u64 regs[32];
    for (int r = 0; r < 32; r++) regs[r] = interesting();
    for (int r = 0; r < 32 && fregs; r++)           /* (F register r is fp_value(regs[r + 7])) */
        if (rnd() % 2) regs[r] = rnd() | 0x4000000000000000ull;
    regs[LOOP_PTR] = 0x100 + rnd() % 0x100;         /* (DATA + this; may be misaligned) */
    /* the walking pointer leaves the data pages a few iterations before the loop ends */
    regs[LOOP_WALK] = DATA_SIZE - 8 * (iters - 1 - rnd() % 8);
    u8 code[sizeof w];
    memcpy(code, w, 4 * n);
    g_mismatch = false;
    unsigned fcsr = fp_csr((u8)rnd());
    /* fregs: mostly frm = RNE and NX set, so that the fast paths (which read the copies)
     * run rather than the slow paths (which read f[]); now and then RNE with NX clear,
     * so that the first operation that checks them takes its slow path, which the later
     * ones (that skip the checks) rely on setting NX (jit_tmpl.h, fpk) */
    if (fregs) {
        unsigned k = (unsigned)(rnd() % 8);
        if (k >= 2) fcsr = (fcsr & 0x1f) | 1;
        else if (k == 1) fcsr = 0;
    }
    int r = jit_diff_compare(xlen, code, 4 * n, regs, fcsr);
    CHECK(r != RUN_REQUEST);                        /* a run that compares nothing proves nothing */
    if (trap) CHECK(r == RUN_TRAP);
    if (g_mismatch) {
        printf("# rv%d: engines differ in a %s loop of %u operations%s\n", xlen,
               trap ? "trapping" : "counted", body, fregs ? " on f0-f5" : "");
        check_fail(__FILE__, __LINE__, "translator and interpreter differ");
    }
}

static void run_loops(int xlen, u64 seed, bool fregs)
{
    if (g_xlen && g_xlen != xlen) return;
    rs = seed * 0x9e3779b97f4a7c15ull | 1;
    g_mismatch = false;
    for (size_t n = 0; n < g_count / 10 && !g_mismatch; n++) {
        jit_fma_off = n % 4 == 3;
        run_loop_case(xlen, n & 1, fregs);
    }
    jit_fma_off = false;
}

/* ---- shared page probes: runs of loads and stores from one base register ----
 *
 * The translator probes the TLB once for a group of accesses from the same base register
 * (jit_tmpl.h, plan_pages) when they all lie in the first one's page.  The base points
 * into the middle of a data page, next to the boundary between the two data pages (a
 * group then straddles it and its accesses take the slow path one by one) or next to the
 * end of the data (one of them faults); the base moves between groups, and forward
 * branches land inside runs (a group never spans a branch target).  The runs also hold
 * zext.w pairs (slli rd, rs, XLEN - 32; srli rd, rd, XLEN - 32: one mov at RV64 and
 * RV128, where the result's high half is left lazy), a forward branch
 * landing on their srli now and then.  At RV128 the accesses include lq, sq and ldu; in
 * half of the cases the data pages are above 2^64 (at (h << 64) + DATA, or across a
 * boundary of the high half), as two regions whose host pages are apart (fuzz_jit.c), so
 * a member that used the head's host page outside it would read or write elsewhere; and
 * now and then the pointer moves by 2^64 to an unmapped address whose low half's page is
 * in the TLB, which only the high half's compare in the head's probe tells apart. */
static u32 page_access(int xlen)
{
    unsigned rd = loop_rd();
    i32 off = (i32)(rnd() % 192) - 96;
    if (xlen == 128 && rnd() % 4 == 0) {
        switch (rnd() % 3) {
        case 0: return enc_i(0x0f, 2, rd, LOOP_PTR, off);                          /* lq */
        case 1: return enc_s(4, LOOP_PTR, (unsigned)(rnd() % 32), off);            /* sq */
        default: return enc_i(0x03, 7, rd, LOOP_PTR, off);                         /* ldu */
        }
    }
    switch (rnd() % 9) {
    case 0: case 1: case 2: case 3: {               /* integer loads, any width */
        static const u8 f3[] = { 0, 1, 2, 4, 5, 3, 6 };
        return enc_i(0x03, f3[rnd() % (xlen >= 64 ? 7 : 5)], rd, LOOP_PTR, off);
    }
    case 4: case 5: case 6:                         /* integer stores */
        return enc_s((unsigned)(rnd() % (xlen >= 64 ? 4 : 3)), LOOP_PTR, (unsigned)(rnd() % 32), off);
    case 7: return enc_i(0x07, rnd() % 2 ? 3 : 2, rd, LOOP_PTR, off);              /* fld, flw */
    default: return enc_s(rnd() % 2 ? 3 : 2, LOOP_PTR, (unsigned)(rnd() % 32), off) | 0x04; /* fsd, fsw */
    }
}

static void run_page_case(int xlen)
{
    u32 w[256];
    unsigned iters = 2 + (unsigned)(rnd() % 4), body = 16 + (unsigned)(rnd() % 48);
    size_t n = 0;
    if (xlen == 128) {                              /* x11 = 1 << 64 (li; slli) */
        w[n++] = enc_i(0x13, 0, LOOP_WALK, 0, 1);
        w[n++] = enc_i(0x13, 1, LOOP_WALK, LOOP_WALK, 64);
    }
    n += loop_init(w + n, iters);
    size_t loop = n;
    for (unsigned k = 0; k < body; k++) {
        unsigned what = (unsigned)(rnd() % 16);
        if (what == 0) {
            w[n++] = enc_i(0x13, 0, LOOP_PTR, LOOP_PTR, (i32)(rnd() % 33) - 16);
        } else if (what == 1 && k + 3 < body) {     /* a forward branch over 1..2 words */
            static const u8 f3[] = { 0, 1, 4, 5, 6, 7 };
            w[n++] = enc_b(f3[rnd() % 6], (unsigned)(rnd() % 32), (unsigned)(rnd() % 32),
                           (i32)(4 * (2 + rnd() % 2)));
        } else if (what == 2) {
            w[n++] = loop_op(xlen);
        } else if (what == 4 && xlen == 128 && rnd() % 12 == 0) {
            /* the pointer's high half moves by one (x11 = 1 << 64, set below): the low
             * half's page is in the TLB, the address is not mapped */
            w[n++] = enc_r(0x33, 0, rnd() % 2 ? 0x20 : 0, LOOP_PTR, LOOP_PTR, LOOP_WALK);
        } else if (what == 3 && k + 1 < body) {     /* zext.w: slli rd, rs, 32; srli rd, rd, 32 */
            unsigned rd = rnd() % 8 ? loop_rd() : 0, sh = xlen == 32 ? 31 : (unsigned)xlen - 32;
            w[n++] = enc_i(0x13, 1, rd, (unsigned)(rnd() % 32), (i32)sh);
            w[n++] = enc_i(0x13, 5, rd, rnd() % 8 ? rd : loop_rd(), (i32)sh);
            k++;
        } else {
            w[n++] = page_access(xlen);
        }
    }
    n = loop_close(w, n, loop);
    u64 regs[32];
    for (int r = 0; r < 32; r++) regs[r] = interesting();
    switch (rnd() % 3) {                            /* (DATA + this) */
    case 0: regs[LOOP_PTR] = 0x400 + rnd() % 0x800; break;
    case 1: regs[LOOP_PTR] = 0x1000 - 112 + rnd() % 224; break;
    default: regs[LOOP_PTR] = DATA_SIZE - rnd() % 112; break;
    }
    u8 code[sizeof w];
    memcpy(code, w, 4 * n);
    u64 hi = 0;
    /* RV32/RV64: now and then the data pages at address 0, so that a group's accesses
     * below its base reach addresses below 0 (with the window, the translator's
     * unchecked members land in its lower guard) */
    if (xlen <= 64 && rnd() % 4 == 0) data_at = 0;
    if (xlen == 128 && rnd() % 2) {
        static const u64 his[] = { 1, 0x8000000000000000ull, 0x7fffffffffffffffull };
        hi = rnd() % 2 ? his[rnd() % 3] : rnd() >> 1 | 1;
        /* (the pages next to a boundary of the high half never enter the TLB: slow paths
         * only) */
        data_at = ((u128)hi << 64) + (rnd() % 4 ? DATA : -(u128)0x1000);
    }
    g_mismatch = false;
    int r = jit_diff_compare(xlen, code, 4 * n, regs, fp_csr((u8)rnd()));
    data_at = DATA;
    CHECK(r != RUN_REQUEST);
    if (g_mismatch) {
        printf("# rv%d: engines differ in a run of %u accesses at DATA + %#llx (high half %#llx)\n",
               xlen, body, (unsigned long long)regs[LOOP_PTR], (unsigned long long)hi);
        check_fail(__FILE__, __LINE__, "translator and interpreter differ");
    }
}

/* `count` cases of one kind at one XLEN, up to the first mismatch */
static void run_cases(int xlen, u64 seed, size_t count, void (*one_case)(int xlen))
{
    if (g_xlen && g_xlen != xlen) return;
    rs = seed * 0x9e3779b97f4a7c15ull | 1;
    g_mismatch = false;
    for (size_t n = 0; n < count && !g_mismatch; n++) one_case(xlen);
}
static void run_pages(int xlen, u64 seed) { run_cases(xlen, seed, g_count / 10, run_page_case); }

/* The n instruction words on both engines from the registers regs (and a random fcsr),
 * compared (g_mismatch); how the interpreter stopped, which must not be the instruction
 * bound (a run that compares nothing proves nothing) */
static int run_words(int xlen, const u32 *w, size_t n, const u64 *regs)
{
    u8 code[4 * 256];
    memcpy(code, w, 4 * n);
    g_mismatch = false;
    int r = jit_diff_compare(xlen, code, 4 * n, regs, fp_csr((u8)rnd()));
    CHECK(r != RUN_REQUEST);
    return r;
}

/* ---- lazy upper halves (RV128 and RV64) ----
 *
 * At RV128 the translator leaves the high half of a result that is the sign of its low
 * half (a *W or *D operation, a short load, zext.w, copies and bitwise operations of such
 * values, srai of one, a sign-extended constant) unwritten until something reads it, and
 * enters each branch target of a block with the lazy set all its ways in leave (a second
 * translation; jit_tmpl.h, lazy_at).  At RV64 it does the same with the upper 32 bits of
 * a *W result (and of sext.w, copies, and/or/xor of such values); a branch between two
 * of them compares their low 32 bits, a narrow store stores its value's low bits.  These
 * loops use few registers (so they are cached), or up to 16 (some of them then in the
 * hart, where RV128 still knows which are sign-extended: plan_sext), and mix those
 * producers with the readers of high halves: 128-bit operations, shifts by 64 or more,
 * compares against lazy and full values, loads and stores (16 bytes too, some
 * misaligned: the slow path), the helpers (mulh, div, rem, FP calls), and branches forward
 * and backward to anywhere in the loop, the loop closed by a bnez, by a jal back, or by a
 * branch into its middle; `zext.w` pairs and their kin (slli and srli or srai by the
 * same amount: a narrower or wider field zero- or sign-extended) and `la` pairs (auipc +
 * addi, one constant when no branch lands on the addi) among them. */
enum { LAZY_CNT = 5, LAZY_PTR = 10 };
static unsigned lazy_nreg;
static unsigned lazy_reg(void)             /* mostly one of a few, now and then x0 */
{
    /* (the first 8 fit the cached registers; up to 16, some live in the hart, where
     * RV128 knows sign-extended values from the block's code: plan_sext) */
    static const u8 few[] = { 1, 2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 14, 15, 26, 27, 28 };
    if (rnd() % 10 == 0) return 0;
    if (rnd() % 12 == 0) return 16 + (unsigned)(rnd() % 10);
    return few[rnd() % lazy_nreg];
}
static u32 lazy_op(int xlen)
{
    bool rv128 = xlen == 128;
    unsigned rd = lazy_reg(), a = lazy_reg(), b = lazy_reg(), f = (unsigned)(rnd() % 8);
    i32 imm = (i32)(rnd() % 4096) - 2048;
    static const u8 w_ops[][2] = { { 0, 0 }, { 0, 0x20 }, { 1, 0 }, { 5, 0 }, { 5, 0x20 },
                                   { 0, 1 }, { 4, 1 }, { 6, 1 }, { 5, 1 }, { 7, 1 } };
    static const u8 full_ops[][2] = { { 0, 0 }, { 0, 0x20 }, { 1, 0 }, { 2, 0 }, { 3, 0 },
                                      { 5, 0 }, { 5, 0x20 }, { 0, 1 } };
    static const u8 bitwise[] = { 4, 6, 7 };
    switch (rnd() % 30) {
    /* producers of lazy high halves */
    case 0: { unsigned k = (unsigned)(rnd() % 10); return enc_r(0x3b, w_ops[k][0], w_ops[k][1], rd, a, b); }
    case 1: return enc_i(0x1b, rnd() % 2 ? 1 : 5, rd, a, (i32)((rnd() % 32) | (rnd() % 2 ? 0x400 : 0)));
    case 2:                                                                     /* addd, srld */
        if (!rv128) return enc_r(0x3b, rnd() % 2 ? 0 : 5, 0, rd, a, b);         /* (addw, srlw) */
        return enc_r(0x7b, rnd() % 2 ? 0 : 5, 0, rd, a, b);
    case 3: return enc_i(0x1b, 0, rd, a, rnd() % 2 ? 0 : imm);                 /* sext.w, addiw */
    case 4:                                 /* lb .. lwu, and at RV128 ldu (not sign-extended) */
        return enc_i(0x03, (unsigned)(rnd() % (rv128 ? 8 : 7)), rd, LAZY_PTR, (i32)(rnd() % 0x100));
    case 5: return enc_r(0x33, bitwise[rnd() % 3], 0, rd, a, b);
    case 6: return enc_i(0x13, bitwise[rnd() % 3], rd, a, imm);
    case 7: return rnd() % 2 ? enc_r(0x33, 0, 0, rd, 0, b) : enc_i(0x13, 0, rd, a, 0);   /* mv */
    case 8: return enc_i(0x13, 5, rd, a, (i32)(0x400 | (rnd() % (rv128 ? 128 : 64))));    /* srai */
    case 9: return enc_i(0x13, 0, rd, 0, imm);                                  /* li */
    /* readers of high halves */
    case 10: case 11: { unsigned k = (unsigned)(rnd() % 8); return enc_r(0x33, full_ops[k][0], full_ops[k][1], rd, a, b); }
    case 12: return enc_i(0x13, rnd() % 2 ? 2 : 3, rd, a, imm);                /* slti, sltiu */
    case 13: return enc_r(0x33, 1 + (unsigned)(rnd() % 7), 1, rd, a, b);       /* mulh .. remu */
    case 14: return enc_s((unsigned)(rnd() % (rv128 ? 5 : 4)), LAZY_PTR, b, (i32)(rnd() % 0x100));   /* sb .. sq */
    case 15:                                                                    /* lq (ld) */
        if (!rv128) return enc_i(0x03, 3, rd, LAZY_PTR, (i32)(rnd() % 0x100));
        return enc_i(0x0f, 2, rd, LAZY_PTR, (i32)(rnd() % 0x100));
    case 16: return enc_r(0x33, rnd() % 2 ? 0 : 4, 0, rd, a, rd);              /* rd is rs2 */
    case 17: return enc_i(0x13, rnd() % 2 ? 1 : 5, rd, a, (i32)(rnd() % (rv128 ? 128 : 64)));  /* slli, srli */
    case 18: return enc_i(0x13, 0, rd, a, imm);                                 /* addi */
    case 19: return enc_r(0x3b, 4 + (unsigned)(rnd() % 4), 1, rd, a, b);       /* divw .. remuw */
    case 20: return enc_r(0x33, rnd() % 2 ? 2 : 3, 0, rd, a, b);               /* slt, sltu */
    /* FP: helper calls, and integer results */
    case 21: return enc_r(0x53, (unsigned)(rnd() % 2), 0x15, f, (unsigned)(rnd() % 8), (unsigned)(rnd() % 8));
    case 22: return enc_r(0x53, 1, 0x71, rd, f, 0);                            /* fclass.d */
    case 23: return enc_r(0x53, 0, 0x71, rd, f, 0);                            /* fmv.x.d */
    case 24: return enc_r(0x53, 1, 0x61, rd, f, (unsigned)(rnd() % 4));        /* fcvt.[w|wu|l|lu].d */
    case 25: return enc_r(0x53, 7, 0x69, f, a, (unsigned)(rnd() % 4));         /* fcvt.d.[w|wu|l|lu] */
    case 26: case 27:                       /* RV64: more stores (sd reads all 64 bits) */
        if (!rv128) return enc_s((unsigned)(rnd() % 4), LAZY_PTR, b, (i32)(8 * (rnd() % 0x20)));
        /* fall through */
    default: return enc_r(0x33, 0, 1, rd, a, b);                               /* mul */
    }
}
static void run_lazy_case(int xlen)
{
    u32 w[256];
    size_t n = 0;
    lazy_nreg = 3 + (unsigned)(rnd() % (rnd() % 2 ? 6 : 14));
    unsigned iters = 2 + (unsigned)(rnd() % 20), body = 4 + (unsigned)(rnd() % 40);
    w[n++] = enc_i(0x13, 0, LAZY_CNT, 0, (i32)iters);
    for (size_t k = rnd() % 5; k; k--) w[n++] = lazy_op(xlen);
    size_t loop = n;
    for (unsigned k = 0; k < body; k++) {
        unsigned c = (unsigned)(rnd() % 10);
        if (c == 0 && k + 1 < body) {               /* a forward branch over 1..4 words */
            static const u8 f3[] = { 0, 1, 4, 5, 6, 7 };
            unsigned skip = 1 + (unsigned)(rnd() % 4);
            if (skip > body - k - 1) skip = body - k - 1;
            w[n++] = enc_b(f3[rnd() % 6], lazy_reg(), lazy_reg(), (i32)(4 * (skip + 1)));
        } else if (c == 1) {
            /* zext.w: slli rd, rs, XLEN - 32; srli rd, rd, XLEN - 32; or another width
             * zero- or sign-extended (srai), one pair as one to three host instructions */
            static const u8 widths[] = { 32, 32, 16, 8, 48, 31, 33 };
            unsigned rd = lazy_reg(), bits = rnd() % 3 ? widths[rnd() % 7] : 1 + (unsigned)(rnd() % 63);
            w[n++] = enc_i(0x13, 1, rd, lazy_reg(), xlen - (i32)bits);
            w[n++] = enc_i(0x13, 5, rd, rd, (xlen - (i32)bits) | (rnd() % 3 ? 0 : 0x400));
        } else if (c == 2) {                        /* la: auipc rd, hi; addi rd, rd, lo (one constant) */
            unsigned rd = lazy_reg();
            w[n++] = (u32)(rnd() % 0x100000) << 12 | rd << 7 | 0x17;
            w[n++] = enc_i(0x13, 0, rd, rd, (i32)(rnd() % 4096) - 2048);
        } else {
            w[n++] = lazy_op(xlen);
        }
    }
    w[n++] = enc_i(0x13, 0, LAZY_CNT, LAZY_CNT, -1);
    switch (rnd() % 3) {
    case 0:                                         /* bnez back to the loop */
        w[n] = enc_b(1, LAZY_CNT, 0, -(i32)(4 * (n - loop)));
        n++;
        break;
    case 1: {                                       /* beqz over a jal back */
        w[n++] = enc_b(0, LAZY_CNT, 0, 8);
        u32 i = (u32)-(i32)(4 * (n - loop));
        w[n++] = (i >> 20 & 1) << 31 | (i >> 1 & 0x3ff) << 21 | (i >> 11 & 1) << 20 |
                 (i >> 12 & 0xff) << 12 | 0x6f;
        break;
    }
    default:                                        /* bnez into the loop's middle */
        w[n] = enc_b(1, LAZY_CNT, 0, -(i32)(4 * (n - loop - rnd() % (n - loop))));
        n++;
        break;
    }
    for (size_t k = rnd() % 4; k; k--) w[n++] = lazy_op(xlen);
    w[n++] = 0x73;                                  /* ecall */
    u64 regs[32];
    for (int r = 0; r < 32; r++) regs[r] = interesting();
    /* the pointer: in the first data page, or next to its end (accesses cross it) */
    regs[LAZY_PTR] = rnd() % 2 ? 0x100 + rnd() % 0x100 : 0xf80 + rnd() % 0x80;
    /* RV64: often 8-byte aligned, so that the extra stores (aligned) take the fast path */
    if (xlen == 64 && rnd() % 2) regs[LAZY_PTR] &= ~(u64)7;
    run_words(xlen, w, n, regs);
    if (g_mismatch) {
        printf("# rv%d: engines differ in a loop of %u operations on lazy upper halves\n", xlen, body);
        check_fail(__FILE__, __LINE__, "translator and interpreter differ");
    }
}

/* ---- a loop's block entered again with other values (RV128's entry assumptions) ----
 *
 * At RV128 a loop's block assumes that the registers its loop reads before writing,
 * sign-extended when it was translated, still are at each entry: the entry checks them
 * and leaves for a plain translation of the block when one is not (jit_tmpl.h,
 * entry_sext, JIT_EXIT_PLAIN; later entries jump there at once), and the registers a
 * branch target's straight line writes before reading count as lazy on every way in
 * (dead_at).  These programs enter such a block
 * (a counted inner loop of the operations above, after a jump by auipc + jalr so that
 * it starts a block) several times, and between entries a block of their own makes some
 * registers other than sign-extended (slli by half the XLEN, ori) or sign-extended again
 * (addiw), so that later entries find the assumptions kept or broken. */
enum { ENTRY_OUTER = 5, ENTRY_INNER = 29, ENTRY_TMP = 31 };
static void run_entry_case(int xlen)
{
    u32 w[256];
    size_t n = 0;
    lazy_nreg = 3 + (unsigned)(rnd() % 14);
    w[n++] = enc_i(0x13, 0, ENTRY_OUTER, 0, 2 + (i32)(rnd() % 5));
    w[n++] = 0x17 | ENTRY_TMP << 7;                             /* auipc tmp, 0 */
    w[n++] = enc_i(0x67, 0, 0, ENTRY_TMP, 8);                   /* jalr x0, 8(tmp) */
    size_t outer = n;
    w[n++] = enc_i(0x13, 0, ENTRY_INNER, 0, 1 + (i32)(rnd() % 4));
    size_t inner = n;
    unsigned body = 3 + (unsigned)(rnd() % 30);
    for (unsigned k = 0; k < body; k++) {
        if (rnd() % 8 == 0 && k + 1 < body) {       /* a forward branch over 1..3 words */
            static const u8 f3[] = { 0, 1, 4, 5, 6, 7 };
            unsigned skip = 1 + (unsigned)(rnd() % 3);
            if (skip > body - k - 1) skip = body - k - 1;
            w[n++] = enc_b(f3[rnd() % 6], lazy_reg(), lazy_reg(), (i32)(4 * (skip + 1)));
        } else {
            w[n++] = lazy_op(xlen);
        }
    }
    w[n++] = enc_i(0x13, 0, ENTRY_INNER, ENTRY_INNER, -1);
    w[n] = enc_b(1, ENTRY_INNER, 0, -(i32)(4 * (n - inner)));  /* bnez back to the inner loop */
    n++;
    w[n++] = 0x17 | ENTRY_TMP << 7;
    w[n++] = enc_i(0x67, 0, 0, ENTRY_TMP, 8);
    for (size_t k = 1 + rnd() % 4; k; k--) {        /* between entries */
        unsigned r = lazy_reg();
        switch (rnd() % 3) {
        case 0: w[n++] = enc_i(0x13, 1, r, r, xlen / 2); break;                    /* slli */
        case 1: w[n++] = enc_i(0x13, 6, r, r, (i32)(rnd() % 2048)); break;         /* ori */
        default: w[n++] = enc_i(0x1b, 0, r, r, (i32)(rnd() % 4096) - 2048); break; /* addiw */
        }
    }
    w[n++] = enc_i(0x13, 0, ENTRY_OUTER, ENTRY_OUTER, -1);
    w[n] = enc_b(1, ENTRY_OUTER, 0, -(i32)(4 * (n - outer)));  /* bnez back to the block */
    n++;
    w[n++] = 0x73;                                              /* ecall */
    u64 regs[32];
    for (int r = 0; r < 32; r++) regs[r] = interesting();
    regs[LAZY_PTR] = rnd() % 2 ? 0x100 + rnd() % 0x100 : 0xf80 + rnd() % 0x80;
    run_words(xlen, w, n, regs);
    if (g_mismatch) {
        printf("# rv%d: engines differ in a loop's block entered again (%u operations)\n", xlen, body);
        check_fail(__FILE__, __LINE__, "translator and interpreter differ");
    }
}

/* ---- checked 64-bit arithmetic (RV128) ----
 *
 * At RV128 a sum, difference or product of two values known sign-extended, or such a
 * value shifted left by 1 to 30, is computed on the low halves and checked for overflow
 * (jit_ops128.h, checked_op): on one, its stub writes the whole result and leaves for
 * the next instruction, and the block runs its plain translation from then on
 * (JIT_EXIT_OVERFLOW).  These programs make values that grow each iteration of a loop
 * (doubling, shifts, products, sums near 2^63) from sign-extended ones (addiw, lw, the
 * loop's entry), so that an overflow comes in the middle of the loop, at any of those
 * operations, in place or into another register, a source or one in the hart, and read
 * the results whole (sq, srli by 64 or more, sltu); an outer loop enters the block again
 * after it, and between entries a block of their own does the same operations.  Each
 * program favours one of the growing operations; its registers start sign-extended
 * (slli and srai by 64: the harness gives them high halves of their own). */
static u32 checked_word(int xlen, unsigned grow)
{
    unsigned rd = lazy_reg(), a = lazy_reg(), b = lazy_reg();
    switch (rnd() % 2 ? grow : (unsigned)(rnd() % 12)) {
    case 0: return enc_r(0x33, 0, 0, rd, a, b);                              /* add */
    case 1: return enc_r(0x33, 0, 0, rd, rd, rnd() % 2 ? rd : a);            /* doubling */
    case 2: return enc_r(0x33, 0, 0x20, rd, a, b);                           /* sub */
    case 3: return enc_r(0x33, 0, 1, rd, a, rnd() % 2 ? rd : b);             /* mul */
    case 4:                                     /* slli, often by about 30 (checked to 30) */
        return enc_i(0x13, 1, rd, rnd() % 2 ? rd : a, (i32)(rnd() % 2 ? 28 + rnd() % 6 : 1 + rnd() % 40));
    case 5: return enc_i(0x13, 0, rd, rd, (i32)(rnd() % 4096) - 2048);       /* addi */
    case 6: return enc_i(0x1b, 0, rd, a, (i32)(rnd() % 4096) - 2048);        /* addiw */
    case 7: return enc_i(0x03, 2, rd, LAZY_PTR, 4 * (i32)(rnd() % 0x40));   /* lw */
    case 8: return enc_s(4, LAZY_PTR, b, 16 * (i32)(rnd() % 0x10));          /* sq */
    case 9: return enc_i(0x13, 5, rd, a, xlen / 2 + (i32)(rnd() % (xlen / 2)));  /* srli */
    case 10: return enc_r(0x33, 3, 0, rd, a, b);                             /* sltu */
    default: return enc_i(0x13, 0, rd, a, (i32)(rnd() % 4096) - 2048);      /* addi */
    }
}
static void run_checked_case(int xlen)
{
    static const u8 regs_used[] = { 1, 2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 14, 15, 26, 27, 28,
                                    16, 17, 18, 19, 20, 21, 22, 23, 24, 25 };
    u32 w[256];
    size_t n = 0;
    lazy_nreg = 3 + (unsigned)(rnd() % 14);
    unsigned grow = (unsigned)(rnd() % 6);
    w[n++] = enc_i(0x13, 0, ENTRY_OUTER, 0, 2 + (i32)(rnd() % 4));
    for (size_t k = 0; k < sizeof regs_used; k++) {     /* each its low half sign-extended */
        unsigned r = regs_used[k];
        if (xlen != 128 || r == LAZY_PTR) continue;
        w[n++] = enc_i(0x13, 1, r, r, 64);                                   /* slli */
        w[n++] = enc_i(0x13, 5, r, r, 0x400 | 64);                           /* srai */
    }
    for (size_t k = rnd() % 6; k; k--) w[n++] = checked_word(xlen, grow);
    w[n++] = 0x17 | ENTRY_TMP << 7;                             /* auipc tmp, 0 */
    w[n++] = enc_i(0x67, 0, 0, ENTRY_TMP, 8);                   /* jalr x0, 8(tmp) */
    size_t outer = n;
    w[n++] = enc_i(0x13, 0, ENTRY_INNER, 0, 2 + (i32)(rnd() % 24));
    size_t inner = n;
    for (unsigned k = 3 + (unsigned)(rnd() % 14); k; k--) w[n++] = checked_word(xlen, grow);
    w[n++] = enc_i(0x13, 0, ENTRY_INNER, ENTRY_INNER, -1);
    w[n] = enc_b(1, ENTRY_INNER, 0, -(i32)(4 * (n - inner)));  /* bnez back to the inner loop */
    n++;
    w[n++] = 0x17 | ENTRY_TMP << 7;
    w[n++] = enc_i(0x67, 0, 0, ENTRY_TMP, 8);
    for (size_t k = 1 + rnd() % 5; k; k--) w[n++] = checked_word(xlen, grow);
    w[n++] = enc_i(0x13, 0, ENTRY_OUTER, ENTRY_OUTER, -1);
    w[n] = enc_b(1, ENTRY_OUTER, 0, -(i32)(4 * (n - outer)));  /* bnez back to the block */
    n++;
    w[n++] = 0x73;                                              /* ecall */
    u64 regs[32];
    for (int r = 0; r < 32; r++) {
        /* small, or near 2^62 or 2^63 */
        static const u64 big[] = { 0x3fffffffffffff00ull, 0xc000000000000100ull,
                                   0x7ffffffffffff800ull, 0x8000000000000400ull };
        regs[r] = rnd() % 3 ? interesting() : big[rnd() % 4] + rnd() % 0x100;
    }
    regs[LAZY_PTR] = 0x100 + rnd() % 0x100;
    run_words(xlen, w, n, regs);
    if (g_mismatch) {
        printf("# rv%d: engines differ in checked arithmetic\n", xlen);
        check_fail(__FILE__, __LINE__, "translator and interpreter differ");
    }
}

/* ---- long blocks: more code than one block may hold ----
 *
 * 250 instructions of straight-line code, most of them loads and stores (each has a
 * slow-path stub, whose room the translator reserves), so the block's code budget
 * (JIT_MAX_BLOCK_CODE) runs out before its 256 instructions at every XLEN: the block
 * must end there and chain to a block translated from the next instruction, not hand
 * the rest to the interpreter (which gave the same results at a fraction of the speed:
 * most of sort's gsort at RV128).  So the case checks that at least two blocks of the
 * code were translated, besides comparing the engines. */
static void run_long_case(int xlen)
{
    u32 w[256];
    bool pending[256] = { false };      /* word k is the addw of a dead pair */
    size_t n = 0;
    while (n < 250) {
        if (xlen == 128 && n < 248 && rnd() % 3 == 0) {
            /* a write whose high half is dead (add/sub/and/or/xor, the next instruction
             * writes the same register from its low half: addw), so that where the code
             * budget runs out a dead high half may be pending: the block must not end
             * before the addw (jit_tmpl.h, hi_need) */
            static const u8 rr[][2] = { { 0, 0 }, { 0, 0x20 }, { 7, 0 }, { 6, 0 }, { 4, 0 } };
            unsigned k = (unsigned)(rnd() % 5), rd = loop_rd();
            /* (an add or sub of two values the block made sign-extended would be checked
             * for overflow, and on one leave before itself for the interpreter, which
             * writes it whole and stops after it: x5 is written by no instruction here) */
            unsigned rs1 = k < 2 ? LOOP_CNT : (unsigned)(rnd() % 32);
            w[n++] = enc_r(0x33, rr[k][0], rr[k][1], rd, rs1, (unsigned)(rnd() % 32));
            pending[n] = true;
            w[n++] = enc_r(0x3b, 0, 0, rd, rd, (unsigned)(rnd() % 32));     /* addw */
            continue;
        }
        w[n++] = rnd() % 4 ? page_access(xlen) : loop_op(xlen);
    }
    w[n++] = 0x73;                                  /* ecall */
    u64 regs[32];
    for (int r = 0; r < 32; r++) regs[r] = interesting();
    regs[LOOP_PTR] = 0x400 + rnd() % 0x800;
    jit_diff_no_start = pending;
    int r = run_words(xlen, w, n, regs);
    jit_diff_no_start = NULL;
    if (g_mismatch) {
        printf("# rv%d: engines differ in a long block\n", xlen);
        check_fail(__FILE__, __LINE__, "translator and interpreter differ");
    } else if (jit_diff_bad_starts) {
        /* the block before ended with a dead high half unwritten: invisible to this
         * comparison, but a signal delivered there would see it */
        printf("# rv%d: %u block(s) start between a dead high half's write and its rewrite\n",
               xlen, jit_diff_bad_starts);
        check_fail(__FILE__, __LINE__, "a block ended with a dead high half pending");
        g_mismatch = true;
    } else if (r != RUN_TRAP && jit_diff_translated < 2) {  /* (a fault may end it early) */
        printf("# rv%d: %u translated block(s) in 250 instructions of loads and stores\n", xlen,
               jit_diff_translated);
        check_fail(__FILE__, __LINE__, "a block out of room did not chain to the next one");
        g_mismatch = true;
    }
}

/* ---- F/D checks shown once a block ----
 *
 * The first F/D arithmetic operation of a straight line checks frm (dynamic rounding) and
 * fflags.NX, and the later ones rely on it (jit_tmpl.h, fpk): its slow path checks again
 * before going back (NX may still be clear: an exact result, or frm not RNE) and a
 * branch target forgets what was shown (a branch may skip the operation that checked).
 * These loops of inexact-prone operations on f0-f5 start with NX clear (mostly frm RNE),
 * with forward branches over operations, at the loop's start too. */
static void run_fpk_case(int xlen)
{
    u32 w[256];
    size_t n = 0;
    unsigned iters = 1 + (unsigned)(rnd() % 4), body = 3 + (unsigned)(rnd() % 12);
    static const u8 arith[] = { 0x01, 0x05, 0x09, 0x0d, 0x00, 0x04, 0x08, 0x0c };  /* f7: add..div .d .s */
    w[n++] = enc_i(0x13, 0, LOOP_CNT, 0, (i32)iters);
    size_t loop = n;
    for (unsigned k = 0; k < body; k++) {
        if (k + 1 < body && rnd() % 3 == 0) {      /* a forward branch over 1..2 words */
            unsigned skip = 1 + (unsigned)(rnd() % 2);
            if (skip > body - k - 1) skip = body - k - 1;
            w[n++] = enc_b(rnd() % 2 ? 0 : 1, (unsigned)(rnd() % 32), (unsigned)(rnd() % 32),
                           (i32)(4 * (skip + 1)));
        } else {
            unsigned rm = rnd() % 3 ? 7 : 0;        /* dynamic, or static RNE */
            w[n++] = enc_r(0x53, rm, arith[rnd() % (rnd() % 4 ? 4 : 8)], freg(), freg(), freg());
        }
    }
    n = loop_close(w, n, loop);
    u64 regs[32];
    for (int r = 0; r < 32; r++) regs[r] = interesting();
    for (int r = 0; r < FREG_N; r++) regs[r + 7] = rnd() | 0x4000000000000000ull;
    u8 code[sizeof w];
    memcpy(code, w, 4 * n);
    g_mismatch = false;
    unsigned fcsr = rnd() % 4 ? 0 : fp_csr((u8)rnd()) & ~1u;       /* NX clear */
    int r = jit_diff_compare(xlen, code, 4 * n, regs, fcsr);
    CHECK(r != RUN_REQUEST);
    if (g_mismatch) {
        printf("# rv%d: engines differ in a loop of F/D operations started with NX clear\n", xlen);
        check_fail(__FILE__, __LINE__, "translator and interpreter differ");
    }
}

/* ---- jumps inside a block ----
 *
 * A block goes on past a jal or jalr when one of its own branches or jumps lands a little
 * further on (jit_tmpl.h, choose_cached): a loop whose body calls a function, with a
 * branch over the call to the loop's latch, keeps its registers across the latch; an
 * if/else's `j` to its join stays in the block; a jal to a function close behind the loop
 * becomes a jump inside the block.  These loops mix such calls (jal, jalr through a
 * register set by auipc/addi, and `auipc ra` + `jalr ra`, the pair `call` is, which the
 * translator turns into a direct jump), branches over them, if/else diamonds and the
 * usual operations; the function's own operations never write ra or its address register. */
enum { JUMP_FN = LOOP_WALK };
static u32 enc_jal(unsigned rd, i32 off)
{
    u32 i = (u32)off;
    return (i >> 20 & 1) << 31 | (i >> 1 & 0x3ff) << 21 | (i >> 11 & 1) << 20 |
           (i >> 12 & 0xff) << 12 | rd << 7 | 0x6f;
}
static u32 jump_op(int xlen, bool in_fn)
{
    for (;;) {
        u32 w = loop_op(xlen);
        unsigned rd = w >> 7 & 31, op = w & 0x7f;
        bool store = op == 0x23 || op == 0x27;
        if (store || (rd != 1 && rd != JUMP_FN) || (!in_fn && rd != JUMP_FN)) return w;
    }
}
/* What a fixup patches (BRANCH, JAL, CALL: auipc + jalr), and a call that needs none
 * (VIA_REG: jalr through the function's address register) */
enum jump_kind { VIA_REG, JAL, CALL, BRANCH };
/* A call of the function of the given kind; returns the new word count */
static size_t emit_call(u32 *w, size_t n, int kind)
{
    if (kind == VIA_REG) {
        w[n++] = enc_i(0x67, 0, 1, JUMP_FN, 0);     /* jalr ra, 0(fn) */
    } else {
        if (kind == CALL) w[n++] = 0;               /* auipc ra, (patched) */
        w[n++] = 0x6f | 1 << 7;                     /* jal ra, fn / jalr ra, lo(ra) */
    }
    return n;
}
static void run_jump_case(int xlen)
{
    u32 w[256];
    size_t n = 0;
    /* fixups: word `at` is a branch, a jal or an auipc + jalr pair (CALL) to label `to`
     * (LATCH or FN) */
    enum { LATCH = 1000, FN = 1001 };
    struct { size_t at, to; int kind; } fix[64];
    size_t nfix = 0;
    unsigned iters = 2 + (unsigned)(rnd() % 15);
    w[n++] = enc_i(0x13, 0, LOOP_CNT, 0, (i32)iters);
    size_t auipc = n;
    w[n++] = 0x17 | JUMP_FN << 7;                   /* auipc fn, 0 */
    w[n++] = 0;                                     /* addi fn, fn, (FN - auipc) * 4 */
    size_t loop = n;
    for (unsigned parts = 1 + (unsigned)(rnd() % 3); parts; parts--) {
        for (size_t k = rnd() % 5; k; k--) w[n++] = jump_op(xlen, false);
        static const u8 f3[] = { 0, 1, 4, 5, 6, 7 };
        switch (rnd() % 3) {
        case 0:                                     /* a branch over a call, to the latch */
            fix[nfix].at = n; fix[nfix].to = LATCH; fix[nfix++].kind = BRANCH;
            w[n++] = enc_b(f3[rnd() % 6], (unsigned)(rnd() % 32), (unsigned)(rnd() % 32), 0);
            for (size_t k = rnd() % 3; k; k--) w[n++] = jump_op(xlen, false);
            n = emit_call(w, n, fix[nfix].kind = (int)(rnd() % 3));
            if (fix[nfix].kind != VIA_REG) { fix[nfix].at = n - 1; fix[nfix++].to = FN; }
            for (size_t k = rnd() % 3; k; k--) w[n++] = jump_op(xlen, false);
            break;
        case 1: {                                   /* if/else: a j to the join */
            size_t br = n;
            w[n++] = 0;
            for (size_t k = 1 + rnd() % 3; k; k--) w[n++] = jump_op(xlen, false);
            size_t j = n;
            w[n++] = 0;
            size_t els = n;
            for (size_t k = 1 + rnd() % 3; k; k--) w[n++] = jump_op(xlen, false);
            w[br] = enc_b(f3[rnd() % 6], (unsigned)(rnd() % 32), (unsigned)(rnd() % 32),
                          (i32)(4 * (els - br)));
            w[j] = enc_jal(0, (i32)(4 * (n - j)));
            break;
        }
        default:                                    /* a call with nothing over it */
            n = emit_call(w, n, fix[nfix].kind = (int)(rnd() % 3));
            if (fix[nfix].kind != VIA_REG) { fix[nfix].at = n - 1; fix[nfix++].to = FN; }
            break;
        }
    }
    size_t latch = n;
    n = loop_close(w, n, loop);
    size_t fn = n;
    for (size_t k = rnd() % 4; k; k--) w[n++] = jump_op(xlen, true);
    w[n++] = enc_i(0x67, 0, 0, 1, 0);               /* ret */
    w[auipc + 1] = enc_i(0x13, 0, JUMP_FN, JUMP_FN, (i32)(4 * (fn - auipc)));
    for (size_t k = 0; k < nfix; k++) {
        size_t to = fix[k].to == LATCH ? latch : fn;
        i32 off = (i32)(4 * ((long)to - (long)fix[k].at));
        if (fix[k].kind == CALL) {              /* (at is the jalr, its auipc just before) */
            off += 4;
            i32 hi = (off + 0x800) >> 12;
            w[fix[k].at - 1] = 0x17 | 1 << 7 | (u32)hi << 12;          /* auipc ra, hi */
            w[fix[k].at] = enc_i(0x67, 0, 1, 1, off - hi * 4096);     /* jalr ra, lo(ra) */
        } else {
            w[fix[k].at] = fix[k].kind == JAL ? enc_jal(1, off) : (w[fix[k].at] & 0x01fff07fu) |
                           (enc_b(0, 0, 0, off) & ~0x01fff07fu);
        }
    }
    u64 regs[32];
    for (int r = 0; r < 32; r++) regs[r] = interesting();
    regs[LOOP_PTR] = 0x100 + rnd() % 0x100;         /* (DATA + this; may be misaligned) */
    run_words(xlen, w, n, regs);
    if (g_mismatch) {
        printf("# rv%d: engines differ in a loop with calls, branches over them and if/else\n", xlen);
        check_fail(__FILE__, __LINE__, "translator and interpreter differ");
    }
}

TEST(rv32_jit_vs_interp) { run_batch(32, g_seed); }
TEST(rv64_jit_vs_interp) { run_batch(64, g_seed + 1000000); }
TEST(rv128_jit_vs_interp) { run_batch(128, g_seed + 2000000); }
TEST(rv32_loops) { run_loops(32, g_seed + 3000000, false); }
TEST(rv64_loops) { run_loops(64, g_seed + 4000000, false); }
TEST(rv128_loops) { run_loops(128, g_seed + 5000000, false); }
TEST(rv32_pages) { run_pages(32, g_seed + 6000000); }
TEST(rv64_pages) { run_pages(64, g_seed + 7000000); }
TEST(rv128_pages) { run_pages(128, g_seed + 8000000); }
TEST(rv32_fregs) { run_loops(32, g_seed + 9000000, true); }
TEST(rv64_fregs) { run_loops(64, g_seed + 10000000, true); }
TEST(rv128_fregs) { run_loops(128, g_seed + 11000000, true); }
TEST(rv32_long) { run_cases(32, g_seed + 12000000, g_count / 30, run_long_case); }
TEST(rv64_long) { run_cases(64, g_seed + 13000000, g_count / 30, run_long_case); }
TEST(rv128_long) { run_cases(128, g_seed + 14000000, g_count / 30, run_long_case); }
TEST(rv64_lazy) { run_cases(64, g_seed + 16000000, g_count / 3, run_lazy_case); }
TEST(rv128_lazy) { run_cases(128, g_seed + 15000000, g_count / 3, run_lazy_case); }
TEST(rv64_entry) { run_cases(64, g_seed + 26000000, g_count / 4, run_entry_case); }
TEST(rv128_entry) { run_cases(128, g_seed + 25000000, g_count / 3, run_entry_case); }
TEST(rv64_checked) { run_cases(64, g_seed + 28000000, g_count / 6, run_checked_case); }
TEST(rv128_checked) { run_cases(128, g_seed + 27000000, g_count / 2, run_checked_case); }
TEST(rv32_fpk) { run_cases(32, g_seed + 20000000, g_count / 3, run_fpk_case); }
TEST(rv64_fpk) { run_cases(64, g_seed + 21000000, g_count / 3, run_fpk_case); }
TEST(rv128_fpk) { run_cases(128, g_seed + 22000000, g_count / 3, run_fpk_case); }
TEST(rv32_jumps) { run_cases(32, g_seed + 17000000, g_count / 3, run_jump_case); }
TEST(rv64_jumps) { run_cases(64, g_seed + 18000000, g_count / 3, run_jump_case); }
TEST(rv128_jumps) { run_cases(128, g_seed + 19000000, g_count / 3, run_jump_case); }

int main(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--count")) g_count = strtoull(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "--seed")) g_seed = strtoull(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "--xlen")) g_xlen = atoi(argv[i + 1]);
    }
    if (!jit_host_supported()) {
        printf("SKIP rv32_jit_vs_interp: no translator on this host\n");
        printf("SKIP rv64_jit_vs_interp: no translator on this host\n");
        printf("SKIP rv128_jit_vs_interp: no translator on this host\n");
        printf("SKIP rv32_loops: no translator on this host\n");
        printf("SKIP rv64_loops: no translator on this host\n");
        printf("SKIP rv128_loops: no translator on this host\n");
        printf("SKIP rv32_pages: no translator on this host\n");
        printf("SKIP rv64_pages: no translator on this host\n");
        printf("SKIP rv128_pages: no translator on this host\n");
        printf("SKIP rv32_fregs: no translator on this host\n");
        printf("SKIP rv64_fregs: no translator on this host\n");
        printf("SKIP rv128_fregs: no translator on this host\n");
        printf("SKIP rv32_long: no translator on this host\n");
        printf("SKIP rv64_long: no translator on this host\n");
        printf("SKIP rv128_long: no translator on this host\n");
        printf("SKIP rv64_lazy: no translator on this host\n");
        printf("SKIP rv128_lazy: no translator on this host\n");
        printf("SKIP rv64_entry: no translator on this host\n");
        printf("SKIP rv128_entry: no translator on this host\n");
        printf("SKIP rv64_checked: no translator on this host\n");
        printf("SKIP rv128_checked: no translator on this host\n");
        printf("SKIP rv32_fpk: no translator on this host\n");
        printf("SKIP rv64_fpk: no translator on this host\n");
        printf("SKIP rv128_fpk: no translator on this host\n");
        printf("SKIP rv32_jumps: no translator on this host\n");
        printf("SKIP rv64_jumps: no translator on this host\n");
        printf("SKIP rv128_jumps: no translator on this host\n");
        return 0;
    }
    RUN(rv32_jit_vs_interp);
    RUN(rv64_jit_vs_interp);
    RUN(rv128_jit_vs_interp);
    RUN(rv32_loops);
    RUN(rv64_loops);
    RUN(rv128_loops);
    RUN(rv32_pages);
    RUN(rv64_pages);
    RUN(rv128_pages);
    RUN(rv32_fregs);
    RUN(rv64_fregs);
    RUN(rv128_fregs);
    RUN(rv32_long);
    RUN(rv64_long);
    RUN(rv128_long);
    RUN(rv64_lazy);
    RUN(rv128_lazy);
    RUN(rv64_entry);
    RUN(rv128_entry);
    RUN(rv64_checked);
    RUN(rv128_checked);
    RUN(rv32_fpk);
    RUN(rv64_fpk);
    RUN(rv128_fpk);
    RUN(rv32_jumps);
    RUN(rv64_jumps);
    RUN(rv128_jumps);
    return check_done();
}
