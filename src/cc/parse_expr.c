/* Expressions (C11 6.5): precedence climbing, typing and implicit conversions. */
#include "cc/cc.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>


static struct node *parse_cast(void);
static struct node *parse_unary(void);

static struct node *mk(enum nk k, struct type *t, struct srcpos pos)
{
    struct node *n = new_node(k, pos);
    n->ty = t;
    return n;
}

static struct node *num(i128 v, struct type *t, struct srcpos pos)
{
    struct node *n = mk(N_NUM, t, pos);
    n->val = v;
    return n;
}

static void need_scalar(struct node *e, const char *what)
{
    if (!ty_is_scalar(e->ty) && !ty_is_complex(e->ty))
        cc_error_at(e->pos, "used %s type value where scalar is required (%s)", ty_name(e->ty), what);
}

static void need_lvalue(struct node *e, const char *what)
{
    if (!is_lvalue(e)) cc_error_at(e->pos, "lvalue required as %s", what);
    if (e->ty->is_const) cc_error_at(e->pos, "%s of read-only location", what);
    if (e->ty->kind == TY_ARRAY) cc_error_at(e->pos, "%s to expression with array type", what);
}

static struct node *binary_arith(enum nk k, struct node *l, struct node *r, struct srcpos pos)
{
    l = rvalue(l);
    r = rvalue(r);
    bool int_only = k == N_MOD || k == N_BAND || k == N_BOR || k == N_BXOR || k == N_SHL || k == N_SHR;
    if (ty_is_complex(l->ty) || ty_is_complex(r->ty)) {
        if (int_only) cc_error_at(pos, "invalid operands to binary operator ('%s' and '%s')", ty_name(l->ty), ty_name(r->ty));
        return cplx_binary(k, l, r, pos);
    }
    if (int_only ? !(ty_is_integer(l->ty) && ty_is_integer(r->ty)) : !(ty_is_arith(l->ty) && ty_is_arith(r->ty)))
        cc_error_at(pos, "invalid operands to binary operator ('%s' and '%s')", ty_name(l->ty), ty_name(r->ty));
    struct node *n;
    if (k == N_SHL || k == N_SHR) {
        struct type *t = promote(l->ty);
        n = mk(k, t, pos);
        n->l = cast_to(l, t);
        n->r = cast_to(r, promote(r->ty));
        return n;
    }
    struct type *t = usual_arith(l->ty, r->ty);
    n = mk(k, t, pos);
    n->l = cast_to(l, t);
    n->r = cast_to(r, t);
    if ((k == N_DIV || k == N_MOD) && ty_is_integer(t)) {
        i128 v;
        if (eval_int(n->r, &v) && v == 0) cc_warn_at(CW_DIV_BY_ZERO, pos, "division by zero");
    }
    return n;
}

static struct node *add_sub(enum nk k, struct node *l, struct node *r, struct srcpos pos)
{
    l = rvalue(l);
    r = rvalue(r);
    if (ty_is_arith_c(l->ty) && ty_is_arith_c(r->ty)) return binary_arith(k, l, r, pos);
    if (k == N_ADD && ty_is_integer(l->ty) && r->ty->kind == TY_PTR) {
        struct node *x = l; l = r; r = x;
    }
    if (l->ty->kind == TY_PTR && ty_is_integer(r->ty)) {
        if (!l->ty->base->complete && l->ty->base->kind != TY_VOID && !l->ty->base->vla_len)
            cc_error_at(pos, "arithmetic on pointer to incomplete type");
        struct node *n = mk(k, l->ty, pos);
        n->l = l;
        n->r = cast_to(r, ty_intptr());
        return n;
    }
    if (k == N_SUB && l->ty->kind == TY_PTR && r->ty->kind == TY_PTR) {
        if (!ty_compatible(ty_unqual(l->ty->base), ty_unqual(r->ty->base)))
            cc_warn_at(CW_NONE, pos, "subtraction of pointers to different types");
        struct node *n = mk(N_SUB, ty_intptr(), pos);
        n->l = l;
        n->r = r;
        return n;
    }
    cc_error_at(pos, "invalid operands to binary %s ('%s' and '%s')", k == N_ADD ? "+" : "-",
                ty_name(l->ty), ty_name(r->ty));
}

static struct node *compare(enum nk k, struct node *l, struct node *r, struct srcpos pos)
{
    l = rvalue(l);
    r = rvalue(r);
    if ((ty_is_complex(l->ty) || ty_is_complex(r->ty)) && (k == N_EQ || k == N_NE))
        return cplx_binary(k, l, r, pos);
    struct node *n = mk(k, ty_int, pos);
    if (ty_is_arith(l->ty) && ty_is_arith(r->ty)) {
        struct type *t = usual_arith(l->ty, r->ty);
        warn_sign_compare(k, l, r, t, pos);
        n->l = cast_to(l, t);
        n->r = cast_to(r, t);
        return n;
    }
    if (l->ty->kind == TY_PTR && r->ty->kind == TY_PTR) {
        if (!ty_compatible(ty_unqual(l->ty->base), ty_unqual(r->ty->base)) &&
            l->ty->base->kind != TY_VOID && r->ty->base->kind != TY_VOID)
            cc_warn_at(CW_NONE, pos, "comparison of distinct pointer types lacks a cast");
        n->l = l;
        n->r = cast_to(r, l->ty);
        return n;
    }
    if (l->ty->kind == TY_PTR && ty_is_integer(r->ty)) {
        if (!is_null_ptr_const(r)) cc_warn_at(CW_NONE, pos, "comparison between pointer and integer");
        n->l = l;
        n->r = cast_to(r, l->ty);
        return n;
    }
    if (r->ty->kind == TY_PTR && ty_is_integer(l->ty)) {
        if (!is_null_ptr_const(l)) cc_warn_at(CW_NONE, pos, "comparison between pointer and integer");
        n->l = cast_to(l, r->ty);
        n->r = r;
        return n;
    }
    cc_error_at(pos, "invalid operands to comparison ('%s' and '%s')", ty_name(l->ty), ty_name(r->ty));
}

static struct node *logical(enum nk k, struct node *l, struct node *r, struct srcpos pos)
{
    l = rvalue(l);
    r = rvalue(r);
    need_scalar(l, "logical operand");
    need_scalar(r, "logical operand");
    struct node *n = mk(k, ty_int, pos);
    n->l = l;
    n->r = r;
    return n;
}

struct node *make_binary(enum nk k, struct node *l, struct node *r, struct srcpos pos)
{
    switch (k) {
    case N_ADD: case N_SUB: return add_sub(k, l, r, pos);
    case N_EQ: case N_NE: case N_LT: case N_LE: case N_GT: case N_GE: return compare(k, l, r, pos);
    case N_LAND: case N_LOR: return logical(k, l, r, pos);
    default: return binary_arith(k, l, r, pos);
    }
}

static struct node *make_assign(struct node *l, struct node *r, struct srcpos pos)
{
    need_lvalue(l, "left operand of assignment");
    struct node *n = mk(N_ASSIGN, ty_unqual(l->ty), pos);
    n->l = l;
    n->r = convert_assign(r, l->ty, "assignment");
    if (l->kind == N_VAR) l->var->emitted = l->var->emitted; /* no-op: keeps -Wunused quiet */
    return n;
}

