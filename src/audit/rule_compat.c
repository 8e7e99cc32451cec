/* Rule compat-one-width: in_compat_syscall(), TIF_32BIT and friends, which pick
 * one compat personality where a 128-bit kernel has two. */
#include "audit/scan.h"

/* Is the compat question at i the whole of a definition: a flag mask derived from the
 * flag ("#define _TIF_32BIT (1 << TIF_32BIT)"), a predicate macro whose body is one
 * call ("#define is_32bit() test_thread_flag(TIF_32BIT)"), or a function whose body is
 * "return call(...);"?  Those define the question; the uses are reported. */
static bool flag_test_call(const struct cpp_token *t)
{
    return t->kind == CPP_IDENT && memmem(t->p, t->len, "test_", 5) && memmem(t->p, t->len, "flag", 4);
}

static bool compat_definition(struct audit_scratch *s, u32 i)
{
    u32 g = s->grp[i];
    /* only the thread flag: a call such as in_compat_syscall() passed on as an argument
       ("return __import_iovec(..., in_compat_syscall());") is a use */
    if (!eq(T(i), "TIF_32BIT") && !eq(T(i), "_TIF_32BIT")) return false;
    if (s->dk[i] == D_DEFINE) {
        u32 k = i;
        while (k > 0 && s->grp[k - 1] == g) k--;
        if (!is_id(s, k + 1, "define") || !tok_in_grp(s, k + 2, g)) return false;
        u32 body = k + 3;
        if (is_p(s, body, CPP_P_LPAREN) && !(T(body)->flags & CPP_TF_SPACE)) {
            u32 e = au_match_paren(s, body); /* function-like macro parameters */
            if (e == body) return false;
            body = e;
        }
        u32 end = body;
        while (tok_in_grp(s, end, g)) end++;
        bool mask = true, call = true;
        for (u32 j = body; j < end; j++) {
            const struct cpp_token *t = T(j);
            if (j == i || is_p(s, j, CPP_P_LPAREN) || is_p(s, j, CPP_P_RPAREN)) continue;
            if (!(is_p(s, j, CPP_P_SHL) || au_num_is(t, 1) || eq(t, "1UL") || is_id(s, j, "BIT")))
                mask = false;
            if (t->kind == CPP_PUNCT && t->sub != CPP_P_COMMA && t->sub != CPP_P_ARROW &&
                t->sub != CPP_P_DOT && t->sub != CPP_P_AMP)
                call = false;
        }
        if (mask) return true;
        /* one call: NAME ( ... ) possibly in parentheses, no operators */
        u32 j = body;
        while (j < end && is_p(s, j, CPP_P_LPAREN)) j++;
        if (call && j + 1 < end && flag_test_call(T(j)) && is_p(s, j + 1, CPP_P_LPAREN)) {
            u32 e = au_match_paren(s, j + 1);
            while (e < end && is_p(s, e, CPP_P_RPAREN)) e++;
            if (e == end) return true;
        }
        return false;
    }
    /* { return f(... TIF_32BIT ...); } */
    u32 k = i, d = 0;
    while (k > 0 && s->grp[k - 1] == g && !is_id(s, k - 1, "return")) {
        k--;
        if (is_p(s, k, CPP_P_RPAREN)) d++;
        else if (is_p(s, k, CPP_P_LPAREN)) {
            if (d == 0 && !(k > 0 && T(k - 1)->kind == CPP_IDENT)) return false;
            if (d) d--;
        } else if (T(k)->kind == CPP_PUNCT && T(k)->sub != CPP_P_COMMA && T(k)->sub != CPP_P_ARROW &&
                   T(k)->sub != CPP_P_DOT && T(k)->sub != CPP_P_AMP)
            return false;
    }
    if (k < 2 || !is_id(s, k - 1, "return") || !is_p(s, k - 2, CPP_P_LBRACE)) return false;
    if (!flag_test_call(T(k)) || !is_p(s, k + 1, CPP_P_LPAREN)) return false;
    u32 e = au_match_paren(s, k + 1);
    return e > i && is_p(s, e, CPP_P_SEMI) && is_p(s, e + 1, CPP_P_RBRACE);
}

