/* libFuzzer target for the zl-audit scanner (and through it the shared C lexer).
 * Build (the lead wires it):  clang -fsanitize=fuzzer,address -Iinclude -Isrc
 *   tests/audit/fuzz_audit.c src/audit/{scan,symtab,expr,layout,rules,rule_*}.c and the src/cpp sources
 * The input is scanned twice, as a .c file and as a uapi header, with every rule on;
 * the cross-file step runs too; then a third time with TU mode's typed pass, the
 * input's own tokens standing for the preprocessed translation unit.  Any crash, leak
 * or sanitizer report is a bug. */
#include "audit/scan.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
    static struct audit_scratch *s;
    if (!s) s = audit_scratch_new();
    struct audit_file f[3];
    memset(f, 0, sizeof f);
    f[0].path = (char *)"fuzz/input.c";
    f[1].path = (char *)"fuzz/include/uapi/input.h";
    /* an exact-size copy so that reads past the end are caught */
    char *buf = malloc(size ? size : 1);
    if (!buf) return 0;
    memcpy(buf, data, size);
    audit_scan(s, f[0].path, buf, size, (1u << R_COUNT) - 1, &f[0]);
    audit_scan(s, f[1].path, buf, size, (1u << R_COUNT) - 1, &f[1]);
    audit_resolve_fields(f, 2, (1u << R_COUNT) - 1);
    struct cpp_lexer lx;
    cpp_lex_init(&lx, buf, size, 0, CPP_LEX_QUIET);
    struct cpp_token *tu = NULL, t;
    u32 n = 0, cap = 0;
    while (cpp_lex(&lx, &t)) {
        if (n == cap) {
            cap = cap ? cap * 2 : 256;
            struct cpp_token *nt = realloc(tu, cap * sizeof *tu);
            if (!nt) abort();
            tu = nt;
        }
        tu[n++] = t;
    }
    f[2].path = f[0].path;
    au_scan_typed(s, f[2].path, buf, size, (1u << R_COUNT) - 1, &f[2], tu, n);
    free(tu);
    for (int i = 0; i < 3; i++) {
        for (u32 k = 0; k < f[i].nf; k++)
            if (f[i].f[k].line == 0 || f[i].f[k].col == 0 || f[i].f[k].rule >= R_COUNT) abort();
        f[i].path = NULL;
        audit_file_clear(&f[i]);
    }
    free(buf);
    return 0;
}
