/* .option and .attribute. */
#include <string.h>

#include "as/as.h"


static bool word_is(const char *p, usize n, const char *w)
{
    return strlen(w) == n && !strncmp(p, w, n);
}

/* .option arch, +ext, -ext, =isa */
static void option_arch(struct as *A, const char *p)
{
    for (;;) {
        p = skip_ws(p);
        if (*p != ',') { as_error(A, "expected `,' in .option arch"); return; }
        p = skip_ws(p + 1);
        char op = *p;
        if (op != '+' && op != '-' && op != '=') {
            as_error(A, "expected `+', `-' or `=' in .option arch");
            return;
        }
        p++;
        const char *s = p;
        while (*p && *p != ',' && *p != ' ' && *p != '\t') p++;
        char name[128];
        usize n = (usize)(p - s);
        if (n == 0 || n >= sizeof name) { as_error(A, "bad extension in .option arch"); return; }
        memcpy(name, s, n);
        name[n] = 0;
        char err[200];
        if (op == '=') {
            struct march m;
            if (!march_parse(name, &m, err, sizeof err)) { as_error(A, "%s", err); return; }
            if (m.xlen != A->opt.arch.xlen) { as_error(A, ".option arch cannot change XLEN"); return; }
            A->opt.arch = m;
        } else {
            /* a single extension: build "rvNi_<ext>" and take its bits */
            char tmp[160];
            snprintf(tmp, sizeof tmp, "rv%di%s%s", A->opt.arch.xlen, name[0] == 'z' ? "_" : "", name);
            struct march m;
            if (!march_parse(tmp, &m, err, sizeof err)) { as_error(A, "%s", err); return; }
            unsigned bits = m.exts & ~(unsigned)EXT_I;
            if (name[0] == 'i' && name[1] == 0) bits = EXT_I;
            if (op == '+') {
                A->opt.arch.exts |= bits;
                if (m.zihintpause) A->opt.arch.zihintpause = true;
                if (bits & EXT_C) A->rvc_used = true;
            } else {
                if (!strcmp(name, "f")) bits = EXT_F | EXT_D;
                else if (!strcmp(name, "zicsr")) bits = EXT_ZICSR;
                else if (!strcmp(name, "m")) bits = EXT_M;
                A->opt.arch.exts &= ~bits;
                if (m.zihintpause) A->opt.arch.zihintpause = false;
            }
        }
        p = skip_ws(p);
        if (!*p) return;
    }
}

bool option_directive(struct as *A, const char *args)
{
    const char *p = skip_ws(args);
    const char *w = p;
    while (is_sym_char((unsigned char)*p) || *p == '-') p++;
    usize n = (usize)(p - w);
    if (word_is(w, n, "rvc")) { A->opt.arch.exts |= EXT_C; A->rvc_used = true; }
    else if (word_is(w, n, "norvc")) A->opt.arch.exts &= ~(unsigned)EXT_C;
    else if (word_is(w, n, "pic")) A->opt.pic = true;
    else if (word_is(w, n, "nopic")) A->opt.pic = false;
    else if (word_is(w, n, "relax")) A->opt.relax = true;
    else if (word_is(w, n, "norelax")) A->opt.relax = false;
    else if (word_is(w, n, "csr-check") || word_is(w, n, "no-csr-check")) { /* accepted */ }
    else if (word_is(w, n, "push")) {
        if (A->optdepth >= (int)(sizeof A->optstack / sizeof A->optstack[0])) {
            as_error(A, ".option push nested too deeply");
            return true;
        }
        A->optstack[A->optdepth++] = A->opt;
    } else if (word_is(w, n, "pop")) {
        if (A->optdepth == 0) { as_error(A, ".option pop with no .option push"); return true; }
        A->opt = A->optstack[--A->optdepth];
    } else if (word_is(w, n, "arch")) {
        option_arch(A, p);
        return true;
    } else {
        as_warn(A, "unrecognized .option directive: %.*s", (int)n, w);
        return true;
    }
    p = skip_ws(p);
    if (*p) as_error(A, "junk at end of line, first unrecognized character is `%c'", *p);
    return true;
}

