/* Shared helpers for the zl-run benchmarks (freestanding; see
 * tests/lib/guest/guest.h).  Every benchmark:
 *   - takes an optional iteration count in argv[1] (default: DEFAULT_ITERS),
 *   - prints deterministic result lines ending in "<name>: checksum 0x...",
 *   - checks what it can (known answers, invariants) and, at the default
 *     iteration count, compares its checksum with the expected value,
 *   - prints "<name>: FAIL ..." and returns 1 if any check fails, else 0.
 * Integer types are fixed-width so rv64 and rv32 builds print the same.
 */
#ifndef ZL_BENCH_H
#define ZL_BENCH_H

#include "guest.h"

/* xorshift32 (Marsaglia): state must be non-zero. */
static inline uint32_t rng32(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

/* CRC-16/CCITT (poly 0x1021, MSB first), bit by bit. */
static inline uint16_t crc16_u8(uint16_t crc, uint8_t b)
{
    crc ^= (uint16_t)(b << 8);
    for (int i = 0; i < 8; i++)
        crc = (crc & 0x8000) ? (uint16_t)((crc << 1) ^ 0x1021) : (uint16_t)(crc << 1);
    return crc;
}

static inline uint16_t crc16_u16(uint16_t crc, uint16_t v)
{
    return crc16_u8(crc16_u8(crc, (uint8_t)v), (uint8_t)(v >> 8));
}

static inline uint16_t crc16_u32(uint16_t crc, uint32_t v)
{
    return crc16_u16(crc16_u16(crc, (uint16_t)v), (uint16_t)(v >> 16));
}

/* 64-bit mixing hash for checksums (FNV-1a style over 64-bit words). */
static inline uint64_t mix64(uint64_t h, uint64_t v)
{
    h ^= v;
    h *= 0x100000001b3ULL;
    h ^= h >> 29;
    return h;
}

static inline uint64_t dbits(double d)
{
    union { double d; uint64_t u; } b = { d };
    return b.u;
}

static int bench_failed;

static inline void bench_fail(const char *name, const char *what)
{
    put_str(name);
    put_str(": FAIL ");
    put_str(what);
    put_char('\n');
    bench_failed = 1;
}

static inline void bench_header(const char *name, uint64_t iters)
{
    put_str(name);
    put_str(": iterations ");
    put_u64(iters);
    put_char('\n');
}

/* Prints the checksum line; at the default count also checks it against the
 * expected value (0 = not yet known).  Returns main's exit status. */
static inline int bench_finish(const char *name, uint64_t iters, uint64_t def_iters,
                               uint64_t checksum, uint64_t expected)
{
    put_str(name);
    put_str(": checksum 0x");
    put_hex64(checksum);
    put_char('\n');
    if (iters == def_iters && expected != 0 && checksum != expected) {
        put_str(name);
        put_str(": FAIL checksum, expected 0x");
        put_hex64(expected);
        put_char('\n');
        bench_failed = 1;
    }
    put_str(name);
    put_str(bench_failed ? ": result FAIL\n" : ": result ok\n");
    return bench_failed;
}

#endif
