/* Instructions: operands parsed against the args strings of src/isa's table, encoded
 * with isa_encode (which also checks ranges), compressed like GNU as when RVC is on.
 *
 * GNU as compresses by matching the source mnemonic against alias lines of its opcode
 * table, so what is compressed depends on how an instruction is written (`jalr a0` is
 * compressed, `jalr ra,0(a0)` is not; `mv a0,a1` is, `add a0,a1,zero` is not).  The
 * compress_rules table below records, per source mnemonic, which compressed lines GNU
 * tries, in its order; the generated GNU comparison corpus (tests/as) checks it. */
#include <stdarg.h>
#include <string.h>

#include "as/as.h"
#include "as/insn.h"

bool insn_ready(struct as *A) { return (A->opt.arch.exts & EXT_C) != 0; }

/* The line has a rounding-mode operand (always written last, ",m"). */
bool line_has_rm(const struct isa_insn *d)
{
    usize n = strlen(d->args);
    return n >= 2 && d->args[n - 1] == 'm' && d->args[n - 2] == ',';
}

/* ---- Mnemonic lookup --------------------------------------------------------------- */

const struct isa_insn *insn_line(struct as *A, const char *name)
{
    return isa_line_named(name, A->opt.arch.xlen);
}

static bool ext_enabled(struct as *A, const struct isa_insn *d, char *why, usize n)
{
    unsigned have = A->opt.arch.exts | EXT_I | EXT_ZICSR | EXT_ZIFENCEI;
    if (d->ext & EXT_C) {
        if (!insn_ready(A)) { snprintf(why, n, "extension `c' required"); return false; }
        return true;
    }
    if (d->ext & have) return true;
    const char *e = d->ext & EXT_M ? "m" : d->ext & EXT_A ? "a" : d->ext & EXT_F ? "f"
                  : d->ext & EXT_D ? "d" : "?";
    snprintf(why, n, "extension `%s' required", e);
    return false;
}

/* ---- Operands ---------------------------------------------------------------------- */

static const struct { const char *name; enum rmod mod; } rmods[] = {
    { "hi", RM_HI }, { "lo", RM_LO }, { "pcrel_hi", RM_PCREL_HI }, { "pcrel_lo", RM_PCREL_LO },
    { "tprel_hi", RM_TPREL_HI }, { "tprel_lo", RM_TPREL_LO }, { "tprel_add", RM_TPREL_ADD },
    { "got_pcrel_hi", RM_GOT_PCREL_HI }, { "tls_ie_pcrel_hi", RM_TLS_IE_PCREL_HI },
    { "tls_gd_pcrel_hi", RM_TLS_GD_PCREL_HI },
};

bool parse_imm(struct as *A, const char **pp, struct operand_imm *out)
{
    const char *p = skip_ws(*pp);
    memset(out, 0, sizeof *out);
    if (*p == '%') {
        const char *n = ++p;
        while ((*p >= 'a' && *p <= 'z') || *p == '_') p++;
        usize nl = (usize)(p - n);
        bool found = false;
        for (usize i = 0; i < sizeof rmods / sizeof rmods[0]; i++)
            if (strlen(rmods[i].name) == nl && !strncmp(rmods[i].name, n, nl)) {
                out->mod = rmods[i].mod;
                found = true;
            }
        if (!found) {
            as_error(A, "bad relocation specifier `%%%.*s'", (int)nl, n);
            return false;
        }
        p = skip_ws(p);
        if (*p != '(') {
            as_error(A, "expected `(' after %%%.*s", (int)nl, n);
            return false;
        }
        p++;
        out->e = expr_parse(A, &p);
        if (!out->e) return false;
        p = skip_ws(p);
        if (*p != ')') {
            as_error(A, "missing `)' after %%%.*s(...", (int)nl, n);
            return false;
        }
        p++;
    } else {
        out->e = expr_parse(A, &p);
        if (!out->e) return false;
    }
    struct value v;
    if (expr_eval(A, out->e, EV_NOW, &v, as_here(A), true) && value_is_const(&v)) {
        out->is_const = true;
        out->k = v.k;
    }
    *pp = p;
    return true;
}

static bool fail(struct ops *o, const char *fmt, ...) AS_PRINTF(2, 3);
static bool fail(struct ops *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(o->err, sizeof o->err, fmt, ap);
    va_end(ap);
    return false;
}

