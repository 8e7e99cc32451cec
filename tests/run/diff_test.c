/* Differential test of zl-run against qemu-riscv64 / qemu-riscv32.
 *
 * A seeded generator builds one static executable holding thousands of independent
 * random instruction sequences (integer, M, A, F, D, C, CSR, loads/stores into a
 * per-sequence scratch buffer, forward branches).  Each sequence starts from random
 * register values and ends by writing its registers, fcsr and scratch buffer to stdout.
 * qemu and zl-run under each of its engines (interpreter, translator) run the same file;
 * their outputs must be identical byte for byte.
 * On a mismatch the first differing sequence is disassembled with both values.
 *
 *   diff_test                       default batch (make check)
 *   diff_test --count N --seed S    long runs (make fuzz-diff N=…)
 */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/check.h"
#include "lib/enc.h"
#include "lib/mkexe.h"

/* Per-sequence table (in .data): scratch memory, the dump, then initial values. */
enum {
    SCR = 0, SCR_SIZE = 256,
    DX = 256,             /* dumped x registers, 8-byte slots */
    DF = 512,             /* dumped f registers */
    DC = 768,             /* dumped fcsr */
    DUMP_SIZE = 776,      /* one write(2) covers scratch + dump */
    IX = 784, IF = 1040, IC = 1296,
    TSZ = 1312,
};
enum { T6 = 31, T5 = 30, SP = 2, S0 = 8 };
#define SEQ_LEN 24
#define TEXT_BASE ((u128)0x10000)
#define DATA_BASE ((u128)0x1000000)

static u64 rs;
static u64 rnd(void)
{
    rs ^= rs >> 12; rs ^= rs << 25; rs ^= rs >> 27;
    return rs * 0x2545f4914f6cdd1dull;
}

struct code {
    u8 *buf;
    size_t len, cap;
};

static void put(struct code *c, u32 w, int len)
{
    if (c->len + 4 > c->cap) {
        c->cap = c->cap ? c->cap * 2 : 1 << 20;
        c->buf = realloc(c->buf, c->cap);
        if (!c->buf) abort();
    }
    memcpy(c->buf + c->len, &w, (size_t)len);
    c->len += (size_t)len;
}

static int xlen;
#define EMIT(c, ...) put(c, enc(xlen, __VA_ARGS__), 4)

/* An interesting 64-bit value: boundaries, small numbers, FP specials, random. */
static u64 interesting(void)
{
    static const u64 v[] = {
        0, 1, 2, 0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000ull,
        0xffffffffull, 0x7fffffffffffffffull, 0x8000000000000000ull, ~0ull, ~0ull - 1,
        0x3ff0000000000000ull /* 1.0 */, 0x7ff0000000000000ull /* inf */,
        0x7ff8000000000000ull /* qNaN */, 0x7ff4000000000000ull /* sNaN */,
        0x0000000000000001ull /* denormal */, 0x8010000000000000ull,
        0xffffffff3f800000ull /* boxed 1.0f */, 0xffffffff7f800000ull /* boxed inf */,
        0xffffffff7fc00000ull, 0xffffffff7fa00000ull /* boxed sNaN */,
        0xffffffff00000001ull, 0x000000003f800000ull /* unboxed */, 0xffffffff4f000000ull,
        0x43e0000000000000ull /* 2^63 */, 0xc3e0000000000000ull, 0x41dfffffffc00000ull,
    };
    switch (rnd() % 4) {
    case 0: return v[rnd() % (sizeof v / sizeof v[0])];
    case 1: return rnd() % 64 - 32;
    case 2: return (rnd() & 0xffffffff00000000ull) | (v[rnd() % (sizeof v / sizeof v[0])] & 0xffffffff);
    default: return rnd();
    }
}

static const struct isa_insn *cands[1024];
static size_t ncands;

static bool candidate(const struct isa_insn *d)
{
    if (!(d->xlens & isa_xbit(xlen))) return false;
    switch (d->op) {
    case ISA_ECALL: case ISA_EBREAK: case ISA_JALR:
    case ISA_CSRRW: case ISA_CSRRS: case ISA_CSRRC:
    case ISA_CSRRWI: case ISA_CSRRSI: case ISA_CSRRCI:
        return false;                 /* indirect jumps and CSRs are generated apart */
    }
    return true;
}