static struct node *make_opassign(enum nk op, struct node *l, struct node *r, struct srcpos pos)
{
    need_lvalue(l, "left operand of assignment");
    /* typecheck as l = l op r, computing in the common type */
    struct node *probe = make_binary(op, l, r, pos);
    struct node *n = mk(N_OPASSIGN, ty_unqual(l->ty), pos);
    n->op = op;
    n->l = l;
    n->r = probe->r;                 /* converted right operand */
    n->fty = probe->ty;              /* computation type */
    if (l->ty->kind == TY_PTR) n->fty = l->ty;
    if (!ty_is_scalar(l->ty) && !ty_is_complex(l->ty)) cc_error_at(pos, "invalid operand to compound assignment");
    return n;
}

static struct node *incdec(enum nk k, struct node *e, struct srcpos pos)
{
    need_lvalue(e, k == N_PREINC || k == N_POSTINC ? "increment operand" : "decrement operand");
    need_scalar(e, "increment");
    if (ty_is_complex(e->ty)) cc_error_at(pos, "wrong type argument to %s", k == N_PREINC || k == N_POSTINC ? "increment" : "decrement");
    struct node *n = mk(k, ty_unqual(e->ty), pos);
    n->l = e;
    n->val = 1;
    if (e->ty->kind == TY_PTR) {
        if (!e->ty->base->complete && e->ty->base->kind != TY_VOID)
            cc_error_at(pos, "increment of pointer to incomplete type");
    }
    return n;
}

struct node *make_deref(struct node *e, struct srcpos pos)
{
    e = rvalue(e);
    if (e->ty->kind != TY_PTR) cc_error_at(pos, "invalid type argument of unary '*' (have '%s')", ty_name(e->ty));
    struct node *n = mk(N_DEREF, e->ty->base, pos);
    n->l = e;
    return n;
}

static struct member *find_member(struct type *t, const char *name, long *off)
{
    for (struct member *m = t->members; m; m = m->next) {
        if (m->name && !strcmp(m->name, name)) {
            *off = m->offset;
            return m;
        }
        if (!m->name && (m->ty->kind == TY_STRUCT || m->ty->kind == TY_UNION)) {
            long o;
            struct member *r = find_member(m->ty, name, &o);
            if (r) {
                *off = m->offset + o;
                return r;
            }
        }
    }
    return NULL;
}

/* e.name, building the chain through anonymous members */
static struct node *member_chain(struct node *e, struct type *t, const char *name, struct srcpos pos)
{
    for (struct member *m = t->members; m; m = m->next) {
        if (m->name && !strcmp(m->name, name)) {
            struct node *n = mk(N_MEMBER, m->ty, pos);
            n->l = e;
            n->mem = m;
            if (t->is_const || e->ty->is_const) n->ty = ty_qual(n->ty, true, false);
            if (e->ty->is_volatile) n->ty = ty_qual(n->ty, false, true);
            return n;
        }
        if (!m->name && (m->ty->kind == TY_STRUCT || m->ty->kind == TY_UNION)) {
            long off;
            if (find_member(m->ty, name, &off)) {
                struct node *a = mk(N_MEMBER, m->ty, pos);
                a->l = e;
                a->mem = m;
                return member_chain(a, m->ty, name, pos);
            }
        }
    }
    return NULL;
}

struct node *make_member(struct node *e, const char *name, struct srcpos pos)
{
    struct type *t = e->ty;
    if (t->kind != TY_STRUCT && t->kind != TY_UNION)
        cc_error_at(pos, "request for member '%s' in something not a structure or union", name);
    if (!t->complete) cc_error_at(pos, "dereferencing incomplete type '%s'", ty_name(t));
    struct node *n = member_chain(e, t, name, pos);
    if (!n) cc_error_at(pos, "'%s' has no member named '%s'", ty_name(t), name);
    return n;
}

struct node *cleanup_call(const char *fname, struct srcpos pos, struct obj *var)
{
    struct obj *f = scope_find_var(fname);
    if (!f || !f->is_func) cc_error_at(pos, "cleanup argument not a function");
    f->referenced = true;
    struct type *ft = f->ty;
    struct node *fn = mk(N_VAR, ft, pos), *v = mk(N_VAR, var->ty, pos);
    fn->var = f;
    v->var = var;
    var->addr_taken = true;
    struct node *arg = mk(N_ADDR, ty_ptr(var->ty), pos);
    arg->l = v;
    if (!ft->params && !ft->oldstyle) cc_error_at(pos, "too many arguments to function '%s'", fname);
    if (ft->params) {
        if (ft->params->next) cc_error_at(pos, "too few arguments to function '%s'", fname);
        arg = convert_assign(arg, ft->params->ty, "passing argument");
    }
    struct node *n = mk(N_CALL, ft->base, pos);
    n->l = rvalue(fn);
    n->args = arg;
    n->fty = ft;
    return n;
}

static struct node *parse_call(struct node *fn, struct srcpos pos)
{
    fn = rvalue(fn);
    if (fn->ty->kind != TY_PTR || fn->ty->base->kind != TY_FUNC)
        cc_error_at(pos, "called object is not a function or function pointer");
    struct type *ft = fn->ty->base;
    struct node head = {0}, *tail = &head;
    struct param *p = ft->params;
    int nargs = 0;
    if (!accept(CPP_P_RPAREN)) {
        for (;;) {
            struct node *a = parse_assign();
            a = rvalue(a);
            if (p) {
                a = convert_assign(a, p->ty, "passing argument");
                p = p->next;
            } else {
                if (!ft->variadic && !ft->oldstyle)
                    cc_error_at(a->pos, "too many arguments to function");
                if (a->ty->kind == TY_FLOAT) a = cast_to(a, ty_double);
                else if (ty_is_integer(a->ty)) a = cast_to(a, promote(a->ty));
                if (a->ty->kind == TY_VOID) cc_error_at(a->pos, "invalid use of void expression");
            }
            tail = tail->next = a;
            nargs++;
            if (accept(CPP_P_RPAREN)) break;
            expect(CPP_P_COMMA, NULL);
        }
    }
    if (p) cc_error_at(pos, "too few arguments to function");
    /* -Wformat */
    if (fn->kind == N_ADDR && fn->l->kind == N_VAR) {
        struct obj *o = fn->l->var;
        int fi = o->format_idx, fa = o->format_first;
        if (!fi && o->name) {
            static const struct { const char *n; int fi, fa; } known[] = {
                {"printf", 1, 2}, {"fprintf", 2, 3}, {"dprintf", 2, 3}, {"sprintf", 2, 3},
                {"snprintf", 3, 4}, {"vprintf", 1, 0}, {"vfprintf", 2, 0}, {"vsprintf", 2, 0},
                {"vsnprintf", 3, 0}, {"vdprintf", 2, 0}, {"asprintf", 2, 3}};
            for (size_t i = 0; i < sizeof known / sizeof *known; i++)
                if (!strcmp(o->name, known[i].n)) fi = known[i].fi, fa = known[i].fa;
        }
        if (fi > 0) {
            struct node *f = head.next, *rest = NULL;
            for (int i = 1; f && i < fi; i++) f = f->next;
            if (fa > 0) {
                rest = head.next;
                for (int i = 1; rest && i < fa; i++) rest = rest->next;
            }
            if (f && fa > 0) check_format(o->name, f, rest, fa, pos);
        }
    }
    struct node *n = mk(N_CALL, ft->base, pos);
    n->l = fn;
    n->args = head.next;
    n->fty = ft;
    if (ft->base->kind != TY_VOID && !ft->base->complete)
        cc_error_at(pos, "calling function with incomplete return type");
    return n;
}

static const char *ident_str(struct token *t) { return cc_strndup(t->p, t->len); }

/* A type name whose variably modified sizes are never needed (their computations are
 * dropped) */
