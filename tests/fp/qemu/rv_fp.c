/* RISC-V side of the qemu differential test (tests/fp/qemu_diff_test.sh): built with
 * riscv64-linux-gnu-gcc -static and run under qemu-riscv64.  Reads fixed-size records
 * {op, rm, a, b, c} from stdin, executes the one F/D instruction `op` with frm = rm,
 * and writes {result, fflags} to stdout.  Op numbers: tests/fp/qemu/ops.h. */
#include <stdint.h>
#include <stdio.h>
#include "ops.h"

#define PRE  "fsrm %[rm]\n\tfsflags x0\n\t"
#define POST "\n\tfrflags %[fl]"

/* binary32 operands travel NaN-boxed through fmv.w.x; results come back with fmv.x.w. */
#define S2(insn) asm volatile(PRE "fmv.w.x ft0,%[a]\n\tfmv.w.x ft1,%[b]\n\t" insn " ft2,ft0,ft1\n\tfmv.x.w %[r],ft2" POST \
        : [r] "=&r"(r), [fl] "=&r"(fl) : [rm] "r"(rm), [a] "r"(a), [b] "r"(b) : "ft0", "ft1", "ft2")
#define S3(insn) asm volatile(PRE "fmv.w.x ft0,%[a]\n\tfmv.w.x ft1,%[b]\n\tfmv.w.x ft3,%[c]\n\t" insn " ft2,ft0,ft1,ft3\n\tfmv.x.w %[r],ft2" POST \
        : [r] "=&r"(r), [fl] "=&r"(fl) : [rm] "r"(rm), [a] "r"(a), [b] "r"(b), [c] "r"(c) : "ft0", "ft1", "ft2", "ft3")
#define S1(insn) asm volatile(PRE "fmv.w.x ft0,%[a]\n\t" insn " ft2,ft0\n\tfmv.x.w %[r],ft2" POST \
        : [r] "=&r"(r), [fl] "=&r"(fl) : [rm] "r"(rm), [a] "r"(a) : "ft0", "ft2")
#define SCMP(insn) asm volatile(PRE "fmv.w.x ft0,%[a]\n\tfmv.w.x ft1,%[b]\n\t" insn " %[r],ft0,ft1" POST \
        : [r] "=&r"(r), [fl] "=&r"(fl) : [rm] "r"(rm), [a] "r"(a), [b] "r"(b) : "ft0", "ft1")
#define S2I(insn) asm volatile(PRE "fmv.w.x ft0,%[a]\n\t" insn " %[r],ft0" POST \
        : [r] "=&r"(r), [fl] "=&r"(fl) : [rm] "r"(rm), [a] "r"(a) : "ft0")
#define I2S(insn) asm volatile(PRE insn " ft2,%[a]\n\tfmv.x.w %[r],ft2" POST \
        : [r] "=&r"(r), [fl] "=&r"(fl) : [rm] "r"(rm), [a] "r"(a) : "ft2")

#define D2(insn) asm volatile(PRE "fmv.d.x ft0,%[a]\n\tfmv.d.x ft1,%[b]\n\t" insn " ft2,ft0,ft1\n\tfmv.x.d %[r],ft2" POST \
        : [r] "=&r"(r), [fl] "=&r"(fl) : [rm] "r"(rm), [a] "r"(a), [b] "r"(b) : "ft0", "ft1", "ft2")
#define D3(insn) asm volatile(PRE "fmv.d.x ft0,%[a]\n\tfmv.d.x ft1,%[b]\n\tfmv.d.x ft3,%[c]\n\t" insn " ft2,ft0,ft1,ft3\n\tfmv.x.d %[r],ft2" POST \
        : [r] "=&r"(r), [fl] "=&r"(fl) : [rm] "r"(rm), [a] "r"(a), [b] "r"(b), [c] "r"(c) : "ft0", "ft1", "ft2", "ft3")
#define D1(insn) asm volatile(PRE "fmv.d.x ft0,%[a]\n\t" insn " ft2,ft0\n\tfmv.x.d %[r],ft2" POST \
        : [r] "=&r"(r), [fl] "=&r"(fl) : [rm] "r"(rm), [a] "r"(a) : "ft0", "ft2")
#define DCMP(insn) asm volatile(PRE "fmv.d.x ft0,%[a]\n\tfmv.d.x ft1,%[b]\n\t" insn " %[r],ft0,ft1" POST \
        : [r] "=&r"(r), [fl] "=&r"(fl) : [rm] "r"(rm), [a] "r"(a), [b] "r"(b) : "ft0", "ft1")
#define D2I(insn) asm volatile(PRE "fmv.d.x ft0,%[a]\n\t" insn " %[r],ft0" POST \
        : [r] "=&r"(r), [fl] "=&r"(fl) : [rm] "r"(rm), [a] "r"(a) : "ft0")