static int access_size(unsigned op)
{
    switch (op) {
    case ISA_LB: case ISA_LBU: case ISA_SB: return 1;
    case ISA_LH: case ISA_LHU: case ISA_SH: return 2;
    case ISA_LD: case ISA_SD: case ISA_FLD: case ISA_FSD: case ISA_LDU: return 8;
    case ISA_LQ: case ISA_SQ: return 16;
    default: return 4;
    }
}

static bool reserved(unsigned r) { return r == SP || r == S0 || r == T5 || r == T6; }

/* Does the line's first operand name an integer destination register? */
static bool int_dest(const struct isa_insn *d)
{
    const char *a = d->args;
    return a[0] == 'd' || !strncmp(a, "Cd", 2) || !strncmp(a, "CU", 2) ||
           !strncmp(a, "Cr", 2) || !strncmp(a, "CA", 2);
}

static unsigned free_xreg(bool prime)
{
    for (;;) {
        unsigned r = prime ? 8 + (unsigned)(rnd() % 8) : (unsigned)(rnd() % 32);
        if (!reserved(r)) return r;
    }
}

struct slot {
    u32 word;
    int len;
    int target;            /* branch/jump: index of the target slot (-1: none) */
    struct isa_inst in;
};

static unsigned lr_sizes_seen;   /* the sizes of the sequence's LRs so far (bit per size) */

static unsigned amo_size(const struct isa_insn *d)
{
    unsigned f3 = d->match >> 12 & 7;
    return f3 == 2 ? 4 : f3 == 3 ? 8 : 16;
}

/* One random instruction (not yet placed; branches get their offset later).
 * An SC whose size may differ from the last LR's is not generated: the ISA leaves that
 * pairing's outcome to the implementation (zl-run fails the SC; QEMU compares the low
 * bits, stores, and may still report failure), see docs/isa.md.  Since a branch or jump
 * may skip the last LR generated, so that an earlier one is the last executed, an SC is
 * generated only when every LR of the sequence so far has its size. */
static void random_insn(struct slot *s, int index)
{
    for (;;) {
        const struct isa_insn *d = cands[rnd() % ncands];
        bool is_lr = d->op == ISA_LR_W || d->op == ISA_LR_D || d->op == ISA_LR_Q;
        bool is_sc = d->op == ISA_SC_W || d->op == ISA_SC_D || d->op == ISA_SC_Q;
        if (is_sc && lr_sizes_seen != amo_size(d)) continue;
        bool c = (d->match & 3) != 3;
        u32 w = ((u32)rnd() & ~d->mask) | d->match;
        if (c) w &= 0xffff;
        struct isa_inst in;
        if (!isa_decode(xlen, ~0u, w, &in) || in.desc != d) continue;
        bool tied = c && (strstr(d->args, "Cd") || strstr(d->args, "CU") || strstr(d->args, "CA"));
        if (strchr(d->implicit, 'd') && reserved(in.rd)) continue;     /* c.addi16sp */
        if (int_dest(d) && reserved(in.rd)) {
            unsigned old = in.rd;
            in.rd = (u8)free_xreg(!strncmp(d->args, "Cr", 2) || !strncmp(d->args, "CA", 2));
            if (tied && in.rs1 == old) in.rs1 = in.rd;
        }
        if (strchr(d->args, '(')) {
            /* memory access: base is the scratch pointer, offset inside the scratch */
            bool amo = d->ext & EXT_A;
            in.rs1 = strstr(d->args, "Cx") ? SP : c ? S0 : T6;
            int size = access_size(in.op);
            if (amo) size = (int)amo_size(d);
            bool ok = false;
            for (int k = 0; k < 32 && !ok; k++) {
                in.imm = amo ? 0 : (i32)(rnd() % (u64)(SCR_SIZE - size + 1));
                if (c || amo || (rnd() & 1)) in.imm &= ~(size - 1);
                ok = isa_encode(d, xlen, &in, &w);
            }
            if (!ok) continue;
        }
        s->target = -1;
        if (d->flags & (ISA_F_BRANCH | ISA_F_JUMP)) {
            s->target = index + 1 + (int)(rnd() % 3);
            if (s->target > SEQ_LEN) s->target = SEQ_LEN;
        } else if (!isa_encode(d, xlen, &in, &w)) {
            continue;
        }
        s->in = in;
        s->word = w;
        s->len = c ? 2 : 4;
        if (is_lr) lr_sizes_seen |= amo_size(d);
        return;
    }
}