static struct type *typename_nosizes(void)
{
    int mark = vla_mark();
    struct type *t = parse_typename();
    vla_take(mark);
    return t;
}

/* e, preceded by the size computations of the variably modified types named in it since
 * mark */
static struct node *with_sizes(int mark, struct node *e)
{
    struct node *sizes = vla_take(mark);
    if (!sizes) return e;
    struct node *c = mk(N_COMMA, e->ty, e->pos);
    c->l = sizes;
    c->r = e;
    return c;
}

static struct node *parse_generic(struct srcpos pos)
{
    expect(CPP_P_LPAREN, NULL);
    struct node *ctl = rvalue(parse_assign());
    struct type *ct = ty_unqual(ctl->ty);
    struct node *result = NULL, *def = NULL;
    while (accept(CPP_P_COMMA)) {
        struct type *t = NULL;
        if (!accept_kw(KW_DEFAULT)) t = typename_nosizes();
        expect(CPP_P_COLON, NULL);
        struct node *e = parse_assign();
        if (!t) def = e;
        else if (ty_compatible(ct, t)) {
            if (result) cc_error_at(e->pos, "_Generic selects more than one association");
            result = e;
        }
    }
    expect(CPP_P_RPAREN, NULL);
    if (!result) result = def;
    if (!result) cc_error_at(pos, "'_Generic' selector of type '%s' is not compatible with any association", ty_name(ct));
    return result;
}

/* GCC's __atomic_* and __sync_* builtins on objects of 1, 2, 4, 8 and (rv128) 16 bytes.
 * n->op: B_ATOMIC_*; n->val: the AMO operation (0 swap, 1 add, 2 and, 3 or, 4 xor,
 * 5 sub, 6 nand-less placeholder); n->l pointer, n->r value, n->cond second value. */
static struct node *parse_atomic(const char *name, struct srcpos pos)
{
    static const struct { const char *name; int kind, amo, nargs; } tab[] = {
        {"__atomic_load_n", B_ATOMIC_LOAD, 0, 2}, {"__atomic_store_n", B_ATOMIC_STORE, 0, 3},
        {"__atomic_exchange_n", B_ATOMIC_RMW, 0, 3},
        {"__atomic_fetch_add", B_ATOMIC_RMW, 1, 3}, {"__atomic_fetch_sub", B_ATOMIC_RMW, 5, 3},
        {"__atomic_fetch_and", B_ATOMIC_RMW, 2, 3}, {"__atomic_fetch_or", B_ATOMIC_RMW, 3, 3},
        {"__atomic_fetch_xor", B_ATOMIC_RMW, 4, 3},
        {"__atomic_add_fetch", B_ATOMIC_RMW_NEW, 1, 3}, {"__atomic_sub_fetch", B_ATOMIC_RMW_NEW, 5, 3},
        {"__atomic_and_fetch", B_ATOMIC_RMW_NEW, 2, 3}, {"__atomic_or_fetch", B_ATOMIC_RMW_NEW, 3, 3},
        {"__atomic_xor_fetch", B_ATOMIC_RMW_NEW, 4, 3},
        {"__atomic_compare_exchange_n", B_ATOMIC_CMPXCHG, 0, 6},
        {"__atomic_thread_fence", B_FENCE, 0, 1}, {"__atomic_signal_fence", B_FENCE, 0, 1},
        {"__sync_synchronize", B_FENCE, 0, 0},
        {"__sync_fetch_and_add", B_ATOMIC_RMW, 1, 2}, {"__sync_fetch_and_sub", B_ATOMIC_RMW, 5, 2},
        {"__sync_fetch_and_and", B_ATOMIC_RMW, 2, 2}, {"__sync_fetch_and_or", B_ATOMIC_RMW, 3, 2},
        {"__sync_fetch_and_xor", B_ATOMIC_RMW, 4, 2},
        {"__sync_add_and_fetch", B_ATOMIC_RMW_NEW, 1, 2}, {"__sync_sub_and_fetch", B_ATOMIC_RMW_NEW, 5, 2},
        {"__sync_and_and_fetch", B_ATOMIC_RMW_NEW, 2, 2}, {"__sync_or_and_fetch", B_ATOMIC_RMW_NEW, 3, 2},
        {"__sync_xor_and_fetch", B_ATOMIC_RMW_NEW, 4, 2},
        {"__sync_val_compare_and_swap", B_ATOMIC_CAS_VAL, 0, 3},
        {"__sync_bool_compare_and_swap", B_ATOMIC_CAS_BOOL, 0, 3},
        {"__sync_lock_test_and_set", B_ATOMIC_RMW, 0, 2}, {"__sync_lock_release", B_ATOMIC_STORE, 0, 1},
        {"__atomic_always_lock_free", -1, 0, 2}, {"__atomic_is_lock_free", -1, 0, 2},
        {"__atomic_test_and_set", B_ATOMIC_RMW, 0, 2}, {"__atomic_clear", B_ATOMIC_STORE, 0, 2},
    };
    int k = -1;
    for (size_t i = 0; i < sizeof tab / sizeof *tab; i++)
        if (!strcmp(name, tab[i].name)) k = (int)i;
    if (k < 0) return NULL;
    expect(CPP_P_LPAREN, NULL);
    struct node *args[6] = {0};
    int n = 0;
    if (!is_punct(peek(), CPP_P_RPAREN)) {
        for (;;) {
            struct node *a = rvalue(parse_assign());
            if (n < 6) args[n] = a;
            n++;
            if (!accept(CPP_P_COMMA)) break;
        }
    }
    expect(CPP_P_RPAREN, NULL);
    if (n != tab[k].nargs) cc_error_at(pos, "wrong number of arguments to '%s'", name);
    if (tab[k].kind == -1) {
        i128 sz;
        if (!eval_int(args[0], &sz)) cc_error_at(pos, "non-constant size in '%s'", name);
        return num(sz == 1 || sz == 2 || sz == 4 || (sz <= tgt.regsize && (sz & (sz - 1)) == 0), ty_bool, pos);
    }
    struct node *e = mk(N_BUILTIN, ty_void, pos);
    e->op = tab[k].kind;
    e->val = tab[k].amo;
    if (tab[k].kind == B_FENCE) return e;
    struct node *p = args[0];
    bool flag = !strcmp(name, "__atomic_test_and_set") || !strcmp(name, "__atomic_clear");
    if (flag) {
        /* GCC's byte flag: any object pointer; sets the byte to 1 / clears it */
        if (p->ty->kind != TY_PTR || p->ty->base->kind == TY_FUNC)
            cc_error_at(pos, "argument 1 of '%s' must be an object pointer", name);
        e->l = cast_to(p, ty_ptr(ty_uchar));
        e->r = num(tab[k].kind == B_ATOMIC_RMW, ty_uchar, pos);
        if (tab[k].kind == B_ATOMIC_STORE) return e;
        e->ty = ty_uchar;
        return cast_to(e, ty_bool);
    }
    if (p->ty->kind != TY_PTR || !ty_is_scalar(p->ty->base))
        cc_error_at(pos, "argument 1 of '%s' must be a pointer to an integer or pointer", name);
    struct type *t = ty_unqual(p->ty->base);
    long sz = t->kind == TY_PTR ? tgt.ptr_size : t->size;
    if (ty_is_float(t))
        cc_error_at(pos, "argument 1 of '%s' must be a pointer to an integer or pointer", name);
    if ((sz & (sz - 1)) || sz > tgt.regsize)
        cc_error_at(pos, "'%s' on a %ld-byte object: no lock-free instruction on rv%d (zl-cc provides no libatomic)", name, sz, tgt.xlen);
    e->l = p;
    switch (tab[k].kind) {
    case B_ATOMIC_LOAD: e->ty = t; break;
    case B_ATOMIC_STORE:
        e->r = n > 1 ? convert_assign(args[1], t, "passing argument") : cast_to(num(0, ty_int, pos), t);
        break;
    case B_ATOMIC_RMW: case B_ATOMIC_RMW_NEW:
        e->ty = t;
        e->r = convert_assign(args[1], t, "passing argument");
        break;
    case B_ATOMIC_CAS_VAL: case B_ATOMIC_CAS_BOOL:
        e->ty = tab[k].kind == B_ATOMIC_CAS_VAL ? t : ty_bool;
        e->r = convert_assign(args[1], t, "passing argument");
        e->cond = convert_assign(args[2], t, "passing argument");
        break;
    case B_ATOMIC_CMPXCHG:
        e->ty = ty_bool;
        if (args[1]->ty->kind != TY_PTR) cc_error_at(pos, "argument 2 of '%s' must be a pointer", name);
        e->r = args[1];
        e->cond = convert_assign(args[2], t, "passing argument");
        break;
    }
    return e;
}

