/* libFuzzer target for zl-cc's compiler proper: the input bytes (after the first, which
 * picks XLEN 128/64/32) are a C translation unit; preprocessing, parsing, lowering,
 * register allocation and assembly emission (to /dev/null) must accept or reject it
 * with diagnostics — never crash, hang or leak.  Diagnostics are discarded. */
#include <stdlib.h>
#include <string.h>

#include "cc/unit/fuzz_cc_input.h"

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

static void quiet(void *ctx, enum cpp_level level, u32 file, u32 line, u32 col, const char *msg)
{
    (void)ctx, (void)level, (void)file, (void)line, (void)col, (void)msg;
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
    FILE *devnull = fuzz_cc_begin(data, size);
    if (!devnull) return 0;
    struct cpp_options o = {0};
    o.intmax_bits = tgt.xlen == 128 ? 128 : 64;
    o.diag = quiet;
    o.max_include_depth = 8;
    struct cpp *pp = cpp_new(&o);
    predef_add(pp);
    cpp_push_string(pp, "<fuzz>", (const char *)data + 1, size - 1);
    cc_compile(pp, devnull, "<fuzz>");
    cpp_free(pp);
    cc_arena_free();
    return 0;
}
