/* libFuzzer target for the zl-audit scanner (and through it the shared C lexer).
 * Build (the lead wires it):  clang -fsanitize=fuzzer,address -Iinclude -Isrc
 *   tests/audit/fuzz_audit.c src/audit/{scan,symtab,expr,rules,rule_*}.c and the src/cpp sources
 * The input is scanned twice, as a .c file and as a uapi header, with every rule on;
 * the cross-file step runs too.  Any crash, leak or sanitizer report is a bug. */
#include "audit/audit.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
    static struct audit_scratch *s;
    if (!s) s = audit_scratch_new();
    struct audit_file f[2];
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
    for (int i = 0; i < 2; i++) {
        for (u32 k = 0; k < f[i].nf; k++)
            if (f[i].f[k].line == 0 || f[i].f[k].col == 0 || f[i].f[k].rule >= R_COUNT) abort();
        f[i].path = NULL;
        audit_file_clear(&f[i]);
    }
    free(buf);
    return 0;
}