static struct node *parse_builtin(const char *name, struct srcpos pos, bool *ok)
{
    *ok = true;
    if (!strcmp(name, "__builtin_complex")) {
        expect(CPP_P_LPAREN, NULL);
        struct node *re = parse_assign();
        expect(CPP_P_COMMA, NULL);
        struct node *im = parse_assign();
        expect(CPP_P_RPAREN, NULL);
        return cplx_make(re, im, pos);
    }
    if (!strcmp(name, "__builtin_va_start")) {
        expect(CPP_P_LPAREN, NULL);
        struct node *ap = parse_assign();
        expect(CPP_P_COMMA, NULL);
        parse_assign();
        expect(CPP_P_RPAREN, NULL);
        if (!cur_func || !cur_func->ty->variadic) cc_error_at(pos, "'va_start' used in function with fixed arguments");
        struct node *n = mk(N_VA_START, ty_void, pos);
        n->l = ap;
        return n;
    }
    if (!strcmp(name, "__builtin_va_end")) {
        expect(CPP_P_LPAREN, NULL);
        struct node *ap = parse_assign();
        expect(CPP_P_RPAREN, NULL);
        struct node *n = mk(N_VA_END, ty_void, pos);
        n->l = ap;
        return n;
    }
    if (!strcmp(name, "__builtin_va_copy")) {
        expect(CPP_P_LPAREN, NULL);
        struct node *d = parse_assign();
        expect(CPP_P_COMMA, NULL);
        struct node *s = parse_assign();
        expect(CPP_P_RPAREN, NULL);
        return make_assign(d, s, pos);
    }
    if (!strcmp(name, "__builtin_va_arg")) {
        expect(CPP_P_LPAREN, NULL);
        struct node *ap = parse_assign();
        expect(CPP_P_COMMA, NULL);
        int mark = vla_mark();
        struct type *t = parse_typename();
        expect(CPP_P_RPAREN, NULL);
        if (t->vla_len) cc_error_at(pos, "'va_arg' of a variable-length array type");
        struct node *n = mk(N_VA_ARG, t, pos);
        n->l = ap;
        return with_sizes(mark, n);
    }
    if (!strcmp(name, "__builtin_offsetof")) {
        expect(CPP_P_LPAREN, NULL);
        struct type *t = typename_nosizes();
        expect(CPP_P_COMMA, NULL);
        /* member designator: build &((T*)0)->a.b[c] */
        struct node *base = num(0, ty_ptr(t), pos);
        struct node *e = make_deref(base, pos);
        e = make_member(e, expect_ident(), pos);
        for (;;) {
            if (accept(CPP_P_DOT)) e = make_member(e, expect_ident(), pos);
            else if (accept(CPP_P_LSQ)) {
                struct node *i = parse_expr();
                expect(CPP_P_RSQ, NULL);
                e = make_deref(make_binary(N_ADD, e, i, pos), pos);
            } else break;
        }
        expect(CPP_P_RPAREN, NULL);
        const char *sym = NULL;
        i128 off;
        if (!eval_addr(e, &sym, &off) || sym) cc_error_at(pos, "offsetof of a non-constant member");
        return num(off, ty_size_t(), pos);
    }
    if (!strcmp(name, "__builtin_types_compatible_p")) {
        expect(CPP_P_LPAREN, NULL);
        struct type *a = typename_nosizes();
        expect(CPP_P_COMMA, NULL);
        struct type *b = typename_nosizes();
        expect(CPP_P_RPAREN, NULL);
        return num(ty_compatible(ty_unqual(a), ty_unqual(b)), ty_int, pos);
    }
    /* floating point: fused multiply-add, square root, absolute value, copysign (double and
     * float; the long double forms are calls of the library functions) */
    static const struct { const char *name; int id, nargs; bool f; } fpb[] = {
        {"__builtin_fma", B_FMA, 3, false}, {"__builtin_fmaf", B_FMA, 3, true},
        {"__builtin_sqrt", B_SQRT, 1, false}, {"__builtin_sqrtf", B_SQRT, 1, true},
        {"__builtin_fabs", B_FABS, 1, false}, {"__builtin_fabsf", B_FABS, 1, true},
        {"__builtin_copysign", B_COPYSIGN, 2, false}, {"__builtin_copysignf", B_COPYSIGN, 2, true},
    };
    for (size_t i = 0; i < sizeof fpb / sizeof *fpb; i++) {
        if (strcmp(name, fpb[i].name)) continue;
        struct type *t = fpb[i].f ? ty_float : ty_double;
        struct node *n = mk(N_BUILTIN, t, pos);
        n->op = fpb[i].id;
        struct node **slot[3] = {&n->l, &n->r, &n->cond};
        expect(CPP_P_LPAREN, NULL);
        for (int k = 0; k < fpb[i].nargs; k++) {
            if (k) expect(CPP_P_COMMA, NULL);
            *slot[k] = convert_assign(parse_assign(), t, "passing argument");
        }
        expect(CPP_P_RPAREN, NULL);
        return n;
    }
    /* constants: infinity and quiet NaNs */
    static const struct { const char *name; struct type **t; bool nan; } fpc[] = {
        {"__builtin_huge_val", &ty_double, false}, {"__builtin_huge_valf", &ty_float, false},
        {"__builtin_huge_vall", &ty_ldouble, false}, {"__builtin_inf", &ty_double, false},
        {"__builtin_inff", &ty_float, false}, {"__builtin_infl", &ty_ldouble, false},
        {"__builtin_nan", &ty_double, true}, {"__builtin_nanf", &ty_float, true},
        {"__builtin_nanl", &ty_ldouble, true},
    };
    for (size_t i = 0; i < sizeof fpc / sizeof *fpc; i++) {
        if (strcmp(name, fpc[i].name)) continue;
        expect(CPP_P_LPAREN, NULL);
        u64 payload = 0;
        if (fpc[i].nan) {
            struct node *s = parse_assign();
            if (s->kind != N_STR) cc_error_at(s->pos, "'%s' needs a string literal argument", name);
            char *end;
            payload = strtoull(s->str, &end, 0);
            if (*end) cc_error_at(s->pos, "'%s': the string is not a number", name);
        }
        expect(CPP_P_RPAREN, NULL);
        struct node *n = mk(N_FNUM, *fpc[i].t, pos);
        n->fval = fpc[i].nan ? NAN : INFINITY;
        if (fpc[i].nan) {
            /* quiet NaN with the payload in the low mantissa bits of the type */
            u64 bits = 0x7ff8000000000000ull;
            if (*fpc[i].t == ty_float) bits |= (payload & 0x3fffff) << 29;
            else bits |= payload & 0x7ffffffffffffull;
            memcpy(&n->fval, &bits, 8);
        }
        if (*fpc[i].t == ty_ldouble) {
            n->ld_exact = true;
            n->ldbits = fpc[i].nan ? (((u128)0x7fff8000u << 96) | (payload & (((u128)1 << 111) - 1)))
                                   : (u128)0x7fff0000u << 96;
        }
        return n;
    }
    /* classification (type-generic: float, double and long double operands; the
     * l-suffixed forms take any of them too, converted exactly) */
    static const struct { const char *name; int op; } fpk[] = {
        {"__builtin_isnan", FPC_ISNAN}, {"__builtin_isinf", FPC_ISINF},
        {"__builtin_isinf_sign", FPC_ISINF_SIGN}, {"__builtin_isfinite", FPC_ISFINITE},
        {"__builtin_isnormal", FPC_ISNORMAL}, {"__builtin_signbit", FPC_SIGNBIT},
        {"__builtin_signbitf", FPC_SIGNBIT}, {"__builtin_signbitl", FPC_SIGNBIT},
        {"__builtin_isnanl", FPC_ISNAN}, {"__builtin_isinfl", FPC_ISINF},
        {"__builtin_fpclassify", FPC_FPCLASSIFY},
    };
    for (size_t i = 0; i < sizeof fpk / sizeof *fpk; i++) {
        if (strcmp(name, fpk[i].name)) continue;
        struct node *n = mk(N_BUILTIN, ty_int, pos);
        n->op = B_FPCLASS;
        n->val = fpk[i].op;
        expect(CPP_P_LPAREN, NULL);
        if (fpk[i].op == FPC_FPCLASSIFY) {
            struct node head = {0}, *tail = &head;
            for (int k = 0; k < 5; k++) {
                struct node *v = rvalue(parse_assign());
                if (!ty_is_integer(v->ty)) cc_error_at(v->pos, "'%s': the class values must be integers", name);
                tail = tail->next = cast_to(v, ty_int);
                expect(CPP_P_COMMA, NULL);
            }
            n->args = head.next;
        }
        struct node *x = rvalue(parse_assign());
        expect(CPP_P_RPAREN, NULL);
        if (ty_is_integer(x->ty)) x = cast_to(x, ty_double);
        if (!ty_is_float(x->ty)) cc_error_at(pos, "'%s' needs a floating-point argument", name);
        n->l = x;
        return n;
    }
    static const struct { const char *name; int id; struct type **arg; struct type **ret; } tab[] = {
        {"__builtin_expect", B_EXPECT, &ty_long, &ty_long},
        {"__builtin_clz", B_CLZ, &ty_uint, &ty_int},
        {"__builtin_clzl", B_CLZ, &ty_ulong, &ty_int},
        {"__builtin_clzll", B_CLZ, &ty_ullong, &ty_int},
        {"__builtin_ctz", B_CTZ, &ty_uint, &ty_int},
        {"__builtin_ctzl", B_CTZ, &ty_ulong, &ty_int},
        {"__builtin_ctzll", B_CTZ, &ty_ullong, &ty_int},
        {"__builtin_ffs", B_FFS, &ty_int, &ty_int},
        {"__builtin_ffsl", B_FFS, &ty_long, &ty_int},
        {"__builtin_ffsll", B_FFS, &ty_llong, &ty_int},
        {"__builtin_popcount", B_POPCOUNT, &ty_uint, &ty_int},
        {"__builtin_popcountl", B_POPCOUNT, &ty_ulong, &ty_int},
        {"__builtin_popcountll", B_POPCOUNT, &ty_ullong, &ty_int},
        {"__builtin_bswap16", B_BSWAP, &ty_ushort, &ty_ushort},
        {"__builtin_bswap32", B_BSWAP, &ty_uint, &ty_uint},
        {"__builtin_bswap64", B_BSWAP, &ty_uint64, &ty_uint64},
        {"__builtin_unreachable", B_UNREACHABLE, NULL, &ty_void},
        {"__builtin_trap", B_TRAP, NULL, &ty_void},
        {"__builtin_abort", B_TRAP, NULL, &ty_void},
        {"__builtin_constant_p", B_CONSTANT_P, NULL, &ty_int},
        {"__builtin_alloca", B_ALLOCA, NULL, NULL},
        {"__builtin_frame_address", B_FRAME_ADDRESS, &ty_uint, NULL},
        {"__builtin_assume_aligned", B_ASSUME_ALIGNED, NULL, NULL},
    };
    for (size_t i = 0; i < sizeof tab / sizeof *tab; i++) {
        if (strcmp(name, tab[i].name)) continue;
        expect(CPP_P_LPAREN, NULL);
        struct node *n = mk(N_BUILTIN, tab[i].ret ? *tab[i].ret : ty_ptr(ty_void), pos);
        n->op = tab[i].id;
        if (tab[i].id == B_EXPECT) {
            struct node *a = rvalue(parse_assign());
            expect(CPP_P_COMMA, NULL);
            parse_assign();
            expect(CPP_P_RPAREN, NULL);
            return a;
        }
        if (tab[i].id == B_ASSUME_ALIGNED) {
            struct node *a = rvalue(parse_assign());
            while (accept(CPP_P_COMMA)) parse_assign();
            expect(CPP_P_RPAREN, NULL);
            return a;
        }
        if (tab[i].id == B_CONSTANT_P) {
            struct node *a = rvalue(parse_assign());
            expect(CPP_P_RPAREN, NULL);
            i128 v;
            double d;
            return num(eval_int(a, &v) || (ty_is_float(a->ty) && eval_float(a, &d)), ty_int, pos);
        }
        if (tab[i].id == B_ALLOCA) {
            n->l = cast_to(rvalue(parse_assign()), ty_size_t());
            expect(CPP_P_RPAREN, NULL);
            return n;
        }
        if (tab[i].arg) {
            n->l = convert_assign(parse_assign(), *tab[i].arg, "passing argument");
        }
        expect(CPP_P_RPAREN, NULL);
        return n;
    }
    struct node *at = parse_atomic(name, pos);
    if (at) return at;
    if (!strncmp(name, "__builtin_", 10) || !strncmp(name, "__sync_", 7) || !strncmp(name, "__atomic_", 9)) {
        /* __builtin_memcpy etc. become calls to the library function */
        static const char *const lib[] = {"memcpy", "memset", "memmove", "memcmp", "strlen",
                                          "strcmp", "strcpy", "abort", "printf", "exit", "malloc", "free",
                                          "fmal", "sqrtl", "fabsl", "copysignl"};
        for (size_t i = 0; i < sizeof lib / sizeof *lib; i++)
            if (!strcmp(name + 10, lib[i])) {
                *ok = false;
                return NULL;
            }
        cc_error_at(pos, "builtin '%s' is not supported", name);
    }
    *ok = false;
    return NULL;
}

