/* libFuzzer target for zl-readelf and zl-ld input parsing (wired by the build owner).
 *
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -D_GNU_SOURCE -Iinclude -Isrc -Itests \
 *         tests/ld/fuzz_ld.c $(ls src/ld/[a-z]*.c src/readelf/[a-z]*.c | grep -v /main.c) \
 *         src/elf/elf_[a-z]*.c -o fuzz_ld
 *   ./fuzz_ld corpus/    (seed: small ELF32/64/128 objects and ar archives, e.g. the
 *                        files of `build/tests/ld/rv128_test make DIR` and GNU objects)
 *
 * (src/ld/main.c and src/readelf/main.c hold main() and are left out.)
 *
 * Each input is printed by zl-readelf (all options, narrow and wide) and linked by zl-ld
 * as a lone object or archive, with and without --gc-sections and -pie.  The linker's
 * arena is freed after every run, so leaks are reported too. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    const u8 *bufs[1] = { data };
    usize sizes[1] = { size };
    fuzz_readelf(data, size);
    unsigned flags = size ? data[size - 1] & 3u : 0;
    fuzz_link(bufs, sizes, 1, flags);
    return 0;
}
