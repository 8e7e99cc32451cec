/* The IR as text (docs/cc.md, "IR text"): every field an instruction, block, slot or
 * function holds before register allocation, so that ir_read.c can rebuild it exactly. */
#include "cc/ir_text.h"

#include <string.h>

void ir_write_str(FILE *out, const char *s)
{
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') fprintf(out, "\\%c", *p);
        else if (*p == '\n') fputs("\\n", out);
        else if (*p == '\t') fputs("\\t", out);
        else if (*p < 0x20 || *p >= 0x7f) fprintf(out, "\\x%02x", *p);
        else fputc(*p, out);
    }
    fputc('"', out);
}

/* decimal, all 128 bits */
static void write_i128(FILE *out, i128 v)
{
    char tmp[48];
    int n = 0;
    u128 u = v < 0 ? -(u128)v : (u128)v;
    do {
        tmp[n++] = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u);
    if (v < 0) fputc('-', out);
    while (n) fputc(tmp[--n], out);
}

static void write_locs(FILE *out, const char *key, struct ir_arg *v, int n)
{
    fprintf(out, " %s(", key);
    for (int k = 0; k < n; k++)
        fprintf(out, "%s%%%d %d %ld %d", k ? ", " : "", v[k].vreg, v[k].reg, v[k].stack_off, v[k].w);
    fputc(')', out);
}

static void write_call(FILE *out, struct ir_call *c)
{
    if (c->sym) {
        fputs(" callee ", out);
        ir_write_str(out, c->sym);
    }
    if (c->fn) fprintf(out, " fn %%%d", c->fn);
    write_locs(out, "args", c->args, c->nargs);
    write_locs(out, "rets", c->rets, c->nrets);
    if (c->stack_bytes) fprintf(out, " stack %ld", c->stack_bytes);
}

static void write_asm(FILE *out, struct ir_asm *a)
{
    fputs(" text ", out);
    ir_write_str(out, a->text);
    if (a->pos.file) {
        fputs(" at ", out);
        ir_write_str(out, a->pos.file);
        fprintf(out, " %u %u", a->pos.line, a->pos.col);
    }
    fputs(" ops(", out);
    for (int k = 0; k < a->nops; k++) {
        struct ir_asm_op *o = &a->ops[k];
        fprintf(out, "%s%c %s %%%d %%%d #", k ? ", " : "", o->kind,
                o->out && o->in ? "oi" : o->out ? "o" : o->in ? "i" : "n", o->vreg, o->outvreg);
        write_i128(out, o->imm);
        if (o->sym) {
            fputs(" sym ", out);
            ir_write_str(out, o->sym);
        }
        if (o->pinned) fprintf(out, " pin %d", o->pinned);
    }
    fputs(") clobbers(", out);
    for (int k = 0; k < a->nclob; k++) {
        if (k) fputs(", ", out);
        ir_write_str(out, a->clobbers[k]);
    }
    fputc(')', out);
}

static bool has_targets(int op)
{
    return op == IR_BR || op == IR_BCMP || op == IR_JMP || op == IR_BLOCKADDR;
}

