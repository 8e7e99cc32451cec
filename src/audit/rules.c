/* The rules of zl-audit: id, description, why it breaks under LP128, suggested fix.
 * docs/audit.md explains each with examples; tests/audit/fixtures has one file each. */
#include "audit/audit.h"

#include <string.h>

const struct audit_rule_info audit_rules[R_COUNT] = {
    [R_WIDTH_TEST] = {
        "width-test",
        "width test of long or pointers against 64 (or 32) bits",
        "BITS_PER_LONG, __BITS_PER_LONG, __WORDSIZE, sizeof(long) and sizeof(void *) are 128 "
        "bits / 16 bytes under LP128: '== 64' is false and '!= 32' or an #else after '== 32' "
        "no longer means 64-bit, so the code takes a wrong branch or reaches an #error",
        "state what is meant: '>= 64' for 'at least 64 bits', an explicit 128-bit case, or "
        "fixed-width types (u64, usize) whose width does not depend on the data model",
        /* opt-in: on Linux about a third of its findings are optimisation-only branches
           whose other side is right at any width, which tokens cannot tell from the
           branches that break (docs/audit.md 4) */
        true},
    [R_CONFIG_64BIT] = {
        "config-64bit",
        "CONFIG_64BIT / __LP64__ / _LP64 branch assumes 'not 32-bit means 64-bit'",
        "LP128 defines neither __LP64__ nor _LP64 (docs/abi.md 1.4) and a 128-bit kernel "
        "needs its own CONFIG_ symbol: such branches treat the 128-bit build as 32-bit, or "
        "'64-bit' as exactly 64 bits",
        "test the property that is needed (BITS_PER_LONG >= 64, sizeof(long) > 4) or add the "
        "128-bit case; keep data that must be 64 bits in u64",
        /* opt-in: on Linux a fifth to a third of its findings are optimisation-only
           branches (IS_ENABLED(CONFIG_64BIT) fast paths, 64-bit CRC and hash loops)
           whose 32-bit side is right at any width (docs/audit.md 4) */
        true},
    [R_PTR_CAST_64] = {
        "ptr-cast-64",
        "pointer converted through a 64-bit integer type",
        "pointers are 128 bits under LP128: (u64)ptr, (u64)(uintptr_t)p, (void *)(u64)x and "
        "storing (uintptr_t)p or (unsigned long long)p in a u64 keep only the low 64 bits of "
        "the address (not reported: masks of the low bits, (u64)p & 7, differences and "
        "equalities of two addresses, a pointer made from a 32-bit value or made only to be "
        "printed with %p)",
        "keep addresses in pointer-sized types (uintptr_t, unsigned long, usize); at the "
        "user/kernel boundary use __ptr_t (docs/abi.md 5)",
        /* opt-in: on Linux about a fifth of its findings are 64-bit images that stay
           consistent (PC-relative branch operands, page comparisons, device labels,
           physical addresses), which tokens cannot tell from the truncations
           (docs/audit.md 4) */
        true},
    [R_LONG_MASK_64] = {
        "long-mask-64",
        "unsigned long / long used where exactly 64 bits are needed",
        "unsigned long is 128 bits under LP128: 0xffffffffffffffffUL is no longer ~0UL, "
        "~0UL or ULONG_MAX never equal a u64, and ~GENMASK(63, n) sets the upper 64 bits "
        "(reads of bit 63 of a long are not reported: in a 64-bit register image they are "
        "right)",
        "use u64 and its constants (U64_MAX, BIT_ULL(63), GENMASK_ULL, S64_MIN) for 64-bit "
        "quantities, or BITS_PER_LONG-based expressions for long-sized ones"},
    [R_DO_DIV_LONG] = {
        "do-div-long",
        "do_div() applied to an unsigned long dividend",
        "do_div() requires a u64 lvalue; unsigned long is u64-sized on 64-bit builds only, "
        "under LP128 it is 128 bits",
        "declare the dividend u64 (or use div64_u64()), or divide an unsigned long directly",
        /* opt-in: whether the dividend ever exceeds 64 bits is beyond the tokens, and on
           Linux every one checked holds a count that fits (docs/audit.md 4) */
        true},
    [R_HASH_LONG] = {
        "hash-long",
        "hash_64() applied to a pointer or a long",
        "hash_64() hashes 64 bits: a 128-bit pointer or long loses its upper half, and "
        "values that differ only there collide",
        "use hash_ptr() for pointers and hash_long() for longs"},
    [R_LLONG_64] = {
        "llong-64",
        "long long assumed to be 64 bits",
        "long long is 128 bits under LP128 (docs/abi.md 1.1): LLONG_MAX, LLONG_MIN and "
        "ULLONG_MAX are no longer the bounds of s64/u64, and sizeof(long long) == 8 is false",
        "use S64_MAX, S64_MIN, U64_MAX with s64/u64 data, and i64/u64 for 64-bit storage"},
    [R_FORMAT_U64_LL] = {
        "format-u64-ll",
        "u64 value printed with a %ll conversion",
        "u64 is unsigned long long on every Linux architecture, so %llu/%llx fit it; under "
        "LP128 long long is 128 bits and u64 is unsigned __int64, so the conversion reads "
        "the wrong width from the argument list",
        "print u64 with a fixed-width conversion (C23 %w64u/%w64x, which zlibc provides, or "
        "a kernel u64 specifier), or cast to unsigned long long explicitly"},
    [R_FORMAT_VIA_64] = {
        "format-via-64",
        "pointer or long printed through a 64-bit cast",
        "(u64)ptr, (u64)(uintptr_t)ptr or (u64)address_long passed to %llx/%llu/%lx print "
        "only 64 of the 128 bits of a pointer or long",
        "print pointers with %p/%px and longs with %lx/%lu without a cast"},
    [R_UAPI_U64_PTR] = {
        "uapi-u64-ptr",
        "__u64 / __aligned_u64 field of a uapi or ioctl structure carries a user pointer",
        "Linux passes user pointers in 64-bit fields so that 32- and 64-bit processes share "
        "one layout; a 128-bit user address does not fit in them",
        "declare the field __ptr_t in the rv128 ABI (256-bit boundary pointer slot, "
        "docs/abi.md 5) and convert it with a __ptr_t-aware u64_to_user_ptr()"},
    [R_COMPAT_ONE_WIDTH] = {
        "compat-one-width",
        "compat code assumes exactly one compat width",
        "in_compat_syscall(), is_compat_task() and TIF_32BIT answer 'is this the 32-bit "
        "personality?'; a 128-bit kernel has two compat personalities, 32- and 64-bit",
        "ask for the width of the caller's personality and handle 32 and 64 separately",
        /* opt-in: on Linux about half of its findings ask about the 32-bit instruction
           set (AArch32 registers, SVE, PA-RISC wide mode) rather than the caller's data
           model (docs/audit.md 4) */
        true},
    [R_LITERAL_WIDTH] = {
        "literal-width",
        "literal 64, 63, 8 or 0xffffffffffffffff used as the width of long or a pointer",
        "63 - __builtin_clzl(x), 1UL << (n % 64) and word[n / 64] in a bitmap of unsigned "
        "longs that the bit operations index by BITS_PER_LONG, 0xffffffffffffffff as 'all "
        "bits of a long' and memcpy(&ptr, src, 8) hard-code the LP64 widths of long and "
        "pointers",
        "use BITS_PER_LONG, sizeof(long), sizeof(void *) or ULONG_MAX; write 64 only for "
        "quantities that are u64"},
    [R_INT_PTR_64] = {
        "int-ptr-64",
        "pointer stored in a 64-bit integer field through a pointer-sized cast",
        "(uintptr_t)p, (unsigned long)p and (unsigned long long)p are 128 bits under LP128; "
        "assigned to a u64 member (s->addr = ..., or .addr = ... in an initializer) the "
        "value is truncated to the low 64 bits of the address, and whatever later turns the "
        "field back into a pointer gets a different address",
        "make the field pointer-sized (uintptr_t, unsigned long) or, at the user/kernel "
        "boundary, __ptr_t (docs/abi.md 5)",
        /* opt-in: on Linux a third of its findings are register images, firmware
           parameter lists or opaque ids whose truncation loses nothing, which the
           declarations do not tell apart (docs/audit.md 4) */
        true},
    [R_BIT63_FLAG] = {
        "bit63-flag",
        "flag at bit 63 combined with an address held in a long or uintptr_t",
        "tagging a pointer-sized value with 1UL << 63, BIT(63) or 0x8000000000000000UL "
        "(directly or through a macro defined so) assumes the address ends at bit 63; under "
        "LP128 addresses have 128 bits, bit 63 is an address bit and the flag collides with "
        "it (and masking it off with ~FLAG keeps bits 64-127 that were never flags)",
        "put the flag at BITS_PER_LONG - 1 (BIT(BITS_PER_LONG - 1)) or in bits the "
        "alignment keeps free, and test it with the same expression"},
    [R_TYPEDEF_LL_64] = {
        "typedef-ll-64",
        "typedef whose name promises 64 bits declared as long long",
        "long long is 128 bits under LP128 (docs/abi.md 1.1): typedef long long int64, "
        "typedef unsigned long long XXH64_hash_t and the like silently become 128-bit types, "
        "changing layouts, hash values and every printf or file format that uses them",
        "declare it from a fixed-width type (int64_t / uint64_t, __int64 under LP128) or "
        "with __attribute__((mode(DI)))",
        /* opt-in: on Linux a fifth of these typedefs have only uses whose result does
           not depend on the width (docs/audit.md 4) */
        true},
    [R_SIZE_LITERAL] = {
        "size-literal",
        "size of a pointer or long written as a number (8, or 8-byte words in a sum)",
        "malloc(n * 8), calloc(n, 8), kmalloc_array(n, 8, ...) and memset(v, 0, n * 8) for "
        "an array of pointers, longs or long longs, and malloc(16 + len) or malloc(n + 8) "
        "for a buffer that holds two pointers or one long long, hard-code the LP64 sizeof; "
        "those objects are 16 bytes under LP128, so the buffer is too small and is overrun",
        "write sizeof(*p) (or sizeof(void *), sizeof(long)) instead of the number"},
    [R_WIDTH_NO_BRANCH] = {
        "width-no-branch",
        "word-size test that leaves a 128-bit build no working branch",
        "an #if chain on BITS_PER_LONG / __SIZEOF_POINTER__ with cases for 32 and 64 and no "
        "#else defines nothing for a 128-bit build; an #error in the branch it takes, or "
        "BUILD_BUG_ON(sizeof(long) != 8) / _Static_assert(sizeof(void *) == 8, ...), stops "
        "it; unlike width-test, this is only code that cannot build under LP128",
        "add the 128-bit case (or an #else that works at any width), and assert what the "
        "code needs: sizeof(long) >= 8, BITS_PER_LONG >= 64"},
    [R_STRUCT_SIZE] = {
        "struct-size-literal",
        "LP64 size or member offset of a struct written as a number",
        "malloc(24) or calloc(n, 24) for a 'struct node *' whose LP64 size is 24, or "
        "malloc(16 + len) where 16 is the offset of the member after two pointers, hard-code "
        "the LP64 layout; pointers and longs are 16 bytes under LP128, so the struct is "
        "larger and the buffer is overrun",
        "write sizeof(struct node) or offsetof(struct node, member) instead of the number",
        /* opt-in: it has no finding on Linux 6.1 nor on the corpus packages, so its
           precision is not measured (docs/audit.md 4) */
        true},
};

int audit_rule_find(const char *id, size_t len)
{
    for (int i = 0; i < R_COUNT; i++)
        if (strlen(audit_rules[i].id) == len && memcmp(audit_rules[i].id, id, len) == 0) return i;
    return -1;
}

u32 audit_default_rules(void)
{
    u32 m = 0;
    for (int i = 0; i < R_COUNT; i++)
        if (!audit_rules[i].optin) m |= 1u << i;
    return m;
}
