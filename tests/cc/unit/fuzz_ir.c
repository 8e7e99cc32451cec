/* libFuzzer target for zl-cc's IR reader (-x ir): the input bytes (after the first, which
 * picks XLEN 128/64/32) are IR text; reading it and, when it is accepted, optimising,
 * register-allocating and emitting it (to /dev/null) must never crash, hang or leak.
 * Diagnostics are discarded. */
#include <stdlib.h>
#include <string.h>

#include "cc/ir_text.h"
#include "cc/unit/fuzz_cc_input.h"

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
    FILE *devnull = fuzz_cc_begin(data, size);
    if (!devnull) return 0;
    types_init();
    char *text = malloc(size);
    memcpy(text, data + 1, size - 1);
    text[size - 1] = 0;
    struct ir_unit u;
    if (ir_read_text("<fuzz>", text, size - 1, &u)) cc_compile_ir_unit(&u, devnull);
    free(text);
    cc_arena_free();
    return 0;
}
