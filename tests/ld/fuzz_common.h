/* tests/ld/fuzz_common.h — one input through zl-readelf and zl-ld, in-process, for the
 * libFuzzer target (fuzz_ld.c) and the corrupted-input unit test (robust_test.c).
 * Both tools must return (0 or an error) for any input; sanitizers catch the rest. */
#ifndef ZL_TESTS_LD_FUZZ_COMMON_H
#define ZL_TESTS_LD_FUZZ_COMMON_H

#include <stdio.h>
#include <string.h>
#include "ld/ld.h"
#include "readelf/readelf.h"

static FILE *fuzz_null(void)
{
    static FILE *fp;
    if (!fp)
        fp = fopen("/dev/null", "w");
    return fp;
}

/* readelf with every option, narrow and wide */
static int fuzz_readelf(const u8 *data, usize size)
{
    struct re_opts o;
    memset(&o, 0, sizeof o);
    o.header = o.segments = o.sections = o.symbols = o.relocs = o.dynamic = 1;
    int rc = readelf_buffer(fuzz_null(), fuzz_null(), "fuzz", data, size, &o);
    o.wide = 1;
    readelf_buffer(fuzz_null(), fuzz_null(), "fuzz", data, size, &o);
    return rc;
}

/* Link `n` buffers; flags: 1 = --gc-sections, 2 = -pie.  Returns zl-ld's status. */
static int fuzz_link(const u8 *const *bufs, const usize *sizes, u32 n, unsigned flags)
{
    struct ld L;
    ld_init(&L, fuzz_null());
    L.opt.gc_sections = (flags & 1) != 0;
    L.opt.pie = (flags & 2) != 0;
    L.opt.max_output = (u128)64 << 20;       /* stay inside the fuzzer's memory limit */
    u8 *img;
    usize sz;
    int rc = ld_link_buffers(&L, bufs, sizes, n, &img, &sz);
    ld_free(&L);
    return rc;
}

#endif
