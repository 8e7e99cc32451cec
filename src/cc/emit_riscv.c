/* Emission: IR + register allocation -> GNU assembly text for zl-as (RV32/RV64/RV128).
 *
 * Frame (offsets from the CFA, the value of sp at entry):
 *   [CFA - VA, CFA)         variadic register save area (8 x XLEN/8), variadic functions only
 *   CFA - VA - R            ra
 *   CFA - VA - 2R           caller's s0
 * s0 = CFA - VA, so ra is at s0 - R and the caller's s0 at s0 - 2R in every frame (GCC's
 * layout; a frame-pointer walk works through variadic functions too).  A function without
 * a frame pointer (no_fp) has the same layout, reached from sp; s0 is then untouched.
 * The emitter keeps CFA-relative offsets and converts them in fp_mem/frame_base.
 *   below                   callee-saved registers, then the stack-protector canary
 *                           (-fstack-protector, one XLEN word just above the locals, so a
 *                           buffer overrun reaches it before the saved registers), then
 *                           frame slots (locals, temporaries, spills; one aligned to more than
 *                           the stack's 16 bytes is placed at run time within slack, see
 *                           layout_frame), callee-saved registers
 *   [sp, sp + out)          outgoing stack arguments
 * Scratch registers never allocated: t0, t1 (operand reloads), t2 (large offsets), ft0-ft2,
 * ra (saved in every frame; used as a loop counter by block copies). */
#include "cc/ir.h"

#include <stdlib.h>
#include <string.h>

static FILE *out;

/* -g: the .file table of the translation unit */
static const char **dbg_files;
static int dbg_nfiles, dbg_cap;

static int dbg_file(const char *name)
{
    for (int k = 0; k < dbg_nfiles; k++)
        if (!strcmp(dbg_files[k], name)) return k + 1;
    if (dbg_nfiles == dbg_cap) {
        dbg_cap = dbg_cap ? 2 * dbg_cap : 16;
        const char **n = cc_alloc((size_t)dbg_cap * sizeof *n);
        if (dbg_nfiles) memcpy(n, dbg_files, (size_t)dbg_nfiles * sizeof *n);
        dbg_files = n;
    }
    dbg_files[dbg_nfiles++] = name;
    fprintf(out, "\t.file %d \"", dbg_nfiles);
    for (const char *p = name; *p; p++) {
        if (*p == '"' || *p == '\\') fputc('\\', out);
        if ((unsigned char)*p < 0x20) fprintf(out, "\\%03o", (unsigned char)*p);
        else fputc(*p, out);
    }
    fputs("\"\n", out);
    return dbg_nfiles;
}

static void dbg_loc(const char *file, long line, int col)
{
    if (!ccopt.debug || !file || line <= 0) return;
    int n = dbg_file(file);
    fprintf(out, "\t.loc %d %ld %d\n", n, line, col);
}

static struct ir_func *F;
static int fnid;
static long frame_size, va_size, canary_off;
static bool used_callee[64];
static long callee_off[64];

static const char *const iregs[32] = {
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4",
    "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4",
    "t5", "t6"};
static const char *const fregs[32] = {
    "ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fs0", "fs1", "fa0", "fa1", "fa2",
    "fa3", "fa4", "fa5", "fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7", "fs8", "fs9",
    "fs10", "fs11", "ft8", "ft9", "ft10", "ft11"};

static const char *rname(int r) { return r >= 32 ? fregs[r - 32] : iregs[r]; }

static char *i128str(i128 v)
{
    static char bufs[4][48];
    static int k;
    char *b = bufs[k++ & 3];
    char tmp[48];
    int n = 0;
    bool neg = v < 0;
    u128 u = neg ? -(u128)v : (u128)v;
    do {
        tmp[n++] = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u);
    int j = 0;
    if (neg) b[j++] = '-';
    while (n) b[j++] = tmp[--n];
    b[j] = 0;
    return b;
}

static int R(void) { return tgt.regsize; }
static const char *sx(void) { return tgt.xlen == 128 ? "sq" : tgt.xlen == 64 ? "sd" : "sw"; }
static const char *lx(void) { return tgt.xlen == 128 ? "lq" : tgt.xlen == 64 ? "ld" : "lw"; }

static bool fits12(long v) { return v >= -2048 && v < 2048; }

/* op reg, off(base) with any offset (t2 for large ones) */
static void mem(const char *op, const char *reg, const char *base, long off)
{
    if (fits12(off)) {
        fprintf(out, "\t%s %s, %ld(%s)\n", op, reg, off, base);
        return;
    }
    fprintf(out, "\tli t2, %ld\n\tadd t2, t2, %s\n\t%s %s, 0(t2)\n", off, base, op, reg);
}

static long slot_off(int s) { return -F->slots[s].off; } /* relative to the CFA */

/* whether sp stays where the prologue put it, CFA - frame_size, for the whole body: no
 * alloca or VLA moves it, no asm might */
static bool sp_fixed;

/* whether the function sets up no frame pointer (-fomit-frame-pointer, the default from
 * -O1): sp is fixed, so the frame is reached from it, every slot within its 12-bit reach,
 * and nothing needs s0 (no variadic save area, no __builtin_frame_address); s0 is then
 * neither saved nor changed.  A bigger frame keeps s0, reaching the slots near the CFA
 * from it and the others from sp. */
static bool no_fp;

/* a leaf without a frame (frameless), and whether the epilogue is short enough to be
 * copied to every `ret` rather than jumped to (GCC duplicates it too) */
static bool leaf, short_epilogue;
static void emit_epilogue(void);
static void emit_restore(void);

/* Sibling calls (-foptimize-sibling-calls, the default from -O2, as GCC): a call whose
 * results are what the function then returns ends the function instead: the epilogue
 * restores the registers and sp, then `tail` jumps to the callee, which returns to our
 * caller.  The callee must not need our frame: the function takes no address of its
 * frame (no addressed slot, alloca, VLA, variadic area, frame address) and the call
 * passes nothing on the stack; no stack protector (its check runs before the return),
 * no callee that returns twice (setjmp). */
static bool sibcall_fn;
static struct ir_block **block_of_id;  /* the function's blocks by id */
static int nblock_ids;
static const struct ir_block *cur_blk;  /* the block being written and the index in it */
static int cur_k;

/* whether what follows the call at b[k] (through nops, line marks, copies of its results
 * and jumps) is a `ret` of its results (or of nothing): `return c ? 0 : f(n)` copies
 * f's result into the value of the ?: first */
static bool returns_call_result(const struct ir_call *c, const struct ir_block *b, int k)
{
    enum { MAX_COPIES = 8 };
    int copy[MAX_COPIES], of[MAX_COPIES], ncopy = 0;  /* vreg copy[j] holds result of[j] */
    for (int p = 0; p < c->nrets && ncopy < MAX_COPIES; p++)
        if (c->rets[p].vreg) copy[ncopy] = c->rets[p].vreg, of[ncopy++] = p;
    for (int hops = 0; hops < 8; hops++) {
        for (k++; k < b->n; k++) {
            const struct ir_ins *i = &b->ins[k];
            if (i->op == IR_NOP || i->op == IR_LOC) continue;
            if (i->op == IR_JMP) break;
            if (i->op == IR_MOV) {
                int from = -1;
                for (int j = 0; j < ncopy; j++)
                    if (copy[j] == i->a) from = of[j];
                if (from < 0 || ncopy == MAX_COPIES || F->vclass[i->d] != F->vclass[i->a]) return false;
                /* i->d no longer holds what it held: drop it, then add it as a copy */
                for (int j = 0; j < ncopy; j++)
                    if (copy[j] == i->d) copy[j] = 0;
                copy[ncopy] = i->d, of[ncopy++] = from;
                continue;
            }
            if (i->op != IR_RET) return false;
            const struct ir_call *r = i->call;
            if (!r->nargs) return true;
            if (r->nargs != c->nrets) return false;
            for (int q = 0; q < r->nargs; q++) {
                bool found = false;
                for (int j = 0; j < ncopy; j++)
                    if (r->args[q].vreg && copy[j] == r->args[q].vreg && c->rets[of[j]].reg == r->args[q].reg)
                        found = true;
                if (!found) return false;
            }
            return true;
        }
        if (k >= b->n) return false;
        int t = b->ins[k].t1;
        if (t < 0 || t >= nblock_ids || !block_of_id[t]) return false;
        b = block_of_id[t];
        k = -1;
    }
    return false;
}