/* Is token i inside the argument of an assertion (WARN_ON(is_compat_task()),
 * BUG_ON(!test_thread_flag(TIF_32BIT)))?  An assertion checks that a path runs only
 * for the 32-bit instruction set (AArch32 cannot trap on SME, the caller already chose
 * the 32-bit allocator); whether compat tasks have one width or two does not change
 * what it asserts. */
static bool in_assertion(struct audit_scratch *s, u32 i)
{
    static const char *const asserts[] = {"WARN_ON", "WARN_ON_ONCE", "WARN", "WARN_ONCE",
                                          "BUG_ON", "VM_BUG_ON", "BUILD_BUG_ON", NULL};
    for (u32 k = au_open_paren_before(s, i); k != i; i = k, k = au_open_paren_before(s, k))
        if (k > 0 && s->grp[k - 1] == s->grp[k] && in_set(T(k - 1), asserts)) return true;
    return false;
}

/* e is the token after the question (its call or flag test): "q ? compat_ptr(arg) :
 * (void __user *)arg" converts a user pointer for the caller's width.  The native cast
 * is right for a 64-bit compat task's pointer too, since it widens. */
static bool compat_ptr_choice(struct audit_scratch *s, u32 e)
{
    u32 g = s->grp[e - 1];
    while (tok_in_grp(s, e, g) && is_p(s, e, CPP_P_RPAREN)) e++;
    if (!tok_in_grp(s, e, g) || !is_p(s, e, CPP_P_QUESTION)) return false;
    if (is_id(s, e + 1, "compat_ptr")) return true;
    /* "q ? (void __user *)arg : compat_ptr(arg)" */
    int d = 0;
    for (u32 k = e + 1; tok_in_grp(s, k, g) && k < e + 40; k++) {
        if (is_p(s, k, CPP_P_LPAREN)) d++;
        else if (is_p(s, k, CPP_P_RPAREN)) { if (d-- == 0) return false; }
        else if (d == 0 && is_p(s, k, CPP_P_COLON)) return is_id(s, k + 1, "compat_ptr");
        else if (d == 0 && is_p(s, k, CPP_P_SEMI)) return false;
    }
    return false;
}

/* A macro that picks a default for 32-bit tasks: the ASLR entropy masks
 * (BRK_RND_MASK, STACK_RND_MASK), the default VM flags of the stack or data
 * (VM_STACK_DEFAULT_FLAGS: executable for old 32-bit binaries), and
 * elf_read_implies_exec.  The native value is a valid choice for a 64-bit compat task,
 * unlike a limit such as TASK_SIZE or STACK_TOP, which would let it map above 2^64. */
static bool compat_default_macro(struct audit_scratch *s, u32 i)
{
    if (s->dk[i] != D_DEFINE) return false;
    u32 g = s->grp[i], k = i;
    while (k > 0 && s->grp[k - 1] == g) k--;
    if (!is_id(s, k + 1, "define") || !tok_in_grp(s, k + 2, g)) return false;
    const struct cpp_token *n = T(k + 2);
    if (n->kind != CPP_IDENT) return false;
    return (n->len > 9 && !memcmp(n->p + n->len - 9, "_RND_MASK", 9)) ||
           memmem(n->p, n->len, "DEFAULT_FLAGS", 13) || eq(n, "elf_read_implies_exec");
}

/* Is the statement at k one that only converts a user address held in a name,
 * "argp = compat_ptr(arg);" or "return compat_ptr(value);"?  The else branch casts it
 * natively, which widens a 64-bit compat task's address correctly. */