/* RISC-V attribute tags (psABI). */
static const struct { const char *name; unsigned tag; } tags[] = {
    { "stack_align", 4 }, { "arch", 5 }, { "unaligned_access", 6 }, { "priv_spec", 8 },
    { "priv_spec_minor", 10 }, { "priv_spec_revision", 12 }, { "atomic_abi", 14 },
    { "x3_reg_usage", 16 },
};

static void set_attr(struct as *A, unsigned tag, bool is_str, u64 ival, const char *sval)
{
    for (usize i = 0; i < A->nattrs; i++) {
        if (A->attrs[i].tag == tag) {
            A->attrs[i].is_str = is_str;
            A->attrs[i].ival = ival;
            A->attrs[i].sval = sval ? as_strdup(A, sval) : NULL;
            return;
        }
    }
    struct attr *na = as_alloc(A, (A->nattrs + 1) * sizeof *na);
    if (A->nattrs) memcpy(na, A->attrs, A->nattrs * sizeof *na);
    na[A->nattrs].tag = tag;
    na[A->nattrs].is_str = is_str;
    na[A->nattrs].ival = ival;
    na[A->nattrs].sval = sval ? as_strdup(A, sval) : NULL;
    A->attrs = na;
    A->nattrs++;
}

bool attribute_directive(struct as *A, const char *args)
{
    const char *p = skip_ws(args);
    unsigned tag = 0;
    if (*p >= '0' && *p <= '9') {
        i128 v;
        if (!expr_const(A, &p, &v)) return true;
        if (v < 0 || v > 0xffffff) { as_error(A, "attribute tag out of range"); return true; }
        tag = (unsigned)v;
    } else {
        const char *w = p;
        while (is_sym_char((unsigned char)*p)) p++;
        usize n = (usize)(p - w);
        if (n > 10 && !strncmp(w, "Tag_RISCV_", 10)) { w += 10; n -= 10; }
        bool found = false;
        for (usize i = 0; i < sizeof tags / sizeof tags[0]; i++)
            if (word_is(w, n, tags[i].name)) { tag = tags[i].tag; found = true; }
        if (!found) { as_error(A, "unknown attribute `%.*s'", (int)n, w); return true; }
    }
    p = skip_ws(p);
    if (*p != ',') { as_error(A, "expected `,' after the attribute tag"); return true; }
    p = skip_ws(p + 1);
    bool is_str = (tag & 1) != 0;
    if (is_str) {
        struct bytes b = { 0 };
        const char *q = lex_string(A, p, &b);
        if (!q) { bytes_free(&b); return true; }
        bytes_put(&b, "", 1);
        const char *s = (const char *)b.p;
        if (tag == 5) {
            char canon[512], err[200];
            struct march m;
            if (!march_parse(s, &m, err, sizeof err) ||
                !march_canonical_str(s, A->isa_spec, canon, sizeof canon, err, sizeof err)) {
                as_error(A, "%s", err);
            } else if (m.xlen != A->opt.arch.xlen) {
                as_error(A, ".attribute arch: XLEN %d does not match the target's %d", m.xlen,
                         A->opt.arch.xlen);
            } else {
                A->opt.arch = m;
                if (m.exts & EXT_C) A->rvc_used = true;
                set_attr(A, 5, true, 0, canon);
                A->arch_attr_set = true;
            }
        } else {
            set_attr(A, tag, true, 0, s);
        }
        bytes_free(&b);
        p = q;
    } else {
        i128 v;
        if (!expr_const(A, &p, &v)) return true;
        if (v < 0 || v > (i128)0xffffffffffffffffull) { as_error(A, "attribute value out of range"); return true; }
        set_attr(A, tag, false, (u64)v, NULL);
    }
    p = skip_ws(p);
    if (*p) as_error(A, "junk at end of line, first unrecognized character is `%c'", *p);
    return true;
}