static bool sibcall_site(const struct ir_call *c)
{
    if (!sibcall_fn || ir_returns_twice(c->sym)) return false;
    for (int k = 0; k < c->nargs; k++)
        if (c->args[k].reg == LOC_STACK) return false;
    return returns_call_result(c, cur_blk, cur_k);
}

/* the register to reach CFA + *off through, *off becoming the offset from it: s0 =
 * CFA - va_size, or sp when there is no frame pointer or when the slot is beyond s0's
 * 12-bit reach and within sp's (a frame of up to 4 KiB then needs no li/add per spill,
 * as big interpreter loops do) */
static const char *frame_base(long *off)
{
    if (no_fp || (!fits12(*off + va_size) && sp_fixed && fits12(*off + frame_size))) {
        *off += frame_size;
        return "sp";
    }
    *off += va_size;
    return "s0";
}

/* Memory access at CFA + off. */
static void fp_mem(const char *op, const char *reg, long off)
{
    const char *base = frame_base(&off);
    mem(op, reg, base, off);
}

static const char *load_op(int w, bool uns, bool fp)
{
    if (fp) return w == 4 ? "flw" : "fld";
    switch (w) {
    case 1: return uns ? "lbu" : "lb";
    case 2: return uns ? "lhu" : "lh";
    case 4: return "lw";
    case 8: return "ld";
    default: return "lq";
    }
}

static const char *store_op(int w, bool fp)
{
    if (fp) return w == 4 ? "fsw" : "fsd";
    switch (w) {
    case 1: return "sb";
    case 2: return "sh";
    case 4: return "sw";
    case 8: return "sd";
    default: return "sq";
    }
}

static bool isfp(int v) { return F->vclass[v] == 1; }

/* register holding vreg v for reading; spilled values are loaded into scratch k */
static const char *src(int v, int k)
{
    int l = F->vloc[v];
    if (l > 0) return rname(l);
    if (l == 0) return "zero";
    int s = -l - 1;
    if (isfp(v)) {
        const char *r = fregs[k];
        fp_mem("fld", r, slot_off(s));
        return r;
    }
    const char *r = iregs[5 + k];
    fp_mem(lx(), r, slot_off(s));
    return r;
}

/* load vreg v into a specific register */
static void src_to(int v, const char *dst, bool fpdst)
{
    int l = F->vloc[v];
    if (l < 0) {
        int s = -l - 1;
        if (isfp(v) && fpdst) fp_mem("fld", dst, slot_off(s));
        else if (!isfp(v) && !fpdst) fp_mem(lx(), dst, slot_off(s));
        else if (isfp(v)) { fp_mem("fld", "ft0", slot_off(s)); fprintf(out, "\tfmv.x.%s %s, ft0\n", tgt.xlen == 32 ? "w" : "d", dst); }
        else { fp_mem(lx(), "t0", slot_off(s)); fprintf(out, "\tfmv.%s.x %s, t0\n", tgt.xlen == 32 ? "w" : "d", dst); }
        return;
    }
    const char *r = l ? rname(l) : "zero";
    if (!strcmp(r, dst)) return;
    if (fpdst) fprintf(out, "\tfmv.d %s, %s\n", dst, r);
    else fprintf(out, "\tmv %s, %s\n", dst, r);
}

static const char *dst(int v) { int l = F->vloc[v]; return l > 0 ? rname(l) : isfp(v) ? "ft2" : "t0"; }

static void dst_done(int v)
{
    int l = F->vloc[v];
    if (l >= 0) return;
    int s = -l - 1;
    if (isfp(v)) fp_mem("fsd", "ft2", slot_off(s));
    else fp_mem(sx(), "t0", slot_off(s));
}

/* store a register into vreg v's home */
static void set_from(int v, const char *r, bool fpsrc)
{
    int l = F->vloc[v];
    if (l < 0) {
        int s = -l - 1;
        fp_mem(fpsrc ? "fsd" : sx(), r, slot_off(s));
        return;
    }
    if (l == 0) return;
    if (!strcmp(rname(l), r)) return;
    if (fpsrc) fprintf(out, "\tfmv.d %s, %s\n", rname(l), r);
    else fprintf(out, "\tmv %s, %s\n", rname(l), r);
}

/* mnemonic suffix for an integer operation of width w */
static const char *wsuf(int w)
{
    if (w >= R()) return "";
    if (w == 4) return "w";
    return "d"; /* w == 8 on rv128 */
}

static void addi(const char *rd, const char *rs, long imm)
{
    if (fits12(imm)) fprintf(out, "\taddi %s, %s, %ld\n", rd, rs, imm);
    else fprintf(out, "\tli t2, %ld\n\tadd %s, %s, t2\n", imm, rd, rs);
}

static void label(int b) { fprintf(out, ".L%d_%d:\n", fnid, b); }

/* block copy/zero: dst in t1, src in t2, data in t0 */
static void emit_copy(struct ir_ins *i, bool zero)
{
    long size = (long)i->imm;
    int al = i->w ? i->w : 1;
    int chunk = al >= R() ? R() : al >= 8 ? 8 : al >= 4 ? 4 : al >= 2 ? 2 : 1;
    if (chunk > R()) chunk = R();
    src_to(i->a, "t1", false);
    if (!zero) src_to(i->b, "t2", false);
    long n = size / chunk;
    if (n <= 16) {
        long off = 0;
        for (long k = 0; k < n; k++, off += chunk) {
            if (zero) fprintf(out, "\t%s zero, %ld(t1)\n", store_op(chunk, false), off);
            else fprintf(out, "\t%s t0, %ld(t2)\n\t%s t0, %ld(t1)\n", load_op(chunk, true, false), off, store_op(chunk, false), off);
        }
        for (; off < size; off++) {
            if (zero) fprintf(out, "\tsb zero, %ld(t1)\n", off);
            else fprintf(out, "\tlbu t0, %ld(t2)\n\tsb t0, %ld(t1)\n", off, off);
        }
        return;
    }
    int l = fnid * 100000 + i->t1;
    static int cnt;
    l = cnt++;
    fprintf(out, "\tli ra, %ld\n.Lcp%d:\n", n, l);
    if (zero) fprintf(out, "\t%s zero, 0(t1)\n", store_op(chunk, false));
    else fprintf(out, "\t%s t0, 0(t2)\n\t%s t0, 0(t1)\n\taddi t2, t2, %d\n", load_op(chunk, true, false), store_op(chunk, false), chunk);
    fprintf(out, "\taddi t1, t1, %d\n\taddi ra, ra, -1\n\tbnez ra, .Lcp%d\n", chunk, l);
    for (long off = 0; off < size - n * chunk; off++) {
        if (zero) fprintf(out, "\tsb zero, %ld(t1)\n", off);
        else fprintf(out, "\tlbu t0, %ld(t2)\n\tsb t0, %ld(t1)\n", off, off);
    }
}