void ir_write_ins(FILE *out, struct ir_ins *i)
{
    fputc('\t', out);
    if (i->d) fprintf(out, "%%%d = ", i->d);
    fputs(i->op < IR_NOPS ? ir_ops[i->op].name : "?", out);
    if (i->w) fprintf(out, ".%d", i->w);
    if (i->w2) fprintf(out, "/%d", i->w2);
    if (i->uns) fputc('u', out);
    if (i->nsw) fputc('s', out);
    if (i->vol) fputc('v', out);
    /* a, b, c positionally, up to the last one present (%0 = none) */
    int last = i->c ? 3 : i->b ? 2 : i->a ? 1 : 0;
    int ops[3] = {i->a, i->b, i->c};
    for (int k = 0; k < last; k++) fprintf(out, "%s %%%d", k ? "," : "", ops[k]);
    if (i->imm || i->op == IR_LI) {
        fputs(" #", out);
        write_i128(out, i->imm);
    }
    if (i->sym) {
        fputs(" sym ", out);
        ir_write_str(out, i->sym);
    }
    if (i->slot) fprintf(out, " slot %d", i->slot);
    else if (i->op == IR_ADDR) fputs(" slot 0", out);
    if (has_targets(i->op) || i->t1 || i->t2) {
        fprintf(out, " -> @%d", i->t1);
        if (i->op == IR_BR || i->op == IR_BCMP || i->t2) fprintf(out, ", @%d", i->t2);
    }
    if (i->loc || i->op == IR_PARAM) fprintf(out, " reg %d", i->loc);
    if (i->jt) {
        fputs(" table(", out);
        for (int k = 0; k < i->jt->n; k++) fprintf(out, "%s@%d", k ? ", " : "", i->jt->t[k]);
        fputc(')', out);
    }
    if (i->phi) {
        fputs(" from(", out);
        for (int k = 0; k < i->phi->n; k++) fprintf(out, "%s@%d %%%d", k ? ", " : "", i->phi->blk[k], i->phi->v[k]);
        fputc(')', out);
    }
    if (i->call) write_call(out, i->call);
    if (i->asmi) write_asm(out, i->asmi);
    fputc('\n', out);
}

static void write_func_head(FILE *out, struct ir_func *f)
{
    fputs("function ", out);
    ir_write_str(out, f->name);
    if (f->is_static) fputs(" static", out);
    if (f->weak) fputs(" weak", out);
    if (f->noinline) fputs(" noinline", out);
    if (f->variadic) fprintf(out, " variadic %d", f->va_first_gpr);
    if (f->has_alloca) fputs(" alloca", out);
    if (f->has_calls) fputs(" calls", out);
    if (f->stack_protect) fputs(" ssp", out);
    if (f->align) fprintf(out, " align %d", f->align);
    if (f->max_call_stack) fprintf(out, " stack %ld", f->max_call_stack);
    if (f->section) {
        fputs(" section ", out);
        ir_write_str(out, f->section);
    }
    if (f->loc_file) {
        fputs(" loc ", out);
        ir_write_str(out, f->loc_file);
        fprintf(out, " %d %d", f->loc_line, f->loc_col);
    }
    fputc('\n', out);
    fprintf(out, "\tvregs %d\n", f->nvregs - 1);
    int col = 0;
    for (int v = 1; v < f->nvregs; v++)
        if (f->vclass[v]) {
            fprintf(out, "%s %%%d", col ? "" : "\tfp", v);
            if (++col == 16) {
                fputc('\n', out);
                col = 0;
            }
        }
    if (col) fputc('\n', out);
    for (int s = 0; s < f->nslots; s++)
        fprintf(out, "\tslot %d size %ld align %d\n", s, f->slots[s].size, f->slots[s].align);
}

void ir_write_func(FILE *out, struct ir_func *f)
{
    write_func_head(out, f);
    for (int bi = 0; bi < f->nblocks; bi++) {
        struct ir_block *b = f->blocks[bi];
        fprintf(out, "@%d:", b->id);
        if (b->addr_taken) fputs(" addrtaken", out);
        if (b->asm_label) {
            fputs(" label ", out);
            ir_write_str(out, b->asm_label);
        }
        fputc('\n', out);
        for (int k = 0; k < b->n; k++) ir_write_ins(out, &b->ins[k]);
    }
    fputs("end\n", out);
}

void ir_write_header(FILE *out, const char *src_name)
{
    fprintf(out, "; zl-cc IR\ntarget rv%d\nsource ", tgt.xlen);
    ir_write_str(out, src_name);
    fputc('\n', out);
}

void ir_write_data(FILE *out, const char *asm_text)
{
    fputs("data ", out);
    ir_write_str(out, asm_text);
    fputc('\n', out);
}
