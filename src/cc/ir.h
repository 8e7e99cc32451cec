/* The intermediate representation: functions of basic blocks holding three-address
 * instructions on an unbounded set of virtual registers (vregs).  Vreg 0 means "none".
 *
 * Integer vregs hold XLEN-bit values in canonical form: a value of a type narrower than
 * XLEN is kept extended to XLEN bits — 8- and 16-bit types by their signedness, 32-bit (and on
 * rv128 64-bit) types sign-extended whatever their signedness, as the RISC-V *W and *D
 * instructions produce and the psABI passes them.  Operations carry their width `w`
 * (bytes), so lowering picks ADD/ADDW/ADDD and so on.  FP vregs hold float or double.
 */
#ifndef ZL_CC_IR_H
#define ZL_CC_IR_H

#include "cc/cc.h"

enum irop {
    IR_NOP,
    IR_LI,       /* d = imm */
    IR_FLI,      /* d(fp) = constant with bits imm (w = 4 or 8) */
    IR_MOV,      /* d = a (same class) */
    /* integer binary, width w; b == 0 means the immediate imm (ADD/AND/OR/XOR/SHL/SHR/SAR/SLT/SLTU) */
    IR_ADD, IR_SUB, IR_MUL, IR_DIV, IR_DIVU, IR_REM, IR_REMU, IR_AND, IR_OR, IR_XOR,
    IR_SHL, IR_SHR, IR_SAR, IR_SLT, IR_SLTU,
    IR_SEQZ, IR_SNEZ, IR_NEG, IR_NOT,            /* unary on a */
    IR_EXT,      /* d = a extended from w bytes, zero (uns) or sign */
    IR_LOAD,     /* d = *(a + imm), w bytes, uns; FP if d is an FP vreg */
    IR_STORE,    /* *(a + imm) = b, w bytes */
    IR_ADDR,     /* d = address of frame slot `slot` + imm */
    IR_GADDR,    /* d = &sym + imm */
    IR_FRAMEADDR,/* d = frame base (CFA) + imm */
    IR_FADD, IR_FSUB, IR_FMUL, IR_FDIV, IR_FNEG, /* w = 4 or 8 */
    IR_FEQ, IR_FLT, IR_FLE,                      /* d(int) = a op b */
    IR_I2F,      /* d(fp w) = (int of w2 bytes, uns) a */
    IR_F2I,      /* d(int w) = (fp w2) a, truncating, uns */
    IR_F2F,      /* d(fp w) = (fp w2) a */
    IR_FMV_XF,   /* d(int) = bits of a(fp w) */
    IR_FMV_FX,   /* d(fp w) = bits of a(int) */
    IR_BR,       /* if a != 0 goto t1 else t2 */
    IR_BCMP,     /* if (a cc b) goto t1 else t2; cc in imm (enum ir_cc) */
    IR_JMP,      /* goto t1 */
    IR_RET,      /* return; call->args are the result pieces */
    IR_CALL,     /* call; see struct ir_call */
    IR_PARAM,    /* d = incoming argument location (loc, imm = stack offset) */
    IR_COPY,     /* memcpy(a, b, imm) with alignment w */
    IR_ZERO,     /* memset(a, 0, imm) with alignment w */
    IR_ALLOCA,   /* d = new stack block of a bytes (16-aligned) */
    IR_ASM,      /* inline asm */
    IR_TRAP,     /* ebreak/unimp */
    IR_SAVE_VA,  /* prologue: store a<imm>..a7 into the variadic save area (marker) */
    IR_MULHU,    /* d = high XLEN bits of the unsigned product a * b */
    IR_AMO,      /* d = atomic { old = *a; *a = old op b } (imm: 0 swap 1 add 2 and 3 or 4 xor), w bytes */
    IR_CAS,      /* d = atomic { old = *a; if (old == b) *a = c }, w bytes */
    IR_FENCE,    /* fence rw,rw */
    IR_BLOCKADDR,/* d = address of block t1 (labels as values) */
    IR_IJMP,     /* goto *a: to any block whose address is taken */
    IR_SPSAVE,   /* d = sp (before VLAs of a block) */
    IR_SPRESTORE,/* sp = a (leaving the block frees its VLAs) */
    IR_FMA,      /* d(fp w) = a * b + c, one rounding (fmadd) */
    IR_FSQRT,    /* d(fp w) = sqrt(a) */
    IR_FABS,     /* d(fp w) = |a| */
    IR_FSGNJ,    /* d(fp w) = magnitude of a, sign of b */
    IR_FCLASS,   /* d(int) = fclass mask of a(fp w) */
    IR_FRFLAGS,  /* d(int) = the accrued FP exception flags (fflags) */
    IR_FSFLAGS,  /* fflags = a */
    IR_LOC,      /* -g: source position sym (file), imm (line), slot (column) */
};

