/* src/common/le.h — little-endian loads and stores of 8/16/32/64/128-bit values.
 *
 * One job: move integers between host values and little-endian byte sequences at any
 * (unaligned) address.  Byte-wise shifts, so the code is correct on any host; gcc and clang
 * turn each function into a single load or store on x86-64.  Header-only, no state.
 *
 *   get_le16/32/64/128(p)      read a value at p
 *   put_le16/32/64/128(p, v)   write v at p
 *   get_le(p, n) / put_le(p, n, v)   n = 1..16 bytes, zero-extended / truncated
 */
#ifndef ZL_COMMON_LE_H
#define ZL_COMMON_LE_H

#include <zl/types.h>

static inline u16 get_le16(const void *p)
{
    const u8 *b = (const u8 *)p;
    return (u16)(b[0] | (u16)b[1] << 8);
}

static inline u32 get_le32(const void *p)
{
    const u8 *b = (const u8 *)p;
    return (u32)b[0] | (u32)b[1] << 8 | (u32)b[2] << 16 | (u32)b[3] << 24;
}

static inline u64 get_le64(const void *p)
{
    const u8 *b = (const u8 *)p;
    return (u64)get_le32(b) | (u64)get_le32(b + 4) << 32;
}

static inline u128 get_le128(const void *p)
{
    const u8 *b = (const u8 *)p;
    return (u128)get_le64(b) | (u128)get_le64(b + 8) << 64;
}

static inline void put_le16(void *p, u16 v)
{
    u8 *b = (u8 *)p;
    b[0] = (u8)v;
    b[1] = (u8)(v >> 8);
}

static inline void put_le32(void *p, u32 v)
{
    u8 *b = (u8 *)p;
    b[0] = (u8)v;
    b[1] = (u8)(v >> 8);
    b[2] = (u8)(v >> 16);
    b[3] = (u8)(v >> 24);
}

static inline void put_le64(void *p, u64 v)
{
    u8 *b = (u8 *)p;
    put_le32(b, (u32)v);
    put_le32(b + 4, (u32)(v >> 32));
}

static inline void put_le128(void *p, u128 v)
{
    u8 *b = (u8 *)p;
    put_le64(b, (u64)v);
    put_le64(b + 8, (u64)(v >> 64));
}

/* n-byte little-endian value, n in 1..16 (other n: reads nothing, returns 0). */
static inline u128 get_le(const void *p, unsigned n)
{
    const u8 *b = (const u8 *)p;
    u128 v = 0;
    if (n > 16)
        return 0;
    while (n--)
        v = v << 8 | b[n];
    return v;
}

/* Store the low n bytes of v, n in 1..16 (other n: writes nothing). */
static inline void put_le(void *p, unsigned n, u128 v)
{
    u8 *b = (u8 *)p;
    if (n > 16)
        return;
    for (unsigned i = 0; i < n; i++, v >>= 8)
        b[i] = (u8)v;
}

#endif /* ZL_COMMON_LE_H */
