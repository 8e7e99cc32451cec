/* Generates an assembly corpus from the instruction table: every line valid at an XLEN,
 * each with several operand forms (register choices, immediate extremes, rounding modes,
 * CSR names and numbers, branch targets before/after/undefined), plus the pseudo-
 * instructions and directives that compiler output uses.  The same text is assembled by
 * zl-as and by GNU as (tests/as/gnu_compare_test.sh) and the objects are compared.
 *
 * RV128 lines have no GNU counterpart; at XLEN 128 the corpus is used for zl-as's own
 * round trip (assemble, disassemble, reassemble). */
#ifndef ZL_TESTS_AS_CORPUS_H
#define ZL_TESTS_AS_CORPUS_H

#include <stdio.h>
#include <string.h>

#include "isa/isa.h"

/* Values an operand takes in variant v. */
static void corpus_operand(FILE *out, const struct isa_insn *d, const struct isa_operand *op,
                           int xlen, int v, int label)
{
    static const char *const xr[] = { "a0", "zero", "ra", "sp", "s1", "t6", "a5", "gp", "s11", "tp" };
    static const char *const xp[] = { "a0", "s0", "s1", "a5", "a3", "a1", "a4", "a2" };
    static const char *const fr[] = { "fa0", "ft0", "fs11", "ft11", "fa5", "fs0", "fs1", "fa7" };
    static const char *const fp[] = { "fa0", "fs0", "fs1", "fa5", "fa3", "fa1", "fa4", "fa2" };
    static const char *const rms[] = { "rne", "rtz", "rdn", "rup", "rmm", "dyn" };
    static const char *const csrs[] = { "mstatus", "cycle", "fcsr", "0", "0xfff", "frm", "sscratch", "0x7c0" };
    static const char *const fences[] = { "iorw,iorw", "rw,w", "r,r", "w,rw", "i,o", "io,iorw" };
    if (op->slot == ISA_SLOT_SP) { fputs("sp", out); return; }
    if (op->slot == ISA_SLOT_RM) { fputs(rms[v % 6], out); return; }
    if (op->rclass != ISA_RC_NONE && op->slot != ISA_SLOT_IMM) {
        bool f = op->rclass == ISA_RC_F;
        if (op->prime) fputs((f ? fp : xp)[v % 8], out);
        else if (f) fputs(fr[v % 8], out);
        else {
            const char *r = xr[v % 10];
            if ((op->nonzero || (d->ext & EXT_C)) && !strcmp(r, "zero")) r = "t0";
            if ((d->ext & EXT_C) && d->op == ISA_LUI && (!strcmp(r, "sp") || !strcmp(r, "zero"))) r = "a1";
            fputs(r, out);
        }
        return;
    }
    switch (op->kind) {
    case ISA_OPK_UIMM5: fprintf(out, "%d", (int[]){ 0, 31, 1, 17 }[v % 4]); return;
    case ISA_OPK_CSR: fputs(csrs[v % 8], out); return;
    case ISA_OPK_FENCE: fputs(fences[v % 6], out); return;
    case ISA_OPK_UPPER:
        if (op->code[0] == 'C') fputs((const char *[]){ "1", "0x1f", "0xfffe0", "0xfffff", "5" }[v % 5], out);
        else fputs((const char *[]){ "0", "1", "0xfffff", "0x80000", "0x12345", "%hi(sym_a)", "%hi(sym_a+0x800)" }[v % 7], out);
        return;
    case ISA_OPK_SHAMT: {
        unsigned w = 0;
        while (w < 7 && !(d->mask & (1u << (20 + w)))) w++;
        unsigned max = (1u << w) - 1;
        fprintf(out, "%u", (unsigned[]){ 0, 1, max, max / 2, 3 }[v % 5]);
        return;
    }
    case ISA_OPK_CSHIFT: {
        unsigned max = xlen == 32 ? 31 : 63;
        if (xlen == 128) fprintf(out, "%u", (unsigned[]){ 1, 64, 31, 17, !strcmp(op->code, "C}") ? 127 : 63 }[v % 5]);
        else fprintf(out, "%u", (unsigned[]){ 1, max, max / 2, 17, 3 }[v % 5]);
        return;
    }
    default: break;
    }
    if (op->pcrel) {
        /* an undefined symbol, the instruction itself, the next label */
        switch ((d->ext & EXT_C) ? 1 + v % 2 : v % 5) {
        case 0: fputs("ext_sym", out); break;
        case 1: fprintf(out, "%db", label); break;
        case 2: fprintf(out, "%df", label + 1); break;
        case 3: fputs("ext_sym+8", out); break;
        default: fputs("loc_sym", out); break;
        }
        return;
    }
    /* plain immediates */
    long long lo = op->is_signed ? -(1ll << (op->bits - 1)) : 0;
    long long hi = op->is_signed ? (1ll << (op->bits - 1)) - 1 : (1ll << op->bits) - 1;
    long long al = 1ll << op->align;
    lo &= ~(al - 1);
    hi &= ~(al - 1);
    if (op->nonzero && lo == 0) lo = al;
    long long vals[6] = { lo, hi, op->nonzero ? al : 0, al * 3 > hi ? hi : al * 3, op->is_signed ? -al : hi / 2, hi / 2 };
    for (int i = 0; i < 6; i++) {
        vals[i] &= ~(al - 1);
        if (op->nonzero && vals[i] == 0) vals[i] = al;
    }
    if (!(d->ext & EXT_C) && (op->code[0] == 'j' || op->code[0] == 'o' || op->code[0] == 'q') &&
        op->code[1] == 0 && v == 6) {
        fputs("%lo(sym_a)", out);
        return;
    }
    fprintf(out, "%lld", vals[v % 6]);
}

