/* zl-as internals: expressions, li at every XLEN (checked by executing the sequence),
 * relaxation, errors.  With arguments it is also the corpus generator of
 * tests/as/gnu_compare_test.sh:  as_unit_test gen XLEN [norvc]. */
#include <stdlib.h>
#include <string.h>

#include "as/as.h"
#include "lib/check.h"
#include "as/corpus.h"

struct obj {
    u8 *img;
    usize size;
    struct elf_file *f;
    unsigned errors;
    char diag[4096];
};

static void assemble(struct obj *o, int xlen, const char *src)
{
    memset(o, 0, sizeof *o);
    struct as *A = as_new();
    char march[32];
    snprintf(march, sizeof march, "rv%dimafdc", xlen);
    char err[200];
    march_parse(march, &A->march, err, sizeof err);
    FILE *d = fmemopen(o->diag, sizeof o->diag - 1, "w");
    A->diag = d;
    o->errors = as_assemble_buffer(A, "t.s", src, strlen(src), &o->img, &o->size);
    fclose(d);
    as_free(A);
    if (o->img) {
        struct elf_err e;
        o->f = elf_read(o->img, o->size, 0, &e);
    }
}

static void release(struct obj *o)
{
    if (o->f) elf_close(o->f);
    free(o->img);
}

static const u8 *section(struct obj *o, const char *name, usize *size)
{
    const u8 *p = NULL;
    *size = 0;
    u32 i = o->f ? elf_section_by_name(o->f, name) : 0;
    if (i) elf_section_data(o->f, i, &p, size);
    return p;
}

/* Run a straight-line sequence of lui/addi/addiw/slli (any length, compressed or not)
 * and return a0. */
static u128 run_seq(int xlen, const u8 *p, usize n)
{
    u128 x[32] = { 0 };
    for (usize off = 0; off < n;) {
        u32 w = p[off] | (u32)p[off + 1] << 8;
        if ((w & 3) == 3) w |= (u32)p[off + 2] << 16 | (u32)p[off + 3] << 24;
        struct isa_inst in;
        if (!isa_decode(xlen, ~0u, w, &in)) return 0xdead;
        off += in.len;
        u128 r;
        switch (in.op) {
        case ISA_LUI: r = (u128)(i128)in.imm; break;
        case ISA_ADDI: r = x[in.rs1] + (u128)(i128)in.imm; break;
        case ISA_ADDIW: r = (u128)(i128)(i32)((u32)x[in.rs1] + (u32)in.imm); break;
        case ISA_SLLI: r = x[in.rs1] << in.imm; break;
        default: return 0xbad;
        }
        if (xlen == 32) r = (u128)(i128)(i32)(u32)r;
        if (xlen == 64) r = (u128)(i128)(i64)(u64)r;
        if (in.rd) x[in.rd] = r;
    }
    return x[10];
}

static u64 rng = 0x243f6a8885a308d3ull;
static u64 rnd(void)
{
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return rng;
}

static void li_check(int xlen, u128 v, int *max_len)
{
    char src[128], hex[48];
    snprintf(src, sizeof src, "li a0, 0x%s\n", elf_u128_hex(v, hex, sizeof hex));
    struct obj o;
    assemble(&o, xlen, src);
    usize n;
    const u8 *p = section(&o, ".text", &n);
    u128 want = v;
    if (xlen == 32) want = (u128)(i128)(i32)(u32)v;
    if (xlen == 64) want = (u128)(i128)(i64)(u64)v;
    if (o.errors || !p) {
        char msg[200];
        snprintf(msg, sizeof msg, "%.150s", o.diag);
        check_fail(__FILE__, __LINE__, msg);
    } else {
        u128 got = run_seq(xlen, p, n);
        if (got != want) check_failf_u128(__FILE__, __LINE__, src, got, want);
        if ((int)n > *max_len) *max_len = (int)n;
    }
    release(&o);
}

TEST(li_every_xlen)
{
    int maxl[3] = { 0, 0, 0 };
    const int xl[3] = { 32, 64, 128 };
    for (int x = 0; x < 3; x++) {
        for (int k = 0; k < 400; k++) {
            u128 v = ((u128)rnd() << 64) | rnd();
            int shape = k % 8;
            if (shape == 1) v >>= rnd() % 128;
            if (shape == 2) v = (u128)(i128)(i64)rnd();
            if (shape == 3) v = (u128)1 << (rnd() % 128);
            if (shape == 4) v = ~((u128)1 << (rnd() % 128));
            if (shape == 5) v = (u128)(i128)(i32)rnd();
            if (shape == 6) v &= ~(((u128)1 << (rnd() % 100)) - 1);
            if (xl[x] == 32) v = (u32)v;
            if (xl[x] == 64) v = (u64)v;
            li_check(xl[x], v, &maxl[x]);
        }
    }
    /* GNU's RV64 sequence is at most 8 instructions (32 bytes); RV128 at most 32 */
    CHECK(maxl[1] <= 32);
    CHECK(maxl[2] <= 2 * 4 + 30 * 4);
}

