/* The instruction table: consistency, decode/encode round trips, and the corner
 * encodings the RV128 rules and the reserved compressed forms depend on. */
#include <stdlib.h>

#include "isa/isa.h"
#include "lib/check.h"

static const int xlens[3] = { 32, 64, 128 };
static u64 rng = 0x9e3779b97f4a7c15ull;
static u32 rand32(void)
{
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return (u32)rng;
}

TEST(lines_are_consistent)
{
    for (size_t i = 0; i < isa_table_len; i++) {
        const struct isa_insn *d = &isa_table[i];
        CHECK((d->match & ~d->mask) == 0);
        CHECK(d->op > ISA_OP_INVALID && d->op < ISA_OP_COUNT);
        CHECK(d->xlens && !(d->xlens & ~XALL));
        bool compressed = (d->match & 3) != 3;
        CHECK(compressed == ((d->ext & EXT_C) != 0));
        if (compressed) CHECK((d->mask & 0xffff0000u) == 0);
        /* the line's own match word plus random free bits decodes to a line at least
         * as specific, at every XLEN the line exists for */
        for (int k = 0; k < 64; k++) {
            u32 w = (rand32() & ~d->mask) | d->match;
            if (compressed) w &= 0xffff;
            for (int x = 0; x < 3; x++) {
                if (!(d->xlens & isa_xbit(xlens[x]))) continue;
                struct isa_inst in;
                if (isa_decode(xlens[x], ~0u, w, &in))
                    CHECK(__builtin_popcount(in.desc->mask) >= __builtin_popcount(d->mask));
            }
        }
    }
}

/* Every op has a defining line, and every args string uses only known letters (an
 * unknown letter would make decode stop early, which the round trip below catches). */
TEST(round_trip_random_words)
{
    for (int x = 0; x < 3; x++) {
        int xl = xlens[x];
        long decoded = 0;
        for (int k = 0; k < 400000; k++) {
            u32 w = rand32();
            if (k & 1) w &= 0xffff;
            struct isa_inst in, again;
            if (!isa_decode(xl, ~0u, w, &in)) continue;
            decoded++;
            u32 w2;
            if (!isa_encode(in.desc, xl, &in, &w2)) {
                char b[64];
                isa_format(&in, xl, 0, b, sizeof b);
                char msg[128];
                snprintf(msg, sizeof msg, "xlen %d: cannot re-encode %08x (%s)", xl, w, b);
                check_fail(__FILE__, __LINE__, msg);
                return;
            }
            CHECK(isa_decode(xl, ~0u, w2, &again));
            if (in.op != ISA_FENCE)
                CHECK(again.desc == in.desc && again.imm == in.imm && again.rd == in.rd &&
                  again.rs1 == in.rs1 && again.rs2 == in.rs2 && again.rs3 == in.rs3);
            /* only fence and fence.i have don't-care fields; elsewhere the word returns */
            if (in.op != ISA_FENCE && in.op != ISA_FENCE_I) CHECK_EQ_U(w2, (w & ((in.len == 2) ? 0xffff : ~0u)));
        }
        CHECK(decoded > 10000);
    }
}

static struct isa_inst dec(int xlen, u32 w)
{
    struct isa_inst in;
    if (!isa_decode(xlen, ~0u, w, &in)) in.desc = NULL;
    return in;
}

static const char *name(int xlen, u32 w)
{
    struct isa_inst in = dec(xlen, w);
    return in.desc ? in.desc->name : "(illegal)";
}