static bool set_reg(struct isa_inst *in, u8 slot, unsigned r)
{
    switch (slot) {
    case ISA_SLOT_RD: in->rd = (u8)r; return true;
    case ISA_SLOT_RS1: in->rs1 = (u8)r; return true;
    case ISA_SLOT_RS2: in->rs2 = (u8)r; return true;
    case ISA_SLOT_RS3: in->rs3 = (u8)r; return true;
    case ISA_SLOT_RDRS1: in->rd = in->rs1 = (u8)r; return true;
    default: return false;
    }
}

static const char *rm_names[] = { "rne", "rtz", "rdn", "rup", "rmm", NULL, NULL, "dyn" };

static bool parse_fence_set(const char **pp, unsigned *out)
{
    const char *p = skip_ws(*pp);
    unsigned v = 0;
    if (*p == '0' && !is_sym_char((unsigned char)p[1])) {
        *pp = p + 1;
        *out = 0;
        return true;
    }
    const char *s = p;
    while (*p == 'i' || *p == 'o' || *p == 'r' || *p == 'w') {
        unsigned b = *p == 'i' ? 8 : *p == 'o' ? 4 : *p == 'r' ? 2 : 1;
        if (v & b) return false;
        v |= b;
        p++;
    }
    if (p == s || is_sym_char((unsigned char)*p)) return false;
    *pp = p;
    *out = v;
    return true;
}

/* Does the text at p start a "(reg)" with nothing before it? */
static bool paren_reg(const char *p)
{
    p = skip_ws(p);
    if (*p != '(') return false;
    p = skip_ws(p + 1);
    unsigned r;
    usize n = lex_xreg(p, &r);
    if (!n) return false;
    return *skip_ws(p + n) == ')';
}

/* Parse operand text against an args string.  Letters are the table's operand codes
 * plus, for pseudo-instructions: I (li constant), A (address expression, not followed
 * by "(reg)"), c (call target, "@plt" allowed), r (optional rounding mode handled by
 * 'm'). */