enum ir_cc { CC_EQ, CC_NE, CC_LT, CC_GE, CC_LTU, CC_GEU };

enum { LOC_STACK = -1 };

struct ir_arg {
    int vreg;
    int reg;        /* 0..7: a0..a7, 8..15: fa0..fa7, LOC_STACK */
    long stack_off; /* offset from sp at the call (args) / from the CFA (params) */
    int w;          /* bytes to store on the stack (int: XLEN/8 or less, fp: 4/8) */
};

struct ir_call {
    int fn;               /* vreg of the callee address, or 0 */
    const char *sym;      /* direct callee */
    struct ir_arg *args;
    int nargs;
    struct ir_arg *rets;  /* results (reg locations) */
    int nrets;
    long stack_bytes;     /* outgoing argument area */
};

struct ir_asm {
    const char *text;
    struct srcpos pos;  /* the asm statement, for diagnostics */
    int nops;
    struct ir_asm_op {
        char kind;      /* 'r' register, 'i' immediate, 'm' memory (vreg = address), 'f' fp reg */
        bool out, in;   /* output / input (both: "+r") */
        int vreg;       /* input value / address; output destination */
        int outvreg;
        i128 imm;
        const char *sym;
        int pinned;     /* physical register number + 1 (register asm variable), 0 = any */
    } *ops;
    const char **clobbers;
    int nclob;
};

struct ir_ins {
    u8 op;
    u8 w, w2;
    bool uns;
    int d, a, b, c;
    i128 imm;
    const char *sym;
    int t1, t2;          /* block ids */
    int slot;
    int loc;             /* IR_PARAM: register 0..15 or LOC_STACK */
    struct ir_call *call;
    struct ir_asm *asmi;
};

struct ir_block {
    int id;
    struct ir_ins *ins;
    int n, cap;
    /* liveness (regalloc.c) */
    u64 *live_in, *live_out, *def, *use;
    int start, end;      /* instruction numbering */
    const char *asm_label; /* extra label (address-taken C label) */
    bool addr_taken;
};

struct ir_slot {
    long size;
    int align;
    long off;            /* offset below the locals base (assigned by the emitter) */
};

struct ir_func {
    const char *name;
    bool is_static, weak;
    const char *section;
    struct ir_block **blocks;
    int nblocks, bcap;
    u8 *vclass;          /* per vreg: 0 int, 1 fp */
    int nvregs, vcap;
    struct ir_slot *slots;
    int nslots, scap;
    bool variadic;
    int va_first_gpr;    /* first a-register that may hold an unnamed argument */
    bool has_alloca, has_calls;
    bool stack_protect;  /* canary between the saved registers and the locals */
    long max_call_stack;
    const char *loc_file;  /* -g: position of the function's declarator */
    int loc_line, loc_col;
    /* register allocation result */
    int *vloc;           /* physical register, or -(spill slot + 1) */
    int align;
};

struct ir_func *ir_new_func(const char *name);
int ir_vreg(struct ir_func *f, int cls);
int ir_block_new(struct ir_func *f);
struct ir_ins *ir_emit(struct ir_func *f, int block, int op);
int ir_slot_new(struct ir_func *f, long size, int align);
void ir_dump(struct ir_func *f, FILE *out);

/* lower.c */
struct ir_func *lower_function(struct obj *fn);

/* abi_riscv.c */
struct abi_part { bool fp; int size; long off; };
struct abi_class {
    enum { ABI_IGNORE, ABI_DIRECT, ABI_INDIRECT } kind;
    int nparts;
    struct abi_part parts[2];
    bool pair_aligned;   /* variadic 2*XLEN-aligned value: even register pair */
};
void abi_classify(struct type *t, bool unnamed, struct abi_class *c);
bool abi_flatten_fp(struct type *t, struct abi_part parts[2], int *n);

/* ir_opt.c: passes for -O1 and above */
void ir_optimize(struct ir_func *f, int level);

/* regalloc.c */
void regalloc(struct ir_func *f);
extern const int ra_int_regs[], ra_fp_regs[];

/* emit_riscv.c */
void emit_function(FILE *out, struct ir_func *f);
void emit_data(FILE *out);

#endif