/* CSR accesses limited to the FP CSRs, keeping frm valid. */
static void random_csr(struct slot *s)
{
    unsigned rd = free_xreg(false), csr = 1 + (unsigned)(rnd() % 3);
    struct isa_inst in;
    memset(&in, 0, sizeof in);
    const char *name;
    switch (rnd() % 4) {
    case 0: name = "csrrs"; in.rs1 = 0; break;                       /* read */
    case 1: name = "csrrwi"; csr = 1; in.rs1 = (u8)(rnd() % 32); break; /* fflags */
    case 2: name = "csrrwi"; csr = 2; in.rs1 = (u8)(rnd() % 5); break;  /* frm */
    default: name = (rnd() & 1) ? "csrrsi" : "csrrci"; csr = 1; in.rs1 = (u8)(rnd() % 32); break;
    }
    in.rd = (u8)rd;
    in.imm = (i32)csr;
    const struct isa_insn *d = enc_find(xlen, name);
    isa_encode(d, xlen, &in, &s->word);
    s->in = in;
    s->in.desc = d;
    s->len = 4;
    s->target = -1;
}

static void place_sequence(struct code *c, struct slot *sl, size_t *offs)
{
    size_t o = 0;
    for (int k = 0; k < SEQ_LEN; k++) { offs[k] = o; o += (size_t)sl[k].len; }
    offs[SEQ_LEN] = o;
    for (int k = 0; k < SEQ_LEN; k++) {
        struct slot *s = &sl[k];
        if (s->target >= 0) {
            s->in.imm = (i32)(offs[s->target] - offs[k]);
            if (!isa_encode(s->in.desc, xlen, &s->in, &s->word)) {
                /* out of range for a compressed form: degrade to a plain nop slot */
                s->word = s->len == 2 ? 0x0001 : 0x00000013;
                s->target = -1;
            }
        }
        put(c, s->word, s->len);
    }
}

struct prog {
    struct code text;
    u8 *data;
    struct slot *slots;         /* SEQ_LEN per sequence, for mismatch reports */
    size_t nseq;
    size_t init_off, dump_off;
};

static void li32(struct code *c, int rd, u32 v)
{
    u32 hi = (v + 0x800) & 0xfffff000u;
    EMIT(c, "lui", rd, 0, 0, (i32)hi);
    EMIT(c, "addi", rd, rd, 0, (i32)(v - hi));
}

static void build(struct prog *p, size_t nseq)
{
    memset(p, 0, sizeof *p);
    p->nseq = nseq;
    p->data = calloc(nseq, TSZ);
    p->slots = calloc(nseq * SEQ_LEN, sizeof *p->slots);
    if (!p->data || !p->slots) abort();
    const char *ld = xlen == 32 ? "lw" : "ld", *sd = xlen == 32 ? "sw" : "sd";
    struct code *c = &p->text;
    /* _start: jump over the two helpers */
    size_t jump_at = c->len;
    EMIT(c, "jal", 0, 0, 0, 8);
    /* init: load registers from the table at t6 */
    p->init_off = c->len;
    for (int r = 1; r < 30; r++)
        if (r != SP && r != S0) EMIT(c, ld, r, T6, 0, IX + 8 * r);
    EMIT(c, "addi", SP, T6, 0, 0);
    EMIT(c, "addi", S0, T6, 0, 0);
    for (int f = 0; f < 32; f++) EMIT(c, "fld", f, T6, 0, IF + 8 * f);
    EMIT(c, ld, 1, T6, 0, IC);
    put(c, enc_full(xlen, "csrrw", 0, 1, 0, 0, 3, 0), 4);   /* fscsr */
    EMIT(c, ld, 1, T6, 0, IX + 8);
    EMIT(c, "jalr", 0, T5, 0, 0);
    /* dump: store registers, fcsr; write(1, t6, DUMP_SIZE) */
    p->dump_off = c->len;
    for (int r = 1; r < 30; r++) EMIT(c, sd, 0, T6, r, DX + 8 * r);
    for (int f = 0; f < 32; f++) EMIT(c, "fsd", 0, T6, f, DF + 8 * f);
    put(c, enc_full(xlen, "csrrs", 1, 0, 0, 0, 3, 0), 4);   /* frcsr */
    EMIT(c, sd, 0, T6, 1, DC);
    EMIT(c, "addi", 10, 0, 0, 1);
    EMIT(c, "addi", 11, T6, 0, 0);
    EMIT(c, "addi", 12, 0, 0, DUMP_SIZE);
    EMIT(c, "addi", 17, 0, 0, 64);
    put(c, 0x00000073, 4);
    EMIT(c, "jalr", 0, T5, 0, 0);
    u32 j = enc(xlen, "jal", 0, 0, 0, (i32)(c->len - jump_at));
    memcpy(c->buf + jump_at, &j, 4);

    for (size_t n = 0; n < nseq; n++) {
        u8 *t = p->data + n * TSZ;
        for (int k = 0; k < SCR_SIZE; k += 8) { u64 v = interesting(); memcpy(t + SCR + k, &v, 8); }
        for (int r = 0; r < 32; r++) { u64 v = interesting(); memcpy(t + IX + 8 * r, &v, 8); }
        for (int f = 0; f < 32; f++) { u64 v = interesting(); memcpy(t + IF + 8 * f, &v, 8); }
        u64 fcsr = (rnd() % 5) << 5 | (rnd() & 0x1f);
        memcpy(t + IC, &fcsr, 8);
        li32(c, T6, (u32)(DATA_BASE + n * TSZ));
        EMIT(c, "jal", T5, 0, 0, (i32)(p->init_off - c->len));
        struct slot *sl = &p->slots[n * SEQ_LEN];
        lr_sizes_seen = 0;
        for (int k = 0; k < SEQ_LEN; k++) {
            if (rnd() % 16 == 0) random_csr(&sl[k]);
            else random_insn(&sl[k], k);
        }
        size_t offs[SEQ_LEN + 1];
        place_sequence(c, sl, offs);
        EMIT(c, "jal", T5, 0, 0, (i32)(p->dump_off - c->len));
    }
    EMIT(c, "addi", 10, 0, 0, 0);
    EMIT(c, "addi", 17, 0, 0, 93);
    put(c, 0x00000073, 4);
}

