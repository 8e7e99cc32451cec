/* Unit test for <zl/types.h> on the host (docs/abi.md §2).
 *
 * The header's own compile-time checks cover sizes and signedness; this test
 * re-checks everything at run time (bit counts found by shifting, limits built
 * from shifts, wrap-around of the unsigned types), checks that the names are the
 * very same types as <stdint.h>/<stddef.h> (with _Generic, which distinguishes
 * `long` from `long long` even when both are 64 bits), and checks the alignment
 * property that lets host code mirror rv128 structures with u64/u128 members.
 */
#include <zl/types.h>
#include <zl/types.h> /* the include guard must make a second inclusion harmless */

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/check.h"

#ifndef ZL_HAVE_INT128
#error "the host compiler must provide i128/u128 (ZL_HAVE_INT128)"
#endif

/* Number of value bits of an unsigned type, found by shifting a 1 out of it.
 * `volatile` keeps the compiler from folding the loop into a constant. */
#define DEFINE_UBITS(T)                                                      \
    static int ubits_##T(void)                                               \
    {                                                                        \
        volatile T x = 1;                                                    \
        int n = 0;                                                           \
        while (x != 0) {                                                     \
            x = (T)(x << 1);                                                 \
            n++;                                                             \
        }                                                                    \
        return n;                                                            \
    }
DEFINE_UBITS(u8)
DEFINE_UBITS(u16)
DEFINE_UBITS(u32)
DEFINE_UBITS(u64)
DEFINE_UBITS(u128)
DEFINE_UBITS(usize)

/* Largest value of an N-bit unsigned type built from shifts (no ~0 shortcut). */
#define UMAX_BY_SHIFT(T, n) ((T)((((T)1 << ((n) - 1)) - 1) * 2 + 1))
/* Largest value of an N-bit signed type, computed in its unsigned twin. */
#define SMAX_BY_SHIFT(T, UT, n) ((T)(((UT)1 << ((n) - 1)) - 1))

#define U64_ALL ((u64)0xffffffffffffffffu)

TEST(char_is_8_bits)
{
    CHECK_EQ_U(CHAR_BIT, 8);
    CHECK_EQ_U(ubits_u8(), 8);
}

TEST(sizes)
{
    CHECK_EQ_U(sizeof(i8), 1);
    CHECK_EQ_U(sizeof(u8), 1);
    CHECK_EQ_U(sizeof(i16), 2);
    CHECK_EQ_U(sizeof(u16), 2);
    CHECK_EQ_U(sizeof(i32), 4);
    CHECK_EQ_U(sizeof(u32), 4);
    CHECK_EQ_U(sizeof(i64), 8);
    CHECK_EQ_U(sizeof(u64), 8);
    CHECK_EQ_U(sizeof(i128), 16);
    CHECK_EQ_U(sizeof(u128), 16);
    CHECK_EQ_U(sizeof(isize), sizeof(void *));
    CHECK_EQ_U(sizeof(usize), sizeof(void *));
}

TEST(value_bits)
{
    /* Every bit of storage is a value bit (no padding bits). */
    CHECK_EQ_U(ubits_u16(), 16);
    CHECK_EQ_U(ubits_u32(), 32);
    CHECK_EQ_U(ubits_u64(), 64);
    CHECK_EQ_U(ubits_u128(), 128);
    CHECK_EQ_U(ubits_usize(), sizeof(void *) * CHAR_BIT);
}

TEST(signedness)
{
    volatile int minus_one = -1;
    CHECK((i8)minus_one < 0);
    CHECK((i16)minus_one < 0);
    CHECK((i32)minus_one < 0);
    CHECK((i64)minus_one < 0);
    CHECK((i128)minus_one < 0);
    CHECK((isize)minus_one < 0);
    CHECK((u8)minus_one > 0);
    CHECK((u16)minus_one > 0);
    CHECK((u32)minus_one > 0);
    CHECK((u64)minus_one > 0);
    CHECK((u128)minus_one > 0);
    CHECK((usize)minus_one > 0);
}