static int next_block;

static void branch_to(int b)
{
    if (b != next_block) fprintf(out, "\tj .L%d_%d\n", fnid, b);
}

static void emit_asm(struct ir_asm *a)
{
    const char *names[64];
    char membuf[64][32];
    int nscratch = 0;
    static const char *const scr[] = {"t0", "t1", "t2"};
    static const char *const fscr[] = {"ft0", "ft1", "ft2"};
    if (a->nops > 64) cc_error_at(a->pos, "too many asm operands");
    for (int k = 0; k < a->nops; k++) {
        struct ir_asm_op *o = &a->ops[k];
        names[k] = "?";
        if (o->kind == 'n') continue;
        if (o->kind == 'i') {
            if (o->sym) snprintf(membuf[k], sizeof membuf[k], "%s%s%s", o->sym, o->imm ? "+" : "", o->imm ? i128str(o->imm) : "");
            else snprintf(membuf[k], sizeof membuf[k], "%s", i128str(o->imm));
            names[k] = membuf[k];
            continue;
        }
        if (o->kind == 'm') {
            int l = F->vloc[o->vreg];
            const char *r;
            if (l > 0) r = rname(l);
            else {
                if (nscratch >= 3) cc_error_at(a->pos, "inline asm: too many operands need scratch registers");
                r = scr[nscratch++];
                src_to(o->vreg, r, false);
            }
            snprintf(membuf[k], sizeof membuf[k], "0(%s)", r);
            names[k] = membuf[k];
            continue;
        }
        bool fp = o->kind == 'f';
        int home = o->out ? o->outvreg : o->vreg;
        const char *r;
        if (o->pinned) r = iregs[o->pinned - 1];
        else if (F->vloc[home] > 0) r = rname(F->vloc[home]);
        else {
            if (nscratch >= 3) cc_error_at(a->pos, "inline asm: too many operands need scratch registers");
            r = fp ? fscr[nscratch] : scr[nscratch];
            nscratch++;
        }
        names[k] = r;
        if (o->in && o->vreg) src_to(o->vreg, r, fp);
    }
    /* substitute operands */
    fputc('\t', out);
    for (const char *p = a->text; *p; p++) {
        if (*p == '\n') {
            fputs("\n\t", out);
            continue;
        }
        if (*p != '%') {
            fputc(*p, out);
            continue;
        }
        p++;
        if (*p == '%') { fputc('%', out); continue; }
        bool z = false;
        if (*p == 'z') { z = true; p++; }
        if (*p >= '0' && *p <= '9') {
            /* the digits as written; a number beyond any operand count stops growing */
            const char *digits = p;
            long k = 0;
            for (; *p >= '0' && *p <= '9'; p++)
                if (k <= a->nops) k = k * 10 + (*p - '0');
            p--;
            if (k >= a->nops)
                cc_error_at(a->pos, "inline asm: operand number %.*s out of range", (int)(p + 1 - digits), digits);
            const char *nm = names[k];
            if (z && a->ops[k].kind == 'i' && a->ops[k].imm == 0 && !a->ops[k].sym) nm = "zero";
            fputs(nm, out);
            continue;
        }
        fputc('%', out);
        fputc(*p, out);
        if (!*p) break;
    }
    fputc('\n', out);
    for (int k = 0; k < a->nops; k++) {
        struct ir_asm_op *o = &a->ops[k];
        if (!o->out || !o->outvreg) continue;
        set_from(o->outvreg, names[k], o->kind == 'f');
    }
}

/* 1- and 2-byte atomics (no Zabha): the address in a5 becomes the aligned word's, a0 the
 * field's bit offset, a1 the field mask (not yet shifted) */
static void subword_setup(int w)
{
    fprintf(out, "\tandi a0, a5, 3\n\tslli a0, a0, 3\n\tandi a5, a5, -4\n\tli a1, %d\n", w == 1 ? 0xff : 0xffff);
}

/* the old field, from the word in a4, extended to canonical form in a4 */
static void subword_result(int w, bool uns)
{
    int sh = tgt.xlen - 8 * w;
    fprintf(out, "\tsrl a4, a4, a0\n\tslli a4, a4, %d\n\t%s a4, a4, %d\n", sh, uns ? "srli" : "srai", sh);
}

