/* Private to the lowering (lower*.c): the state of the function being lowered and the
 * functions the files share.  Each lower_*.c file lowers one concern; lower.c holds the
 * state, the common helpers and lower_function. */
#ifndef ZL_CC_LOWER_H
#define ZL_CC_LOWER_H

#include "cc/ir.h"

extern struct ir_func *F;
extern struct obj *FN;
extern int cur;                 /* current block */
extern int brk_target, cont_target;
/* VLA scopes: for each VLA object whose scope the current point is in (outermost first),
 * the stack pointer saved before its allocation.  Leaving scopes (the end of a block,
 * break, continue, goto) restores the saved value of the outermost one left, which frees
 * the stack space of every VLA allocated since. */
/* the scopes a jump may leave: a VLA (saved: sp before it) or a variable with a cleanup
 * function (cleanup: the call), outermost first */
struct vscope { struct node *decl; int saved; struct node *cleanup; };
extern struct vscope *vstk;
extern int vdepth, vcap;
extern int brk_vdepth, cont_vdepth; /* vdepth at the break/continue targets */
extern int sw_vdepth;               /* vdepth at the innermost switch */
extern struct srcpos sw_pos;        /* ... and where it is */
extern bool fn_has_vla;  /* or a variable with a cleanup: gotos must leave scopes */
extern int ret_ptr_vreg;        /* hidden struct-return pointer */
extern struct abi_class ret_class;
struct lbl { const char *name; int block; bool defined; struct srcpos pos; struct lbl *next; };
extern struct lbl *labels;
extern int var_vreg_max; /* vregs up to this one belong to variables; later ones are temporaries */
/* -g: a row of the line table where the code of a statement starts */
extern int loc_block;
extern u32 loc_line;
/* the declarations of the scope entries around a label (lower_stmt.c, label_vla_depth) */
extern struct node **vlbl;
extern int vlbl_cap;

/* lower.c */
struct ir_ins *E(int op);
int vint(void);
int vfp(void);
int R(void);
bool is_fp(struct type *t);
int set_block(int b);
void jmp(int b);
/* ends the block: to t1 if a cc b (enum ir_cc), else to t2 */
void branch_cmp(int cc, int a, int b, int t1, int t2);
bool block_ends(void);
i128 canon(i128 v, struct type *t);
int li(i128 v);
int bin(int op, int w, int a, int b);
int bini(int op, int w, int a, i128 imm);
int signed_nowrap(int v, struct type *t);
int un(int op, int w, int a);
int ext(int a, int w, bool uns);
int mov(int a);
void mov_to(int d, int a);
bool wide(struct type *t);
bool is_ld(struct type *t);
bool in_mem(struct type *t);
int nw(struct type *t);
int vtuple(int n);
int vpair(void);
int pair(int lo, int hi);
int tuple(const int *w, int n);
int const_words(i128 v, int n);
int copy_val(int v, struct type *t);
void mov_val(int d, int a, struct type *t);
struct type *reg_type(bool uns);
int opw(struct type *t);
int load(struct type *t, int addr, long off);
void store(struct type *t, int addr, long off, int v);
bool has_char_buffer(struct type *t);
int local_slot(struct type *t, int align);
int slot_addr(int slot, long off);
void copy_mem(int dst, int src, long size, int align);
void zero_mem(int dst, long size, int align);
int assign_var(int var, int v, struct type *t);
void param_in(struct obj *p, int *ngpr, int *nfpr, long *stack);

/* lower_conv.c */
int rt_call(const char *sym, const int *args, const int *kinds, int nargs, int retkind);
const char *rt_mode(struct type *t);
int ldw(void);
int ld_call(const char *sym, int *args, int nargs, int retkind);
int ld_const_bits(u128 b);
int ld_const(double d);
int ld_cmp(const char *sym, int a, int b);
int int_words(long s);
int ld_cast(int v, struct type *from, struct type *to, struct srcpos pos);
int widen_words(int v, int n, int m, bool uns);
int wide_shift_c(int k, bool uns, int a, int n, int cnt);
int wide_cast(int v, struct type *from, struct type *to, struct srcpos pos);
int gen_cast_v(int v, struct type *from, struct type *to, struct srcpos pos);