static bool parse_args(struct as *A, const char *args, const char *text, struct ops *o)
{
    const char *p = skip_ws(text);
    memset(o, 0, sizeof *o);
    o->in.rm = 7;
    for (const char *a = args; *a;) {
        char c = *a;
        if (c == ',' || c == ')') {
            /* an optional trailing rounding mode */
            if (c == ',' && a[1] == 'm' && a[2] == 0 && *skip_ws(p) == 0) break;
            p = skip_ws(p);
            if (*p != c) return fail(o, "expected `%c'", c);
            p++;
            a++;
            continue;
        }
        if (c == '(') {
            p = skip_ws(p);
            if (*p != '(') {
                /* "0(a0)" where the syntax has no offset (AMOs, lr/sc) */
                const char *q = p;
                struct enode *e = expr_parse(A, &q);
                struct value v;
                if (!e || !expr_eval(A, e, EV_NOW, &v, as_here(A), true) ||
                    !value_is_const(&v) || v.k != 0 || *skip_ws(q) != '(')
                    return fail(o, "expected `('");
                p = skip_ws(q);
            }
            p++;
            a++;
            continue;
        }
        p = skip_ws(p);
        o->score++;
        if (c == 'X') {
            a++;
            if (!parse_imm(A, &p, &o->imm)) return fail(o, "bad %%tprel_add operand");
            if (o->imm.mod != RM_TPREL_ADD) return fail(o, "expected %%tprel_add(symbol)");
            o->have_imm = true;
            continue;
        }
        if (c == 'I' || c == 'A' || c == 'c') {
            a++;
            const char *q = p;
            if (c == 'A' && paren_reg(q)) return fail(o, "unexpected base register");
            if (c == 'c') {
                /* call target: a symbol, optionally name@plt */
                const char *name;
                usize nl;
                usize l = lex_symbol(A, q, &name, &nl);
                if (l && !strncmp(q + l, "@plt", 4) && !is_sym_char((unsigned char)q[l + 4])) {
                    o->target = expr_sym(A, sym_get(A, name, nl));
                    p = q + l + 4;
                    continue;
                }
            }
            if (*q == '%') return fail(o, "relocation specifier not allowed here");
            struct enode *e = expr_parse(A, &q);
            if (!e) return fail(o, "bad expression");
            if (c == 'A' && paren_reg(q)) return fail(o, "unexpected base register");
            struct value v;
            bool ok = expr_eval(A, e, EV_NOW, &v, as_here(A), true);
            if (c == 'I') {
                if (!ok || !value_is_const(&v)) return fail(o, "li needs a constant");
                o->big = v.k;
            } else {
                o->target = e;
                o->target_const = ok && value_is_const(&v);
            }
            p = q;
            continue;
        }
        struct isa_operand op;
        usize len;
        if (!isa_operand_at(a, &op, &len)) return fail(o, "internal: bad operand code");
        a += len;
        if (op.slot == ISA_SLOT_SP) {
            unsigned r;
            usize n = lex_xreg(p, &r);
            if (!n || r != 2) return fail(o, "expected sp");
            o->in.rs1 = 2;
            p += n;
            continue;
        }
        if (op.slot == ISA_SLOT_RM) {
            const char *q = p;
            while (*q >= 'a' && *q <= 'z') q++;
            int rm = -1;
            for (int i = 0; i < 8; i++)
                if (rm_names[i] && strlen(rm_names[i]) == (usize)(q - p) && !strncmp(rm_names[i], p, (usize)(q - p)))
                    rm = i;
            if (rm < 0) return fail(o, "bad rounding mode");
            o->in.rm = (u8)rm;
            o->rm_given = true;
            p = q;
            continue;
        }
        if (op.rclass != ISA_RC_NONE && op.slot != ISA_SLOT_IMM) {
            unsigned r;
            usize n = op.rclass == ISA_RC_X ? lex_xreg(p, &r) : lex_freg(p, &r);
            if (!n) {
                unsigned r2;
                if (op.rclass == ISA_RC_X && lex_freg(p, &r2)) return fail(o, "integer register expected");
                if (op.rclass == ISA_RC_F && lex_xreg(p, &r2)) return fail(o, "floating-point register expected");
                return fail(o, "register expected");
            }
            if (op.prime && (r < 8 || r > 15)) return fail(o, "register must be one of x8-x15 / f8-f15");
            if (op.nonzero && r == 0) return fail(o, "register must not be x0");
            set_reg(&o->in, op.slot, r);
            p += n;
            continue;
        }
        if (op.kind == ISA_OPK_UIMM5) {
            i128 v;
            const char *q = p;
            struct enode *e = expr_parse(A, &q);
            struct value val;
            if (!e || !expr_eval(A, e, EV_NOW, &val, as_here(A), true) || !value_is_const(&val))
                return fail(o, "constant expected");
            v = val.k;
            if (v < 0 || v > 31) return fail(o, "CSR immediate out of range (0..31)");
            o->in.rs1 = (u8)v;
            p = q;
            continue;
        }
        if (op.kind == ISA_OPK_CSR) {
            const char *name;
            usize nl;
            usize l = lex_symbol(A, p, &name, &nl);
            if (l) {
                char tmp[32];
                if (nl < sizeof tmp) {
                    memcpy(tmp, name, nl);
                    tmp[nl] = 0;
                    int csr = isa_csr_lookup(tmp);
                    if (csr >= 0) {
                        o->in.imm = csr;
                        p += l;
                        continue;
                    }
                }
            }
            const char *q = p;
            struct enode *e = expr_parse(A, &q);
            struct value v;
            if (!e || !expr_eval(A, e, EV_NOW, &v, as_here(A), true) || !value_is_const(&v))
                return fail(o, "unknown CSR");
            if (v.k < 0 || v.k > 4095) return fail(o, "CSR number out of range (0..4095)");
            o->in.imm = (i32)v.k;
            p = q;
            continue;
        }
        if (op.kind == ISA_OPK_FENCE) {
            unsigned pred, succ;
            if (!parse_fence_set(&p, &pred)) return fail(o, "bad fence predecessor set");
            p = skip_ws(p);
            if (*p != ',') return fail(o, "expected `,'");
            p++;
            if (!parse_fence_set(&p, &succ)) return fail(o, "bad fence successor set");
            o->in.imm = (i32)(pred << 4 | succ);
            continue;
        }
        /* immediates */
        if (op.mem && paren_reg(p)) {
            o->have_imm = true;
            o->imm.is_const = true;
            o->imm.k = 0;
            memcpy(o->imm_code, op.code, 3);
            continue;
        }
        if (op.pcrel) {
            if (*p == '%') return fail(o, "relocation specifier not allowed on a branch target");
            const char *q = p;
            struct enode *e = expr_parse(A, &q);
            if (!e) return fail(o, "bad branch target");
            struct value v;
            o->target = e;
            o->target_const = expr_eval(A, e, EV_NOW, &v, as_here(A), true) && value_is_const(&v);
            memcpy(o->imm_code, op.code, 3);
            p = q;
            continue;
        }
        if (!parse_imm(A, &p, &o->imm)) return fail(o, "bad immediate");
        if (o->imm.mod == RM_NONE && !o->imm.is_const)
            return fail(o, op.mem ? "symbolic address" : "immediate is not a constant");
        o->have_imm = true;
        memcpy(o->imm_code, op.code, 3);
    }
    p = skip_ws(p);
    if (*p) return fail(o, "junk `%s'", p);
    return true;
}