static bool plain_compat_ptr(struct audit_scratch *s, u32 k, u32 g)
{
    if (!tok_in_grp(s, k, g)) return false;
    if (is_id(s, k, "return")) k++;
    else if (T(k)->kind == CPP_IDENT && is_p(s, k + 1, CPP_P_ASSIGN)) k += 2;
    else return false;
    if (!is_id(s, k, "compat_ptr") || !is_p(s, k + 1, CPP_P_LPAREN)) return false;
    for (k += 2; tok_in_grp(s, k, g) && !is_p(s, k, CPP_P_RPAREN); k++)
        if (!(T(k)->kind == CPP_IDENT || is_p(s, k, CPP_P_DOT) || is_p(s, k, CPP_P_ARROW)))
            return false; /* "compat_ptr(get_unaligned((compat_uptr_t *)p))" reads a layout */
    return is_p(s, k + 1, CPP_P_SEMI);
}

/* After the condition's ')' at e: the branch is such a conversion, or it runs the
 * AArch32-private system calls ("if (is_compat_task()) { ret = compat_arm_syscall(...);"),
 * a question about the instruction set. */
static bool isa_private_branch(struct audit_scratch *s, u32 e)
{
    u32 g = s->grp[e - 1];
    if (!tok_in_grp(s, e, g) || !is_p(s, e, CPP_P_RPAREN)) return false;
    if (plain_compat_ptr(s, e + 1, g)) return true;
    for (u32 k = e + 1; tok_in_grp(s, k, g) && k < e + 8; k++) {
        const struct cpp_token *t = T(k);
        if (is_p(s, k, CPP_P_SEMI)) return false;
        if (t->kind == CPP_IDENT && is_p(s, k + 1, CPP_P_LPAREN))
            return (t->len > 11 && !memcmp(t->p, "compat_arm_", 11)) ||
                   memmem(t->p, t->len, "aarch32", 7);
    }
    return false;
}

void au_rule_compat(struct audit_scratch *s, u32 i)
{
    const struct cpp_token *t = T(i);
    bool call = eq(t, "in_compat_syscall") || eq(t, "is_compat_task") ||
                eq(t, "is_compat_thread") || eq(t, "is_32bit_task");
    bool flag = eq(t, "TIF_32BIT") || eq(t, "_TIF_32BIT");
    if (!call && !flag) return;
    if (call && !is_p(s, i + 1, CPP_P_LPAREN)) return;
    /* "return in_compat_syscall();" only forwards the question to the callers */
    if (call && i >= 1 && is_id(s, i - 1, "return") && is_p(s, i + 2, CPP_P_RPAREN) &&
        is_p(s, i + 3, CPP_P_SEMI))
        return;
    if (i > 0 && s->grp[i - 1] == s->grp[i]) {
        const struct cpp_token *b = T(i - 1);
        /* "#define name", "#undef name", or a declaration "bool name(void)" */
        if (b->kind == CPP_IDENT && !eq(b, "return")) return;
        if (b->kind == CPP_PUNCT && b->sub == CPP_P_STAR) return;
    }
    if (s->dk[i] == D_DEFINE && i >= 2 && is_id(s, i - 1, "define")) return;
    if (s->dk[i] == D_OTHER) return;
    if (compat_definition(s, i)) return;
    if (in_assertion(s, i) || compat_default_macro(s, i)) return;
    /* the end of the question: after "in_compat_syscall()", or after the flag test's
       closing parenthesis ("test_thread_flag(TIF_32BIT)") */
    u32 e = call ? au_match_paren(s, i + 1) : i + 1;
    if (flag && is_p(s, e, CPP_P_RPAREN)) e++;
    if (e > i + 1 && (compat_ptr_choice(s, e) || isa_private_branch(s, e))) return;
    au_report(s, i, R_COMPAT_ONE_WIDTH, "'%.*s' distinguishes one compat personality; a 128-bit "
           "kernel has 32- and 64-bit compat tasks", (int)t->len, t->p);
}