/* GCC reports an undeclared identifier once per function (and explains that once) */
static _Noreturn void undeclared(const char *name, struct srcpos pos)
{
    if (!cur_func) cc_error_at(pos, "'%s' undeclared here (not in a function)", name);
    for (struct namelist *s = cur_func->undeclared; s; s = s->next)
        if (!strcmp(s->name, name)) cc_error_again();
    struct namelist *s = cc_alloc(sizeof *s);
    s->name = name;
    s->next = cur_func->undeclared;
    cur_func->undeclared = s;
    cc_error_report(pos, "'%s' undeclared (first use in this function)", name);
    if (!tu.undeclared_explained)
        cc_note_at(pos, "each undeclared identifier is reported only once for each function it appears in");
    tu.undeclared_explained = true;
    cc_error_again();
}

static struct node *parse_primary(void)
{
    struct token *t = peek();
    struct srcpos pos = t->pos;
    if (accept(CPP_P_LPAREN)) {
        if (is_punct(peek(), CPP_P_LBRACE)) {
            /* GNU statement expression */
            if (!cur_func) cc_error_at(pos, "braced-group within expression allowed only inside a function");
            struct node *b = parse_compound();
            expect(CPP_P_RPAREN, NULL);
            struct node *n = mk(N_STMT_EXPR, ty_void, pos);
            n->body = b;
            struct node *last = b->body;
            while (last && last->next) last = last->next;
            if (last && last->kind == N_EXPR_STMT) n->ty = last->l->ty->kind == TY_ARRAY ? ty_ptr(last->l->ty->base) : ty_unqual(last->l->ty);
            return n;
        }
        struct node *e = parse_expr();
        expect(CPP_P_RPAREN, NULL);
        return e;
    }
    if (t->kind == TK_NUM) {
        next();
        return parse_number(t);
    }
    if (t->kind == TK_CHAR) {
        next();
        return parse_char_const(t);
    }
    if (t->kind == TK_STR) return parse_string_lits();
    if (is_kw(t, KW_GENERIC)) {
        next();
        return parse_generic(pos);
    }
    if (t->kind == TK_IDENT) {
        next();
        const char *name = ident_str(t);
        if (!strcmp(name, "__func__") || !strcmp(name, "__FUNCTION__") || !strcmp(name, "__PRETTY_FUNCTION__")) {
            const char *fn = cur_func ? cur_func->name : "";
            struct node *s = mk(N_STR, ty_array(ty_char, (long)strlen(fn) + 1), pos);
            s->str = cc_strdup(fn);
            s->strlen = (long)strlen(fn) + 1;
            return s;
        }
        struct obj *o = scope_find_var(name);
        if (o && o->is_func && !o->is_defined && !ccopt.no_builtin && is_punct(peek(), CPP_P_LPAREN) &&
            (!strcmp(name, "fma") || !strcmp(name, "fmaf"))) {
            /* fma() never sets errno: a call of the C library's is one fmadd (GCC does the
             * same); -fno-builtin/-ffreestanding keep the call */
            bool ok;
            return parse_builtin(cc_printf("__builtin_%s", name), pos, &ok);
        }
        if (o) {
            struct node *n = mk(N_VAR, o->ty, pos);
            n->var = o;
            if (o != cur_func) o->referenced = true;   /* GCC: recursion is no use */
            return n;
        }
        i128 v;
        struct type *et;
        if (scope_find_enum_const(name, &v, &et)) return num(v, et, pos);
        if (!strncmp(name, "__builtin_", 10) || !strncmp(name, "__sync_", 7) || !strncmp(name, "__atomic_", 9)) {
            bool ok;
            struct node *b = parse_builtin(name, pos, &ok);
            if (ok) return b;
            if (!strncmp(name, "__builtin_", 10)) name = name + 10;
            o = scope_find_var(name);
            if (o) {
                struct node *n = mk(N_VAR, o->ty, pos);
                n->var = o;
                return n;
            }
        }
        if (is_punct(peek(), CPP_P_LPAREN)) {
            /* implicit declaration: int name() */
            cc_warn_at(CW_IMPLICIT_FUNCTION_DECLARATION, pos, "implicit declaration of function '%s'", name);
            struct type *ft = ty_func(ty_int);
            ft->oldstyle = true;
            struct obj *g = NULL;
            for (struct obj *x = tu.globals; x; x = x->next)
                if (x->name && !strcmp(x->name, name)) g = x;
            if (!g) {
                g = new_global(name, ft, pos);
                g->is_func = true;
                g->is_extern = true;
            }
            struct node *n = mk(N_VAR, g->ty, pos);
            n->var = g;
            return n;
        }
        undeclared(name, pos);
    }
    cc_error_at(pos, "expected expression %s", tok_before(t));
}

