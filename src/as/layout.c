/* Layout: decide the size of every variable tail (alignment padding, relaxable branches,
 * late LEB128 values), then turn fixups into bytes or relocations.
 *
 * Branch relaxation follows GNU as (-mno-relax): a branch or jump whose target is
 * defined, not weak, in the same section gets the shortest form that reaches —
 *   c.j/c.jal (±2 KiB), c.beqz/c.bnez (±256 B), a 32-bit branch or jal (branches ±4 KiB,
 *   and a jump is always jal), else for a conditional branch the inverted branch over
 *   a jal (c.b[n]ez + jal when the branch was compressible);
 * any other target gets jal, or an inverted branch over jal.  Every branch and jump to
 * a symbol keeps its R_RISCV_BRANCH/JAL/RVC_* relocation, with the offset the target has
 * now also written into the instruction (as GNU as does).  Sizes only grow from one
 * pass to the next, so the iteration ends. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "as/as.h"


/* The target of a branch frag: symbol + constant, or an absolute constant. */
static bool branch_target(struct as *A, struct frag *f, struct value *v, enum ev_mode mode)
{
    return expr_eval(A, f->v.br.target, mode, v, f->loc, true) && !v->sub;
}

static bool same_section_target(const struct frag *f, const struct value *v)
{
    const struct sym *s = v->add;
    return s && s->kind == SK_LABEL && s->sec == f->sec && s->bind != STB_WEAK;
}

/* Within a pass, frags not yet visited still have the previous pass's address: a
 * forward target moves by the growth of the frags before it in this pass (GNU's
 * "stretch"). */
struct relax_pass { u32 number; i128 stretch; };

static i128 target_addr(const struct sym *s, const struct relax_pass *rp)
{
    i128 a = (i128)sym_addr(s);
    if (s->frag && s->frag->pass != rp->number) a += rp->stretch;
    return a;
}

static u32 branch_size(struct as *A, struct frag *f, const struct relax_pass *rp)
{
    struct value v;
    bool jump = f->v.br.jump, rvc = f->v.br.rvc;
    if (f->v.br.fixed) return f->v.br.fixed;
    if (!branch_target(A, f, &v, EV_FOLD) || !same_section_target(f, &v))
        return jump ? 4 : 8;
    i128 d = target_addr(v.add, rp) + v.k - (i128)(f->addr + f->len);
    i128 rvc_half = jump ? 2048 : 256;
    if (rvc && d >= -rvc_half && d < rvc_half) return 2;
    if (d >= -4096 && d < 4096) return 4;
    if (!jump && rvc) return 6;
    return jump ? 4 : 8;
}

static u32 align_size(const struct frag *f)
{
    u128 a = (u128)1 << f->v.al.pow;
    u128 at = f->addr + f->len;
    u128 pad = (a - at % a) % a;
    if (f->v.al.max && pad > f->v.al.max) return 0;
    return (u32)pad;
}

static u32 leb_frag_size(struct as *A, struct frag *f)
{
    struct value v;
    if (!expr_eval(A, f->v.leb.e, EV_FOLD, &v, f->loc, true) || !value_is_const(&v)) return f->vsize;
    return leb_size(v.k, f->v.leb.sign);
}

static u32 min_size(const struct frag *f)
{
    if (f->vk == VK_BRANCH) return f->v.br.fixed ? f->v.br.fixed : f->v.br.rvc ? 2 : 4;
    if (f->vk == VK_LEB) return f->vsize ? f->vsize : 1;
    return f->vsize;
}

static void relax_section(struct as *A, struct section *s)
{
    /* start from the shortest forms with consistent addresses, then grow */
    u128 at = 0;
    for (struct frag *f = s->first; f; f = f->next) {
        f->addr = at;
        if (f->vk == VK_ALIGN) f->vsize = align_size(f);
        else f->vsize = min_size(f);
        at += f->len + f->vsize;
    }
    for (int pass = 0; pass < 1000; pass++) {
        bool changed = false;
        u128 addr = 0;
        struct relax_pass rp = { (u32)pass + 1, 0 };
        for (struct frag *f = s->first; f; f = f->next) {
            rp.stretch = (i128)addr - (i128)f->addr;
            f->addr = addr;
            f->pass = rp.number;
            addr += f->len;
            u32 n = f->vsize;
            switch (f->vk) {
            case VK_ALIGN: n = align_size(f); break;
            case VK_BRANCH: { u32 b = branch_size(A, f, &rp); if (b > n) n = b; break; }
            case VK_LEB: { u32 b = leb_frag_size(A, f); if (b > n) n = b; break; }
            default: break;
            }
            if (n != f->vsize) {
                f->vsize = n;
                changed = true;
            }
            addr += f->vsize;
        }
        s->size = addr;
        if (!changed && pass > 0) return;
    }
    as_error_at(A, (struct srcloc){ NULL, 0 }, "section %s: layout did not converge", s->name);
}