/* ---- Encoding ---------------------------------------------------------------------- */

void insn_emit_word(struct as *A, u32 w, unsigned len)
{
    u8 b[4] = { (u8)w, (u8)(w >> 8), (u8)(w >> 16), (u8)(w >> 24) };
    map_state(A, 'x');
    emit_bytes(A, b, len);
}

void insn_emit_reloc(struct as *A, u32 word, unsigned len, u16 rtype, struct enode *e)
{
    map_state(A, 'x');
    struct frag *f = cur_frag(A);
    u32 off = cur_off(A);
    insn_emit_word(A, word, len);
    fixup_add(A, f, off, (u8)len, rtype, expr_freeze(A, e));
}

void insn_emit_branch(struct as *A, const struct isa_inst *in, struct enode *target,
                      bool rvc_ok, bool jump, unsigned fixed)
{
    map_state(A, 'x');
    struct frag *f = frag_var(A, VK_BRANCH, 0);
    f->v.br.inst = *in;
    f->v.br.target = expr_freeze(A, target);
    f->v.br.rvc = rvc_ok && insn_ready(A);
    f->v.br.jump = jump;
    f->v.br.fixed = (u8)fixed;
    f->vsize = 0;
}

/* Compression rules: for a source mnemonic, the compressed lines GNU as tries, in order.
 * Special entries: "=mv" turns addi rd,rs,0 / add rd,x0,rs into c.mv; "=add2" is c.add
 * with the sources swapped; "=swap" retries the line with rs1/rs2 swapped. */
struct crule { const char *mn; const char *forms[6]; };
static const struct crule crules[] = {
    { "addi", { "c.nop", "c.addi4spn", "c.addi", "=mv", "c.addi16sp", "c.li" } },
    { "li", { "c.li" } },
    { "mv", { "=mv" } },
    { "nop", { "c.nop" } },
    { "addiw", { "c.addiw" } },
    { "sext.w", { "c.addiw" } },
    { "add", { "c.add", "=add2", "=mv" } },
    { "addw", { "c.addw", "=swap" } },
    { "sub", { "c.sub" } },
    { "subw", { "c.subw" } },
    { "and", { "c.and", "=swap" } },
    { "or", { "c.or", "=swap" } },
    { "xor", { "c.xor", "=swap" } },
    { "andi", { "c.andi" } },
    { "slli", { "c.slli" } },
    { "srli", { "c.srli" } },
    { "srai", { "c.srai" } },
    { "lui", { "c.lui" } },
    { "lw", { "c.lwsp", "c.lw" } },
    { "ld", { "c.ldsp", "c.ld" } },
    { "lq", { "c.lqsp", "c.lq" } },
    { "flw", { "c.flwsp", "c.flw" } },
    { "fld", { "c.fldsp", "c.fld" } },
    { "sw", { "c.swsp", "c.sw" } },
    { "sd", { "c.sdsp", "c.sd" } },
    { "sq", { "c.sqsp", "c.sq" } },
    { "fsw", { "c.fswsp", "c.fsw" } },
    { "fsd", { "c.fsdsp", "c.fsd" } },
    { "jr", { "c.jr" } },
    { "ret", { "c.jr" } },
    { "jalr1", { "c.jalr" } },
    { "ebreak", { "c.ebreak" } },
};

static bool try_c(struct as *A, const char *cname, const struct isa_inst *in, u32 *w)
{
    const struct isa_insn *c = insn_line(A, cname);
    if (!c || !(c->ext & EXT_C)) return false;
    if (c->op != in->op) return false;
    /* never produce a HINT encoding: rd = x0 (except c.nop), shift by 0 */
    bool writes_rd = strstr(c->args, "Cd") == c->args || strstr(c->args, "CU") == c->args;
    if (writes_rd && in->rd == 0 && strcmp(cname, "c.jr") && strcmp(cname, "c.jalr")) return false;
    if ((in->op == ISA_SLLI || in->op == ISA_SRLI || in->op == ISA_SRAI) && in->imm == 0) return false;
    return isa_encode(c, A->opt.arch.xlen, in, w);
}

