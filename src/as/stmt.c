/* One statement: labels, then `sym = expr`, a directive, a macro call or an instruction. */
#include <string.h>

#include "as/as.h"

void statement(struct as *A, char *line)
{
    const char *p = skip_ws(line);
    /* labels */
    for (;;) {
        if (*p >= '0' && *p <= '9') {
            const char *q = p;
            u64 n = 0;
            while (*q >= '0' && *q <= '9' && n < 100000000) n = n * 10 + (u64)(*q++ - '0');
            if (*q == ':' ) {
                sym_local_define(A, n);
                p = skip_ws(q + 1);
                continue;
            }
            break;
        }
        const char *name;
        usize nl;
        usize l = lex_symbol(A, p, &name, &nl);
        if (l && p[l] == ':') {
            struct sym *s = sym_get(A, name, nl);
            sym_define_label(A, s);
            p = skip_ws(p + l + 1);
            continue;
        }
        break;
    }
    if (!*p) return;

    /* the statement's first word: a mnemonic may contain dots (fadd.s, c.addi) */
    const char *w = p;
    const char *name;
    usize nl;
    usize l = lex_symbol(A, p, &name, &nl);
    if (!l) {
        as_error(A, "junk at start of line: `%s'", p);
        return;
    }
    const char *rest = skip_ws(p + l);
    if (*rest == '=' && rest[1] != '=') {
        assign_symbol(A, name, nl, rest + 1, false);
        return;
    }
    if (rest[0] == '=' && rest[1] == '=') {       /* sym == expr: .eqv */
        assign_symbol(A, name, nl, rest + 2, true);
        return;
    }
    if (w[0] == '"') {
        as_error(A, "unknown statement `%s'", w);
        return;
    }
    if (w[0] == '.') {
        if (directive(A, w, l, rest)) return;
        if (macro_call(A, w, l, rest)) return;
        as_error(A, "unknown pseudo-op: `%.*s'", (int)l, w);
        return;
    }
    if (macro_call(A, w, l, rest)) return;
    insn_assemble(A, w, l, rest);
}