/* ---- Relocations ------------------------------------------------------------------- */

static void add_reloc(struct as *A, struct section *s, u128 off, u32 type, struct sym *sym,
                      i128 addend)
{
    if (s->nrels == s->caprels) {
        s->caprels = s->caprels ? s->caprels * 2 : 32;
        s->rels = xrealloc(s->rels, s->caprels * sizeof *s->rels);
    }
    struct elf_rel *r = &s->rels[s->nrels++];
    memset(r, 0, sizeof *r);
    r->offset = off;
    r->type = type;
    r->addend = addend;
    r->has_addend = 1;
    /* the symbol is resolved to its table index at output; keep the pointer here */
    r->info = (u128)(uintptr_t)sym;
    if (sym) {
        sym->used_in_reloc = true;
        switch (type) {
        case R_RISCV_TLS_GOT_HI20: case R_RISCV_TLS_GD_HI20: case R_RISCV_TPREL_HI20:
        case R_RISCV_TPREL_LO12_I: case R_RISCV_TPREL_LO12_S: case R_RISCV_TPREL_ADD:
        case R_RISCV_TLS_DTPREL32: case R_RISCV_TLS_DTPREL64:
            sym->tls_reloc = true;
            break;
        default:
            break;
        }
    }
    (void)A;
}

/* ---- Instruction field patching ---------------------------------------------------- */

static u32 rd32(const u8 *p) { return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24; }
static void wr32(u8 *p, u32 w) { p[0] = (u8)w; p[1] = (u8)(w >> 8); p[2] = (u8)(w >> 16); p[3] = (u8)(w >> 24); }
static void wr16(u8 *p, u32 w) { p[0] = (u8)w; p[1] = (u8)(w >> 8); }

static i128 sext(i128 v, int bits)
{
    u128 m = (u128)1 << (bits - 1);
    u128 u = (u128)v & (((u128)1 << bits) - 1);
    return (i128)((u ^ m) - m);
}

/* Re-encode a decoded instruction word with a new immediate (range-checked by the
 * table's encoder). */
static bool set_imm(struct as *A, u8 *p, unsigned len, i32 imm)
{
    u32 w = len == 4 ? rd32(p) : (u32)(p[0] | p[1] << 8);
    struct isa_inst in;
    if (!isa_decode(A->opt.arch.xlen, ~0u, w, &in)) return false;
    in.imm = imm;
    u32 nw;
    if (!isa_encode(in.desc, A->opt.arch.xlen, &in, &nw)) return false;
    if (len == 4) wr32(p, nw);
    else wr16(p, nw);
    return true;
}

static u8 *fixup_ptr(struct fixup *x) { return x->frag->data + x->where; }

static u128 fixup_off(const struct fixup *x) { return x->frag->addr + x->where; }

/* ---- Branch tails ------------------------------------------------------------------ */

static u32 enc(struct as *A, const char *name, struct isa_inst *in)
{
    const struct isa_insn *d = insn_line(A, name);
    u32 w = 0;
    if (!d || !isa_encode(d, A->opt.arch.xlen, in, &w))
        as_error(A, "internal error: cannot encode %s", name);
    return w;
}

static const char *branch_name(unsigned op, bool invert)
{
    switch (op) {
    case ISA_BEQ: return invert ? "bne" : "beq";
    case ISA_BNE: return invert ? "beq" : "bne";
    case ISA_BLT: return invert ? "bge" : "blt";
    case ISA_BGE: return invert ? "blt" : "bge";
    case ISA_BLTU: return invert ? "bgeu" : "bltu";
    default: return invert ? "bltu" : "bgeu";
    }
}