static void emit_ins(struct ir_ins *i)
{
    const char *a, *b, *d;
    switch (i->op) {
    case IR_NOP: case IR_SAVE_VA: return;
    case IR_LI:
        d = dst(i->d);
        fprintf(out, "\tli %s, %s\n", d, i128str(i->imm));
        dst_done(i->d);
        return;
    case IR_FLI:
        d = dst(i->d);
        if (i->w == 4) {
            fprintf(out, "\tli t1, %s\n\tfmv.w.x %s, t1\n", i128str((i32)(u32)i->imm), d);
        } else if (tgt.xlen >= 64) {
            fprintf(out, "\tli t1, %s\n\tfmv.d.x %s, t1\n", i128str((i64)(u64)i->imm), d);
        } else {
            /* rv32 has no fmv.d.x: the two words go through memory, in 16 bytes taken
             * below sp for the purpose (RISC-V has no red zone: a signal frame may be
             * written below sp at any instruction) */
            fprintf(out, "\taddi sp, sp, -16\n\tli t1, %s\n\tsw t1, 0(sp)\n", i128str((i32)(u32)i->imm));
            fprintf(out, "\tli t1, %s\n\tsw t1, 4(sp)\n\tfld %s, 0(sp)\n\taddi sp, sp, 16\n",
                    i128str((i32)(u32)((u64)i->imm >> 32)), d);
        }
        dst_done(i->d);
        return;
    case IR_MOV:
        a = src(i->a, 0);
        d = dst(i->d);
        if (strcmp(a, d)) fprintf(out, isfp(i->d) ? "\tfmv.d %s, %s\n" : "\tmv %s, %s\n", d, a);
        dst_done(i->d);
        return;
    case IR_ADD: case IR_SUB: case IR_MUL: case IR_DIV: case IR_DIVU: case IR_REM: case IR_REMU:
    case IR_AND: case IR_OR: case IR_XOR: case IR_SHL: case IR_SHR: case IR_SAR: case IR_SLT:
    case IR_SLTU: {
        static const char *const nm[] = {"add", "sub", "mul", "div", "divu", "rem", "remu", "and",
                                         "or", "xor", "sll", "srl", "sra", "slt", "sltu"};
        const char *base = nm[i->op - IR_ADD];
        bool wide_ok = i->op <= IR_REMU || (i->op >= IR_SHL && i->op <= IR_SAR);
        const char *suf = wide_ok ? wsuf(i->w) : "";
        a = src(i->a, 0);
        if (!i->b) {
            d = dst(i->d);
            if (i->op == IR_SLTU)
                fprintf(out, "\tsltiu %s, %s, %s\n", d, a, i128str(i->imm));
            else
                fprintf(out, "\t%si%s %s, %s, %s\n", base, suf, d, a, i128str(i->imm));
        } else {
            b = src(i->b, 1);
            d = dst(i->d);
            fprintf(out, "\t%s%s %s, %s, %s\n", base, suf, d, a, b);
        }
        dst_done(i->d);
        return;
    }
    case IR_SEQZ: case IR_SNEZ: case IR_NEG: case IR_NOT:
        a = src(i->a, 0);
        d = dst(i->d);
        if (i->op == IR_SEQZ) fprintf(out, "\tseqz %s, %s\n", d, a);
        else if (i->op == IR_SNEZ) fprintf(out, "\tsnez %s, %s\n", d, a);
        else if (i->op == IR_NOT) fprintf(out, "\tnot %s, %s\n", d, a);
        else fprintf(out, "\tsub%s %s, zero, %s\n", wsuf(i->w), d, a);
        dst_done(i->d);
        return;
    case IR_EXT: {
        a = src(i->a, 0);
        d = dst(i->d);
        int X = tgt.xlen, bits = i->w * 8;
        if (i->uns && i->w == 1) fprintf(out, "\tandi %s, %s, 255\n", d, a);
        else if (!i->uns && i->w == 4 && X > 32) fprintf(out, "\taddiw %s, %s, 0\n", d, a);
        else if (!i->uns && i->w == 8 && X > 64) fprintf(out, "\taddid %s, %s, 0\n", d, a);
        else if (bits >= X) { if (strcmp(d, a)) fprintf(out, "\tmv %s, %s\n", d, a); }
        else fprintf(out, "\tslli %s, %s, %d\n\t%s %s, %s, %d\n", d, a, X - bits, i->uns ? "srli" : "srai", d, d, X - bits);
        dst_done(i->d);
        return;
    }
    case IR_LOAD:
        a = src(i->a, 0);
        d = dst(i->d);
        mem(load_op(i->w, i->uns, isfp(i->d)), d, a, (long)i->imm);
        dst_done(i->d);
        return;
    case IR_STORE:
        a = src(i->a, 0);
        b = src(i->b, 1);
        mem(store_op(i->w, isfp(i->b)), b, a, (long)i->imm);
        return;
    case IR_ADDR: {
        d = dst(i->d);
        int al = F->slots[i->slot].align;
        if (al > 16) {
            /* over-aligned slot (see layout_frame): the first al-aligned address in its
             * area, computed from s0, which is only 16-aligned */
            int sh = 0;
            while ((1 << sh) < al) sh++;
            if (no_fp) addi(d, "sp", slot_off(i->slot) + frame_size + al - 16);
            else addi(d, "s0", slot_off(i->slot) + va_size + al - 16);
            if (fits12(-al)) fprintf(out, "\tandi %s, %s, %d\n", d, d, -al);
            else fprintf(out, "\tsrli %s, %s, %d\n\tslli %s, %s, %d\n", d, d, sh, d, d, sh);
            if (i->imm) addi(d, d, (long)i->imm);
        } else {
            long off = slot_off(i->slot) + (long)i->imm;
            const char *base = frame_base(&off);
            addi(d, base, off);
        }
        dst_done(i->d);
        return;
    }
    case IR_GADDR:
        d = dst(i->d);
        if (i->uns && i->w2) {
            /* thread-local storage, initial-exec model: the tp offset from a GOT slot */
            fprintf(out, "\tla.tls.ie %s, %s\n\tadd %s, %s, tp\n", d, i->sym, d, d);
        } else if (i->uns) {
            /* thread-local storage, local-exec model (static executables) */
            fprintf(out, "\tlui %s, %%tprel_hi(%s)\n\tadd %s, %s, tp, %%tprel_add(%s)\n\taddi %s, %s, %%tprel_lo(%s)\n",
                    d, i->sym, d, d, i->sym, d, d, i->sym);
        } else if (i->imm) fprintf(out, "\tlla %s, %s%+ld\n", d, i->sym, (long)i->imm);
        else fprintf(out, "\tlla %s, %s\n", d, i->sym);
        dst_done(i->d);
        return;
    case IR_FRAMEADDR:
        d = dst(i->d);
        addi(d, "s0", (long)i->imm + va_size);
        dst_done(i->d);
        return;
    case IR_FADD: case IR_FSUB: case IR_FMUL: case IR_FDIV: {
        static const char *const nm[] = {"fadd", "fsub", "fmul", "fdiv"};
        a = src(i->a, 0);
        b = src(i->b, 1);
        d = dst(i->d);
        fprintf(out, "\t%s.%c %s, %s, %s\n", nm[i->op - IR_FADD], i->w == 4 ? 's' : 'd', d, a, b);
        dst_done(i->d);
        return;
    }
    case IR_FMA: {
        a = src(i->a, 0);
        b = src(i->b, 1);
        const char *c = src(i->c, 2);
        d = dst(i->d);
        fprintf(out, "\tfmadd.%c %s, %s, %s, %s\n", i->w == 4 ? 's' : 'd', d, a, b, c);
        dst_done(i->d);
        return;
    }
    case IR_FRFLAGS:
        d = dst(i->d);
        fprintf(out, "\tfrflags %s\n", d);
        dst_done(i->d);
        return;
    case IR_FSFLAGS:
        fprintf(out, "\tfsflags %s\n", src(i->a, 0));
        return;
    case IR_FSQRT: case IR_FABS: case IR_FCLASS:
        a = src(i->a, 0);
        d = dst(i->d);
        if (i->op == IR_FABS) fprintf(out, "\tfsgnjx.%c %s, %s, %s\n", i->w == 4 ? 's' : 'd', d, a, a);
        else fprintf(out, "\t%s.%c %s, %s\n", i->op == IR_FSQRT ? "fsqrt" : "fclass", i->w == 4 ? 's' : 'd', d, a);
        dst_done(i->d);
        return;
    case IR_FSGNJ:
        a = src(i->a, 0);
        b = src(i->b, 1);
        d = dst(i->d);
        fprintf(out, "\tfsgnj.%c %s, %s, %s\n", i->w == 4 ? 's' : 'd', d, a, b);
        dst_done(i->d);
        return;
    case IR_LOC:
        dbg_loc(i->sym, (long)i->imm, i->slot);
        return;
    case IR_FNEG:
        a = src(i->a, 0);
        d = dst(i->d);
        fprintf(out, "\tfneg.%c %s, %s\n", i->w == 4 ? 's' : 'd', d, a);
        dst_done(i->d);
        return;
    case IR_FEQ: case IR_FLT: case IR_FLE: {
        static const char *const nm[] = {"feq", "flt", "fle"};
        a = src(i->a, 0);
        b = src(i->b, 1);
        d = dst(i->d);
        fprintf(out, "\t%s.%c %s, %s, %s\n", nm[i->op - IR_FEQ], i->w == 4 ? 's' : 'd', d, a, b);
        dst_done(i->d);
        return;
    }
    case IR_I2F: {
        a = src(i->a, 0);
        d = dst(i->d);
        const char *it = i->w2 == 4 ? "w" : i->w2 == 8 ? "l" : "t";
        fprintf(out, "\tfcvt.%c.%s%s %s, %s\n", i->w == 4 ? 's' : 'd', it, i->uns ? "u" : "", d, a);
        dst_done(i->d);
        return;
    }
    case IR_F2I: {
        a = src(i->a, 0);
        d = dst(i->d);
        const char *it = i->w == 4 ? "w" : i->w == 8 ? "l" : "t";
        fprintf(out, "\tfcvt.%s%s.%c %s, %s, rtz\n", it, i->uns ? "u" : "", i->w2 == 4 ? 's' : 'd', d, a);
        dst_done(i->d);
        return;
    }
    case IR_F2F:
        a = src(i->a, 0);
        d = dst(i->d);
        fprintf(out, "\tfcvt.%c.%c %s, %s\n", i->w == 4 ? 's' : 'd', i->w2 == 4 ? 's' : 'd', d, a);
        dst_done(i->d);
        return;
    case IR_FMV_XF:
        a = src(i->a, 0);
        d = dst(i->d);
        fprintf(out, "\tfmv.x.%c %s, %s\n", i->w == 4 ? 'w' : 'd', d, a);
        dst_done(i->d);
        return;
    case IR_FMV_FX:
        a = src(i->a, 0);
        d = dst(i->d);
        fprintf(out, "\tfmv.%c.x %s, %s\n", i->w == 4 ? 'w' : 'd', d, a);
        dst_done(i->d);
        return;
    case IR_BR:
        a = src(i->a, 0);
        if (i->t1 == next_block) {
            fprintf(out, "\tbeqz %s, .L%d_%d\n", a, fnid, i->t2);
        } else {
            fprintf(out, "\tbnez %s, .L%d_%d\n", a, fnid, i->t1);
            branch_to(i->t2);
        }
        return;
    case IR_BCMP: {
        static const char *const nm[] = {"beq", "bne", "blt", "bge", "bltu", "bgeu"};
        static const int inv[] = {CC_NE, CC_EQ, CC_GE, CC_LT, CC_GEU, CC_LTU};
        a = src(i->a, 0);
        b = src(i->b, 1);
        if (i->t1 == next_block) {
            fprintf(out, "\t%s %s, %s, .L%d_%d\n", nm[inv[i->imm]], a, b, fnid, i->t2);
        } else {
            fprintf(out, "\t%s %s, %s, .L%d_%d\n", nm[i->imm], a, b, fnid, i->t1);
            branch_to(i->t2);
        }
        return;
    }
    case IR_JMP: branch_to(i->t1); return;
    case IR_RET:
        for (int k = 0; k < i->call->nargs; k++) {
            struct ir_arg *r = &i->call->args[k];
            if (r->reg >= 8) src_to(r->vreg, fregs[10 + r->reg - 8], true);
            else src_to(r->vreg, iregs[10 + r->reg], false);
        }
        if (next_block >= 0) {
            if (short_epilogue) emit_epilogue();
            else fprintf(out, "\tj .Lret%d\n", fnid);
        }
        return;
    case IR_CALL: {
        struct ir_call *c = i->call;
        for (int k = 0; k < c->nargs; k++) {
            struct ir_arg *r = &c->args[k];
            if (r->reg != LOC_STACK) continue;
            const char *v = src(r->vreg, 0);
            if (isfp(r->vreg)) mem(r->w == 4 ? "fsw" : "fsd", v, "sp", r->stack_off);
            else mem(sx(), v, "sp", r->stack_off);
        }
        for (int k = 0; k < c->nargs; k++) {
            struct ir_arg *r = &c->args[k];
            if (r->reg == LOC_STACK) continue;
            if (r->reg >= 8) src_to(r->vreg, fregs[10 + r->reg - 8], true);
            else src_to(r->vreg, iregs[10 + r->reg], false);
        }
        if (sibcall_site(c)) {
            if (!c->sym) src_to(c->fn, "t1", false);
            emit_restore();
            if (c->sym) fprintf(out, "\ttail %s\n", c->sym);
            else fputs("\tjr t1\n", out);
            return;
        }
        if (c->sym) {
            fprintf(out, "\tcall %s\n", c->sym);
        } else {
            src_to(c->fn, "t1", false);
            fprintf(out, "\tjalr t1\n");
        }
        for (int k = 0; k < c->nrets; k++) {
            struct ir_arg *r = &c->rets[k];
            if (r->reg >= 8) set_from(r->vreg, fregs[10 + r->reg - 8], true);
            else set_from(r->vreg, iregs[10 + r->reg], false);
        }
        return;
    }
    case IR_PARAM:
        if (i->loc == LOC_STACK) {
            d = dst(i->d);
            if (isfp(i->d)) fp_mem(i->w == 4 ? "flw" : "fld", d, (long)i->imm);
            else fp_mem(lx(), d, (long)i->imm);
            dst_done(i->d);
        } else if (i->loc >= 8) {
            set_from(i->d, fregs[10 + i->loc - 8], true);
        } else {
            set_from(i->d, iregs[10 + i->loc], false);
        }
        return;
    case IR_COPY: emit_copy(i, false); return;
    case IR_ZERO: emit_copy(i, true); return;
    case IR_ALLOCA:
        a = src(i->a, 0);
        fprintf(out, "\taddi t0, %s, 15\n\tandi t0, t0, -16\n\tsub sp, sp, t0\n", a);
        d = dst(i->d);
        addi(d, "sp", F->max_call_stack);
        dst_done(i->d);
        return;
    case IR_ASM: emit_asm(i->asmi); return;
    case IR_TRAP: fputs("\tebreak\n", out); return;
    case IR_FENCE:
        fputs("\tfence rw,rw\n", out);
        return;
    case IR_BLOCKADDR:
        d = dst(i->d);
        fprintf(out, "\tlla %s, .L%d_%d\n", d, fnid, i->t1);
        dst_done(i->d);
        return;
    case IR_SPSAVE:
        d = dst(i->d);
        fprintf(out, "\tmv %s, sp\n", d);
        dst_done(i->d);
        return;
    case IR_SPRESTORE:
        a = src(i->a, 0);
        fprintf(out, "\tmv sp, %s\n", a);
        return;
    case IR_IJMP:
        a = src(i->a, 0);
        fprintf(out, "\tjr %s\n", a);
        return;
    case IR_JTAB: {
        /* entries are 32-bit offsets from the table (GCC's PIC form), so the table is
         * the same at every XLEN and needs no dynamic relocation */
        int id = cur_blk->id;
        a = src(i->a, 0);
        fprintf(out, "\tlla t1, .LJ%d_%d\n\tslli t0, %s, 2\n\tadd t0, t0, t1\n\tlw t0, 0(t0)\n"
                     "\tadd t0, t0, t1\n\tjr t0\n", fnid, id, a);
        fprintf(out, "\t.pushsection .rodata\n\t.balign 4\n.LJ%d_%d:\n", fnid, id);
        for (int k = 0; k < i->jt->n; k++)
            fprintf(out, "\t.word .L%d_%d-.LJ%d_%d\n", fnid, i->jt->t[k], fnid, id);
        fputs("\t.popsection\n", out);
        return;
    }
    case IR_AMO: {
        static const char *const nm[] = {"amoswap", "amoadd", "amoand", "amoor", "amoxor"};
        if (i->w < 4) {
            /* 1/2 bytes: LR/SC on the aligned word, the operation merged into the field:
             * new = old ^ ((old ^ (old op v)) & mask) */
            static const char *const op3[] = {NULL, "add", "and", "or", "xor"};
            static int amon;
            int n = amon++;
            src_to(i->a, "a5", false);
            src_to(i->b, "a7", false);
            subword_setup(i->w);
            fprintf(out, "\tand a7, a7, a1\n\tsll a7, a7, a0\n\tsll a1, a1, a0\n");
            fprintf(out, ".Lamo%d:\n\tlr.w.aqrl a4, (a5)\n", n);
            if (i->imm == 0) fputs("\tmv a3, a7\n", out);
            else fprintf(out, "\t%s a3, a4, a7\n", op3[i->imm]);
            fprintf(out, "\txor a3, a3, a4\n\tand a3, a3, a1\n\txor a3, a3, a4\n");
            fprintf(out, "\tsc.w.aqrl a2, a3, (a5)\n\tbnez a2, .Lamo%d\n", n);
            subword_result(i->w, i->uns);
            set_from(i->d, "a4", false);
            return;
        }
        char sfx = i->w == 4 ? 'w' : i->w == 8 ? 'd' : 'q';
        src_to(i->a, "a6", false);
        src_to(i->b, "a7", false);
        d = dst(i->d);
        fprintf(out, "\t%s.%c.aqrl %s, a7, (a6)\n", nm[i->imm], sfx, d);
        dst_done(i->d);
        return;
    }
    case IR_CAS: {
        static int casn;
        char sfx = i->w == 4 ? 'w' : i->w == 8 ? 'd' : 'q';
        src_to(i->a, "a5", false);
        src_to(i->b, "a6", false);
        src_to(i->c, "a7", false);
        int n = casn++;
        if (i->w < 4) {
            /* 1/2 bytes: compare and replace the field inside the aligned word */
            subword_setup(i->w);
            fprintf(out, "\tand a6, a6, a1\n\tand a7, a7, a1\n\tsll a6, a6, a0\n\tsll a7, a7, a0\n\tsll a1, a1, a0\n");
            fprintf(out, ".Lcas%d:\n\tlr.w.aqrl a4, (a5)\n\tand a3, a4, a1\n\tbne a3, a6, .Lcasd%d\n", n, n);
            fprintf(out, "\txor a3, a4, a3\n\tor a3, a3, a7\n\tsc.w.aqrl a2, a3, (a5)\n\tbnez a2, .Lcas%d\n.Lcasd%d:\n", n, n);
            subword_result(i->w, i->uns);
            set_from(i->d, "a4", false);
            return;
        }
        fprintf(out, ".Lcas%d:\n\tlr.%c.aqrl a4, (a5)\n\tbne a4, a6, .Lcasd%d\n", n, sfx, n);
        fprintf(out, "\tsc.%c.aqrl a3, a7, (a5)\n\tbnez a3, .Lcas%d\n.Lcasd%d:\n", sfx, n, n);
        set_from(i->d, "a4", false);
        return;
    }
    case IR_MULHU:
        a = src(i->a, 0);
        b = src(i->b, 1);
        d = dst(i->d);
        fprintf(out, "\tmulhu %s, %s, %s\n", d, a, b);
        dst_done(i->d);
        return;
    }
}