static bool compress(struct as *A, const char *mn, const struct isa_inst *in, u32 *w)
{
    if (!mn || !insn_ready(A)) return false;
    if (!strcmp(mn, "add.imm")) {
        /* add rd,rd,0 (the add-with-immediate spelling, which objdump prints for the
         * c.addi HINT) is c.addi rd,0 in GNU as, where addi rd,rd,0 is c.mv */
        if (in->imm == 0 && in->rd == in->rs1 && in->rd != 0 && try_c(A, "c.addi", in, w))
            return true;
        mn = "addi";
    }
    const struct crule *r = NULL;
    for (usize i = 0; i < sizeof crules / sizeof crules[0]; i++)
        if (!strcmp(crules[i].mn, mn)) r = &crules[i];
    if (!r) return false;
    for (int i = 0; i < 6 && r->forms[i]; i++) {
        const char *f = r->forms[i];
        struct isa_inst t = *in;
        if (!strcmp(f, "=mv")) {
            /* addi rd,rs,0 and add rd,x0,rs are c.mv rd,rs (add rd,x0,rs) */
            if (in->op == ISA_ADDI) {
                if (in->imm != 0 || in->rd == 0 || in->rs1 == 0) continue;
                t.op = ISA_ADD;
                t.rs2 = in->rs1;
                t.rs1 = 0;
                t.imm = 0;
            } else if (in->op == ISA_ADD) {
                if (in->rs1 != 0) continue;
            } else {
                continue;
            }
            if (try_c(A, "c.mv", &t, w)) return true;
            continue;
        }
        if (!strcmp(f, "=add2")) {
            if (in->rd != in->rs2 || in->rs1 == 0) continue;
            t.rs2 = in->rs1;
            t.rs1 = in->rs2;
            if (try_c(A, "c.add", &t, w)) return true;
            continue;
        }
        if (!strcmp(f, "=swap")) {
            t.rs1 = in->rs2;
            t.rs2 = in->rs1;
            const char *c = r->forms[0];
            if (try_c(A, c, &t, w)) return true;
            continue;
        }
        if (!strcmp(f, "c.addi") && in->imm == 0) continue;   /* zero goes to c.mv */
        if (in->op == ISA_LUI) t.rs1 = t.rd;                  /* c.lui's field is rd/rs1 */
        if (try_c(A, f, &t, w)) return true;
    }
    return false;
}

bool insn_emit(struct as *A, const struct isa_insn *d, struct isa_inst *in,
               const char *compress_as)
{
    u32 w;
    if (d->flags & ISA_F_CSR) A->csr_used = true;
    in->desc = d;
    in->op = d->op;
    if (compress(A, compress_as, in, &w)) {
        insn_emit_word(A, w, 2);
        return true;
    }
    if (!isa_encode(d, A->opt.arch.xlen, in, &w)) return false;
    insn_emit_word(A, w, (d->match & 3) == 3 ? 4 : 2);
    return true;
}

/* Value GNU as leaves in a relocated immediate field: %hi/%lo of the constant part for
 * absolute relocations and %tprel_hi, nothing for %tprel_lo and pc-relative ones. */
static i32 reloc_field(enum rmod mod, i128 k)
{
    switch (mod) {
    case RM_HI: case RM_TPREL_HI: return (i32)((u32)(((k + 0x800) >> 12) & 0xfffff) << 12);
    case RM_LO: return (i32)(((k & 0xfff) ^ 0x800) - 0x800);
    default: return 0;
    }
}

static u16 rtype_for(enum rmod mod, const char *code)
{
    bool store = code[0] == 'q';
    switch (mod) {
    case RM_HI: return R_RISCV_HI20;
    case RM_LO: return store ? R_RISCV_LO12_S : R_RISCV_LO12_I;
    case RM_PCREL_HI: return R_RISCV_PCREL_HI20;
    case RM_PCREL_LO: return store ? R_RISCV_PCREL_LO12_S : R_RISCV_PCREL_LO12_I;
    case RM_TPREL_HI: return R_RISCV_TPREL_HI20;
    case RM_TPREL_LO: return store ? R_RISCV_TPREL_LO12_S : R_RISCV_TPREL_LO12_I;
    case RM_TPREL_ADD: return R_RISCV_TPREL_ADD;
    case RM_GOT_PCREL_HI: return R_RISCV_GOT_HI20;
    case RM_TLS_IE_PCREL_HI: return R_RISCV_TLS_GOT_HI20;
    case RM_TLS_GD_PCREL_HI: return R_RISCV_TLS_GD_HI20;
    default: return 0;
    }
}