static void emit_branch(struct as *A, struct frag *f)
{
    struct value v;
    struct srcloc at = f->loc;
    A->loc = at;
    if (!branch_target(A, f, &v, EV_FINAL)) {
        expr_eval(A, f->v.br.target, EV_FINAL, &v, at, false);
        if (v.sub) as_error_at(A, at, "branch target must be a symbol plus a constant");
        return;
    }
    u128 pc = f->addr + f->len;
    i128 symval = 0;
    if (v.add && v.add->kind == SK_LABEL) symval = (i128)sym_addr(v.add);
    /* GNU as writes the offset the target has now; nothing for an absolute target */
    i128 delta = v.add ? symval + v.k - (i128)pc : 0;
    bool local = same_section_target(f, &v);
    struct isa_inst in = f->v.br.inst;
    u8 *p = f->vdata;
    u32 n = f->vsize;
    bool jump = f->v.br.jump;
    struct sym *rs = v.add;                  /* NULL: absolute target */
    if (v.add && v.add->kind == SK_ABS) rs = NULL;
    if (n == 2 && local && (delta < -(jump ? 2048 : 256) || delta >= (jump ? 2048 : 256)))
        as_error_at(A, at, "target out of range of the compressed %s", jump ? "jump" : "branch");
    if (jump) {
        if (n == 2) {
            in.imm = (i32)sext(delta, 12) & ~1;
            wr16(p, enc(A, in.rd ? "c.jal" : "c.j", &in));
            add_reloc(A, f->sec, pc, R_RISCV_RVC_JUMP, rs, v.k);
        } else {
            if (local && (delta < -(1 << 20) || delta >= (1 << 20)))
                as_error_at(A, at, "jump target out of range (%lld bytes away, jal reaches +-1 MiB)",
                            (long long)delta);
            if (local && (delta & 1)) as_error_at(A, at, "jump target is not 2-byte aligned");
            in.imm = (i32)sext(delta, 21) & ~1;
            wr32(p, enc(A, "jal", &in));
            add_reloc(A, f->sec, pc, R_RISCV_JAL, rs, v.k);
        }
        return;
    }
    if (local && (delta & 1)) as_error_at(A, at, "branch target is not 2-byte aligned");
    if (n == 2) {
        in.imm = (i32)sext(delta, 9) & ~1;
        wr16(p, enc(A, in.op == ISA_BEQ ? "c.beqz" : "c.bnez", &in));
        add_reloc(A, f->sec, pc, R_RISCV_RVC_BRANCH, rs, v.k);
        return;
    }
    if (n == 4) {
        in.imm = (i32)sext(delta, 13) & ~1;
        wr32(p, enc(A, branch_name(in.op, false), &in));
        add_reloc(A, f->sec, pc, R_RISCV_BRANCH, rs, v.k);
        return;
    }
    /* inverted branch over a jal */
    u32 skip = n;
    struct isa_inst b = in;
    b.imm = (i32)skip;
    u32 first;
    if (n == 6) {
        first = 2;
        wr16(p, enc(A, in.op == ISA_BEQ ? "c.bnez" : "c.beqz", &b));
    } else {
        first = 4;
        wr32(p, enc(A, branch_name(in.op, true), &b));
    }
    i128 jd = v.add ? delta - first : 0;
    if (local && (jd < -(1 << 20) || jd >= (1 << 20)))
        as_error_at(A, at, "branch target out of range (%lld bytes away)", (long long)delta);
    struct isa_inst j;
    memset(&j, 0, sizeof j);
    j.imm = (i32)sext(jd, 21) & ~1;
    wr32(p + first, enc(A, "jal", &j));
    add_reloc(A, f->sec, pc + first, R_RISCV_JAL, rs, v.k);
}

