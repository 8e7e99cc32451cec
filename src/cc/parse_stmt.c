/* Statements (C11 6.8), including GNU case ranges and inline asm statements. */
#include "cc/cc.h"

#include <string.h>

static struct node *cur_switch;
static int loop_depth, switch_depth;

static struct node *parse_asm_stmt(struct srcpos pos)
{
    struct node *n = new_node(N_ASM, pos);
    n->ty = ty_void;
    for (;;) {
        if (accept_kw(KW_VOLATILE) || accept_kw(KW_VOLATILE2) || accept_kw(KW_VOLATILE3)) {
            n->is_volatile = true;
            continue;
        }
        if (accept_kw(KW_INLINE) || accept_kw(KW_INLINE2) || accept_kw(KW_GOTO)) continue;
        break;
    }
    expect(CPP_P_LPAREN, NULL);
    if (peek()->kind != TK_STR) cc_error_at(peek()->pos, "expected string literal in asm");
    struct node *s = parse_string_lits();
    n->str = s->str;
    for (int part = 0; part < 3 && accept(CPP_P_COLON); part++) {
        if (part == 2) {
            const char **cl = NULL;
            int ncl = 0;
            while (peek()->kind == TK_STR) {
                struct node *c = parse_string_lits();
                const char **ncv = cc_alloc(sizeof *ncv * (size_t)(ncl + 1));
                if (ncl) memcpy(ncv, cl, sizeof *ncv * (size_t)ncl);
                ncv[ncl++] = c->str;
                cl = ncv;
                if (!accept(CPP_P_COMMA)) break;
            }
            n->clobbers = cl;
            n->nclob = ncl;
            continue;
        }
        struct asm_operand *ops = NULL;
        int nops = 0;
        while (peek()->kind == TK_STR || is_punct(peek(), CPP_P_LSQ)) {
            if (accept(CPP_P_LSQ)) {
                cc_error_at(peek()->pos, "named asm operands are not supported");
            }
            struct node *c = parse_string_lits();
            expect(CPP_P_LPAREN, NULL);
            struct node *e = parse_expr();
            expect(CPP_P_RPAREN, NULL);
            if (strchr(c->str, 'm'))
                for (struct node *x = e; x; x = x->kind == N_MEMBER ? x->l : NULL)
                    if (x->kind == N_VAR) x->var->addr_taken = true;
            struct asm_operand *nv = cc_alloc(sizeof *nv * (size_t)(nops + 1));
            if (nops) memcpy(nv, ops, sizeof *nv * (size_t)nops);
            nv[nops].constraint = c->str;
            nv[nops].e = e;
            ops = nv;
            nops++;
            if (!accept(CPP_P_COMMA)) break;
        }
        if (part == 0) { n->outs = ops; n->nouts = nops; }
        else { n->ins = ops; n->nins = nops; }
    }
    expect(CPP_P_RPAREN, NULL);
    expect(CPP_P_SEMI, NULL);
    for (int i = 0; i < n->nouts; i++) {
        const char *c = n->outs[i].constraint;
        if (c[0] != '=' && c[0] != '+') cc_error_at(pos, "output operand constraint lacks '='");
        if (!is_lvalue(n->outs[i].e)) cc_error_at(pos, "invalid lvalue in asm output %d", i);
    }
    return n;
}

/* one declaration or statement of a block, appended at *(struct node ***)arg */
static void parse_block_item(void *arg)
{
    struct node ***tail = arg;
    struct token *t = peek();
    bool decl = is_typename(t) || is_kw(t, KW_STATIC_ASSERT) || unknown_type_name();
    /* __extension__ may start a declaration or an expression statement, as GCC takes
     * `__extension__ ({ ... });`: the token after it decides */
    int n = 0;
    while (is_kw(peekn(n), KW_EXTENSION)) n++;
    if (n) decl = is_typename(peekn(n)) || is_kw(peekn(n), KW_STATIC_ASSERT);
    if (decl && t->kind == TK_IDENT && is_punct(peekn(1), CPP_P_COLON)) decl = false;
    if (decl) {
        parse_local_decl(NULL, tail);
        return;
    }
    struct node *s = parse_stmt();
    **tail = s;
    *tail = &s->next;
}

