/* Arithmetic wider than the host's widest integer: the high half of 128×128-bit
 * products (MULH/MULHU/MULHSU at XLEN 128).  Inline: these sit in the interpreter. */
#ifndef ZL_WIDE_H
#define ZL_WIDE_H

#include <zl/types.h>

/* High 128 bits of the unsigned 256-bit product a*b. */
static inline u128 wide_mulhu128(u128 a, u128 b)
{
    u128 al = (u64)a, ah = a >> 64, bl = (u64)b, bh = b >> 64;
    u128 ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    u128 mid = (ll >> 64) + (u64)lh + (u64)hl;
    return hh + (lh >> 64) + (hl >> 64) + (mid >> 64);
}

/* High 128 bits of the signed 256-bit product. */
static inline u128 wide_mulh128(u128 a, u128 b)
{
    u128 h = wide_mulhu128(a, b);
    if ((i128)a < 0) h -= b;
    if ((i128)b < 0) h -= a;
    return h;
}

/* High 128 bits of signed a times unsigned b. */
static inline u128 wide_mulhsu128(u128 a, u128 b)
{
    u128 h = wide_mulhu128(a, b);
    if ((i128)a < 0) h -= b;
    return h;
}

#endif