#define I2D(insn) asm volatile(PRE insn " ft2,%[a]\n\tfmv.x.d %[r],ft2" POST \
        : [r] "=&r"(r), [fl] "=&r"(fl) : [rm] "r"(rm), [a] "r"(a) : "ft2")
/* fcvt.s.d: binary64 in, binary32 out; fcvt.d.s the other way. */
#define D2S(insn) asm volatile(PRE "fmv.d.x ft0,%[a]\n\t" insn " ft2,ft0\n\tfmv.x.w %[r],ft2" POST \
        : [r] "=&r"(r), [fl] "=&r"(fl) : [rm] "r"(rm), [a] "r"(a) : "ft0", "ft2")
#define S2D(insn) asm volatile(PRE "fmv.w.x ft0,%[a]\n\t" insn " ft2,ft0\n\tfmv.x.d %[r],ft2" POST \
        : [r] "=&r"(r), [fl] "=&r"(fl) : [rm] "r"(rm), [a] "r"(a) : "ft0", "ft2")

int main(void)
{
    struct fp_rec in;
    struct fp_res out;
    while (fread(&in, sizeof in, 1, stdin) == 1) {
        uint64_t r = 0, fl = 0, a = in.a, b = in.b, c = in.c, rm = in.rm;
        switch (in.op) {
        case OP_S_ADD: S2("fadd.s"); break;
        case OP_S_SUB: S2("fsub.s"); break;
        case OP_S_MUL: S2("fmul.s"); break;
        case OP_S_DIV: S2("fdiv.s"); break;
        case OP_S_SQRT: S1("fsqrt.s"); break;
        case OP_S_FMADD: S3("fmadd.s"); break;
        case OP_S_FMSUB: S3("fmsub.s"); break;
        case OP_S_FNMSUB: S3("fnmsub.s"); break;
        case OP_S_FNMADD: S3("fnmadd.s"); break;
        case OP_S_MIN: S2("fmin.s"); break;
        case OP_S_MAX: S2("fmax.s"); break;
        case OP_S_EQ: SCMP("feq.s"); break;
        case OP_S_LT: SCMP("flt.s"); break;
        case OP_S_LE: SCMP("fle.s"); break;
        case OP_S_CLASS: S2I("fclass.s"); break;
        case OP_S_TO_W: S2I("fcvt.w.s"); break;
        case OP_S_TO_WU: S2I("fcvt.wu.s"); break;
        case OP_S_TO_L: S2I("fcvt.l.s"); break;
        case OP_S_TO_LU: S2I("fcvt.lu.s"); break;
        case OP_S_FROM_W: I2S("fcvt.s.w"); break;
        case OP_S_FROM_WU: I2S("fcvt.s.wu"); break;
        case OP_S_FROM_L: I2S("fcvt.s.l"); break;
        case OP_S_FROM_LU: I2S("fcvt.s.lu"); break;
        case OP_S_TO_D: S2D("fcvt.d.s"); break;
        case OP_D_TO_S: D2S("fcvt.s.d"); break;
        case OP_D_ADD: D2("fadd.d"); break;
        case OP_D_SUB: D2("fsub.d"); break;
        case OP_D_MUL: D2("fmul.d"); break;
        case OP_D_DIV: D2("fdiv.d"); break;
        case OP_D_SQRT: D1("fsqrt.d"); break;
        case OP_D_FMADD: D3("fmadd.d"); break;
        case OP_D_FMSUB: D3("fmsub.d"); break;
        case OP_D_FNMSUB: D3("fnmsub.d"); break;
        case OP_D_FNMADD: D3("fnmadd.d"); break;
        case OP_D_MIN: D2("fmin.d"); break;
        case OP_D_MAX: D2("fmax.d"); break;
        case OP_D_EQ: DCMP("feq.d"); break;
        case OP_D_LT: DCMP("flt.d"); break;
        case OP_D_LE: DCMP("fle.d"); break;
        case OP_D_CLASS: D2I("fclass.d"); break;
        case OP_D_TO_W: D2I("fcvt.w.d"); break;
        case OP_D_TO_WU: D2I("fcvt.wu.d"); break;
        case OP_D_TO_L: D2I("fcvt.l.d"); break;
        case OP_D_TO_LU: D2I("fcvt.lu.d"); break;
        case OP_D_FROM_W: I2D("fcvt.d.w"); break;
        case OP_D_FROM_WU: I2D("fcvt.d.wu"); break;
        case OP_D_FROM_L: I2D("fcvt.d.l"); break;
        case OP_D_FROM_LU: I2D("fcvt.d.lu"); break;
        default: r = 0xdeadbeef; fl = 0xff; break;
        }
        out.r = r;
        out.flags = fl;
        fwrite(&out, sizeof out, 1, stdout);
    }
    return 0;
}
