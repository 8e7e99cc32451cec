/* Rule int-ptr-64: a pointer stored in a 64-bit integer *field* through a
 * pointer-sized cast, which ptr-cast-64 (explicit 64-bit casts, 64-bit variables) does
 * not see:
 *   req->addr = (uintptr_t)buf;          s.data = (unsigned long)&obj;
 *   struct msg m = { .addr = (unsigned long long)buf };
 * The member's type comes from the struct declared in the file, or, when the struct is
 * not declared here, from the last declaration of that member name in the file. */
#include "audit/scan.h"

/* The member named by the designator ".f =" at dot, resolved through the declared
 * variable of "struct tag var = { ... }" that encloses it, or NULL. */
static const struct sym *designated(struct audit_scratch *s, u32 dot)
{
    u32 g = s->grp[dot];
    int d = 0;
    for (u32 j = dot; j > 0 && s->grp[j - 1] == g && dot - j < 400; j--) {
        u32 k = j - 1;
        if (is_p(s, k, CPP_P_RBRACE) || is_p(s, k, CPP_P_RPAREN)) d++;
        else if (is_p(s, k, CPP_P_LPAREN)) d--;
        else if (is_p(s, k, CPP_P_LBRACE)) {
            if (d-- > 0) continue;
            /* the outermost initializer only: "var = {" */
            if (k < 2 || !is_p(s, k - 1, CPP_P_ASSIGN) || T(k - 2)->kind != CPP_IDENT ||
                (k >= 3 && (is_p(s, k - 3, CPP_P_DOT) || is_p(s, k - 3, CPP_P_ARROW))))
                return NULL;
            const struct sym *v = au_tab_find(s, T(k - 2));
            if (!v || !v->tag || v->array) return NULL;
            return au_tab_find_member(s, v->tag, v->tlen, T(dot + 1));
        } else if (is_p(s, k, CPP_P_SEMI))
            return NULL;
    }
    return NULL;
}

/* At the '(' of a pointer-sized cast: "(uintptr_t)p", "(unsigned long)p". */
void au_rule_int_ptr(struct audit_scratch *s, u32 i)
{
    if (!on(s, R_INT_PTR_64) || s->done[i]) return;
    u32 after;
    enum castk k = au_cast_at(s, i, &after);
    if (k != K_LONG && k != K_LL) return;
    struct operand o = au_operand_at(s, after, 0);
    if (o.k != O_PTR) return;
    if (i < 3 || !is_p(s, i - 1, CPP_P_ASSIGN) || T(i - 2)->kind != CPP_IDENT) return;
    const struct cpp_token *m = T(i - 2);
    char text[120];
    if (is_p(s, i - 3, CPP_P_DOT) && (is_p(s, i - 4, CPP_P_LBRACE) || is_p(s, i - 4, CPP_P_COMMA))) {
        const struct sym *e = designated(s, i - 3);
        if (e ? e->cls == C_W64 && !e->array : au_tab_get(s, m) == C_W64)
            au_report(s, i, R_INT_PTR_64, "'%s' stores a pointer in 64-bit field '%.*s': a "
                      "128-bit address is truncated", au_spell(s, i - 3, o.end, text, sizeof text),
                      (int)m->len, m->p);
        return;
    }
    if (!(is_p(s, i - 3, CPP_P_DOT) || is_p(s, i - 3, CPP_P_ARROW))) return; /* ptr-cast-64's */
    u32 a = au_chain_start(s, i - 2);
    struct operand t = {O_UNKNOWN, i - 1, i - 2, false, NULL, 0};
    if (a != i - 2) t = au_name_chain(s, a); /* else f(x)->m: the struct is unknown */
    if (t.end != i - 1) return;
    /* the member through the struct's tag; a struct not declared here: by the member
       name's own declaration in this file */
    if (t.k == O_UNKNOWN ? au_tab_get(s, m) != C_W64 : t.k != O_W64) return;
    if (au_fixed_layout(&t)) return; /* a boot-protocol or hardware-defined field */
    au_report(s, i, R_INT_PTR_64, "'%s' stores a pointer in 64-bit field '%.*s': a 128-bit "
              "address is truncated", au_spell(s, a, o.end, text, sizeof text), (int)m->len, m->p);
}
