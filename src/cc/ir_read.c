/* Reading the IR text of ir_write.c back into functions (zl-cc -x ir).  Every value is
 * checked against what the later passes, the register allocator and the emitter rely
 * on (vreg and block numbers in range, operand classes as ir.def gives them, call and
 * asm data present), so malformed text is an error "file:line: error: ...", never a
 * crash. */
#include "cc/ir_text.h"
#include "cc/opt/opt.h"

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum tok_kind { T_END, T_WORD, T_NUM, T_STR, T_VREG, T_IMM, T_BLOCK, T_PUNCT };

struct reader {
    const char *path;
    int line;
    char *p;             /* the rest of the current line */
    jmp_buf fail;
    /* the current token */
    enum tok_kind kind;
    char *text;          /* T_WORD, T_STR (unescaped), T_PUNCT */
    i128 num;            /* T_NUM, T_VREG, T_IMM, T_BLOCK */
    /* the function being read */
    struct ir_func *f;
    int cur_block;
    int max_target, max_target_line;  /* the highest block referred to, and where */
    int *phi_line, nphi, phi_cap;      /* the line of each phi of the function, in order */
};

static _Noreturn CC_PRINTF(2, 3) void fail(struct reader *r, const char *fmt, ...)
{
    if (!cc_quiet) {
        va_list ap;
        fprintf(stderr, "%s:%d: error: ", r->path, r->line);
        va_start(ap, fmt);
        vfprintf(stderr, fmt, ap);
        va_end(ap);
        fputc('\n', stderr);
    }
    longjmp(r->fail, 1);
}

static bool word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '.' || c == '/' || c == '$';
}

