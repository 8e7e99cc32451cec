/* Rules format-u64-ll and format-via-64: printf-style format strings whose
 * conversions assume u64 is unsigned long long or print addresses through 64 bits. */
#include "audit/scan.h"

/* ---------------------------------------------------------------- format strings */

struct conv {
    char len[3];   /* "", "l", "ll", "h", "z", ... */
    char c;        /* conversion */
    bool ptrext;   /* %p with extension letters */
};

/* Parse conversions of the concatenated string tokens [a, b); returns the count. */
static int parse_format(struct audit_scratch *s, u32 a, u32 b, struct conv *cv, int max,
                        int *stars_before)
{
    int n = 0;
    for (u32 j = a; j < b; j++) {
        const struct cpp_token *t = T(j);
        if (t->kind != CPP_STRING) continue;
        const char *p = t->p, *e = t->p + t->len;
        while (p < e && *p != '"') p++;
        p++;
        e--;
        while (p < e) {
            if (*p == '\\' && p + 1 < e) {
                p += 2;
                continue;
            }
            if (*p != '%') {
                p++;
                continue;
            }
            p++;
            if (p < e && *p == '%') {
                p++;
                continue;
            }
            int stars = 0;
            while (p < e && strchr("-+ #0'", *p)) p++;
            if (p < e && *p == '*') stars++, p++;
            else
                while (p < e && *p >= '0' && *p <= '9') p++;   /* a field width: no rule reads it */
            if (p < e && *p == '.') {
                p++;
                if (p < e && *p == '*') stars++, p++;
                while (p < e && *p >= '0' && *p <= '9') p++;
            }
            struct conv c = {{0}, 0, false};
            int li = 0;
            while (p < e && strchr("hlLjztq", *p) && li < 2) c.len[li++] = *p++;
            if (p >= e) break;
            c.c = *p++;
            if (c.c == 'p')
                while (p < e && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))) p++, c.ptrext = true;
            if (n < max) {
                stars_before[n] = stars;
                cv[n++] = c;
            }
        }
    }
    return n;
}

void au_rule_format_call(struct audit_scratch *s, u32 i)
{
    u32 g = s->grp[i];
    u32 open = i + 1;
    if (!is_p(s, open, CPP_P_LPAREN) || !tok_in_grp(s, open, g)) return;
    /* nothing to check without a format, a string with a '%' among the arguments: the
       strings that have one are listed in order, and calls come in order (most calls
       are done with here, before their arguments are split) */
    while (s->pctcur < s->npct && s->pct[s->pctcur] <= open) s->pctcur++;
    if (s->pctcur == s->npct) return;
    u32 end = au_match_paren(s, open);
    if (end == open || s->pct[s->pctcur] >= end) return;
    /* split arguments */
    u32 args[64], nargs = 0, d = 0;
    args[nargs++] = open + 1;
    for (u32 j = open + 1; j + 1 < end; j++) {
        if (is_p(s, j, CPP_P_LPAREN) || is_p(s, j, CPP_P_LSQ) || is_p(s, j, CPP_P_LBRACE)) d++;
        else if (is_p(s, j, CPP_P_RPAREN) || is_p(s, j, CPP_P_RSQ) || is_p(s, j, CPP_P_RBRACE)) d--;
        else if (d == 0 && is_p(s, j, CPP_P_COMMA) && nargs < 63) args[nargs++] = j + 1;
    }
    args[nargs] = end; /* args[k]..args[k+1]-1 (minus the comma) */
    /* the format: first argument made of string literals (and macro names) with a % */
    for (u32 a = 0; a + 1 < nargs; a++) {
        u32 from = args[a], to = args[a + 1] - 1;
        bool strs = false, only = true, pct = false;
        for (u32 j = from; j < to; j++) {
            const struct cpp_token *t = T(j);
            if (t->kind == CPP_STRING) {
                strs = true;
                if (memchr(t->p, '%', t->len)) pct = true;
            } else if (t->kind != CPP_IDENT)
                only = false;
        }
        if (!strs || !only) continue;
        if (!pct) return;
        struct conv cv[64];
        int stars[64];
        int nc = parse_format(s, from, to, cv, 64, stars);
        u32 arg = a + 1;
        for (int c = 0; c < nc && arg < nargs; c++) {
            arg += (u32)stars[c];
            if (arg >= nargs) break;
            u32 af = args[arg], at = arg + 1 < nargs ? args[arg + 1] - 1 : end - 1;
            arg++;
            if (cv[c].c == '%' || af >= at) continue;
            bool intconv = strchr("diouxX", cv[c].c) != NULL;
            if (!intconv) continue;
            bool ll = strcmp(cv[c].len, "ll") == 0 || strcmp(cv[c].len, "L") == 0 ||
                      strcmp(cv[c].len, "q") == 0;
            bool l = strcmp(cv[c].len, "l") == 0;
            struct operand o = au_operand_at(s, af, 0);
            bool whole = o.end == at;
            /* TU mode also knows what a call returns: "%llu", get_u64(x) */
            if (ll && (o.chain || s->typed) && o.k == O_W64 && whole) {
                au_report(s, af, R_FORMAT_U64_LL, "u64 '%.*s' printed with %%%s%c: u64 is not "
                       "unsigned long long under LP128", (int)T(o.last)->len, T(o.last)->p,
                       cv[c].len, cv[c].c);
                continue;
            }
            if (!(ll || l)) continue;
            u32 after;
            enum castk k = is_p(s, af, CPP_P_LPAREN) ? au_cast_at(s, af, &after) : K_NONE;
            if (k == K_W64) {
                struct operand in = au_operand_at(s, after, 0);
                if (in.k == O_PTR || in.k == O_LONGCAST)
                    au_report(s, af, R_FORMAT_VIA_64, "pointer printed with %%%s%c through a 64-bit "
                           "cast: prints 64 of 128 address bits (use %%p/%%px)", cv[c].len, cv[c].c);
                else if (in.k == O_LONG && in.chain && au_address_name(T(in.last)))
                    au_report(s, af, R_FORMAT_VIA_64, "address-holding long '%.*s' printed with "
                           "%%%s%c through a 64-bit cast: truncated under LP128 (use %%l%c)",
                           (int)T(in.last)->len, T(in.last)->p, cv[c].len, cv[c].c, cv[c].c);
                continue;
            }
        }
        return;
    }
}