static void emit_align_tail(struct frag *f)
{
    u8 *p = f->vdata;
    u32 n = f->vsize;
    if (f->v.al.has_fill) {
        u8 b[8];
        for (unsigned i = 0; i < 8; i++) b[i] = (u8)(f->v.al.fill >> (8 * i));
        unsigned fs = f->v.al.fill_size ? f->v.al.fill_size : 1;
        u128 at = f->addr + f->len;
        for (u32 i = 0; i < n; i++) p[i] = b[(at + i) % fs];
        return;
    }
    if (!f->v.al.code) {
        memset(p, 0, n);
        return;
    }
    /* code: a zero byte for odd padding, at most one c.nop, then 4-byte nops */
    u32 i = 0;
    if (n % 2) p[i++] = 0;
    if ((n - i) % 4 == 2) { wr16(p + i, 0x0001); i += 2; }
    for (; i < n; i += 4) wr32(p + i, 0x00000013);
}

/* ---- Fixups ------------------------------------------------------------------------ */

static const u16 add_types[17] = { [1] = R_RISCV_ADD8, [2] = R_RISCV_ADD16, [4] = R_RISCV_ADD32,
                                   [8] = R_RISCV_ADD64, [16] = R_RISCV_ADD128 };
static const u16 sub_types[17] = { [1] = R_RISCV_SUB8, [2] = R_RISCV_SUB16, [4] = R_RISCV_SUB32,
                                   [8] = R_RISCV_SUB64, [16] = R_RISCV_SUB128 };

static void put_le(u8 *p, i128 v, unsigned n)
{
    for (unsigned i = 0; i < n; i++) p[i] = (u8)((u128)v >> (8 * i));
}

static bool fits(i128 v, unsigned size)
{
    if (size >= 16) return true;
    return v >= -((i128)1 << (8 * size - 1)) && v <= ((i128)1 << (8 * size)) - 1;
}

static void data_fixup(struct as *A, struct section *s, struct fixup *x)
{
    struct value v;
    if (!expr_eval(A, x->e, EV_FINAL, &v, x->loc, false)) return;
    u128 off = fixup_off(x);
    int cls = A->opt.arch.xlen;
    if (x->rtype) {                         /* .dtprelword / .dtpreldword (also in .tbss,
                                               whose fragments hold no bytes) */
        if (v.sub || !v.add) {
            as_error_at(A, x->loc, "expected a symbol for a DTP-relative value");
            return;
        }
        add_reloc(A, s, off, x->rtype, v.add, v.k);
        return;
    }
    if (value_is_const(&v)) {
        if (!fits(v.k, x->size)) {
            char t[48];
            as_error_at(A, x->loc, "value 0x%s does not fit in %u byte%s",
                        elf_u128_hex((u128)v.k, t, sizeof t), x->size, x->size == 1 ? "" : "s");
        }
        put_le(fixup_ptr(x), v.k, x->size);  /* (only a section with bytes has such a fixup) */
        return;
    }
    if (v.sub) {
        if (!v.add) {
            as_error_at(A, x->loc, "can't subtract symbol `%s' from a constant", v.sub->name);
            return;
        }
        u16 at = x->size <= 16 ? add_types[x->size] : 0;
        if (!at || (x->size == 16 && cls != 128)) {
            as_error_at(A, x->loc, "cannot represent a %u-byte difference of `%s' and `%s' "
                        "in this object", x->size, v.add->name, v.sub->name);
            return;
        }
        add_reloc(A, s, off, at, v.add, v.k);
        add_reloc(A, s, off, sub_types[x->size], v.sub, 0);
        return;
    }
    u16 t = x->size == 4 ? R_RISCV_32 : x->size == 8 ? R_RISCV_64
          : (x->size == 16 && cls == 128) ? R_RISCV_128 : 0;
    if (!t) {
        as_error_at(A, x->loc, "cannot represent a %u-byte relocation against `%s'", x->size,
                    v.add->name);
        return;
    }
    add_reloc(A, s, off, t, v.add, v.k);
}

static i32 hi20(i128 v) { return (i32)((u32)(((v + 0x800) >> 12) & 0xfffff) << 12); }
static i32 lo12(i128 v) { return (i32)sext(v, 12); }

