/* libFuzzer target for zl-as: any input text, at XLEN 32/64/128 (chosen by the first
 * byte), must assemble or be rejected with diagnostics — never crash, hang or leak.
 *
 * Build (example):
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -Iinclude -Isrc -D_GNU_SOURCE \
 *       tests/as/fuzz_as.c build/lib/libzl-as.a build/lib/libzl.a -lm -o fuzz_as
 * Diagnostics are discarded; .include/.incbin read files relative to the current
 * directory, so run it in an empty one. */
#include <stdlib.h>
#include <string.h>

#include "as/as.h"

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
    if (size == 0 || size > 65536) return 0;
    static const char *const march[] = { "rv128imafdc", "rv64imafdc", "rv32imafdc", "rv64imac" };
    struct as *A = as_new();
    char err[200];
    march_parse(march[data[0] & 3], &A->march, err, sizeof err);
    A->diag = NULL;
    char *text = malloc(size);
    if (!text) { as_free(A); return 0; }
    memcpy(text, data + 1, size - 1);
    text[size - 1] = 0;
    u8 *img = NULL;
    usize n = 0;
    as_assemble_buffer(A, "fuzz.s", text, size - 1, &img, &n);
    free(img);
    free(text);
    as_free(A);
    return 0;
}