static void layout_frame(void)
{
    int Rs = R();
    va_size = F->variadic ? 8 * Rs : 0;
    memset(used_callee, 0, sizeof used_callee);
    for (int v = 1; v < F->nvregs; v++) {
        int l = F->vloc[v];
        if (l <= 0) continue;
        if (l == 9 || (l >= 18 && l <= 27) || l == 32 + 8 || l == 32 + 9 || (l >= 32 + 18 && l <= 32 + 27))
            used_callee[l] = true;
    }
    long off = va_size + 2 * Rs;
    for (int r = 0; r < 64; r++) {
        if (!used_callee[r]) continue;
        long sz = r >= 32 ? 8 : Rs;
        off = (off + sz + sz - 1) / sz * sz;
        callee_off[r] = -off;
    }
    if (F->stack_protect) {
        off = (off + 2 * Rs - 1) / Rs * Rs;
        canary_off = -off;
    }
    for (int s = 0; s < F->nslots; s++) {
        struct ir_slot *sl = &F->slots[s];
        long al = sl->align > 16 ? 16 : sl->align;
        /* The stack, and so the CFA and s0, is only 16-aligned (psABI): a slot aligned
         * more gets align-16 bytes of slack, and IR_ADDR rounds its address up within
         * them at run time.  sp is never realigned, so VLAs, alloca and the variadic
         * save area are unaffected. */
        long extra = sl->align > 16 ? sl->align - 16 : 0;
        off = (off + sl->size + extra + al - 1) / al * al;
        sl->off = off;
    }
    off += F->max_call_stack;
    frame_size = (off + 15) / 16 * 16;
}