/* each operator nests the tree one level deeper: a[0][0]..., p->n->n... count as nesting */
static struct node *parse_postfix_ops_(struct node *e);
static struct node *parse_postfix_ops(struct node *e)
{
    int save = parse_depth;
    e = parse_postfix_ops_(e);
    parse_depth = save;
    return e;
}

static struct node *parse_postfix_ops_(struct node *e)
{
    for (;;) {
        struct srcpos pos = peek()->pos;
        if (is_punct(peek(), CPP_P_LSQ) || is_punct(peek(), CPP_P_LPAREN) || is_punct(peek(), CPP_P_DOT) ||
            is_punct(peek(), CPP_P_ARROW) || is_punct(peek(), CPP_P_INC) || is_punct(peek(), CPP_P_DEC))
            depth_enter(pos, "expression");
        if (accept(CPP_P_LSQ)) {
            struct node *i = parse_expr();
            expect(CPP_P_RSQ, NULL);
            struct node *a = rvalue(e), *b = rvalue(i);
            if (a->ty->kind != TY_PTR && b->ty->kind != TY_PTR)
                cc_error_at(pos, "subscripted value is neither array nor pointer");
            e = make_deref(make_binary(N_ADD, a, b, pos), pos);
            continue;
        }
        if (accept(CPP_P_LPAREN)) {
            e = parse_call(e, pos);
            continue;
        }
        if (accept(CPP_P_DOT)) {
            e = make_member(e, expect_ident(), pos);
            continue;
        }
        if (accept(CPP_P_ARROW)) {
            struct node *d = make_deref(e, pos);
            e = make_member(d, expect_ident(), pos);
            continue;
        }
        if (accept(CPP_P_INC)) {
            e = incdec(N_POSTINC, e, pos);
            continue;
        }
        if (accept(CPP_P_DEC)) {
            e = incdec(N_POSTDEC, e, pos);
            continue;
        }
        return e;
    }
}

static struct node *compound_literal(struct type *t, struct srcpos pos)
{
    struct node *n = mk(N_COMPOUND_LIT, t, pos);
    if (!cur_func) {
        struct obj *o = new_global(cc_printf(".LCL%d", (int)pos.line * 1000 + (int)pos.col), t, pos);
        o->asm_name = new_label_name();
        o->is_static = true;
        o->is_defined = true;
        o->ini = parse_initializer(&o->ty, true);
        /* gcc: a compound literal is never a static object for a flexible array member */
        if (o->ini->size > o->ty->size)
            cc_error_at(pos, "non-static initialization of a flexible array member");
        o->align = o->ty->align;
        n->ty = o->ty;
        n->var = o;
        return n;
    }
    if (t->vla_len) cc_error_at(pos, "compound literal has variable size");
    struct obj *o = new_local(NULL, t, pos);
    o->align = t->align;
    o->addr_taken = true;
    n->ini = parse_initializer(&o->ty, false);
    n->ty = o->ty;
    n->var = o;
    return n;
}

static long type_size(struct type *t, struct srcpos pos)
{
    if (t->kind == TY_FUNC) return 1; /* GNU */
    if (t->kind == TY_VOID) return 1;
    if (!t->complete) cc_error_at(pos, "invalid application of 'sizeof' to incomplete type '%s'", ty_name(t));
    return t->size;
}

static struct node *parse_unary_(void);
static struct node *parse_unary(void)
{
    depth_enter(peek()->pos, "expression");
    struct node *n = parse_unary_();
    depth_leave();
    return n;
}