TEST(base_golden)
{
    struct isa_inst in = dec(64, 0x00150513);          /* addi a0,a0,1 */
    CHECK(in.op == ISA_ADDI && in.rd == 10 && in.rs1 == 10 && in.imm == 1);
    in = dec(64, 0xfff00513);                          /* addi a0,zero,-1 */
    CHECK(in.imm == -1 && in.rs1 == 0);
    in = dec(64, 0x03f51513);                          /* slli a0,a0,63 */
    CHECK(in.op == ISA_SLLI && in.imm == 63);
    CHECK_STR(name(32, 0x03f51513), "(illegal)");      /* shamt[5] reserved in RV32 */
    CHECK_STR(name(64, 0x07f51513), "(illegal)");      /* shamt[6] reserved in RV64 */
    in = dec(128, 0x07f51513);                         /* slli a0,a0,127 */
    CHECK(in.op == ISA_SLLI && in.imm == 127);
    in = dec(64, 0xfe0008e3);                          /* beq zero,zero,-16 */
    CHECK(in.op == ISA_BEQ && in.imm == -16);
    in = dec(64, 0x800000ef);                          /* jal ra,-1048576 */
    CHECK(in.op == ISA_JAL && in.rd == 1 && in.imm == -1048576);
    in = dec(64, 0x800002b7);                          /* lui t0,0x80000 */
    CHECK(in.op == ISA_LUI && in.imm == (i32)0x80000000);
    in = dec(64, 0xfea43c23);                          /* sd a0,-8(s0) */
    CHECK(in.op == ISA_SD && in.imm == -8 && in.rs2 == 10 && in.rs1 == 8);
    in = dec(64, 0x0c05352f);                          /* amoswap.d.aq a0,zero,(a0)? */
    CHECK(in.op == ISA_AMOSWAP_D && in.aqrl == 2);
    in = dec(64, 0x02b57553);                          /* fadd.d fa0,fa0,fa1 (rm=7) */
    CHECK(in.op == ISA_FADD_D && in.rd == 10 && in.rm == 7);
    CHECK_STR(name(64, 0x02b55553), "(illegal)");      /* rm=5 reserved */
    CHECK_STR(name(64, 0x00000000), "(illegal)");
    CHECK_STR(name(64, 0xffffffff), "(illegal)");
}

TEST(rv128_golden)
{
    CHECK_STR(name(128, 0x0000200f), "lq");
    CHECK_STR(name(64, 0x0000200f), "(illegal)");
    CHECK_STR(name(128, 0x00004023), "sq");
    CHECK_STR(name(128, 0x00007003), "ldu");
    CHECK_STR(name(128, 0x0200007b), "muld");
    CHECK_STR(name(64, 0x0200007b), "(illegal)");
    CHECK_STR(name(128, 0x4000505b), "sraid");
    CHECK_STR(name(128, 0x1000402f), "lr.q");
    CHECK_STR(name(128, 0xc0400053), "fcvt.t.s");
    struct isa_inst in = dec(128, 0x03f5105b);         /* sllid a0,a0,63 */
    CHECK(in.op == ISA_SLLID && in.imm == 63);
    CHECK_STR(name(128, 0x0405105b), "(illegal)");     /* sllid shamt is 6 bits */
}

TEST(compressed_rv128_rules)
{
    /* c.slli a0,s: s=0 is 64 in RV128 (a hint elsewhere) */
    struct isa_inst in = dec(128, 0x0502);
    CHECK(in.op == ISA_SLLI && in.imm == 64 && in.rd == 10 && in.rs1 == 10);
    CHECK(dec(64, 0x0502).imm == 0);
    /* c.srli a0 with s = 33 -> 97 in RV128, 33 in RV64, reserved in RV32 */
    u32 srli33 = 0x8001 | (1u << 12) | (2u << 7) | (1u << 2);
    CHECK(dec(128, srli33).imm == 97);
    CHECK(dec(64, srli33).imm == 33);
    CHECK_STR(name(32, srli33), "(illegal)");
    CHECK(dec(128, 0x8001 | (2u << 7)).imm == 64);     /* c.srli s=0 -> 64 */
    /* funct3 001 in quadrant 0/2: c.fld/c.fldsp except RV128: c.lq/c.lqsp */
    CHECK_STR(name(64, 0x2000 | (1u << 2)), "c.fld");
    CHECK_STR(name(128, 0x2000 | (1u << 2)), "c.lq");
    CHECK_STR(name(128, 0xa002), "c.sqsp");
    CHECK_STR(name(32, 0x2001), "c.jal");
    CHECK_STR(name(64, 0x2081), "c.addiw");
    /* c.lq a0? offset bits: bit10 = off[8] */
    in = dec(128, 0x2000 | (1u << 10) | (2u << 2));
    CHECK(in.op == ISA_LQ && in.imm == 256 && in.rd == 10 && in.rs1 == 8);
    /* c.sqsp: bits 12:11 = off[5:4], bits 10:7 = off[9:6] */
    in = dec(128, 0xa002 | (1u << 11) | (1u << 7) | (10u << 2));
    CHECK(in.op == ISA_SQ && in.imm == 16 + 64 && in.rs2 == 10 && in.rs1 == 2);
}

