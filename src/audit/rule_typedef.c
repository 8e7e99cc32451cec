/* Rule typedef-ll-64: "typedef long long int64;", "typedef unsigned long long
 * XXH64_hash_t;" — a type whose name says 64 bits, declared as long long, which is 128
 * bits under LP128. */
#include "audit/scan.h"

/* Does the name say 64 bits: "64" not inside a longer number (int64, XXH64_hash_t,
 * __u64, Elf64_Xword, off64_t; not x640, 1640). */
static bool name_says_64(const struct cpp_token *t)
{
    for (u32 k = 0; k + 1 < t->len; k++)
        if (t->p[k] == '6' && t->p[k + 1] == '4' && (k == 0 || !(t->p[k - 1] >= '0' && t->p[k - 1] <= '9')) &&
            (k + 2 >= t->len || !(t->p[k + 2] >= '0' && t->p[k + 2] <= '9')))
            return true;
    return false;
}

/* At "typedef" (i): typedef [signed|unsigned|__signed__|const] long long [int] NAME
 * [__attribute__((...))] ;  with NAME saying 64 bits.  Not with mode(...) attributes,
 * which fix the width, not for pointers, arrays or function types. */
void au_rule_typedef(struct audit_scratch *s, u32 i)
{
    if (!on(s, R_TYPEDEF_LL_64) || s->dk[i] == D_DEFINE) return;
    u32 g = s->grp[i], j = i + 1, longs = 0, name = 0, end = 0;
    for (; tok_in_grp(s, j, g) && j < i + 24; j++) {
        const struct cpp_token *t = T(j);
        if (is_p(s, j, CPP_P_SEMI)) {
            end = j;
            break;
        }
        if (t->kind != CPP_IDENT) return; /* '*', '[', '(', '{', ',' */
        if (eq(t, "__attribute__") || eq(t, "__attribute")) {
            u32 e = au_match_paren(s, j + 1);
            if (e == j + 1) return;
            for (u32 k = j + 1; k < e; k++)
                if (is_id(s, k, "mode") || is_id(s, k, "__mode__")) return;
            j = e - 1;
            continue;
        }
        if (eq(t, "long")) {
            if (name) return;
            longs++;
        } else if (eq(t, "unsigned") || eq(t, "signed") || eq(t, "__signed__") || eq(t, "int") ||
                   eq(t, "const") || eq(t, "volatile") || eq(t, "__extension__")) {
            if (name) return;
        } else if (!name)
            name = j;
        else
            return; /* a second name: not a plain long long typedef */
    }
    if (!end || longs != 2 || !name || !name_says_64(T(name))) return;
    char text[160];
    au_report(s, i, R_TYPEDEF_LL_64, "'%s': the name promises 64 bits, but long long is 128 bits "
              "under LP128 (use uint64_t/int64_t)", au_spell(s, i, end, text, sizeof text));
}