static u8 *slurp(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long sz = ftell(f);
    fseek(f, 0, SEEK_SET);
    u8 *b = malloc((size_t)sz + 1);
    if (b && fread(b, 1, (size_t)sz, f) != (size_t)sz) { free(b); b = NULL; }
    fclose(f);
    *n = (size_t)sz;
    return b;
}

static void report(const struct prog *p, const u8 *a, size_t na, const u8 *b, size_t nb)
{
    size_t i = 0;
    while (i < na && i < nb && a[i] == b[i]) i++;
    size_t seq = i / DUMP_SIZE, off = i % DUMP_SIZE;
    printf("# first difference at byte %zu: sequence %zu, ", i, seq);
    if (off < DX) printf("scratch byte %zu\n", off);
    else if (off < DF) printf("x%zu\n", (off - DX) / 8);
    else if (off < DC) printf("f%zu\n", (off - DF) / 8);
    else printf("fcsr\n");
    if (i >= na || i >= nb) {
        printf("# output lengths differ: qemu %zu, zl-run %zu\n", na, nb);
        if (seq >= p->nseq) return;
    }
    size_t slot = off < DF && off >= DX ? (off - DX) / 8 * 8 + DX : (off / 8) * 8;
    u64 qa = 0, qb = 0;
    if (slot + 8 <= DUMP_SIZE && seq * DUMP_SIZE + slot + 8 <= na) memcpy(&qa, a + seq * DUMP_SIZE + slot, 8);
    if (slot + 8 <= DUMP_SIZE && seq * DUMP_SIZE + slot + 8 <= nb) memcpy(&qb, b + seq * DUMP_SIZE + slot, 8);
    printf("# qemu %016llx  zl-run %016llx\n", (unsigned long long)qa, (unsigned long long)qb);
    const u8 *t = p->data + seq * TSZ;
    for (int r = 1; r < 32; r++) {
        u64 v;
        memcpy(&v, t + IX + 8 * r, 8);
        printf("# init x%d=%016llx", r, (unsigned long long)v);
        memcpy(&v, t + IF + 8 * r, 8);
        printf(" f%d=%016llx\n", r, (unsigned long long)v);
    }
    u64 fc;
    memcpy(&fc, t + IC, 8);
    printf("# init fcsr=%llx\n", (unsigned long long)fc);
    for (int k = 0; k < SEQ_LEN; k++) {
        const struct slot *s = &p->slots[seq * SEQ_LEN + k];
        struct isa_inst in;
        char txt[80] = "?";
        if (isa_decode(xlen, ~0u, s->word, &in)) isa_format(&in, xlen, 0, txt, sizeof txt);
        printf("#   %08x  %s\n", s->word, txt);
    }
}

static int run_to(const char *cmd)
{
    int rc = system(cmd);
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : 128 + (WIFSIGNALED(rc) ? WTERMSIG(rc) : 0);
}