TEST(compressed_reserved)
{
    for (int x = 0; x < 3; x++) {
        int xl = xlens[x];
        CHECK_STR(name(xl, 0x0000), "(illegal)");      /* all zero */
        CHECK_STR(name(xl, 0x0004), "(illegal)");      /* c.addi4spn imm 0 */
        CHECK_STR(name(xl, 0x4002), "(illegal)");      /* c.lwsp rd 0 */
        CHECK_STR(name(xl, 0x8002), "(illegal)");      /* c.jr rs1 0 */
        CHECK_STR(name(xl, 0x6101), "(illegal)");      /* c.addi16sp imm 0 */
        CHECK_STR(name(xl, 0x6501), "(illegal)");      /* c.lui imm 0 */
        CHECK_STR(name(xl, 0x9002), "c.ebreak");
    }
    CHECK_STR(name(64, 0x2001), "(illegal)");          /* c.addiw rd 0 */
    CHECK_STR(name(32, 0x1002 | (1u << 7)), "(illegal)");   /* c.slli shamt[5] in RV32 */
}

TEST(encode_rejects_out_of_range)
{
    struct isa_inst in = dec(64, 0x00150513);          /* addi a0,a0,1 */
    u32 w;
    in.imm = 2047;
    CHECK(isa_encode(in.desc, 64, &in, &w) && w == 0x7ff50513);
    in.imm = 2048;
    CHECK(!isa_encode(in.desc, 64, &in, &w));
    in = dec(64, 0xfe0008e3);                          /* beq: odd offset */
    in.imm = 3;
    CHECK(!isa_encode(in.desc, 64, &in, &w));
    in = dec(64, 0x03f51513);                          /* slli 64 at RV64 */
    in.imm = 64;
    CHECK(!isa_encode(in.desc, 64, &in, &w));
}

/* isa_imm_patch (the linker's relocations) places an immediate where isa_encode does:
 * for each code, patching a word with a random in-range value equals encoding it, and
 * the other bits of the word survive. */
TEST(imm_patch_matches_encode)
{
    static const struct { u32 word; const char *code; int bits, align; } cases[] = {
        { 0x00150513, "j", 12, 0 },     /* addi a0,a0,1 */
        { 0xfea43c23, "q", 12, 0 },     /* sd a0,-8(s0) */
        { 0xfe0008e3, "p", 13, 1 },     /* beq */
        { 0x008000ef, "a", 21, 1 },     /* jal ra */
        { 0x00001537, "u", 32, 12 },    /* lui a0 */
        { 0x0000c111, "Cp", 9, 1 },     /* c.beqz */
        { 0x0000a011, "Ca", 12, 1 },    /* c.j */
    };
    u32 seed = 12345;
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        struct isa_inst in = dec(64, cases[k].word);
        CHECK(in.desc != NULL);
        for (int n = 0; n < 200; n++) {
            seed = seed * 1103515245u + 12345u;
            struct isa_inst want = in;
            int sh = 32 - cases[k].bits;
            want.imm = (i32)((seed >> 1) << sh) >> sh;
            want.imm &= ~((1 << cases[k].align) - 1);
            u32 enc, w = cases[k].word;
            CHECK(isa_encode(in.desc, 64, &want, &enc));
            CHECK(isa_imm_patch(cases[k].code, &w, (u32)want.imm));
            CHECK_EQ_U(w, enc);
        }
    }
    u32 w = 0;
    CHECK(!isa_imm_patch("d", &w, 1));       /* a register, not an immediate */
    struct isa_inst nop = { .imm = 0 };
    CHECK(isa_encode_op(ISA_ADDI, 64, &nop, &w) && w == 0x00000013);
}

TEST(format)
{
    char b[64];
    struct isa_inst in = dec(64, 0x00150513);
    isa_format(&in, 64, 0, b, sizeof b);
    CHECK_STR(b, "addi a0,a0,1");
    in = dec(64, 0xfea43c23);
    isa_format(&in, 64, 0, b, sizeof b);
    CHECK_STR(b, "sd a0,-8(s0)");
}

int main(void)
{
    RUN(lines_are_consistent);
    RUN(round_trip_random_words);
    RUN(base_golden);
    RUN(rv128_golden);
    RUN(compressed_rv128_rules);
    RUN(compressed_reserved);
    RUN(encode_rejects_out_of_range);
    RUN(imm_patch_matches_encode);
    RUN(format);
    return check_done();
}
