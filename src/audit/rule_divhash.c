/* Rules do-div-long and hash-long: do_div() on long-sized dividends, hash_64() of
 * pointer-sized and long values. */
#include "audit/scan.h"

void au_rule_do_div_hash(struct audit_scratch *s, u32 i)
{
    const struct cpp_token *t = T(i);
    bool dd = eq(t, "do_div"), hl = eq(t, "hash_long"), h64 = eq(t, "hash_64");
    if (!dd && !hl && !h64) return;
    if (!is_p(s, i + 1, CPP_P_LPAREN) || !tok_in_grp(s, i + 2, s->grp[i])) return;
    if (i > 0 && s->grp[i - 1] == s->grp[i] && T(i - 1)->kind == CPP_IDENT &&
        !eq(T(i - 1), "return"))
        return; /* a definition */
    if (s->dk[i] == D_DEFINE && i >= 1 && is_id(s, i - 1, "define")) return;
    struct operand o = au_operand_at(s, i + 2, 0);
    if (!is_p(s, o.end, CPP_P_COMMA)) return;
    if (dd) {
        if (o.chain && o.k == O_LONG)
            au_report(s, i, R_DO_DIV_LONG, "do_div() on '%.*s', declared as a long-sized type: "
                   "do_div() needs a u64", (int)T(o.last)->len, T(o.last)->p);
        return;
    }
    /* hash_long() of a u64 is not reported: a table that hashes its keys with it on
       insertion and lookup stays consistent at any width of long (the 4 such calls of a
       Linux 6.1 TU run, io_uring's cancel tables, all work under LP128) */
    if (hl) return;
    if (o.k == O_PTR || o.k == O_LONGCAST)
        au_report(s, i, R_HASH_LONG, "hash_64() of a pointer-sized value: drops the upper 64 bits "
               "under LP128; use hash_ptr()");
    else if (o.k == O_LONG && o.chain)
        au_report(s, i, R_HASH_LONG, "hash_64() of long-sized '%.*s': drops the upper 64 bits under "
               "LP128; use hash_long()", (int)T(o.last)->len, T(o.last)->p);
}