static void run_batch(int xl, size_t nseq, u64 seed, const char *name)
{
    xlen = xl;
    rs = seed * 0x9e3779b97f4a7c15ull + 1;
    ncands = 0;
    for (size_t i = 0; i < isa_table_len; i++)
        if (candidate(&isa_table[i])) cands[ncands++] = &isa_table[i];
    struct prog p;
    build(&p, nseq);
    char dir[] = "/tmp/zl-diff-XXXXXX";
    if (!mkdtemp(dir)) { check_fail(__FILE__, __LINE__, "mkdtemp"); return; }
    char exe[128], oq[128], oz[128], cmd[512];
    snprintf(exe, sizeof exe, "%s/prog", dir);
    snprintf(oq, sizeof oq, "%s/qemu.out", dir);
    snprintf(oz, sizeof oz, "%s/zl.out", dir);
    struct mkexe m = {
        .cls = xl == 32 ? ELFCLASS32 : ELFCLASS64,
        .text_addr = mkexe_text_addr(xl == 32 ? ELFCLASS32 : ELFCLASS64, TEXT_BASE),
        .text = p.text.buf, .text_size = p.text.len,
        .data_addr = DATA_BASE, .data = p.data, .data_size = nseq * TSZ,
    };
    if (m.text_addr + p.text.len > DATA_BASE) {
        check_fail(__FILE__, __LINE__, "generated text too large");
        return;
    }
    CHECK(mkexe_write(&m, exe) == 0);
    chmod(exe, 0755);
    const char *bin = getenv("ZL_BIN");
    snprintf(cmd, sizeof cmd, "qemu-riscv%d %s > %s", xl, exe, oq);
    int rq = run_to(cmd);
    size_t na = 0;
    u8 *a = slurp(oq, &na);
    bool all_same = true;
    static const char *const engines[] = { "interp", "jit" };
    for (size_t k = 0; k < sizeof engines / sizeof engines[0]; k++) {
        snprintf(cmd, sizeof cmd, "%s/zl-run --engine=%s %s > %s", bin ? bin : "build/bin",
                 engines[k], exe, oz);
        int rz = run_to(cmd);
        size_t nb = 0;
        u8 *b = slurp(oz, &nb);
        bool same = a && b && na == nb && !memcmp(a, b, na) && rq == rz && rq == 0;
        if (!same) {
            printf("# %s: seed %llu, %zu sequences: exit qemu %d zl-run --engine=%s %d\n", name,
                   (unsigned long long)seed, nseq, rq, engines[k], rz);
            if (a && b) report(&p, a, na, b, nb);
            check_fail(__FILE__, __LINE__, "zl-run and qemu differ");
            all_same = false;
        }
        free(b);
    }
    if (!all_same) {
        printf("# kept %s for inspection\n", dir);
    } else {
        CHECK(na == nseq * DUMP_SIZE);
        snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
        run_to(cmd);
    }
    free(a);
    free(p.text.buf);
    free(p.data);
    free(p.slots);
}

/* nseq sequences as programs of at most BATCH_MAX each: one program's calls of its
 * shared routines must stay within a jal's ±1 MiB (about 15,000 sequences); each further
 * program continues from a seed of its own */
enum { BATCH_MAX = 10000 };
static void run_batches(int xl, size_t nseq, u64 seed, const char *name)
{
    for (size_t done = 0, k = 0; done < nseq; done += BATCH_MAX, k++)
        run_batch(xl, nseq - done < BATCH_MAX ? nseq - done : BATCH_MAX, seed + k * 1000003, name);
}

static size_t g_count = 10000;
static u64 g_seed = 1;

TEST(rv64_vs_qemu) { run_batches(64, g_count, g_seed, "rv64"); }
TEST(rv32_vs_qemu) { run_batches(32, g_count, g_seed + 1000, "rv32"); }

int main(int argc, char **argv)
{
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--count")) g_count = strtoull(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "--seed")) g_seed = strtoull(argv[i + 1], NULL, 0);
    }
    if (run_to("bash -c '. tests/lib/need.sh && need_pkg qemu-riscv64 qemu-user'") != 0) {
        printf("FAIL rv64_vs_qemu: qemu-user could not be installed\n");
        printf("FAIL rv32_vs_qemu: qemu-user could not be installed\n");
        return 1;
    }
    RUN(rv64_vs_qemu);
    RUN(rv32_vs_qemu);
    return check_done();
}
