/* Address-space layout and randomisation per personality (docs/abi.md §10). */
#include <errno.h>
#include <string.h>
#include <sys/random.h>

#include "run/proc.h"

/* A uniformly random integer in [0, 2^bits) from the host's getrandom(2). */
static int random_bits(unsigned bits, u128 *out)
{
    u128 v;
    u8 *p = (u8 *)&v;
    size_t got = 0;
    while (got < sizeof v) {
        ssize_t n = getrandom(p + got, sizeof v - got, 0);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        got += (size_t)n;
    }
    *out = bits >= 128 ? v : v & (((u128)1 << bits) - 1);
    return 0;
}

int layout_init(struct layout *lay, int xlen, bool no_random)
{
    memset(lay, 0, sizeof *lay);
    lay->xlen = xlen;
    u128 r_stack = 0, r_mmap = 0, r_pie = 0, r_brk = 0;
    unsigned stack_bits, mmap_bits, pie_bits, brk_bits;
    if (xlen == 128) { stack_bits = 106; mmap_bits = 105; pie_bits = 104; brk_bits = 18; }
    else if (xlen == 64) { stack_bits = 18; mmap_bits = 18; pie_bits = 18; brk_bits = 18; }
    else { stack_bits = 11; mmap_bits = 8; pie_bits = 8; brk_bits = 13; }
    if (!no_random) {
        if (random_bits(stack_bits, &r_stack) || random_bits(mmap_bits, &r_mmap) ||
            random_bits(pie_bits, &r_pie) || random_bits(brk_bits, &r_brk))
            return -1;
    }
    const u128 page = 4096;
    lay->brk_rnd = r_brk * page;
    if (xlen == 128) {
        const u128 q = (u128)1 << 114;
        lay->task_size = (u128)1 << 119;
        lay->stack_top = ((u128)1 << 118) + r_stack * page;
        lay->mmap_base = 6 * q + r_mmap * page;
        lay->pie_base = q + r_pie * page;
        return 0;
    }
    /* Linux: mmap base = STACK_TOP - gap - rnd, gap = stack rlimit + guard + stack rnd range */
    u128 stack_rlimit = (u128)8 << 20, guard = (u128)1 << 20;
    if (xlen == 64) {
        /* sv39's 2^38 (docs/abi.md §10.2): the guest window of exec/mm.h fits the host */
        lay->task_size = (u128)1 << 38;
        lay->stack_top = lay->task_size - r_stack * page;
        u128 gap = stack_rlimit + guard + (u128)0x3ffff * page;
        lay->mmap_base = (lay->task_size - gap - r_mmap * page) & ~(page - 1);
        lay->pie_base = ((lay->task_size / 3 * 2) & ~(page - 1)) + r_pie * page;
    } else {
        lay->task_size = 0xfffff000u;
        lay->stack_top = lay->task_size - r_stack * page;
        u128 gap = stack_rlimit + guard + (u128)0x7ff * page;
        if (gap < ((u128)128 << 20)) gap = (u128)128 << 20;
        lay->mmap_base = (lay->task_size - gap - r_mmap * page) & ~(page - 1);
        lay->pie_base = 0xaaaaa000u + r_pie * page;
    }
    return 0;
}