void emit_debug_begin(FILE *o, const char *src_name)
{
    dbg_files = NULL;
    dbg_nfiles = dbg_cap = 0;
    out = o;
    if (ccopt.debug && src_name) dbg_file(src_name);
}

/* A leaf that needs no memory of its own runs on its caller's sp and s0: nothing to
 * save (no call clobbers ra, no callee-saved register is allocated), no frame slot or
 * spill, no stack argument to reach through s0, no alloca, nothing that looks at the
 * frame (__builtin_frame_address, asm that may name sp or s0). */
static bool frameless(struct ir_func *f)
{
    if (f->variadic || f->has_alloca || f->stack_protect || f->nslots || f->max_call_stack) return false;
    for (int r = 0; r < 64; r++)
        if (used_callee[r]) return false;
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            struct ir_ins *i = &f->blocks[b]->ins[k];
            if (ir_is_call_point(i->op) || i->op == IR_FRAMEADDR || i->op == IR_SPSAVE ||
                i->op == IR_SPRESTORE || (i->op == IR_PARAM && i->loc == LOC_STACK) ||
                i->op == IR_COPY || i->op == IR_ZERO)
                return false;
        }
    return true;
}

void emit_function(FILE *o, struct ir_func *f)
{
    static int counter;
    out = o;
    F = f;
    fnid = counter++;
    layout_frame();
    sp_fixed = !f->has_alloca;
    for (int b = 0; b < f->nblocks && sp_fixed; b++)
        for (int k = 0; k < f->blocks[b]->n; k++) {
            int op = f->blocks[b]->ins[k].op;
            if (op == IR_ASM || op == IR_ALLOCA || op == IR_SPRESTORE) sp_fixed = false;
        }
    int Rs = R();
    if (f->section) fprintf(out, "\t.section %s,\"ax\",@progbits\n", f->section);
    else fputs("\t.text\n", out);
    int p2 = 1;
    while (f->align > 4 && (1 << p2) < f->align && p2 < 12) p2++;
    fprintf(out, "\t.p2align %d\n", p2);
    if (f->weak) fprintf(out, "\t.weak %s\n", f->name);
    else if (!f->is_static) fprintf(out, "\t.globl %s\n", f->name);
    fprintf(out, "\t.type %s, @function\n%s:\n", f->name, f->name);
    dbg_loc(f->loc_file, f->loc_line, f->loc_col);
    leaf = ccopt.opt >= 1 && frameless(f);
    /* what looks at the frame: the frame address rules out both, an address of a slot
     * (or the stack area of an alloca or VLA) rules out sibling calls */
    bool frame_addr = false, frame_escapes = false;
    nblock_ids = 0;
    for (int b = 0; b < f->nblocks; b++) {
        struct ir_block *blk = f->blocks[b];
        if (blk->id >= nblock_ids) nblock_ids = blk->id + 1;
        for (int k = 0; k < blk->n; k++)
            switch (blk->ins[k].op) {
            case IR_FRAMEADDR: frame_addr = true; break;
            case IR_ADDR: case IR_ALLOCA: case IR_SPSAVE: case IR_SPRESTORE: case IR_SAVE_VA:
                frame_escapes = true;
                break;
            default: break;
            }
    }
    block_of_id = cc_alloc(sizeof *block_of_id * (size_t)(nblock_ids + 1));
    for (int b = 0; b < f->nblocks; b++)
        if (f->blocks[b]->id >= 0) block_of_id[f->blocks[b]->id] = f->blocks[b];
    no_fp = !leaf && sp_fixed && !f->variadic && !frame_addr && fits12(frame_size) &&
            (ccopt.omit_fp > 0 || (ccopt.omit_fp == 0 && ccopt.opt >= 1));
    int nsaved = 0;
    for (int r = 0; r < 64; r++) nsaved += used_callee[r];
    short_epilogue = leaf || (no_fp && !f->stack_protect && nsaved <= 3);
    sibcall_fn = !leaf && !f->variadic && !f->stack_protect && !f->has_alloca && !frame_addr && !frame_escapes &&
                 (ccopt.sibcalls > 0 || (ccopt.sibcalls == 0 && ccopt.opt >= 2));
    /* A frameless function has no prologue to carry the line of its declarator: its
     * first instruction does, as a prologue's would (debuggers and addr2line map the
     * function's address there); line marks before it are written after it. */
    bool entry_loc_pending = leaf;
    struct ir_ins *deferred_loc = NULL;
    /* prologue: the frame (with or without s0), then the saves both kinds share */
    if (!leaf) {
        if (!no_fp) fputs("\tmv t0, sp\n", out);
        if (fits12(-frame_size)) fprintf(out, "\taddi sp, sp, %ld\n", -frame_size);
        else fprintf(out, "\tli t1, %ld\n\tsub sp, sp, t1\n", frame_size);
        if (no_fp)
            fp_mem(sx(), "ra", -(va_size + Rs));
        else
            fprintf(out, "\t%s ra, %ld(t0)\n\t%s s0, %ld(t0)\n\taddi s0, t0, %ld\n", sx(), -(va_size + Rs), sx(),
                    -(va_size + 2 * Rs), -va_size);
        for (int r = 0; r < 64; r++)
            if (used_callee[r]) fp_mem(r >= 32 ? "fsd" : sx(), rname(r), callee_off[r]);
        if (f->stack_protect) {
            fprintf(out, "\tlla t1, __stack_chk_guard\n\t%s t1, 0(t1)\n", lx());
            fp_mem(sx(), "t1", canary_off);
        }
        if (f->variadic)  /* never without s0 */
            for (int k = f->va_first_gpr; k < 8; k++)
                fprintf(out, "\t%s a%d, %ld(s0)\n", sx(), k, (long)k * Rs);
    }
    for (int bi = 0; bi < f->nblocks; bi++) {
        struct ir_block *b = f->blocks[bi];
        /* an empty block (unreachable, emptied) falls through: a jump to the first
         * non-empty block after this one is not needed */
        int nb = bi + 1;
        while (nb < f->nblocks && !f->blocks[nb]->n) nb++;
        next_block = nb < f->nblocks ? f->blocks[nb]->id : -1;
        label(b->id);
        if (b->asm_label) fprintf(out, "%s:\n", b->asm_label);
        for (int k = 0; k < b->n; k++) {
            struct ir_ins *i = &b->ins[k];
            if (entry_loc_pending && i->op == IR_LOC) {
                deferred_loc = i;
                continue;
            }
            cur_blk = b;
            cur_k = k;
            emit_ins(i);
            if (entry_loc_pending && i->op != IR_NOP && i->op != IR_SAVE_VA && i->op != IR_PARAM) {
                entry_loc_pending = false;
                if (deferred_loc) emit_ins(deferred_loc);
            }
        }
    }
    fprintf(out, ".Lret%d:\n", fnid);
    emit_epilogue();
    fprintf(out, "\t.size %s, .-%s\n", f->name, f->name);
}