static bool mod_allowed(enum rmod mod, const char *code)
{
    if (code[0] == 'u' && code[1] == 0)
        return mod == RM_HI || mod == RM_PCREL_HI || mod == RM_TPREL_HI ||
               mod == RM_GOT_PCREL_HI || mod == RM_TLS_IE_PCREL_HI || mod == RM_TLS_GD_PCREL_HI;
    if ((code[0] == 'j' || code[0] == 'o' || code[0] == 'q') && code[1] == 0)
        return mod == RM_LO || mod == RM_PCREL_LO || mod == RM_TPREL_LO;
    return false;
}

static void range_text(const struct isa_operand *op, int xlen, const struct isa_insn *d,
                       char *buf, usize n)
{
    if (op->kind == ISA_OPK_SHAMT) {
        unsigned w = 0;
        while (w < 7 && !(d->mask & (1u << (20 + w)))) w++;
        snprintf(buf, n, "0..%u", (1u << w) - 1);
        return;
    }
    if (op->kind == ISA_OPK_CSHIFT) {
        snprintf(buf, n, "%s", xlen == 32 ? "1..31" : xlen == 64 ? "1..63" : "1..64, 96..127");
        return;
    }
    if (op->kind == ISA_OPK_UPPER) {
        snprintf(buf, n, "%s", op->code[0] == 'C' ? "1..0x1f, 0xfffe0..0xfffff" : "0..0xfffff");
        return;
    }
    long long lo = op->is_signed ? -(1ll << (op->bits - 1)) : 0;
    long long hi = op->is_signed ? (1ll << (op->bits - 1)) - 1 : (1ll << op->bits) - 1;
    if (op->nonzero && !op->is_signed) lo = 1ll << op->align;
    if (op->align)
        snprintf(buf, n, "%lld..%lld, a multiple of %d", lo, hi & ~((1ll << op->align) - 1), 1 << op->align);
    else
        snprintf(buf, n, "%lld..%lld%s", lo, hi, op->nonzero ? ", not 0" : "");
}