struct node *parse_compound(void)
{
    struct srcpos pos = peek()->pos;
    expect(CPP_P_LBRACE, NULL);
    struct node *b = new_node(N_BLOCK, pos);
    struct node *head = NULL, **tail = &head;
    scope_push();
    while (!accept(CPP_P_RBRACE)) {
        if (peek()->kind == TK_EOF) {
            /* each block left open is one error, as in GCC */
            cc_error_report(peek()->pos, "expected declaration or statement at end of input");
            break;
        }
        parse_guarded(RECOVER_STMT, parse_block_item, &tail);
    }
    scope_pop();
    b->body = head;
    return b;
}

static struct node *cond_expr(void)
{
    expect(CPP_P_LPAREN, NULL);
    struct node *c = rvalue(parse_expr());
    expect(CPP_P_RPAREN, NULL);
    if (!ty_is_scalar(c->ty) && !ty_is_complex(c->ty)) cc_error_at(c->pos, "used %s type value where scalar is required", ty_name(c->ty));
    return c;
}

static struct node *parse_stmt_(void);
struct node *parse_stmt(void)
{
    depth_enter(peek()->pos, "statement");
    struct node *n = parse_stmt_();
    depth_leave();
    return n;
}

static struct node *parse_stmt_(void)
{
    struct token *t = peek();
    struct srcpos pos = t->pos;
    if (is_punct(t, CPP_P_LBRACE)) return parse_compound();
    if (accept(CPP_P_SEMI)) return new_node(N_NOP, pos);
    if (t->kind == TK_IDENT && is_punct(peekn(1), CPP_P_COLON)) {
        next();
        next();
        struct node *n = new_node(N_LABEL, pos);
        n->str = cc_strndup(t->p, t->len);
        parse_attributes(NULL);
        if (is_punct(peek(), CPP_P_RBRACE)) n->body = new_node(N_NOP, pos);
        else n->body = parse_stmt();
        return n;
    }
    if (t->kind == TK_KEYWORD) {
        switch (t->sub) {
        case KW_IF: {
            next();
            struct node *n = new_node(N_IF, pos);
            n->cond = cond_expr();
            n->then = parse_stmt();
            if (accept_kw(KW_ELSE)) n->els = parse_stmt();
            return n;
        }
        case KW_WHILE: {
            next();
            struct node *n = new_node(N_WHILE, pos);
            n->cond = cond_expr();
            loop_depth++;
            n->body = parse_stmt();
            loop_depth--;
            return n;
        }
        case KW_DO: {
            next();
            struct node *n = new_node(N_DO, pos);
            loop_depth++;
            n->body = parse_stmt();
            loop_depth--;
            if (!accept_kw(KW_WHILE)) cc_error_at(peek()->pos, "expected 'while' in do-while loop");
            n->cond = cond_expr();
            expect(CPP_P_SEMI, NULL);
            return n;
        }
        case KW_FOR: {
            next();
            struct node *n = new_node(N_FOR, pos);
            expect(CPP_P_LPAREN, NULL);
            scope_push();
            if (is_typename(peek()) || is_kw(peek(), KW_STATIC_ASSERT)) {
                struct node *h = NULL, **tl = &h;
                parse_local_decl(NULL, &tl);
                struct node *b = new_node(N_BLOCK, pos);
                b->body = h;
                n->init = b;
            } else {
                if (!is_punct(peek(), CPP_P_SEMI)) {
                    struct node *e = new_node(N_EXPR_STMT, pos);
                    e->l = parse_expr();
                    n->init = e;
                }
                expect(CPP_P_SEMI, NULL);
            }
            if (!is_punct(peek(), CPP_P_SEMI)) {
                n->cond = rvalue(parse_expr());
                if (!ty_is_scalar(n->cond->ty) && !ty_is_complex(n->cond->ty)) cc_error_at(n->cond->pos, "used non-scalar value as condition");
            }
            expect(CPP_P_SEMI, NULL);
            if (!is_punct(peek(), CPP_P_RPAREN)) n->inc = parse_expr();
            expect(CPP_P_RPAREN, NULL);
            loop_depth++;
            n->body = parse_stmt();
            loop_depth--;
            scope_pop();
            return n;
        }
        case KW_SWITCH: {
            next();
            struct node *n = new_node(N_SWITCH, pos);
            expect(CPP_P_LPAREN, NULL);
            struct node *c = rvalue(parse_expr());
            expect(CPP_P_RPAREN, NULL);
            if (!ty_is_integer(c->ty)) cc_error_at(c->pos, "switch quantity not an integer");
            n->cond = cast_to(c, promote(c->ty));
            struct node *save = cur_switch;
            cur_switch = n;
            switch_depth++;
            n->body = parse_stmt();
            switch_depth--;
            cur_switch = save;
            return n;
        }
        case KW_CASE: {
            next();
            if (!cur_switch) cc_error_at(pos, "case label not within a switch statement");
            struct node *n = new_node(N_CASE, pos);
            n->lo = n->hi = wrap_int(parse_const_int(), cur_switch->cond->ty);
            if (accept(CPP_P_ELLIPSIS)) n->hi = wrap_int(parse_const_int(), cur_switch->cond->ty);
            expect(CPP_P_COLON, NULL);
            for (struct node *c = cur_switch->cases; c; c = c->els)
                if (c->kind == N_CASE && c->lo <= n->hi && n->lo <= c->hi)
                    cc_error_at(pos, "duplicate case value");
            n->els = cur_switch->cases;
            cur_switch->cases = n;
            n->body = is_punct(peek(), CPP_P_RBRACE) ? new_node(N_NOP, pos) : parse_stmt();
            return n;
        }
        case KW_DEFAULT: {
            next();
            if (!cur_switch) cc_error_at(pos, "'default' label not within a switch statement");
            expect(CPP_P_COLON, NULL);
            struct node *n = new_node(N_DEFAULT, pos);
            for (struct node *c = cur_switch->cases; c; c = c->els)
                if (c->kind == N_DEFAULT) cc_error_at(pos, "multiple default labels in one switch");
            n->els = cur_switch->cases;
            cur_switch->cases = n;
            n->body = is_punct(peek(), CPP_P_RBRACE) ? new_node(N_NOP, pos) : parse_stmt();
            return n;
        }
        case KW_BREAK:
            next();
            if (!loop_depth && !switch_depth) cc_error_at(pos, "break statement not within loop or switch");
            expect(CPP_P_SEMI, NULL);
            return new_node(N_BREAK, pos);
        case KW_CONTINUE:
            next();
            if (!loop_depth) cc_error_at(pos, "continue statement not within a loop");
            expect(CPP_P_SEMI, NULL);
            return new_node(N_CONTINUE, pos);
        case KW_GOTO: {
            next();
            if (accept(CPP_P_STAR)) {
                struct node *n = new_node(N_COMPUTED_GOTO, pos);
                n->l = rvalue(parse_expr());
                if (n->l->ty->kind != TY_PTR) cc_error_at(pos, "computed goto needs a pointer");
                expect(CPP_P_SEMI, NULL);
                return n;
            }
            struct node *n = new_node(N_GOTO, pos);
            n->str = expect_ident();
            expect(CPP_P_SEMI, NULL);
            return n;
        }
        case KW_RETURN: {
            next();
            struct node *n = new_node(N_RETURN, pos);
            struct type *rt = cur_func->ty->base;
            if (!accept(CPP_P_SEMI)) {
                struct node *e = parse_expr();
                expect(CPP_P_SEMI, NULL);
                if (rt->kind == TY_VOID) {
                    if (e->ty->kind != TY_VOID) cc_warn_at(CW_RETURN_TYPE, pos, "'return' with a value, in function returning void");
                    n->l = e;
                    n->ty = ty_void;
                } else {
                    n->l = convert_assign(e, rt, "return");
                }
            } else if (rt->kind != TY_VOID) {
                cc_warn_at(CW_RETURN_TYPE, pos, "'return' with no value, in function returning non-void");
            }
            return n;
        }
        case KW_ASM: case KW_ASM2: case KW_ASM3:
            next();
            return parse_asm_stmt(pos);
        default: break;
        }
    }
    struct node *n = new_node(N_EXPR_STMT, pos);
    n->l = parse_expr();
    expect(CPP_P_SEMI, NULL);
    return n;
}

void parse_stmt_reset(void)
{
    cur_switch = NULL;
    loop_depth = switch_depth = 0;
}

void stmt_state_save(struct stmt_state *s)
{
    s->sw = cur_switch;
    s->loops = loop_depth;
    s->switches = switch_depth;
}

void stmt_state_restore(const struct stmt_state *s)
{
    cur_switch = s->sw;
    loop_depth = s->loops;
    switch_depth = s->switches;
}