static struct node *parse_unary_(void)
{
    struct token *t = peek();
    struct srcpos pos = t->pos;
    if (t->kind == TK_PUNCT) {
        switch (t->sub) {
        case CPP_P_INC: next(); return incdec(N_PREINC, parse_unary(), pos);
        case CPP_P_DEC: next(); return incdec(N_PREDEC, parse_unary(), pos);
        case CPP_P_AMP: {
            next();
            struct node *e = parse_cast();
            if (e->ty->kind == TY_FUNC) return decay(e);
            if (!is_lvalue(e)) cc_error_at(pos, "lvalue required as unary '&' operand");
            if (e->kind == N_MEMBER && e->mem->bit_width >= 0) cc_error_at(pos, "cannot take address of bit-field");
            struct node *n = mk(N_ADDR, ty_ptr(e->ty), pos);
            n->l = e;
            for (struct node *x = e; x; x = x->kind == N_MEMBER ? x->l : NULL)
                if (x->kind == N_VAR) x->var->addr_taken = true;
            return n;
        }
        case CPP_P_STAR: {
            next();
            struct node *e = parse_cast();
            e = rvalue(e);
            if (e->ty->kind == TY_PTR && e->ty->base->kind == TY_FUNC) return e;
            return make_deref(e, pos);
        }
        case CPP_P_PLUS: case CPP_P_MINUS: case CPP_P_TILDE: {
            next();
            struct node *e = rvalue(parse_cast());
            if (ty_is_complex(e->ty)) /* ~ is GCC's conjugation */
                return cplx_unary(t->sub == CPP_P_PLUS ? N_ADD : t->sub == CPP_P_MINUS ? N_NEG : N_BNOT, e, pos);
            if (t->sub == CPP_P_TILDE ? !ty_is_integer(e->ty) : !ty_is_arith(e->ty))
                cc_error_at(pos, "wrong type argument to unary operator");
            struct type *ty = ty_is_integer(e->ty) ? promote(e->ty) : e->ty;
            e = cast_to(e, ty);
            if (t->sub == CPP_P_PLUS) return e;
            struct node *n = mk(t->sub == CPP_P_MINUS ? N_NEG : N_BNOT, ty, pos);
            n->l = e;
            return n;
        }
        case CPP_P_NOT: {
            next();
            struct node *e = rvalue(parse_cast());
            need_scalar(e, "'!'");
            struct node *n = mk(N_LNOT, ty_int, pos);
            n->l = e;
            return n;
        }
        case CPP_P_ANDAND: {
            /* GNU labels as values: &&label */
            next();
            if (!cur_func) cc_error_at(pos, "taking the address of a label outside a function");
            struct node *n = mk(N_LABEL_ADDR, ty_ptr(ty_void), pos);
            n->str = expect_ident();
            cur_func->has_label_addr = true;
            n->var = cur_func;
            return n;
        }
        default: break;
        }
    }
    if (is_kw(t, KW_SIZEOF)) {
        next();
        if (is_punct(peek(), CPP_P_LPAREN) && is_typename(peekn(1))) {
            next();
            int mark = vla_mark();
            struct type *ty = parse_typename();
            expect(CPP_P_RPAREN, NULL);
            if (is_punct(peek(), CPP_P_LBRACE)) {
                struct node *e = parse_postfix_ops(compound_literal(ty, pos));
                vla_take(mark);
                return num(type_size(e->ty, pos), ty_size_t(), pos);
            }
            /* sizeof of a variable-length array type: its size computed here, at run time */
            if (ty->vla_len) return with_sizes(mark, vla_size_ref(ty, pos));
            vla_take(mark);
            return num(type_size(ty, pos), ty_size_t(), pos);
        }
        struct node *e = parse_unary();
        if (e->kind == N_MEMBER && e->mem->bit_width >= 0) cc_error_at(pos, "'sizeof' applied to a bit-field");
        if (e->ty->vla_len) {
            /* the operand of VLA type is evaluated (C11 6.5.3.4p2); its type's size was
             * computed when the type was reached */
            struct node *sz = vla_size_ref(e->ty, pos);
            if (e->kind == N_VAR) return sz;
            struct node *c = mk(N_COMMA, sz->ty, pos);
            c->l = decay(e);
            c->r = sz;
            return c;
        }
        return num(type_size(e->ty, pos), ty_size_t(), pos);
    }
    if (is_kw(t, KW_ALIGNOF) || is_kw(t, KW_ALIGNOF2) || is_kw(t, KW_ALIGNOF3)) {
        next();
        if (is_punct(peek(), CPP_P_LPAREN) && is_typename(peekn(1))) {
            next();
            struct type *ty = typename_nosizes();
            expect(CPP_P_RPAREN, NULL);
            return num(ty->kind == TY_ARRAY ? ty->base->align : ty->align, ty_size_t(), pos);
        }
        struct node *e = parse_unary();
        int al = e->ty->align;
        if (e->kind == N_VAR && e->var->align > al) al = e->var->align;
        return num(al, ty_size_t(), pos);
    }
    if (is_kw(t, KW_EXTENSION)) {
        next();
        return parse_cast();
    }
    if (is_kw(t, KW_REAL) || is_kw(t, KW_REAL2) || is_kw(t, KW_IMAG) || is_kw(t, KW_IMAG2)) {
        next();
        return cplx_part(parse_cast(), t->sub == KW_IMAG || t->sub == KW_IMAG2, pos);
    }
    return parse_postfix_ops(parse_primary());
}

static struct node *parse_cast_(void);
static bool typename_at(int n);
static struct node *parse_cast(void)
{
    /* parse_unary counts the other levels */
    if (!is_punct(peek(), CPP_P_LPAREN) || !typename_at(1)) return parse_cast_();
    depth_enter(peek()->pos, "expression");
    struct node *n = parse_cast_();
    depth_leave();
    return n;
}

/* a type name starts at token n, after any __extension__ (so "(__extension__ 1.0fi)",
 * glibc-style, is a parenthesized expression) */
static bool typename_at(int n)
{
    while (is_kw(peekn(n), KW_EXTENSION)) n++;
    return is_typename(peekn(n));
}

static struct node *parse_cast_(void)
{
    if (is_punct(peek(), CPP_P_LPAREN) && typename_at(1)) {
        struct srcpos pos = next()->pos;
        int mark = vla_mark();
        struct type *t = parse_typename();
        expect(CPP_P_RPAREN, NULL);
        if (is_punct(peek(), CPP_P_LBRACE)) return parse_postfix_ops(compound_literal(t, pos));
        if (vla_mark() != mark) {
            /* a cast to a pointer to a variably modified type: its sizes are computed
             * first */
            struct node *sizes = vla_take(mark);
            struct node *e = rvalue(parse_cast());
            if (!ty_is_scalar(t) || !ty_is_scalar(e->ty))
                cc_error_at(pos, "cannot convert a value of type '%s' to '%s'", ty_name(e->ty), ty_name(t));
            struct node *n = mk(N_CAST, ty_unqual(t), pos);
            n->l = e;
            struct node *c = mk(N_COMMA, n->ty, pos);
            c->l = sizes;
            c->r = n;
            return c;
        }
        struct node *e = rvalue(parse_cast());
        if (t->kind == TY_VOID) return cast_to(e, ty_void);
        struct node *c = cplx_cast(e, t, pos);
        if (c) return c;
        if (!ty_is_scalar(t)) {
            if ((t->kind == TY_STRUCT || t->kind == TY_UNION) && ty_compatible(ty_unqual(t), ty_unqual(e->ty)))
                return e;
            cc_error_at(pos, "conversion to non-scalar type requested");
        }
        if (!ty_is_scalar(e->ty)) cc_error_at(pos, "cannot convert a value of type '%s' to '%s'", ty_name(e->ty), ty_name(t));
        if ((ty_is_float(t) && e->ty->kind == TY_PTR) || (ty_is_float(e->ty) && t->kind == TY_PTR))
            cc_error_at(pos, "invalid cast between pointer and floating type");
        if (e->kind == N_FNUM && ty_is_float(t)) return cast_to(e, ty_unqual(t));
        struct node *n = mk(N_CAST, ty_unqual(t), pos);
        n->l = e;
        return n;
    }
    return parse_unary();
}