static bool corpus_line_ok(const struct isa_insn *d, int xlen)
{
    if (!(d->xlens & isa_xbit(xlen))) return false;
    return true;
}

/* One line (mnemonic + operands) in variant v. */
static void corpus_emit(FILE *out, const struct isa_insn *d, int xlen, int v, int *label)
{
    int lab = ++*label;
    fprintf(out, "%d:\t%s", lab, d->name);
    if (d->flags & ISA_F_AQRL) fputs((const char *[]){ "", ".aq", ".rl", ".aqrl" }[v % 4], out);
    const char *a = d->args;
    bool first = true;
    while (*a) {
        if (*a == ',' || *a == '(' || *a == ')') {
            /* a default rounding mode is written by leaving the operand out */
            /* (always for the exact conversions, which GNU as 2.40 takes without one) */
            if (a[0] == ',' && a[1] == 'm' && a[2] == 0 && (v % 3 == 0 || isa_default_rm(d) == 0))
                break;
            fputc(*a++, out);
            continue;
        }
        if (first) { fputc('\t', out); first = false; }
        struct isa_operand op;
        size_t len;
        if (!isa_operand_at(a, &op, &len)) break;
        a += len;
        corpus_operand(out, d, &op, xlen, v + (int)(a - d->args), lab);
    }
    fprintf(out, "\n%d:\n", lab + 1);
    ++*label;
}