TEST(unsigned_limits)
{
    CHECK_EQ_U(UMAX_BY_SHIFT(u8, 8), UINT8_MAX);
    CHECK_EQ_U(UMAX_BY_SHIFT(u16, 16), UINT16_MAX);
    CHECK_EQ_U(UMAX_BY_SHIFT(u32, 32), UINT32_MAX);
    CHECK_EQ_U(UMAX_BY_SHIFT(u64, 64), UINT64_MAX);
    CHECK_EQ_U(UMAX_BY_SHIFT(u128, 128), ((u128)U64_ALL << 64) | U64_ALL);
    CHECK_EQ_U(UMAX_BY_SHIFT(usize, sizeof(usize) * CHAR_BIT), SIZE_MAX);
    /* (T)-1 is the maximum too. */
    CHECK_EQ_U((u8)-1, UINT8_MAX);
    CHECK_EQ_U((u16)-1, UINT16_MAX);
    CHECK_EQ_U((u32)-1, UINT32_MAX);
    CHECK_EQ_U((u64)-1, UINT64_MAX);
    CHECK_EQ_U((u128)-1, ((u128)U64_ALL << 64) | U64_ALL);
}

TEST(signed_limits)
{
    CHECK(SMAX_BY_SHIFT(i8, u8, 8) == INT8_MAX);
    CHECK(SMAX_BY_SHIFT(i16, u16, 16) == INT16_MAX);
    CHECK(SMAX_BY_SHIFT(i32, u32, 32) == INT32_MAX);
    CHECK(SMAX_BY_SHIFT(i64, u64, 64) == INT64_MAX);
    CHECK(SMAX_BY_SHIFT(isize, usize, sizeof(isize) * CHAR_BIT) == PTRDIFF_MAX);

    /* Two's complement: min = -max - 1, and max + 1 (done in the unsigned twin)
     * converts back to min (gcc and clang define that conversion as modular). */
    volatile i8 m8 = SMAX_BY_SHIFT(i8, u8, 8);
    CHECK(-m8 - 1 == INT8_MIN);
    CHECK((i8)(u8)((u8)m8 + 1) == INT8_MIN);
    volatile i16 m16 = SMAX_BY_SHIFT(i16, u16, 16);
    CHECK(-m16 - 1 == INT16_MIN);
    CHECK((i16)(u16)((u16)m16 + 1) == INT16_MIN);
    volatile i32 m32 = SMAX_BY_SHIFT(i32, u32, 32);
    CHECK(-m32 - 1 == INT32_MIN);
    CHECK((i32)((u32)m32 + 1) == INT32_MIN);
    volatile i64 m64 = SMAX_BY_SHIFT(i64, u64, 64);
    CHECK(-m64 - 1 == INT64_MIN);
    CHECK((i64)((u64)m64 + 1) == INT64_MIN);

    volatile i128 m128 = SMAX_BY_SHIFT(i128, u128, 128);
    i128 min128 = -m128 - 1;
    CHECK(m128 > 0);
    CHECK(min128 < 0);
    CHECK_EQ_U((u128)m128, ((u128)INT64_MAX << 64) | U64_ALL);
    CHECK_EQ_U((u128)min128, (u128)1 << 127);
    CHECK((i128)((u128)m128 + 1) == min128);
    CHECK(m128 + min128 == -1);
    CHECK(min128 / 2 < (i128)INT64_MIN); /* really wider than 64 bits */
}

TEST(unsigned_wraparound)
{
    volatile u8 a = UINT8_MAX;
    a++;
    CHECK_EQ_U(a, 0);
    a--;
    CHECK_EQ_U(a, UINT8_MAX);
    volatile u16 b = UINT16_MAX;
    b++;
    CHECK_EQ_U(b, 0);
    b--;
    CHECK_EQ_U(b, UINT16_MAX);
    volatile u32 c = UINT32_MAX;
    c++;
    CHECK_EQ_U(c, 0);
    c--;
    CHECK_EQ_U(c, UINT32_MAX);
    volatile u64 d = UINT64_MAX;
    d++;
    CHECK_EQ_U(d, 0);
    d--;
    CHECK_EQ_U(d, UINT64_MAX);
    volatile u128 e = (u128)-1;
    e++;
    CHECK_EQ_U(e, 0);
    e--;
    CHECK_EQ_U(e, (u128)-1);
    volatile usize f = SIZE_MAX;
    f++;
    CHECK_EQ_U(f, 0);
}

