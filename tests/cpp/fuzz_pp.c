/* libFuzzer target for the preprocessor (src/cpp): the input is preprocessed twice,
 * once printed as -E text (with line markers, as zl-cc -E) and once read token by token
 * (as the compiler does), at intmax widths 64 and 128.  Diagnostics are discarded.  Any
 * crash, hang, leak or sanitizer report is a bug.  Built by `make fuzz-build`, run by
 * tests/fuzz_test.sh. */
#include "cpp/cpp.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

static void quiet(void *ctx, enum cpp_level lv, u32 file, u32 line, u32 col, const char *msg)
{
    (void)ctx, (void)lv, (void)file, (void)line, (void)col, (void)msg;
}

static long long has(void *ctx, int kind, const char *name, size_t len)
{
    (void)ctx;
    return kind == CPP_HAS_ATTRIBUTE && len == 6 && memcmp(name, "packed", 6) == 0;
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
    static FILE *sink;
    if (!sink) sink = fopen("/dev/null", "w");
    if (!sink) return 0;
    for (int round = 0; round < 2; round++) {
        struct cpp_options o = {0};
        o.intmax_bits = round ? 128 : 64;
        o.fixed_time = 1700000000;
        o.diag = quiet;
        o.has = has;
        o.trigraphs = round;
        o.max_expanded_tokens = 1u << 16; /* exponential macro bombs end early */
        o.max_include_depth = 20;
        struct cpp *pp = cpp_new(&o);
        cpp_define(pp, "ZL=1");
        cpp_define(pp, "F(a,...)=a __VA_OPT__(,) __VA_ARGS__");
        cpp_push_string(pp, "fuzz.c", (const char *)data, size);
        if (round == 0) {
            cpp_print(pp, sink, true);
        } else {
            struct cpp_token t;
            while (cpp_get(pp, &t))
                if (t.len && !t.p) abort();
        }
        cpp_free(pp);
    }
    return 0;
}