/* restore what the prologue saved and return (the stack protector's check is only in the
 * shared epilogue: short_epilogue is false with it) */
static void emit_epilogue(void)
{
    if (F->stack_protect) {
        /* t0/t1 only: a0/a1/fa0/fa1 hold the result */
        fp_mem(lx(), "t0", canary_off);
        fprintf(out, "\tlla t1, __stack_chk_guard\n\t%s t1, 0(t1)\n", lx());
        fprintf(out, "\tbeq t0, t1, .Lssp%d\n\tcall __stack_chk_fail\n.Lssp%d:\n", fnid, fnid);
    }
    emit_restore();
    fputs("\tret\n", out);
}

/* the epilogue but its `ret`: the callee-saved registers, ra, s0 and sp as they were at
 * entry (t0 is the only register it changes besides them) */
static void emit_restore(void)
{
    int Rs = R();
    if (leaf) return;
    for (int r = 0; r < 64; r++)
        if (used_callee[r]) fp_mem(r >= 32 ? "fld" : lx(), rname(r), callee_off[r]);
    if (no_fp) {
        fp_mem(lx(), "ra", -(va_size + Rs));
        if (fits12(frame_size)) fprintf(out, "\taddi sp, sp, %ld\n", frame_size);
        else fprintf(out, "\tli t0, %ld\n\tadd sp, sp, t0\n", frame_size);
        return;
    }
    fprintf(out, "\t%s ra, %ld(s0)\n\taddi t0, s0, %ld\n\t%s s0, %ld(s0)\n\tmv sp, t0\n", lx(),
            (long)-Rs, va_size, lx(), (long)-2 * Rs);
}

/* ---------------------------------------------------------------- static data */

struct reloc { long off; const char *sym; i128 add; };

static void put_int(u8 *buf, long off, int size, i128 v)
{
    for (int k = 0; k < size; k++) buf[off + k] = (u8)((u128)v >> (8 * k));
}

static void emit_bytes(const u8 *buf, long size, struct reloc *rel, int nrel)
{
    long p = 0;
    int ri = 0;
    while (p < size) {
        if (ri < nrel && rel[ri].off == p) {
            const char *d = tgt.ptr_size == 16 ? ".octa" : tgt.ptr_size == 8 ? ".dword" : ".word";
            if (rel[ri].add) fprintf(out, "\t%s %s%+lld\n", d, rel[ri].sym, (long long)rel[ri].add);
            else fprintf(out, "\t%s %s\n", d, rel[ri].sym);
            p += tgt.ptr_size;
            ri++;
            continue;
        }
        long lim = ri < nrel ? rel[ri].off : size;
        long z = p;
        while (z < lim && !buf[z]) z++;
        if (z - p >= 8 || z == lim) {
            if (z > p) fprintf(out, "\t.zero %ld\n", z - p);
            p = z;
            continue;
        }
        fputs("\t.byte ", out);
        int n = 0;
        while (p < lim && n < 16) {
            fprintf(out, n ? ",%u" : "%u", buf[p]);
            p++;
            n++;
        }
        fputc('\n', out);
    }
}

/* the initializer of the compound literal a struct/union initializer copies, if any (GCC
 * extension; a block-scope literal keeps it in the node, a file-scope one in its object) */
static struct init *init_literal(struct node *e, struct type **ty)
{
    while (e->kind == N_CAST) e = e->l;
    if (e->kind != N_COMPOUND_LIT) return NULL;
    *ty = e->ty;
    return e->ini ? e->ini : e->var->ini;
}

/* number of items of an initializer once copied compound literals are expanded */
static int init_count(struct init *ini)
{
    int n = 0;
    for (int k = 0; k < ini->n; k++) {
        struct init_item *it = &ini->items[k];
        struct type *lt;
        struct init *lit = !it->bytes && (it->ty->kind == TY_STRUCT || it->ty->kind == TY_UNION) ? init_literal(it->e, &lt) : NULL;
        n += lit ? init_count(lit) : 1;
    }
    return n;
}

static u8 *obj_buf;
static struct reloc *obj_rel;
static int obj_nrel;
static bool obj_nonzero;