/* digits after p (an optional '-'): the value, all 128 bits */
static i128 read_number(struct reader *r)
{
    bool neg = *r->p == '-';
    if (neg) r->p++;
    if (*r->p < '0' || *r->p > '9') fail(r, "number expected");
    u128 v = 0;
    while (*r->p >= '0' && *r->p <= '9') {
        u128 next = v * 10 + (u128)(*r->p++ - '0');
        if (next / 10 != v) fail(r, "number out of range");
        v = next;
    }
    if (v > (u128)1 << 127 || (!neg && v == (u128)1 << 127)) fail(r, "number out of range");
    return (i128)(neg ? -v : v);   /* -2^127 wraps to itself, as intended */
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static void read_string(struct reader *r)
{
    char *q = ++r->p, *out = r->text = cc_alloc(strlen(r->p) + 1);
    for (; *q != '"'; q++) {
        if (!*q) fail(r, "unterminated string");
        if (*q != '\\') {
            *out++ = *q;
            continue;
        }
        q++;
        if (*q == 'n') *out++ = '\n';
        else if (*q == 't') *out++ = '\t';
        else if (*q == '"' || *q == '\\') *out++ = *q;
        else if (*q == 'x' && hexval(q[1]) >= 0 && hexval(q[2]) >= 0) {
            *out++ = (char)(hexval(q[1]) * 16 + hexval(q[2]));
            q += 2;
        } else fail(r, "bad escape in string");
    }
    *out = 0;
    r->p = q + 1;
}

static void advance(struct reader *r)
{
    while (*r->p == ' ' || *r->p == '\t') r->p++;
    char c = *r->p;
    if (!c || c == '\n' || c == ';') {
        r->kind = T_END;
        return;
    }
    if (c == '"') {
        r->kind = T_STR;
        read_string(r);
        return;
    }
    if (c == '%' || c == '#' || c == '@') {
        r->p++;
        r->kind = c == '%' ? T_VREG : c == '#' ? T_IMM : T_BLOCK;
        r->num = read_number(r);
        return;
    }
    if (c == '-' && r->p[1] == '>') {
        r->kind = T_PUNCT;
        r->text = "->";
        r->p += 2;
        return;
    }
    if (c == '-' || (c >= '0' && c <= '9')) {
        r->kind = T_NUM;
        r->num = read_number(r);
        return;
    }
    if (word_char(c)) {
        char *s = r->p;
        while (word_char(*r->p)) r->p++;
        r->kind = T_WORD;
        r->text = cc_alloc((size_t)(r->p - s) + 1);
        memcpy(r->text, s, (size_t)(r->p - s));
        return;
    }
    if (strchr("=,():", c)) {
        static const char punct[][2] = {{'='}, {','}, {'('}, {')'}, {':'}};
        r->kind = T_PUNCT;
        r->text = (char *)punct[strchr("=,():", c) - "=,():"];
        r->p++;
        return;
    }
    fail(r, "unexpected character '%c'", c);
}

static bool at_punct(struct reader *r, const char *s) { return r->kind == T_PUNCT && !strcmp(r->text, s); }
static bool at_word(struct reader *r, const char *s) { return r->kind == T_WORD && !strcmp(r->text, s); }

static void expect_punct(struct reader *r, const char *s)
{
    if (!at_punct(r, s)) fail(r, "'%s' expected", s);
    advance(r);
}

static i128 take_num(struct reader *r, i128 lo, i128 hi, const char *what)
{
    if (r->kind != T_NUM) fail(r, "%s expected", what);
    i128 v = r->num;
    if (v < lo || v > hi) fail(r, "%s out of range", what);
    advance(r);
    return v;
}

static const char *take_str(struct reader *r, const char *what)
{
    if (r->kind != T_STR) fail(r, "%s (a quoted string) expected", what);
    const char *s = r->text;
    advance(r);
    return s;
}

/* a vreg of the current function; 0 (none) only when allowed */
static int take_vreg(struct reader *r, bool zero_ok)
{
    if (r->kind != T_VREG) fail(r, "vreg (%%N) expected");
    if (r->num < (zero_ok ? 0 : 1) || r->num >= r->f->nvregs) {
        if (r->num < -(1 << 30) || r->num > 1 << 30) fail(r, "vreg number out of range");
        fail(r, "vreg %%%d out of range (vregs %d)", (int)r->num, r->f->nvregs - 1);
    }
    int v = (int)r->num;
    advance(r);
    return v;
}

static int take_block(struct reader *r)
{
    if (r->kind != T_BLOCK) fail(r, "block (@N) expected");
    if (r->num < 0 || r->num > 1 << 24) fail(r, "block number out of range");
    int b = (int)r->num;
    if (b > r->max_target) {
        r->max_target = b;
        r->max_target_line = r->line;
    }
    advance(r);
    return b;
}

static void end_of_line(struct reader *r)
{
    if (r->kind != T_END) fail(r, "unexpected text at the end of the line");
}

/* ------------------------------------------------------------ instructions */

static int take_width(struct reader *r, char **s)
{
    long w = strtol(*s + 1, s, 10);
    if (w != 1 && w != 2 && w != 4 && w != 8 && w != 16) fail(r, "bad width %ld", w);
    return (int)w;
}

/* "add.8/4u": the opcode, .w, /w2, u */
static void parse_opcode(struct reader *r, struct ir_ins *i)
{
    if (r->kind != T_WORD) fail(r, "opcode expected");
    int best = -1;
    size_t best_len = 0;
    for (int op = 0; op < IR_NOPS; op++) {
        size_t n = strlen(ir_ops[op].name);
        if (!strncmp(r->text, ir_ops[op].name, n) && n > best_len &&
            (!r->text[n] || strchr("./usv", r->text[n]))) {
            best = op;
            best_len = n;
        }
    }
    if (best < 0) fail(r, "unknown opcode '%s'", r->text);
    i->op = (u8)best;
    char *s = r->text + best_len;
    if (*s == '.' && s[1] >= '0' && s[1] <= '9') i->w = (u8)take_width(r, &s);
    if (*s == '/') i->w2 = (u8)take_width(r, &s);
    if (*s == 'u') {
        i->uns = true;
        s++;
    }
    if (*s == 's' && (i->op == IR_ADD || i->op == IR_SUB || i->op == IR_MUL || i->op == IR_SHL)) {
        i->nsw = true;
        s++;
    }
    if (*s == 'v' && (i->op == IR_LOAD || i->op == IR_STORE)) {
        i->vol = true;
        s++;
    }
    if (*s) fail(r, "unknown opcode '%s'", r->text);
    advance(r);
}

static struct ir_arg *parse_locs(struct reader *r, int *n)
{
    expect_punct(r, "(");
    int cap = 8;
    struct ir_arg *v = cc_alloc(sizeof *v * (size_t)cap);
    *n = 0;
    while (!at_punct(r, ")")) {
        if (*n) expect_punct(r, ",");
        if (*n == cap) {
            struct ir_arg *nv = cc_alloc(sizeof *nv * (size_t)cap * 2);
            memcpy(nv, v, sizeof *v * (size_t)cap);
            v = nv;
            cap *= 2;
        }
        struct ir_arg *a = &v[(*n)++];
        a->vreg = take_vreg(r, false);
        a->reg = (int)take_num(r, LOC_STACK, 15, "register (0-15, -1 stack)");
        a->stack_off = (long)take_num(r, -(1L << 30), 1L << 30, "stack offset");
        a->w = (int)take_num(r, 0, 16, "width");
    }
    advance(r);
    return v;
}

/* "table(@3, @4, @3)": a jump table's blocks */
static struct ir_jtab *parse_table(struct reader *r)
{
    enum { TABLE_MAX = 1 << 20 };
    expect_punct(r, "(");
    struct ir_jtab *jt = cc_alloc(sizeof *jt);
    int cap = 8;
    jt->t = cc_alloc(sizeof *jt->t * (size_t)cap);
    while (!at_punct(r, ")")) {
        if (jt->n) expect_punct(r, ",");
        if (jt->n == TABLE_MAX) fail(r, "jump table longer than %d entries", TABLE_MAX);
        if (jt->n == cap) {
            int *nt = cc_alloc(sizeof *nt * (size_t)cap * 2);
            memcpy(nt, jt->t, sizeof *nt * (size_t)cap);
            jt->t = nt;
            cap *= 2;
        }
        jt->t[jt->n++] = take_block(r);
    }
    advance(r);
    return jt;
}

/* "from(@1 %3, @2 %4)": a phi's predecessors and the values from them */
static struct ir_phi *parse_phi(struct reader *r)
{
    expect_punct(r, "(");
    int cap = 4, n = 0;
    int *blk = cc_alloc(sizeof *blk * (size_t)cap), *v = cc_alloc(sizeof *v * (size_t)cap);
    while (!at_punct(r, ")")) {
        if (n) expect_punct(r, ",");
        if (n == cap) {
            int *nb = cc_alloc(sizeof *nb * (size_t)cap * 2), *nv = cc_alloc(sizeof *nv * (size_t)cap * 2);
            memcpy(nb, blk, sizeof *nb * (size_t)cap);
            memcpy(nv, v, sizeof *nv * (size_t)cap);
            blk = nb;
            v = nv;
            cap *= 2;
        }
        blk[n] = take_block(r);
        v[n++] = take_vreg(r, false);
    }
    advance(r);
    struct ir_phi *p = ir_phi_new(n);
    memcpy(p->blk, blk, sizeof *blk * (size_t)n);
    memcpy(p->v, v, sizeof *v * (size_t)n);
    return p;
}

/* "r oi %3 %4 #0 sym "x" pin 10": kind, out/in (n: neither), input, output, imm, ... */
static void parse_asm_op(struct reader *r, struct ir_asm_op *o)
{
    if (r->kind != T_WORD || strlen(r->text) != 1 || !strchr("rimfn", r->text[0]))
        fail(r, "asm operand kind (r, i, m, f or n) expected");
    o->kind = r->text[0];
    advance(r);
    if (!at_word(r, "o") && !at_word(r, "i") && !at_word(r, "oi") && !at_word(r, "n"))
        fail(r, "asm operand direction (o, i, oi or n) expected");
    o->out = strchr(r->text, 'o') != NULL;
    o->in = strchr(r->text, 'i') != NULL;
    advance(r);
    o->vreg = take_vreg(r, true);
    o->outvreg = take_vreg(r, true);
    if (r->kind != T_IMM) fail(r, "asm operand immediate (#N) expected");
    o->imm = r->num;
    advance(r);
    if (at_word(r, "sym")) {
        advance(r);
        o->sym = take_str(r, "symbol");
    }
    if (at_word(r, "pin")) {
        advance(r);
        o->pinned = (int)take_num(r, 1, 32, "pinned register");
    }
}

static struct ir_asm *parse_asm(struct reader *r)
{
    struct ir_asm *a = cc_alloc(sizeof *a);
    a->pos = (struct srcpos){r->path, (u32)r->line, 1};
    if (!at_word(r, "text")) fail(r, "asm text expected");
    advance(r);
    a->text = take_str(r, "asm text");
    if (at_word(r, "at")) {
        advance(r);
        a->pos.file = take_str(r, "file name");
        a->pos.line = (u32)take_num(r, 0, 1L << 30, "line");
        a->pos.col = (u32)take_num(r, 0, 1L << 30, "column");
    }
    if (!at_word(r, "ops")) fail(r, "asm ops(...) expected");
    advance(r);
    expect_punct(r, "(");
    int cap = 4;
    a->ops = cc_alloc(sizeof *a->ops * (size_t)cap);
    while (!at_punct(r, ")")) {
        if (a->nops) expect_punct(r, ",");
        if (a->nops == 64) fail(r, "too many asm operands");
        if (a->nops == cap) {
            struct ir_asm_op *n = cc_alloc(sizeof *n * (size_t)cap * 2);
            memcpy(n, a->ops, sizeof *n * (size_t)cap);
            a->ops = n;
            cap *= 2;
        }
        parse_asm_op(r, &a->ops[a->nops++]);
    }
    advance(r);
    if (!at_word(r, "clobbers")) fail(r, "asm clobbers(...) expected");
    advance(r);
    expect_punct(r, "(");
    const char **clob = NULL;
    cap = 0;
    while (!at_punct(r, ")")) {
        if (a->nclob) expect_punct(r, ",");
        if (a->nclob == cap) {
            const char **n = cc_alloc(sizeof *n * (size_t)(cap = cap ? cap * 2 : 4));
            if (a->nclob) memcpy(n, clob, sizeof *n * (size_t)a->nclob);
            clob = n;
        }
        clob[a->nclob++] = take_str(r, "clobber");
    }
    advance(r);
    a->clobbers = clob;
    return a;
}

static struct ir_call *parse_call(struct reader *r)
{
    struct ir_call *c = cc_alloc(sizeof *c);
    if (at_word(r, "callee")) {
        advance(r);
        c->sym = take_str(r, "callee");
    }
    if (at_word(r, "fn")) {
        advance(r);
        c->fn = take_vreg(r, false);
    }
    if (!at_word(r, "args")) fail(r, "args(...) expected");
    advance(r);
    c->args = parse_locs(r, &c->nargs);
    if (!at_word(r, "rets")) fail(r, "rets(...) expected");
    advance(r);
    c->rets = parse_locs(r, &c->nrets);
    if (at_word(r, "stack")) {
        advance(r);
        c->stack_bytes = (long)take_num(r, 0, 1L << 30, "stack bytes");
    }
    return c;
}

/* a vreg field must hold what ir.def says the opcode keeps there (0, "none", is always
 * accepted: the emitter reads it as the zero register) */
static void check_operand(struct reader *r, int op, int v, int kind, const char *field)
{
    if (!v) return;
    if (kind == IRO_N) fail(r, "%s takes no operand %s", ir_ops[op].name, field);
    int cls = r->f->vclass[v];
    if ((kind == IRO_I && cls != 0) || (kind == IRO_F && cls != 1))
        fail(r, "operand %s: %s vreg expected", field, kind == IRO_I ? "integer" : "FP");
}

/* a phi: a destination and values of its class, each predecessor once, and only phis
 * before it in its block (whether the blocks are the predecessors is checked with the
 * whole function, check_func) */
static void check_phi(struct reader *r, struct ir_ins *i)
{
    if (!i->phi) fail(r, "phi without from(...)");
    if (!i->d) fail(r, "phi without a destination");
    struct ir_block *b = r->f->blocks[r->cur_block];
    if (b->n && b->ins[b->n - 1].op != IR_PHI) fail(r, "phi after a non-phi instruction");
    for (int k = 0; k < i->phi->n; k++) {
        if (r->f->vclass[i->phi->v[k]] != r->f->vclass[i->d]) fail(r, "phi value %%%d of the other vreg class", i->phi->v[k]);
        for (int q = 0; q < k; q++)
            if (i->phi->blk[q] == i->phi->blk[k]) fail(r, "phi names block @%d twice", i->phi->blk[k]);
    }
}

static void check_ins(struct reader *r, struct ir_ins *i)
{
    const struct ir_opinfo *o = &ir_ops[i->op];
    check_operand(r, i->op, i->d, o->d, "d");
    check_operand(r, i->op, i->a, o->a, "a");
    check_operand(r, i->op, i->b, o->b, "b");
    check_operand(r, i->op, i->c, o->c, "c");
    if (i->op == IR_MOV && i->d && i->a && r->f->vclass[i->d] != r->f->vclass[i->a]) fail(r, "mov between vreg classes");
    if ((o->flags & (IRF_CALLOPS | IRF_RETOPS)) && !i->call) fail(r, "args(...) expected");
    if (!(o->flags & (IRF_CALLOPS | IRF_RETOPS)) && i->call) fail(r, "args(...) on an opcode without a call");
    if (i->op == IR_CALL && !i->call->sym && !i->call->fn) fail(r, "call without callee or fn");
    if ((o->flags & IRF_ASMOPS) != 0 && !i->asmi) fail(r, "asm text expected");
    if (i->op == IR_ADDR && (i->slot < 0 || i->slot >= r->f->nslots)) fail(r, "slot %d out of range", i->slot);
    if (i->op == IR_GADDR && !i->sym) fail(r, "gaddr without sym");
    if (i->op == IR_JTAB && (!i->jt || !i->jt->n)) fail(r, "jtab without table(...) blocks");
    if (i->op != IR_JTAB && i->jt) fail(r, "table(...) on an opcode other than jtab");
    if (i->op == IR_PHI) check_phi(r, i);
    if (i->op != IR_PHI && i->phi) fail(r, "from(...) on an opcode other than phi");
    if (i->op == IR_BCMP && (i->imm < CC_EQ || i->imm > CC_GEU)) fail(r, "bcmp condition out of range");
    if (i->op == IR_AMO && (i->imm < 0 || i->imm > 4)) fail(r, "amo operation out of range");
    if (i->op == IR_PARAM && (i->loc < LOC_STACK || i->loc > 15)) fail(r, "param register out of range");
}

static void parse_ins(struct reader *r)
{
    struct ir_func *f = r->f;
    if (r->cur_block < 0) fail(r, "instruction outside a block");
    struct ir_ins tmp = {0};
    struct ir_ins *i = &tmp;
    if (r->kind == T_VREG) {
        i->d = take_vreg(r, false);
        expect_punct(r, "=");
    }
    parse_opcode(r, i);
    int *ops[3] = {&i->a, &i->b, &i->c};
    for (int k = 0; k < 3 && (r->kind == T_VREG || (k && at_punct(r, ","))); k++) {
        if (k) expect_punct(r, ",");
        *ops[k] = take_vreg(r, true);
    }
    for (;;) {
        if (r->kind == T_IMM) {
            i->imm = r->num;
            advance(r);
        } else if (at_word(r, "sym")) {
            advance(r);
            i->sym = take_str(r, "symbol");
        } else if (at_word(r, "slot")) {
            advance(r);
            i->slot = (int)take_num(r, 0, 1L << 30, "slot");
        } else if (at_punct(r, "->")) {
            advance(r);
            i->t1 = take_block(r);
            if (at_punct(r, ",")) {
                advance(r);
                i->t2 = take_block(r);
            }
        } else if (at_word(r, "reg")) {
            advance(r);
            i->loc = (int)take_num(r, LOC_STACK, 15, "register (0-15, -1 stack)");
        } else if (at_word(r, "callee") || at_word(r, "fn") || at_word(r, "args")) {
            if (i->call) fail(r, "second call description");
            i->call = parse_call(r);
        } else if (at_word(r, "table")) {
            if (i->jt) fail(r, "second table");
            advance(r);
            i->jt = parse_table(r);
        } else if (at_word(r, "from")) {
            if (i->phi) fail(r, "second from(...)");
            advance(r);
            i->phi = parse_phi(r);
        } else if (at_word(r, "text")) {
            if (i->asmi) fail(r, "second asm description");
            i->asmi = parse_asm(r);
        } else {
            break;
        }
    }
    end_of_line(r);
    check_ins(r, i);
    if (i->op == IR_PHI) {
        if (r->nphi == r->phi_cap) {
            int *n = cc_alloc(sizeof *n * (size_t)(r->phi_cap = r->phi_cap ? r->phi_cap * 2 : 16));
            if (r->nphi) memcpy(n, r->phi_line, sizeof *n * (size_t)r->nphi);
            r->phi_line = n;
        }
        r->phi_line[r->nphi++] = r->line;
    }
    *ir_emit(f, r->cur_block, i->op) = tmp;
}

/* ------------------------------------------------------------ functions */

static void parse_func_head(struct reader *r)
{
    struct ir_func *f = r->f = ir_new_func(take_str(r, "function name"));
    r->cur_block = -1;
    r->max_target = 0;
    r->nphi = 0;
    while (r->kind == T_WORD) {
        const char *w = r->text;
        advance(r);
        if (!strcmp(w, "static")) f->is_static = true;
        else if (!strcmp(w, "weak")) f->weak = true;
        else if (!strcmp(w, "noinline")) f->noinline = true;
        else if (!strcmp(w, "variadic")) {
            f->variadic = true;
            f->va_first_gpr = (int)take_num(r, 0, 8, "first variadic register");
        } else if (!strcmp(w, "alloca")) f->has_alloca = true;
        else if (!strcmp(w, "calls")) f->has_calls = true;
        else if (!strcmp(w, "ssp")) f->stack_protect = true;
        else if (!strcmp(w, "align")) f->align = (int)take_num(r, 1, 1 << 12, "alignment");
        else if (!strcmp(w, "stack")) f->max_call_stack = (long)take_num(r, 0, 1L << 30, "call stack bytes");
        else if (!strcmp(w, "section")) f->section = take_str(r, "section");
        else if (!strcmp(w, "loc")) {
            f->loc_file = take_str(r, "file name");
            f->loc_line = (int)take_num(r, 0, 1L << 30, "line");
            f->loc_col = (int)take_num(r, 0, 1L << 30, "column");
        } else fail(r, "unknown function attribute '%s'", w);
    }
    end_of_line(r);
}

/* one line inside "function ... end"; false at "end" */
static bool parse_func_line(struct reader *r)
{
    struct ir_func *f = r->f;
    if (at_word(r, "end")) {
        advance(r);
        end_of_line(r);
        return false;
    }
    if (at_word(r, "vregs")) {
        advance(r);
        if (f->nvregs > 1 || f->nblocks) fail(r, "vregs must come once, before the blocks");
        int n = (int)take_num(r, 0, 1 << 22, "vreg count");
        for (int v = 0; v < n; v++) ir_vreg(f, 0);
    } else if (at_word(r, "fp")) {
        advance(r);
        while (r->kind == T_VREG) f->vclass[take_vreg(r, false)] = 1;
    } else if (at_word(r, "slot")) {
        advance(r);
        if (take_num(r, 0, 1L << 30, "slot number") != f->nslots) fail(r, "slots must be numbered 0, 1, ... in order");
        if (!at_word(r, "size")) fail(r, "slot size expected");
        advance(r);
        long size = (long)take_num(r, 0, (i128)1 << 40, "slot size");
        if (!at_word(r, "align")) fail(r, "slot align expected");
        advance(r);
        i128 al = take_num(r, 1, 1 << 16, "slot alignment");
        if (al & (al - 1)) fail(r, "slot alignment must be a power of two");
        ir_slot_new(f, size, (int)al);
    } else if (r->kind == T_BLOCK) {
        if (take_block(r) != f->nblocks) fail(r, "blocks must be numbered @0, @1, ... in order");
        expect_punct(r, ":");
        r->cur_block = ir_block_new(f);
        struct ir_block *b = f->blocks[r->cur_block];
        for (;;) {
            if (at_word(r, "addrtaken")) {
                advance(r);
                b->addr_taken = true;
            } else if (at_word(r, "label")) {
                advance(r);
                b->asm_label = take_str(r, "label");
            } else {
                break;
            }
        }
    } else {
        parse_ins(r);
        return true;
    }
    end_of_line(r);
    return true;
}

/* every phi names exactly the predecessors of its block; a function with phis has no
 * indirect jump, and each of its non-empty blocks ends at its first terminator (ssa_out
 * puts the copies of a phi at the ends of the predecessors and adds blocks at the end) */
static void check_phi_preds(struct reader *r)
{
    struct ir_func *f = r->f;
    bool any = false;
    for (int b = 0; b < f->nblocks && !any; b++)
        any = f->blocks[b]->n && f->blocks[b]->ins[0].op == IR_PHI;
    if (!any) return;
    int *s = cc_alloc(sizeof(int) * (size_t)(f->nblocks + 2));
    for (int b = 0; b < f->nblocks; b++) {
        struct ir_block *blk = f->blocks[b];
        if (blk->n && opt_run_length(blk) != blk->n) fail(r, "function %s has phis, and block @%d goes on after its terminator", f->name, b);
        if (blk->n && !ir_is_term(blk->ins[blk->n - 1].op)) fail(r, "function %s has phis, and block @%d has no terminator", f->name, b);
        if (opt_succs(blk, s) < 0) fail(r, "function %s has phis and an indirect jump", f->name);
    }
    struct opt_dom *d = opt_dominators(f);
    int nth = 0;  /* phis are read in block order, each block's first: r->phi_line[nth] */
    for (int b = 0; b < f->nblocks; b++)
        for (int k = 0; k < f->blocks[b]->n && f->blocks[b]->ins[k].op == IR_PHI; k++) {
            struct ir_phi *p = f->blocks[b]->ins[k].phi;
            r->line = r->phi_line[nth++];
            for (int q = 0; q < d->npred[b]; q++) {
                int e = 0;
                while (e < p->n && p->blk[e] != d->pred[b][q]) e++;
                if (e == p->n) fail(r, "phi %%%d in @%d has no value for predecessor @%d", f->blocks[b]->ins[k].d, b, d->pred[b][q]);
            }
            if (p->n != d->npred[b]) fail(r, "phi %%%d in @%d names a block that is not a predecessor", f->blocks[b]->ins[k].d, b);
        }
}

/* what the passes and the emitter assume of a whole function */
static void check_func(struct reader *r)
{
    struct ir_func *f = r->f;
    if (!f->nblocks) fail(r, "function without blocks");
    if (r->max_target >= f->nblocks) {
        r->line = r->max_target_line;
        fail(r, "no block @%d in function %s", r->max_target, f->name);
    }
    check_phi_preds(r);
}

/* ------------------------------------------------------------ files */

static char *read_all(const char *path, size_t *len)
{
    FILE *in = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!in) return NULL;
    size_t cap = 65536, n = 0;
    char *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + n, 1, cap - n - 1, in)) > 0;) {
        n += got;
        if (n + 1 == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb) free(buf);
            buf = nb;
        }
    }
    bool err = ferror(in);
    if (in != stdin) fclose(in);
    if (!buf || err) {
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

static void parse_lines(struct reader *r, char *text, size_t len, struct ir_unit *u)
{
    int cap = 0;
    bool in_func = false, seen_target = false;
    for (char *line = text; line < text + len || (line == text && !len);) {
        char *nl = memchr(line, '\n', (size_t)(text + len - line));
        if (nl) *nl = 0;
        if (strlen(line) != (size_t)((nl ? nl : text + len) - line)) fail(r, "NUL byte in the line");
        r->line++;
        r->p = line;
        advance(r);
        if (r->kind == T_END) {
        } else if (in_func) {
            in_func = parse_func_line(r);
            if (!in_func) {
                check_func(r);
                if (u->nfuncs == cap) {
                    struct ir_func **n = cc_alloc(sizeof *n * (size_t)(cap = cap ? cap * 2 : 16));
                    if (u->nfuncs) memcpy(n, u->funcs, sizeof *n * (size_t)u->nfuncs);
                    u->funcs = n;
                }
                u->funcs[u->nfuncs++] = r->f;
            }
        } else if (at_word(r, "target")) {
            advance(r);
            if (!at_word(r, "rv32") && !at_word(r, "rv64") && !at_word(r, "rv128")) fail(r, "target rv32, rv64 or rv128 expected");
            if (atoi(r->text + 2) != tgt.xlen) fail(r, "the IR is for %s, the compilation for rv%d", r->text, tgt.xlen);
            seen_target = true;
            advance(r);
            end_of_line(r);
        } else if (at_word(r, "source")) {
            advance(r);
            u->source = take_str(r, "source file name");
            end_of_line(r);
        } else if (at_word(r, "function")) {
            if (!seen_target) fail(r, "function before 'target'");
            advance(r);
            parse_func_head(r);
            in_func = true;
        } else if (at_word(r, "data")) {
            advance(r);
            if (u->data) fail(r, "second data line");
            u->data = take_str(r, "data (assembly text)");
            end_of_line(r);
        } else {
            fail(r, "target, source, function or data expected");
        }
        if (!nl) break;
        line = nl + 1;
    }
    if (in_func) fail(r, "function %s has no 'end'", r->f->name);
    if (!seen_target) fail(r, "no 'target' line");
}

/* the parse with its error exit: nothing here is changed between setjmp and longjmp */
static bool read_guarded(struct reader *r, char *text, size_t len, struct ir_unit *u)
{
    if (setjmp(r->fail)) return false;
    parse_lines(r, text, len, u);
    if (!u->source) u->source = r->path;
    return true;
}

bool ir_read_text(const char *name, char *text, size_t len, struct ir_unit *u)
{
    memset(u, 0, sizeof *u);
    struct reader *r = cc_alloc(sizeof *r);
    r->path = name;
    return read_guarded(r, text, len, u);
}

bool ir_read_file(const char *path, struct ir_unit *u)
{
    size_t len = 0;
    char *text = read_all(path, &len);
    if (!text) {
        fprintf(stderr, "zl-cc: error: %s: %s\n", path, strerror(errno ? errno : EIO));
        return false;
    }
    bool ok = ir_read_text(path, text, len, u);
    free(text);
    return ok;
}