/* Pseudo-instructions and other forms compiler output uses. */
static const char *const corpus_pseudos_common[] = {
    "nop", "li a0,0", "li a0,-1", "li a5,2047", "li a5,-2048", "li t0,2048", "li s1,0x7fffffff",
    "li s1,-0x80000000", "li a0,0x12345678", "li a0,0x800", "li a0,0xfff", "li a0,0x1000",
    "li a0,0xfffff000", "li a0,-0x7ffff800",
    "mv a0,a1", "mv a0,zero", "mv s0,sp", "not a0,a1", "neg a0,a1", "seqz a0,a1", "snez a0,a1",
    "sltz a0,a1", "sgtz a0,a1", "beqz a0,1f", "bnez s1,1f", "beqz t0,1f", "blez a0,1f",
    "bgez a0,1f", "bltz a0,1f", "bgtz a0,1f", "bgt a0,a1,1f", "ble a0,a1,1f", "bgtu a0,a1,1f",
    "bleu a0,a1,1f", "beqz a0,ext_sym", "bnez a0,loc_sym", "beq a0,zero,1f", "bne s0,zero,1f",
    "j 1f", "j ext_sym", "jal 1f", "jal ext_sym", "jr a0", "jr ra", "jalr a0", "jalr t0",
    "jalr 4(a0)", "jr 8(a1)", "jalr a1,a0", "jalr a1,a0,12", "jalr a0,12", "ret",
    "call ext_sym", "call ext_sym@plt", "tail ext_sym", "call loc_sym", "jump ext_sym,t0",
    "call t0,ext_sym",
    "la a0,sym_a", "lla a1,sym_a+16", "la.tls.ie a0,tls_sym", "la.tls.gd a0,tls_sym",
    "lw a0,sym_a", "lbu a1,sym_a+3", "sw a0,sym_a,t0", "sb a1,sym_a+1,t1",
    "lui a5,%tprel_hi(tls_sym)", "add a5,a5,tp,%tprel_add(tls_sym)",
    "addi a5,a5,%tprel_lo(tls_sym)", "sw a0,%tprel_lo(tls_sym)(a5)",
    "lui a0,%hi(sym_a)", "addi a0,a0,%lo(sym_a)", "lw a0,%lo(sym_a)(a0)", "sw a1,%lo(sym_a+4)(a0)",
    "3: auipc a0,%pcrel_hi(sym_a)", "addi a0,a0,%pcrel_lo(3b)",
    "4: auipc a0,%got_pcrel_hi(ext_sym)", "lw a0,%pcrel_lo(4b)(a0)",
    "csrr a0,cycle", "csrw mstatus,a0", "csrs mstatus,a1", "csrc mstatus,a2", "csrwi mstatus,5",
    "csrsi mstatus,31", "csrci mstatus,1", "csrw mscratch,7", "rdcycle a0", "rdtime a1",
    "rdinstret a2", "frcsr a0", "fscsr a1", "fscsr a0,a1", "frrm a0", "fsrm a1", "fsrm a0,a1",
    "frflags a0", "fsflags a1", "fsflags a0,a1", "fsrmi 2", "fsrmi a0,3", "fsflagsi 1",
    "fsflagsi a0,0", "fmv.s fa0,fa1", "fneg.s fa0,fa1", "fabs.s fa0,fa1", "fmv.d fa0,fa1",
    "fneg.d fs0,fa1", "fabs.d ft0,ft1", "fmv.x.s a0,fa0", "fmv.s.x fa0,a0", "fgt.s a0,fa0,fa1",
    "fge.d a0,fa0,fa1", "fence", "fence.i", "unimp", "ebreak", "ecall", "zext.b a0,a1",
    "add a0,a0,5", "and a0,a0,-3", "or a1,a1,16", "xor a0,a1,-1", "sll a0,a0,3", "srl a0,a0,3",
    "sra s1,s1,2", "slt a0,a1,-5", "sltu a0,a1,1",
    "addi a0,a0,0", "addi sp,sp,0", "addi a0,a1,0", "addi zero,zero,0", "addi sp,sp,-512",
    "addi sp,sp,496", "addi sp,sp,32", "addi a0,sp,1020", "addi s1,sp,4", "addi a0,zero,31",
    "add a0,zero,a1", "add a0,a1,zero", "add a0,a1,a0", "and a0,a1,a0", "or a1,a0,a1",
    "xor s0,a0,s0", "lw a0,0(sp)", "lw a0,252(sp)", "lw a0,124(a1)",
    "sw a0,252(sp)", "fld fa0,504(sp)", "fsd fs1,248(a1)",
    "lw a0,(a1)", "sw a0,(a1)", "lr.w a0,0(a1)", "amoadd.w a0,a1,0(a2)",
};
static const char *const corpus_pseudos_64[] = {
    "li a0,0x123456789abcdef0", "li a0,0xffffffff", "li a0,0x80000000", "li a0,-0x80000001",
    "li a0,0x7fffffffffffffff", "li a0,0x8000000000000000", "li a0,0xffffffffffffffff",
    "li a0,0x100000000", "li a0,0xfffffffffffff800", "li t1,0x1234567800000000",
    "li a0,0x0000123400005678", "li a0,0xdeadbeefcafebabe", "li a0,0x7ffffffffffff7ff",
    "negw a0,a1", "sext.w a0,a1", "sext.w a0,a0", "addw a0,a0,7", "sllw a0,a0,3", "addiw a0,a0,0",
    "ld a0,sym_a", "lwu a1,sym_a", "sd a0,sym_a,t2", "fld fa0,sym_a,t0", "fsd fa0,sym_a,t0",
    "zext.w a0,a1", "zext.h a0,a1", "sext.h a0,a1", "sext.b a0,a1",
    "ld a0,504(sp)", "ld a0,248(a1)", "sd a0,504(sp)",
};
static const char *const corpus_pseudos_32[] = {
    "li a0,0xffffffff", "li a0,0x80000000", "rdcycleh a0", "rdtimeh a1", "rdinstreth a2",
    "flw fa0,sym_a,t0", "fsw fa0,sym_a,t0", "zext.h a0,a1", "sext.h a0,a1", "sext.b a0,a1",
};
static const char *const corpus_pseudos_128[] = {
    "li a0,0x123456789abcdef0", "li a0,0xffffffffffffffffffffffffffffffff",
    "li a0,0x80000000000000000000000000000000", "li a0,0x0123456789abcdef0fedcba987654321",
    "li a0,0x10000000000000000", "li a0,-0x8000000000000001", "li a0,0xffffffffffffffff",
    "sext.d a0,a1", "negd a0,a1", "addd a0,a0,5", "slld a0,a0,3", "lq a0,sym_a", "sq a0,sym_a,t0",
    "ldu a1,sym_a", "lq a0,496(sp)", "sq a0,1008(sp)", "lq a0,496(a1)", "sq s1,256(a1)",
    "zext.d a0,a1", "zext.w a0,a1",
};