/* put the items of ini at offset base of the object being emitted */
static void put_items(struct init *ini, long base)
{
    for (int k = 0; k < ini->n; k++) {
        struct init_item *it = &ini->items[k];
        long off = base + it->offset;
        u8 *buf = obj_buf;
        if (it->bytes) {
            memcpy(buf + off, it->bytes, (size_t)it->nbytes);
            obj_nonzero = true;
            continue;
        }
        struct type *t = it->ty;
        struct node *e = it->e;
        i128 v;
        double dv;
        const char *sym = NULL;
        if (t->kind == TY_STRUCT || t->kind == TY_UNION) {
            /* a copy of a compound literal (GCC extension): the whole subobject becomes the
             * literal's value, replacing anything initialized there before */
            struct type *lt;
            struct init *lit = init_literal(e, &lt);
            if (!lit || !ty_compatible(ty_unqual(lt), ty_unqual(t)))
                cc_error_at(e->pos, "initializer element is not constant");
            memset(buf + off, 0, (size_t)t->size);
            int keep = 0;
            for (int r = 0; r < obj_nrel; r++)
                if (obj_rel[r].off < off || obj_rel[r].off >= off + t->size) obj_rel[keep++] = obj_rel[r];
            obj_nrel = keep;
            put_items(lit, off);
            continue;
        }
        if (t->kind == TY_LDOUBLE) {
            u128 lb;
            if (!eval_ld_bits(e, &lb)) cc_error_at(e->pos, "initializer element is not constant");
            put_int(buf, off, 16, (i128)lb);
            obj_nonzero = true;
            continue;
        }
        if (ty_is_float(t)) {
            if (!eval_float(e, &dv)) cc_error_at(e->pos, "initializer element is not constant");
            if (t->kind == TY_FLOAT) {
                float f = (float)dv;
                memcpy(buf + off, &f, 4);
            } else {
                memcpy(buf + off, &dv, 8);
            }
            obj_nonzero = true;
            continue;
        }
        eval_tls_refused = NULL;
        if (eval_const(e, &sym, &v) && !sym) {
            if (it->bit_width >= 0) {
                u128 unit = 0;
                int us = (int)t->size;
                /* a packed field may run past its type's size: the bytes it covers */
                if ((it->bit_off + it->bit_width + 7) / 8 > us) us = (it->bit_off + it->bit_width + 7) / 8;
                for (int q = 0; q < us; q++) unit |= (u128)buf[off + q] << (8 * q);
                u128 mask = (it->bit_width >= 128 ? ~(u128)0 : (((u128)1 << it->bit_width) - 1));
                unit = (unit & ~(mask << it->bit_off)) | (((u128)v & mask) << it->bit_off);
                put_int(buf, off, us, (i128)unit);
            } else {
                put_int(buf, off, (int)(t->kind == TY_PTR ? tgt.ptr_size : t->size), v);
            }
            obj_nonzero = true;
            continue;
        }
        if (sym && (t->kind == TY_PTR || t->size == tgt.ptr_size)) {
            obj_rel[obj_nrel].off = off;
            obj_rel[obj_nrel].sym = sym;
            obj_rel[obj_nrel].add = v;
            obj_nrel++;
            obj_nonzero = true;
            continue;
        }
        if (eval_tls_refused)
            cc_error_at(e->pos, "initializer element is not constant: the address of thread-local '%s' "
                        "is not a link-time constant", eval_tls_refused->name);
        cc_error_at(e->pos, "initializer element is not constant");
    }
}

static void emit_object(struct obj *o)
{
    long size = o->ty->size;
    if (o->ini && o->ini->size > size) size = o->ini->size; /* flexible array member data */
    u8 *buf = cc_alloc((size_t)size + 16);
    obj_buf = buf;
    obj_rel = NULL;
    obj_nrel = 0;
    obj_nonzero = false;
    if (o->ini) {
        obj_rel = cc_alloc(sizeof *obj_rel * (size_t)(init_count(o->ini) + 1));
        put_items(o->ini, 0);
    }
    struct reloc *rel = obj_rel;
    int nrel = obj_nrel;
    bool nonzero = obj_nonzero;
    /* sort relocations by offset (later items override earlier ones at the same offset) */
    for (int a = 1; a < nrel; a++)
        for (int b = a; b > 0 && rel[b - 1].off > rel[b].off; b--) {
            struct reloc t = rel[b];
            rel[b] = rel[b - 1];
            rel[b - 1] = t;
        }
    const char *name = o->asm_name;
    int al = o->align > o->ty->align ? o->align : o->ty->align;
    if (al < 1) al = 1;
    if (o->section) fprintf(out, "\t.section %s,\"aw\"\n", o->section);
    else if (o->is_tls) fprintf(out, "\t.section %s,\"awT\",@%s\n", nonzero ? ".tdata" : ".tbss", nonzero ? "progbits" : "nobits");
    else if (!nonzero) fputs("\t.bss\n", out);
    else if (o->ty->is_const && !nrel) fputs("\t.section .rodata\n", out);
    else fputs("\t.data\n", out);
    if (o->weak) fprintf(out, "\t.weak %s\n", name);
    else if (!o->is_static) fprintf(out, "\t.globl %s\n", name);
    fprintf(out, "\t.type %s, @%s\n\t.size %s, %ld\n\t.balign %d\n%s:\n", name,
            o->is_tls ? "tls_object" : "object", name, size, al, name);
    if (!nonzero) fprintf(out, "\t.zero %ld\n", size ? size : 1);
    else emit_bytes(buf, size, rel, nrel);
}

void emit_data(FILE *o)
{
    out = o;
    for (struct obj *g = tu.globals; g; g = g->next) {
        if (!g->name) {
            fprintf(out, "%s\n", g->section); /* top-level asm */
            continue;
        }
        if (g->visibility && strcmp(g->visibility, "default"))
            fprintf(out, "\t.%s %s\n", !strcmp(g->visibility, "protected") ? "protected" : !strcmp(g->visibility, "internal") ? "internal" : "hidden", g->asm_name);
        if (g->alias_of) {
            /* name is another name of the target's definition */
            if (g->weak) fprintf(out, "\t.weak %s\n", g->asm_name);
            else if (!g->is_static) fprintf(out, "\t.globl %s\n", g->asm_name);
            fprintf(out, "\t.set %s, %s\n", g->asm_name, g->alias_of);
            continue;
        }
        if (g->weak && !g->is_defined && !(g->is_func && g->body)) {
            fprintf(out, "\t.weak %s\n", g->asm_name); /* weak reference */
            if (g->is_func || g->is_extern) continue;
        }
        if (g->is_func) {
            if (g->ctor || g->dtor) {
                fprintf(out, "\t.section %s,\"aw\",@%s\n\t.balign %d\n", g->ctor ? ".init_array" : ".fini_array",
                        g->ctor ? "init_array" : "fini_array", tgt.ptr_size);
                fprintf(out, "\t%s %s\n", tgt.ptr_size == 16 ? ".octa" : tgt.ptr_size == 8 ? ".dword" : ".word", g->asm_name);
            }
            continue;
        }
        if (g->is_extern && !g->is_defined) continue;
        if (!g->is_defined && !g->is_tentative) continue;
        if (g->emitted) continue;
        g->emitted = true;
        emit_object(g);
    }
    if (tu.strs) {
        fputs("\t.section .rodata\n", out);
        for (struct strlit *s = tu.strs; s; s = s->next) {
            fprintf(out, "%s:\n", s->label);
            emit_bytes((const u8 *)s->bytes, s->len, NULL, 0);
        }
    }
}