/* Assemble one real table line from parsed operands. */
static bool emit_line(struct as *A, const struct isa_insn *d, struct ops *o, unsigned aqrl,
                      const char *compress_as, char *err, usize errn)
{
    int xlen = A->opt.arch.xlen;
    struct isa_inst in = o->in;
    in.desc = d;
    in.op = d->op;
    in.aqrl = (u8)aqrl;
    if (d->flags & ISA_F_CSR) A->csr_used = true;
    if (line_has_rm(d) && !o->rm_given) in.rm = (u8)isa_default_rm(d);
    if (!line_has_rm(d)) in.rm = 0;
    /* implicit registers of the line (c.li: rs1 = x0, c.jr: rd = x0, …) */
    for (const char *imp = d->implicit; imp[0] && imp[1]; imp += 2) {
        u8 v = (u8)(imp[1] - '0');
        if (imp[0] == 'd') in.rd = v;
        else if (imp[0] == 's') in.rs1 = v;
        else if (imp[0] == 't') in.rs2 = v;
    }
    /* the immediate operand's description */
    struct isa_operand op;
    memset(&op, 0, sizeof op);
    if (o->imm_code[0]) {
        usize l;
        isa_operand_at(o->imm_code, &op, &l);
    }
    if (o->imm_code[0] && op.pcrel) {
        bool jump = d->op == ISA_JAL;
        if (d->ext & EXT_C) {
            /* explicit c.j / c.jal / c.beqz / c.bnez: exactly that instruction */
            insn_emit_branch(A, &in, o->target, true, jump, 2);
            return true;
        }
        if (jump) {
            /* jal rd,target written out: always the 32-bit form (`j' and `jal sym' are
               pseudo-instructions) */
            insn_emit_branch(A, &in, o->target, false, true, 4);
            return true;
        }
        /* beq/bne rs,zero may become c.beqz/c.bnez, as with GNU's alias lines */
        bool rvc = compress_as && (in.op == ISA_BEQ || in.op == ISA_BNE) && in.rs2 == 0 &&
                   in.rs1 >= 8 && in.rs1 <= 15;
        insn_emit_branch(A, &in, o->target, rvc, false, 0);
        return true;
    }
    if (o->have_imm) {
        if (o->imm.mod != RM_NONE) {
            if (!mod_allowed(o->imm.mod, o->imm_code)) {
                snprintf(err, errn, "relocation specifier not valid for this operand");
                return false;
            }
            if (o->imm.is_const && o->imm.mod != RM_PCREL_HI && o->imm.mod != RM_PCREL_LO &&
                o->imm.mod != RM_GOT_PCREL_HI && o->imm.mod != RM_TLS_IE_PCREL_HI &&
                o->imm.mod != RM_TLS_GD_PCREL_HI && o->imm.mod != RM_TPREL_HI &&
                o->imm.mod != RM_TPREL_LO) {
                /* %hi/%lo of a constant: just the value */
                in.imm = reloc_field(o->imm.mod, o->imm.k);
                if (o->imm.mod == RM_HI && ((o->imm.k + 0x800) >> 32) != 0 &&
                    ((o->imm.k + 0x800) >> 31) != -1) {
                    snprintf(err, errn, "%%hi of a value that does not fit in 32 bits");
                    return false;
                }
                u32 w;
                if (!isa_encode(d, xlen, &in, &w)) { snprintf(err, errn, "illegal operands"); return false; }
                insn_emit_word(A, w, 4);
                return true;
            }
            struct value v;
            i128 k = 0;
            if (expr_eval(A, o->imm.e, EV_NOW, &v, as_here(A), true)) k = v.k;
            in.imm = reloc_field(o->imm.mod, k);
            u32 w;
            if ((d->match & 3) != 3 || !isa_encode(d, xlen, &in, &w)) {
                snprintf(err, errn, "illegal operands");
                return false;
            }
            insn_emit_reloc(A, w, 4, rtype_for(o->imm.mod, o->imm_code), o->imm.e);
            return true;
        }
        if (!o->imm.is_const) {
            snprintf(err, errn, "immediate is not a constant");
            return false;
        }
        i128 k = o->imm.k;
        if (op.kind == ISA_OPK_UPPER) {
            if (op.code[0] == 'C') {
                /* c.lui takes the 20-bit field value: 1..0x1f or 0xfffe0..0xfffff */
                if (k >= 0xfffe0 && k <= 0xfffff) k -= 0x100000;
            }
            if (k < (op.code[0] == 'C' ? -32 : 0) || k > 0xfffff) {
                char r[64];
                range_text(&op, xlen, d, r, sizeof r);
                snprintf(err, errn, "lui expression not in range %s", r);
                return false;
            }
            in.imm = (i32)((u32)k << 12);
        } else {
            if (k < -(i128)0x80000000ll || k > 0xffffffffll) {
                char r[64];
                range_text(&op, xlen, d, r, sizeof r);
                snprintf(err, errn, "immediate out of range (%s)", r);
                return false;
            }
            in.imm = (i32)k;
            if (op.kind == ISA_OPK_PLAIN && !op.is_signed && k > 0x7fffffff) {
                char r[64];
                range_text(&op, xlen, d, r, sizeof r);
                snprintf(err, errn, "immediate out of range (%s)", r);
                return false;
            }
        }
    }
    u32 w;
    if (compress(A, compress_as, &in, &w)) {
        insn_emit_word(A, w, 2);
        return true;
    }
    if (!isa_encode(d, xlen, &in, &w)) {
        if (o->have_imm) {
            char r[64];
            range_text(&op, xlen, d, r, sizeof r);
            if (op.kind == ISA_OPK_SHAMT || op.kind == ISA_OPK_CSHIFT)
                snprintf(err, errn, "improper shift amount (%lld), expected %s", (long long)o->imm.k, r);
            else
                snprintf(err, errn, "immediate value %lld out of range (%s)", (long long)o->imm.k, r);
        } else {
            snprintf(err, errn, "illegal operands");
        }
        return false;
    }
    insn_emit_word(A, w, (d->match & 3) == 3 ? 4 : 2);
    return true;
}

/* ---- Entry point ------------------------------------------------------------------- */

/* c.addi zero,IMM, which objdump -M no-aliases prints for c.nop and its HINTs: the c.nop
 * line of the table that encodes IMM (false if none does: IMM out of range). */
static bool c_nop_of(struct as *A, i128 k)
{
    for (size_t i = 0; i < isa_table_len; i++) {
        const struct isa_insn *c = &isa_table[i];
        if (strcmp(c->name, "c.nop") || (k != 0) != ((c->flags & ISA_F_HINT) != 0)) continue;
        struct isa_inst in;
        memset(&in, 0, sizeof in);
        in.op = c->op;
        in.imm = (i32)k;
        u32 w;
        if (k < -32 || k > 31 || !isa_encode(c, A->opt.arch.xlen, &in, &w)) return false;
        insn_emit_word(A, w, 2);
        return true;
    }
    return false;
}

