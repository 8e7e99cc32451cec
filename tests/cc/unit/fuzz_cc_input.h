/* Shared by zl-cc's libFuzzer targets: the first input byte picks the XLEN (128, 64, 32,
 * 128), the rest is the text compiled; output goes to /dev/null. */
#ifndef FUZZ_CC_INPUT_H
#define FUZZ_CC_INPUT_H

#include "cc/cc.h"

/* the stream for the compiler's output, or NULL when the input is empty or too big */
static inline FILE *fuzz_cc_begin(const u8 *data, size_t size)
{
    static FILE *devnull;
    static const int xlens[] = {128, 64, 32, 128};
    if (size == 0 || size > 65536) return NULL;
    if (!devnull) devnull = fopen("/dev/null", "w");
    target_set(xlens[data[0] & 3]);
    cc_quiet = true;
    return devnull;
}

#endif