/* lower_expr.c */
/* a bit-field's value / an assignment to it; vol: the access is to a volatile object */
int bf_load(struct member *m, int addr, bool vol);
void bf_store(struct member *m, int addr, int val, bool vol);
bool promoted(struct obj *o);
int gen_addr(struct node *e);
int cmp_value(enum nk k, struct node *l, struct node *r);
int scale_index(int v, long size);
int ptr_elem_size(struct type *pt, struct srcpos pos, int *dyn);
int wide_shift(int k, bool uns, int a, int n);
int wide_shift_n(int k, bool uns, int a, int n, int c);
int wide_arith_n(int k, struct type *t, int a, int b);
int wide_arith(int k, struct type *t, int a, int b);
int wide_lt(int a, int b, bool uns, int n);
int wide_eq(int a, int b, int n);
int arith(int k, struct type *t, int a, int b, struct srcpos pos);
int ptr_add(int k, struct type *pt, int a, int b, struct srcpos pos);
int gen_binary(struct node *e);
int gen_logical_value(struct node *e);
void gen_cond(struct node *e, int t, int f);
int load_lvalue(struct node *e);
void store_lvalue(struct node *e, int addr, int v);
int lvalue_addr(struct node *e);
int load_at(struct node *e, int addr);
int bf_trunc(struct node *e, int v);
int gen_assign(struct node *e);
int gen_opassign(struct node *e);
int gen_incdec(struct node *e);
int gen_va_arg(struct node *e);
int gen_expr(struct node *e);

/* lower_init.c */
void init_local(struct obj *o, struct init *ini, int addr);
void gen_decl_init(struct node *s);
void gen_decl(struct node *s);

/* lower_call.c */
void assign_parts(struct abi_class *c, struct type *t, int *ngpr, int *nfpr, long *stack, int regs[2], long stoff[2], bool unnamed);
void add_arg(struct ir_call *c, int vreg, int reg, long off, int w);
void add_arg_(struct ir_call *c, int vreg, int reg, int w);
int gen_call(struct node *e);

/* lower_atomic.c */
int atomic_width(struct type *t, struct srcpos pos);
bool is_atomic_lv(struct node *l);
struct type *atomic_bits_type(int w);
int atomic_load(struct node *l);
int amo(int op, int w, bool uns, int p, int v);
int cas(int w, bool uns, int p, int expected, int desired);
int fmv(int op, int w, int v);
int atomic_update(struct node *e, struct type *t, int old, int rhs);
int atomic_rmw(struct node *e);
int atomic_assign(struct node *e);
int gen_atomic(struct node *e);

/* lower_builtin.c */
int fclass_test(int m, int mask);
int fp_const(int w, double v);
int fpclassify_select(struct node *e, const int cls[4]);
int gen_fpclass_ld(struct node *e);
int gen_fpclass(struct node *e);
int bit_builtin(int op, int x, int bits);
int gen_builtin(struct node *e);

/* lower_complex.c */
int cplx_store(struct type *ct, int re, int im);
int elem_zero(struct type *et);
int elem_neg(struct type *et, int v);
int elem_isnan(struct type *et, int v);
int elem_eq(struct type *et, int a, int b);
int cplx_cast_v(int v, struct type *from, struct type *to, struct srcpos pos);
int cplx_libcall(const char *op, struct type *ct, int ar, int ai, int br, int bi);
int cplx_arith_v(int k, struct type *ct, int a, struct type *lt, int b, struct type *rt, struct srcpos pos);
int cplx_eq(struct node *e);
int cplx_neg(struct type *ct, int v, bool conj);

/* lower_stmt.c */
struct lbl *label(const char *name, struct srcpos pos);
void gen_return(struct node *s);
void gen_switch(struct node *s);
void scope_leave(int depth, bool free_vlas);
void vla_leave(int depth);
bool is_vla_decl(struct node *s);
bool is_scope_decl(struct node *s);
struct node *vla_among(struct node **decls, int from, int to);
_Noreturn void jump_into_vla(struct srcpos at, const char *what, struct srcpos from, const char *from_note, struct node *vla);
void scope_push_entry(struct node *decl, int saved, struct node *cleanup);
bool has_vla(struct node *s);
int vlbl_push(int d, struct node *decl);
int label_vla_depth(struct node *s, const char *name, int d);
void gen_asm(struct node *s);
int asm_reg_number(const char *name);
void mark_loc(struct srcpos p);
void gen_stmt(struct node *s);

#endif