static void corpus_write(FILE *out, int xlen, bool rvc)
{
    int label = 10;
    fprintf(out, "\t.text\n%s\t.globl loc_sym\nloc_sym:\n", rvc ? "" : "\t.option norvc\n");
    for (size_t i = 0; i < isa_table_len; i++) {
        const struct isa_insn *d = &isa_table[i];
        if (!corpus_line_ok(d, xlen)) continue;
        if ((d->ext & EXT_C) && !rvc) continue;
        int nv = d->args[0] ? 7 : 1;
        for (int v = 0; v < nv; v++) corpus_emit(out, d, xlen, v, &label);
    }
    const char *const *lists[2] = { corpus_pseudos_common,
                                    xlen == 32 ? corpus_pseudos_32 : xlen == 64 ? corpus_pseudos_64
                                                                    : corpus_pseudos_128 };
    size_t counts[2] = { sizeof corpus_pseudos_common / sizeof *corpus_pseudos_common,
                         xlen == 32 ? sizeof corpus_pseudos_32 / sizeof *corpus_pseudos_32
                         : xlen == 64 ? sizeof corpus_pseudos_64 / sizeof *corpus_pseudos_64
                                      : sizeof corpus_pseudos_128 / sizeof *corpus_pseudos_128 };
    for (int l = 0; l < 2; l++)
        for (size_t i = 0; i < counts[l]; i++) fprintf(out, "\t%s\n1:\n", lists[l][i]);
    fputs("\t.data\nsym_a:\t.word 1, 2, 3\n\t.section .tbss,\"awT\",@nobits\ntls_sym:\t.zero 8\n", out);
}

#endif