TEST(expressions)
{
    struct obj o;
    assemble(&o, 64,
             ".data\n"
             "a: .word 1 + 2 * 3, (1 << 4) | 1, -1 >> 60, 7 / 2, -7 % 3, 5 == 5, 5 < 3\n"
             "   .word !0, ~0, 'A', '\\n', 0x10 - 020, 0b101, a2 - a, (a2 - a) / 4\n"
             "a2: .byte 1 && 0, 1 || 0, 3 ^ 1, 6 & 3, 1 ! 0\n"
             ".set s, 5\n.set s, s + 1\n.word s\n"
             ".equ later, 100\n.word later\n");
    CHECK(o.errors == 0);
    usize n;
    const u8 *p = section(&o, ".data", &n);
    static const i32 want[] = { 7, 17, 15, 3, -1, -1, 0, 1, -1, 65, 10, 0, 5, 60, 15 };
    CHECK(p && n >= sizeof want);
    if (p) {
        for (usize i = 0; i < sizeof want / sizeof want[0]; i++) {
            i32 v = (i32)(p[4 * i] | p[4 * i + 1] << 8 | p[4 * i + 2] << 16 | (u32)p[4 * i + 3] << 24);
            CHECK_EQ_U((u32)v, (u32)want[i]);
        }
        CHECK(p[60] == 0 && p[61] == 1 && p[62] == 2 && p[63] == 2 && p[64] == 0xff);
        i32 s = (i32)(p[65] | p[66] << 8 | p[67] << 16 | (u32)p[68] << 24);
        CHECK(s == 6);
    }
    release(&o);
}

TEST(branch_relaxation)
{
    struct obj o;
    /* a beqz over 6000 bytes becomes c.bnez + jal (6 bytes); a near one stays c.beqz */
    assemble(&o, 64, "beqz a0, far\nbeqz a0, near\nnear: .space 6000\nfar: ret\n");
    usize n;
    const u8 *p = section(&o, ".text", &n);
    CHECK(o.errors == 0 && p);
    if (p) {
        CHECK((p[0] | p[1] << 8) == 0xe119);                      /* c.bnez a0,+6 */
        CHECK((p[2] & 0x7f) == 0x6f);                             /* jal */
        CHECK((p[6] & 3) == 1 && ((p[7] >> 5) & 7) == 6);         /* c.beqz */
    }
    release(&o);
}

TEST(errors_are_reported_all)
{
    struct obj o;
    assemble(&o, 64, "addi a0, a0, 5000\nslli a0, a0, 64\nlui a0, 0x100000\nfoo a0\n"
                     "beqz a0, 1f\n.word 1 / 0\nj undefined_far\n.byte 256\n");
    CHECK(o.errors == 7);
    CHECK(strstr(o.diag, "t.s:1: Error: ") != NULL);
    CHECK(strstr(o.diag, "t.s:2: Error: ") != NULL);
    CHECK(strstr(o.diag, "t.s:3: Error: ") != NULL);
    CHECK(strstr(o.diag, "t.s:4: Error: unrecognized opcode") != NULL);
    CHECK(strstr(o.diag, "undefined local label") != NULL);
    CHECK(strstr(o.diag, "division by zero") != NULL);
    CHECK(strstr(o.diag, "t.s:8: Error: ") != NULL);
    CHECK(o.img == NULL);
    release(&o);
    /* a jump too far inside one section is an error, not a truncation */
    assemble(&o, 64, "j far\n.space 0x100000\nfar: ret\n");
    CHECK(o.errors == 1 && strstr(o.diag, "out of range"));
    release(&o);
}

TEST(rv128_object)
{
    struct obj o;
    assemble(&o, 128, ".text\nf: lq a0, 16(sp)\nsq a0, 32(a1)\nla a0, d\ncall f\n"
                      ".data\nd: .octa f, 0x0123456789abcdef0123456789abcdef\n.octa d - f\n");
    CHECK(o.errors == 0 && o.f);
    if (o.f) {
        CHECK(elf_cls(o.f) == ELFCLASS128);
        CHECK(elf_header(o.f)->flags == (EF_RISCV_RVC | EF_RISCV_FLOAT_ABI_DOUBLE));
        u32 rd = elf_section_by_name(o.f, ".rela.data");
        CHECK(rd != 0);
        if (rd) {
            struct elf_rel r;
            CHECK(elf_rel_count(o.f, rd) == 3);
            elf_rel(o.f, rd, 0, &r);
            CHECK(r.type == R_RISCV_128 && r.offset == 0);
            elf_rel(o.f, rd, 1, &r);
            CHECK(r.type == R_RISCV_ADD128 && r.offset == 32);
            elf_rel(o.f, rd, 2, &r);
            CHECK(r.type == R_RISCV_SUB128 && r.offset == 32);
        }
        usize n;
        const u8 *p = section(&o, ".data", &n);
        CHECK(p && n == 48 && p[16] == 0xef && p[31] == 0x01);
    }
    release(&o);
}

TEST(macros_and_conditionals)
{
    struct obj o;
    assemble(&o, 64,
             ".macro pair a, b=7\n.byte \\a, \\b\n.endm\n"
             ".data\npair 1\npair 2, 3\n"
             ".rept 3\n.byte 9\n.endr\n"
             ".irp r, 4, 5\n.byte \\r\n.endr\n"
             ".if 1 == 2\n.byte 0xee\n.elseif 1\n.byte 0xaa\n.else\n.byte 0xbb\n.endif\n"
             ".ifdef nosuch\n.byte 0xcc\n.endif\n");
    CHECK(o.errors == 0);
    usize n;
    const u8 *p = section(&o, ".data", &n);
    static const u8 want[] = { 1, 7, 2, 3, 9, 9, 9, 4, 5, 0xaa };
    CHECK(p && n == sizeof want && !memcmp(p, want, sizeof want));
    release(&o);
}

int main(int argc, char **argv)
{
    if (argc >= 3 && !strcmp(argv[1], "gen")) {
        int xlen = atoi(argv[2]);
        bool rvc = !(argc >= 4 && !strcmp(argv[3], "norvc"));
        corpus_write(stdout, xlen, rvc);
        return 0;
    }
    RUN(li_every_xlen);
    RUN(expressions);
    RUN(branch_relaxation);
    RUN(errors_are_reported_all);
    RUN(rv128_object);
    RUN(macros_and_conditionals);
    return check_done();
}