static int binprec(struct token *t, enum nk *k)
{
    if (t->kind != TK_PUNCT) return -1;
    switch (t->sub) {
    case CPP_P_STAR: *k = N_MUL; return 10;
    case CPP_P_SLASH: *k = N_DIV; return 10;
    case CPP_P_PERCENT: *k = N_MOD; return 10;
    case CPP_P_PLUS: *k = N_ADD; return 9;
    case CPP_P_MINUS: *k = N_SUB; return 9;
    case CPP_P_SHL: *k = N_SHL; return 8;
    case CPP_P_SHR: *k = N_SHR; return 8;
    case CPP_P_LT: *k = N_LT; return 7;
    case CPP_P_GT: *k = N_GT; return 7;
    case CPP_P_LE: *k = N_LE; return 7;
    case CPP_P_GE: *k = N_GE; return 7;
    case CPP_P_EQ: *k = N_EQ; return 6;
    case CPP_P_NE: *k = N_NE; return 6;
    case CPP_P_AMP: *k = N_BAND; return 5;
    case CPP_P_XOR: *k = N_BXOR; return 4;
    case CPP_P_OR: *k = N_BOR; return 3;
    case CPP_P_ANDAND: *k = N_LAND; return 2;
    case CPP_P_OROR: *k = N_LOR; return 1;
    default: return -1;
    }
}

static struct node *parse_binary(int minprec)
{
    struct node *l = parse_cast();
    int save = parse_depth;
    for (;;) {
        enum nk k = N_ADD;
        int p = binprec(peek(), &k);
        if (p < minprec) {
            parse_depth = save;
            return l;
        }
        depth_enter(peek()->pos, "expression");
        struct srcpos pos = next()->pos;
        struct node *r = parse_binary(p + 1);
        l = make_binary(k, l, r, pos);
    }
}

struct node *parse_cond_expr(void)
{
    struct node *c = parse_binary(1);
    if (!is_punct(peek(), CPP_P_QUESTION)) return c;
    struct srcpos pos = next()->pos;
    c = rvalue(c);
    need_scalar(c, "condition");
    struct node *a = is_punct(peek(), CPP_P_COLON) ? c : rvalue(parse_expr());
    expect(CPP_P_COLON, NULL);
    depth_enter(peek()->pos, "expression");
    struct node *b = rvalue(parse_cond_expr());
    depth_leave();
    struct node *n = mk(N_COND, NULL, pos);
    n->cond = c;
    n->op = a == c;  /* `a ?: b`: lowering evaluates a once */
    struct type *ta = a->ty, *tb = b->ty;
    if (ty_is_arith_c(ta) && ty_is_arith_c(tb) && (ty_is_complex(ta) || ty_is_complex(tb))) {
        n->ty = cplx_common(ta, tb);
        a = cast_to(a, n->ty);
        b = cast_to(b, n->ty);
    } else if (ty_is_arith(ta) && ty_is_arith(tb)) {
        n->ty = usual_arith(ta, tb);
        warn_cond_signedness(a, b, n->ty);
        a = cast_to(a, n->ty);
        b = cast_to(b, n->ty);
    } else if (ta->kind == TY_VOID || tb->kind == TY_VOID) {
        n->ty = ty_void;
    } else if (ta->kind == TY_PTR && tb->kind == TY_PTR) {
        if (ta->base->kind == TY_VOID && !is_null_ptr_const(a)) n->ty = ta;
        else if (tb->base->kind == TY_VOID && !is_null_ptr_const(b)) n->ty = tb;
        else if (is_null_ptr_const(a)) n->ty = tb;
        else if (is_null_ptr_const(b)) n->ty = ta;
        else {
            if (!ty_compatible(ty_unqual(ta->base), ty_unqual(tb->base)))
                cc_warn_at(CW_NONE, pos, "pointer type mismatch in conditional expression");
            n->ty = ta;
        }
        if (ta->base->is_const || tb->base->is_const)
            n->ty = ty_ptr(ty_qual(n->ty->base, true, false));
        a = cast_to(a, n->ty);
        b = cast_to(b, n->ty);
    } else if (ta->kind == TY_PTR && ty_is_integer(tb)) {
        if (!is_null_ptr_const(b)) cc_warn_at(CW_NONE, pos, "pointer/integer type mismatch in conditional expression");
        n->ty = ta;
        b = cast_to(b, ta);
    } else if (tb->kind == TY_PTR && ty_is_integer(ta)) {
        if (!is_null_ptr_const(a)) cc_warn_at(CW_NONE, pos, "pointer/integer type mismatch in conditional expression");
        n->ty = tb;
        a = cast_to(a, tb);
    } else if ((ta->kind == TY_STRUCT || ta->kind == TY_UNION) && ty_compatible(ty_unqual(ta), ty_unqual(tb))) {
        n->ty = ty_unqual(ta);
    } else {
        cc_error_at(pos, "type mismatch in conditional expression");
    }
    n->then = a;
    n->els = b;
    return n;
}

static struct node *parse_assign_(void);
struct node *parse_assign(void)
{
    depth_enter(peek()->pos, "expression");
    struct node *n = parse_assign_();
    depth_leave();
    return n;
}

static struct node *parse_assign_(void)
{
    struct node *l = parse_cond_expr();
    struct token *t = peek();
    if (t->kind != TK_PUNCT) return l;
    enum nk op;
    switch (t->sub) {
    case CPP_P_ASSIGN: next(); return make_assign(l, parse_assign(), t->pos);
    case CPP_P_MULEQ: op = N_MUL; break;
    case CPP_P_DIVEQ: op = N_DIV; break;
    case CPP_P_MODEQ: op = N_MOD; break;
    case CPP_P_ADDEQ: op = N_ADD; break;
    case CPP_P_SUBEQ: op = N_SUB; break;
    case CPP_P_SHLEQ: op = N_SHL; break;
    case CPP_P_SHREQ: op = N_SHR; break;
    case CPP_P_ANDEQ: op = N_BAND; break;
    case CPP_P_XOREQ: op = N_BXOR; break;
    case CPP_P_OREQ: op = N_BOR; break;
    default: return l;
    }
    next();
    return make_opassign(op, l, parse_assign(), t->pos);
}

struct node *parse_expr(void)
{
    struct node *e = parse_assign();
    int save = parse_depth;
    while (is_punct(peek(), CPP_P_COMMA)) {
        depth_enter(peek()->pos, "expression");
        struct srcpos pos = next()->pos;
        struct node *r = rvalue(parse_assign());
        struct node *n = mk(N_COMMA, r->ty, pos);
        n->l = e;
        n->r = r;
        e = n;
    }
    parse_depth = save;
    return e;
}

i128 parse_const_int(void)
{
    struct node *e = parse_cond_expr();
    i128 v;
    if (!ty_is_integer(e->ty) || !eval_int(e, &v))
        cc_error_at(e->pos, "expression is not an integer constant expression");
    return v;
}