TEST(int128_arithmetic)
{
    volatile u64 lo = U64_ALL;
    u128 x = (u128)lo + 1; /* carries into the high half */
    CHECK_EQ_U(x >> 64, 1);
    CHECK_EQ_U((u64)x, 0);
    CHECK_EQ_U(x, (u128)1 << 64);
    volatile u128 all = (u128)-1;
    CHECK_EQ_U(all * all, 1); /* (2^128 - 1)^2 mod 2^128 */
    CHECK_EQ_U(all >> 127, 1);
    volatile i128 neg = -7;
    CHECK(neg / 2 == -3); /* C division truncates toward zero */
    CHECK(neg % 2 == -1);
    CHECK((neg >> 127) == -1); /* arithmetic shift on gcc/clang */
    CHECK_EQ_U((u128)neg, (u128)0 - 7);
    /* Narrowing keeps the low bits (modular), the basis of i128 <-> i64 conversion. */
    u128 v = ((u128)0x0123456789abcdefu << 64) | 0xfedcba9876543210u;
    CHECK_EQ_U((u64)v, 0xfedcba9876543210u);
    CHECK_EQ_U((u32)v, 0x76543210u);
    CHECK_EQ_U((u64)(v >> 64), 0x0123456789abcdefu);
}

/* _Generic picks exactly one association per type, so these prove identity of
 * types, not merely equal sizes (long vs long long, char vs signed char). */
#define IS_TYPE(expr, T) _Generic((expr), T: 1, default: 0)

TEST(same_types_as_stdint)
{
    CHECK(IS_TYPE((i8)0, int8_t));
    CHECK(IS_TYPE((u8)0, uint8_t));
    CHECK(IS_TYPE((i16)0, int16_t));
    CHECK(IS_TYPE((u16)0, uint16_t));
    CHECK(IS_TYPE((i32)0, int32_t));
    CHECK(IS_TYPE((u32)0, uint32_t));
    CHECK(IS_TYPE((i64)0, int64_t));
    CHECK(IS_TYPE((u64)0, uint64_t));
    CHECK(IS_TYPE((isize)0, ptrdiff_t));
    CHECK(IS_TYPE((usize)0, size_t));
    /* i8 is signed char, never plain char (plain char is unsigned on RISC-V). */
    CHECK(IS_TYPE((i8)0, signed char));
    CHECK(!IS_TYPE((i8)0, char));
    /* i64 and u64 are distinct types. */
    CHECK(!IS_TYPE((i64)0, uint64_t));
    CHECK(!IS_TYPE((u64)0, int64_t));
}

__extension__ typedef __int128 host_i128;
__extension__ typedef unsigned __int128 host_u128;

TEST(int128_is_compiler_int128)
{
    CHECK(IS_TYPE((i128)0, host_i128));
    CHECK(IS_TYPE((u128)0, host_u128));
    CHECK(!IS_TYPE((i128)0, host_u128));
}

/* Host mirrors of rv128 structures (docs/abi.md §5, §7, §8) are plain C structs
 * with u64/u128 members; that is exact only if u128 is 16-aligned and u64 is
 * 8-aligned on the host, as under LP128. */
struct mirror_ptr_slot { u128 addr; u128 rsv; };
struct mirror_iovec { struct mirror_ptr_slot iov_base; u128 iov_len; };
struct mirror_sym {
    u32 st_name; u8 st_info; u8 st_other; u16 st_shndx; u8 rsv[8];
    u128 st_value; u128 st_size;
};
struct mirror_sigaction { struct mirror_ptr_slot sa_handler; u128 sa_flags; u64 sa_mask; };

TEST(host_mirror_alignment)
{
    CHECK_EQ_U(_Alignof(u128), 16);
    CHECK_EQ_U(_Alignof(i128), 16);
    CHECK_EQ_U(_Alignof(u64), 8);
    CHECK_EQ_U(_Alignof(i64), 8);
    CHECK_EQ_U(sizeof(struct mirror_ptr_slot), 32);
    CHECK_EQ_U(_Alignof(struct mirror_ptr_slot), 16);
    CHECK_EQ_U(sizeof(struct mirror_iovec), 48);
    CHECK_EQ_U(offsetof(struct mirror_iovec, iov_len), 32);
    CHECK_EQ_U(sizeof(struct mirror_sym), 48);
    CHECK_EQ_U(offsetof(struct mirror_sym, st_value), 16);
    CHECK_EQ_U(offsetof(struct mirror_sym, st_size), 32);
    CHECK_EQ_U(offsetof(struct mirror_sigaction, sa_mask), 48);
    CHECK_EQ_U(sizeof(struct mirror_sigaction), 64);
}

int main(void)
{
    RUN(char_is_8_bits);
    RUN(sizes);
    RUN(value_bits);
    RUN(signedness);
    RUN(unsigned_limits);
    RUN(signed_limits);
    RUN(unsigned_wraparound);
    RUN(int128_arithmetic);
    RUN(same_types_as_stdint);
    RUN(int128_is_compiler_int128);
    RUN(host_mirror_alignment);
    return check_done();
}
