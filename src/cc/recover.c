/* Error recovery: after an error the parser resumes at the next statement of the block or
 * at the next external declaration, so that one run reports the errors of a whole file as
 * GCC does.  cc_error_at unwinds to the innermost recovery point (parse_guarded), which puts
 * the parser's state back as it was when the construct began and skips the construct's
 * tokens.  No code is generated once an error was reported, so what a construct left
 * behind half-parsed (objects declared, case labels recorded) does no harm. */
#include "cc/cc.h"

#include <string.h>

/* does a '{' after PREV (NULL: the first token skipped) open a block or function body,
 * rather than an initializer, a struct/union/enum body or a statement expression? */
static bool opens_block(struct token *prev)
{
    if (!prev) return true;
    if (prev->kind == TK_PUNCT)
        return prev->sub == CPP_P_RPAREN || prev->sub == CPP_P_SEMI ||
               prev->sub == CPP_P_RBRACE || prev->sub == CPP_P_COLON;
    return is_kw(prev, KW_ELSE) || is_kw(prev, KW_DO);
}

static bool syntax_error;

void recover_syntax_error(void) { syntax_error = true; }

/* After an error of meaning (an undeclared name, wrong types) GCC goes on parsing the
 * statement, so the objects named in the rest of it count as used; after a syntax error it
 * skips the rest, and so do the uses.  `from` is the error's token. */
static void mark_named(struct token *t, size_t from)
{
    if (syntax_error || P->pos < from || t->kind != TK_IDENT) return;
    struct obj *o = scope_find_var(tok_str(t));
    if (o) o->referenced = true;
}

/* the brackets open while skipping, innermost last (arena memory, grown on demand) */
struct brackets {
    char *v;
    size_t n, cap;
};

static void push(struct brackets *b, char c)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? 2 * b->cap : 64;
        char *v = cc_alloc(cap);
        if (b->n) memcpy(v, b->v, b->n);
        b->v = v;
        b->cap = cap;
    }
    b->v[b->n++] = c;
}

/* Skip one construct from the current token: through a ';' outside brackets, or through
 * the '}' of a block that is not followed by `else`; a statement also ends before a '}'
 * that closes the enclosing block.  A '}' closes the parentheses and brackets left open
 * inside its braces; a ')' or ']' without its opener is skipped. */
static void skip_once(enum recover_at at, size_t err)
{
    struct brackets open = {0};
    bool block = false;   /* the outermost '{' opens a block */
    struct token *prev = NULL;
    for (;;) {
        struct token *t = peek();
        if (t->kind == TK_EOF) return;
        mark_named(t, err);
        if (t->kind == TK_PUNCT) {
            switch (t->sub) {
            case CPP_P_LBRACE:
                if (!open.n) block = opens_block(prev);
                push(&open, '{');
                break;
            case CPP_P_LPAREN:
                push(&open, '(');
                break;
            case CPP_P_LSQ:
                push(&open, '[');
                break;
            case CPP_P_RPAREN: case CPP_P_RSQ:
                if (open.n && open.v[open.n - 1] == (t->sub == CPP_P_RPAREN ? '(' : '[')) open.n--;
                break;
            case CPP_P_RBRACE: {
                size_t n = open.n;
                while (n && open.v[n - 1] != '{') n--;
                if (!n) {   /* not opened here */
                    if (at == RECOVER_STMT) return;
                    open.n = 0;
                    break;
                }
                open.n = n - 1;
                if (open.n || !block) break;
                next();
                if (at == RECOVER_STMT && is_kw(peek(), KW_ELSE)) {
                    prev = t;
                    continue;
                }
                return;
            }
            case CPP_P_SEMI:
                if (open.n) break;
                next();
                return;
            default:
                break;
            }
        }
        prev = t;
        next();
    }
}

/* The construct started at token `start`; the error was found at token `err`.  Skip
 * whole constructs from the start until the error's token is behind (a `do` body ended
 * before an error in its condition, for one), or the skipping stops making progress. */
static void skip_construct(enum recover_at at, size_t start, size_t err)
{
    P->pos = start;
    while (P->pos <= err && peek()->kind != TK_EOF) {
        size_t before = P->pos;
        skip_once(at, err);
        if (P->pos == before) break;
    }
}

bool parse_guarded(enum recover_at at, void (*fn)(void *), void *arg)
{
    syntax_error = false;   /* set by the error that unwinds to this point, if any */
    size_t start = P->pos;
    int depth = parse_depth, scope = scope_depth(), vla = vla_mark();
    struct obj *func = cur_func;
    struct stmt_state st;
    stmt_state_save(&st);
    jmp_buf jb, *outer = cc_error_jmp;
    cc_error_jmp = &jb;
    if (setjmp(jb)) {
        cc_error_jmp = outer;
        size_t err = P->pos;
        parse_depth = depth;
        scope_pop_to(scope);
        vla_take(vla);
        cur_func = func;
        stmt_state_restore(&st);
        skip_construct(at, start, err);
        return false;
    }
    fn(arg);
    cc_error_jmp = outer;
    return true;
}
