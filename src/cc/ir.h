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
#define IR_OP(name, text, d, a, b, c, flags) IR_##name,
#include "cc/ir.def"
#undef IR_OP
    IR_NOPS
};

/* per-opcode facts, from ir.def */
enum {
    IRF_PURE = 1,     /* no side effects: removable when its result is unused */
    IRF_TERM = 2,     /* ends a basic block */
    IRF_CLOBBER = 4,  /* a call point: caller-saved registers do not survive it */
    IRF_CALLOPS = 8,  /* uses call->fn and call->args, defines call->rets */
    IRF_RETOPS = 16,  /* uses call->args (the result pieces) */
    IRF_ASMOPS = 32,  /* uses and defines the operands of asmi */
    IRF_PHIOPS = 64,  /* uses the values of phi */
};
/* what an operand field holds (ir.def's N, I, F, X) */
enum ir_operand { IRO_N, IRO_I, IRO_F, IRO_X };
struct ir_opinfo {
    const char *name;
    u8 d, a, b, c;    /* enum ir_operand */
    u8 flags;
};
extern const struct ir_opinfo ir_ops[IR_NOPS];

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

/* the targets of a jump table (IR_JTAB), indexed by its operand */
struct ir_jtab {
    int n;
    int *t;              /* block ids */
};

/* the incoming values of a phi: v[k] when control comes from block blk[k] */
struct ir_phi {
    int n;
    int *blk;
    int *v;
};

struct ir_ins {
    u8 op;
    u8 w, w2;
    bool uns;
    bool nsw;            /* ADD/SUB/MUL narrower than XLEN (and the SHL a MUL by 2^k
                          * becomes): a signed operation of C, whose overflow is
                          * undefined (the ivsr pass relies on it) */
    bool vol;            /* LOAD/STORE of a volatile object: never removed, merged or reused */
    int d, a, b, c;
    i128 imm;
    const char *sym;
    int t1, t2;          /* block ids */
    int slot;
    int loc;             /* IR_PARAM: register 0..15 or LOC_STACK */
    struct ir_call *call;
    struct ir_asm *asmi;
    struct ir_jtab *jt;  /* IR_JTAB */
    struct ir_phi *phi;  /* IR_PHI */
};

struct ir_block {
    int id;
    struct ir_ins *ins;
    int n, cap;
    int start, end;      /* instruction numbering (regalloc.c) */
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
    bool noinline;       /* never inlined into its callers (the inline pass) */
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
    int *vloc;           /* physical register, -(spill slot + 1), or 0: never read */
    int align;
};

struct ir_func *ir_new_func(const char *name);
int ir_vreg(struct ir_func *f, int cls);
int ir_block_new(struct ir_func *f);
struct ir_ins *ir_emit(struct ir_func *f, int block, int op);
/* The same on a block (a zeroed instruction of opcode op at its end). */
struct ir_ins *ir_append(struct ir_block *b, int op);
int ir_slot_new(struct ir_func *f, long size, int align);

/* Operand access for every pass: the addresses of the vreg fields an instruction reads
 * (ir_uses) or writes (ir_defs), at most max of them; ir_operand_bound gives a max
 * that always suffices. */
int ir_operand_bound(const struct ir_ins *i);
int **ir_slot_buf(const struct ir_ins *i, int **local, int nlocal); /* local, or a big enough buffer */
int ir_uses(struct ir_ins *i, int **slots, int max);
int ir_defs(struct ir_ins *i, int **slots, int max);
/* The block-id fields of i — its branch targets, or BLOCKADDR's block — for the passes
 * that follow, renumber or redirect them: ir_ntargets(i) of them, field k at
 * ir_target(i, k).  A jump table's may repeat a block. */
int ir_ntargets(const struct ir_ins *i);
int *ir_target(struct ir_ins *i, int k);
/* a copy of a jump table, for a copy of its instruction that may be renumbered */
struct ir_jtab *ir_jtab_copy(const struct ir_jtab *jt);
/* a new phi of n entries (blocks and values 0) */
struct ir_phi *ir_phi_new(int n);
struct ir_phi *ir_phi_copy(const struct ir_phi *p);
static inline bool ir_is_pure(int op) { return ir_ops[op].flags & IRF_PURE; }
static inline bool ir_is_term(int op) { return ir_ops[op].flags & IRF_TERM; }
static inline bool ir_is_call_point(int op) { return ir_ops[op].flags & IRF_CLOBBER; }
/* whether caller-saved registers may not survive i: a call point, except an asm
 * statement that names no register (no clobbered register, no register asm operand),
 * which touches only its operands' registers and the emitter's scratch registers */
bool ir_clobbers_regs(const struct ir_ins *i);
/* whether the function sym may return twice (setjmp, vfork and the like) */
bool ir_returns_twice(const char *sym);

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
void ir_opt_begin_unit(void);  /* before the first function of a unit */
/* a function the passes made (a clone, pass "specialize") that is still to go through
 * the back end, or NULL */
struct ir_func *ir_opt_next_clone(void);
bool ir_pass_known(const char *name);
bool ir_run_pass(struct ir_func *f, const char *name);  /* false: no such pass */

/* regalloc.c */
void regalloc(struct ir_func *f);
extern const int ra_int_regs[], ra_fp_regs[];

/* emit_riscv.c */
void emit_function(FILE *out, struct ir_func *f);
void emit_data(FILE *out);

#endif