static void insn_fixup(struct as *A, struct section *s, struct fixup *x)
{
    /* an instruction in a NOBITS section has no bytes to patch; storing it was already
       an error ("attempt to store non-zero value") */
    if (s->type == SHT_NOBITS) return;
    struct value v;
    if (!expr_eval(A, x->e, EV_FINAL, &v, x->loc, false)) return;
    u8 *p = fixup_ptr(x);
    u128 off = fixup_off(x);
    if (v.sub) {
        as_error_at(A, x->loc, "can't resolve `%s' - `%s' in a relocation", v.add ? v.add->name : "0",
                    v.sub->name);
        return;
    }
    bool absval = !v.add;
    switch (x->rtype) {
    case R_RISCV_HI20:
    case R_RISCV_LO12_I:
    case R_RISCV_LO12_S:
        if (absval) {
            i32 imm = x->rtype == R_RISCV_HI20 ? hi20(v.k) : lo12(v.k);
            if (x->rtype == R_RISCV_HI20 && !(sext(v.k + 0x800, 32) == v.k + 0x800))
                as_error_at(A, x->loc, "%%hi of a value that does not fit in 32 bits");
            if (!set_imm(A, p, x->size, imm))
                as_error_at(A, x->loc, "internal error: cannot patch the immediate");
            return;
        }
        break;
    default:
        break;
    }
    struct sym *rs = v.add;
    add_reloc(A, s, off, x->rtype, rs, v.k);
}

static int rel_cmp(const void *a, const void *b)
{
    const struct elf_rel *x = a, *y = b;
    if (x->offset != y->offset) return x->offset < y->offset ? -1 : 1;
    /* stable: keep creation order (ADD before SUB) */
    return x->has_addend < y->has_addend ? -1 : x->has_addend > y->has_addend;
}

void layout(struct as *A)
{
    for (struct section *s = A->sections; s; s = s->next) relax_section(A, s);
    /* the end of a code section is padded to its alignment with nops, as GNU as does */
    for (struct section *s = A->sections; s; s = s->next) {
        if (!sect_is_code(s) || s->align <= 1 || s->size % s->align == 0) continue;
        struct section *save = A->cur;
        A->cur = s;
        struct frag *f = frag_var(A, VK_ALIGN, 0);
        unsigned pw = 0;
        while (((u128)1 << pw) < s->align) pw++;
        f->v.al.pow = (u8)pw;
        f->v.al.code = true;
        A->cur = save;
        relax_section(A, s);
    }
    for (struct section *s = A->sections; s; s = s->next) {
        if (s->type != SHT_NOBITS && s->size > ((u128)1 << 28)) {
            as_error_at(A, (struct srcloc){ NULL, 0 }, "section %s is too large after alignment "
                        "(zl-as limit: 256 MiB of contents)", s->name);
            continue;
        }
        if (s->size > 0xffffffffu) {
            as_error_at(A, (struct srcloc){ NULL, 0 }, "section %s is too large (4 GiB)", s->name);
            continue;
        }
        for (struct frag *f = s->first; f; f = f->next) {
            if (!f->vsize || s->type == SHT_NOBITS) continue;
            f->vdata = as_alloc(A, f->vsize);
            switch (f->vk) {
            case VK_ALIGN: emit_align_tail(f); break;
            case VK_BRANCH: emit_branch(A, f); break;
            case VK_LEB: {
                struct value v;
                if (!expr_eval(A, f->v.leb.e, EV_FOLD, &v, f->loc, false)) break;
                if (!value_is_const(&v)) {
                    as_error_at(A, f->loc, "LEB128 value is not a constant after layout");
                    break;
                }
                leb_encode(f->vdata, v.k, f->v.leb.sign, f->vsize);
                break;
            }
            default: break;
            }
        }
    }
    for (struct section *s = A->sections; s; s = s->next) {
        for (struct fixup *x = s->fixups; x; x = x->next) {
            A->loc = x->loc;
            if (x->rtype == 0 || x->rtype == R_RISCV_TLS_DTPREL32 || x->rtype == R_RISCV_TLS_DTPREL64)
                data_fixup(A, s, x);
            else
                insn_fixup(A, s, x);
        }
        /* relocations in address order; has_addend holds the creation sequence while
         * sorting (qsort is not stable) */
        if (!s->nrels) continue;
        for (usize i = 0; i < s->nrels; i++) s->rels[i].has_addend = (int)i;
        qsort(s->rels, s->nrels, sizeof *s->rels, rel_cmp);
        for (usize i = 0; i < s->nrels; i++) s->rels[i].has_addend = 1;
    }
}