/* ALU mnemonics that GNU as also accepts with an immediate third operand. */
static const struct { const char *reg, *imm; unsigned xl; } imm_aliases[] = {
    { "add", "addi", XALL }, { "and", "andi", XALL }, { "or", "ori", XALL },
    { "xor", "xori", XALL }, { "slt", "slti", XALL }, { "sltu", "sltiu", XALL },
    { "sll", "slli", XALL }, { "srl", "srli", XALL }, { "sra", "srai", XALL },
    { "addw", "addiw", X64 | X128 }, { "sllw", "slliw", X64 | X128 },
    { "srlw", "srliw", X64 | X128 }, { "sraw", "sraiw", X64 | X128 },
    { "addd", "addid", X128 }, { "slld", "sllid", X128 }, { "srld", "srlid", X128 },
    { "srad", "sraid", X128 },
};

void insn_assemble(struct as *A, const char *mn, usize mlen, const char *ops)
{
    char name[40];
    if (mlen >= sizeof name) {
        as_error(A, "unrecognized opcode `%.*s'", (int)mlen, mn);
        return;
    }
    for (usize i = 0; i < mlen; i++) name[i] = (mn[i] >= 'A' && mn[i] <= 'Z') ? (char)(mn[i] + 32) : mn[i];
    name[mlen] = 0;
    int xlen = A->opt.arch.xlen;
    unsigned xb = isa_xbit(xlen);

    /* pseudo-instructions first where GNU's table has them first (li, la, call, …) */
    bool matched = false;
    if (pseudo_assemble(A, name, ops, &matched) || matched) return;

    /* .aq/.rl/.aqrl suffixes */
    unsigned aqrl = 0;
    char base[40];
    strcpy(base, name);
    usize bl = strlen(base);
    if (bl > 5 && !strcmp(base + bl - 5, ".aqrl")) { aqrl = 3; base[bl - 5] = 0; }
    else if (bl > 3 && !strcmp(base + bl - 3, ".aq")) { aqrl = 2; base[bl - 3] = 0; }
    else if (bl > 3 && !strcmp(base + bl - 3, ".rl")) { aqrl = 1; base[bl - 3] = 0; }

    struct ops best;
    best.score = -1;
    best.err[0] = 0;
    char why[160] = "";
    bool found_name = false, ext_missing = false;
    char extmsg[64] = "";
    for (int pass = 0; pass < 2; pass++) {
        const char *want = base;
        if (pass == 1) {
            want = NULL;
            for (usize i = 0; i < sizeof imm_aliases / sizeof imm_aliases[0]; i++)
                if (!strcmp(imm_aliases[i].reg, base) && (imm_aliases[i].xl & xb) && !aqrl)
                    want = imm_aliases[i].imm;
            if (!want) break;
        }
        for (size_t i = 0; i < isa_table_len; i++) {
            const struct isa_insn *d = &isa_table[i];
            if (!(d->xlens & xb) || strcmp(d->name, want) != 0) continue;
            if (aqrl && !(d->flags & ISA_F_AQRL)) continue;
            found_name = true;
            if (!ext_enabled(A, d, extmsg, sizeof extmsg)) { ext_missing = true; continue; }
            struct ops o;
            if (!parse_args(A, d->args, ops, &o)) {
                if (o.score > best.score) best = o;
                continue;
            }
            if (!strcmp(d->name, "c.addi") && o.in.rd == 0 && o.have_imm && o.imm.is_const &&
                c_nop_of(A, o.imm.k))
                return;                 /* c.addi zero,IMM is c.nop or its HINT (GNU as) */
            /* compression follows the mnemonic (add a0,a0,5 compresses like addi); the
               explicit jalr rd,off(rs) form never compresses */
            const char *cas = strcmp(want, "jalr") ? want : NULL;
            if (!strcmp(name, "add") && !strcmp(want, "addi")) cas = "add.imm";
            if (emit_line(A, d, &o, aqrl, cas, why, sizeof why)) return;
            as_error(A, "%s `%s %s'", why, name, skip_ws(ops));
            return;
        }
    }
    if (!found_name) {
        as_error(A, "unrecognized opcode `%s%s%s'", name, *skip_ws(ops) ? " " : "", skip_ws(ops));
        return;
    }
    if (ext_missing && best.score < 0) {
        as_error(A, "unrecognized opcode `%s%s%s', %s", name, *skip_ws(ops) ? " " : "",
                 skip_ws(ops), extmsg);
        return;
    }
    as_error(A, "illegal operands `%s%s%s'%s%s", name, *skip_ws(ops) ? " " : "", skip_ws(ops),
             best.err[0] ? ": " : "", best.err);
}

bool insn_parse_args(struct as *A, const char *args, const char *text, struct ops *o)
{
    return parse_args(A, args, text, o);
}
