/* sizes and alignment per data model; predefined macros */
#include <stddef.h>
#if __riscv_xlen == 128
_Static_assert(sizeof(long) == 16 && sizeof(void *) == 16 && sizeof(__int64) == 8, "LP128");
_Static_assert(sizeof(long long) == 16 && _Alignof(long) == 16, "LP128");
_Static_assert(__SIZEOF_LONG__ == 16 && __SIZEOF_POINTER__ == 16, "LP128 macros");
#ifdef __LP64__
#error "__LP64__ must not be defined on LP128"
#endif
#elif __riscv_xlen == 64
_Static_assert(sizeof(long) == 8 && sizeof(void *) == 8 && sizeof(__int64) == 8, "LP64");
#else
_Static_assert(sizeof(long) == 4 && sizeof(void *) == 4 && sizeof(long long) == 8, "ILP32");
#endif
_Static_assert(sizeof(int) == 4 && sizeof(short) == 2 && sizeof(double) == 8, "common");
_Static_assert(sizeof(size_t) == sizeof(void *), "size_t");
_Static_assert(_Generic((__int64)0, long: 1, long long: 2, default: 3) == (__riscv_xlen == 64 ? 1 : __riscv_xlen == 32 ? 2 : 3), "__int64");
_Static_assert(_Generic(1L + 1U, unsigned long: 1, long: 2, default: 0) == (__riscv_xlen == 32 ? 1 : 2), "arith conv");
_Static_assert(_Generic('a', int: 1, default: 0), "char constant is int");
struct S { char c; long l; };
_Static_assert(offsetof(struct S, l) == sizeof(long), "offsetof");
_Static_assert(_Alignof(struct S) == sizeof(long), "align");
enum E { A = -1, B = 5 };
_Static_assert(sizeof(enum E) == 4, "enum");
int main(void)
{
    __int64 x = 0x7fffffffffffffff;
    x++;
    if (x >= 0) return 1;                     /* wraps in 64 bits (implementation-defined) */
    unsigned __int64 y = 0xffffffffffffffffu;
    if (y + 1 != 0) return 2;
    unsigned long ul = -1;
    if (ul != (unsigned long)-1 || (ul >> (sizeof(long) * 8 - 1)) != 1) return 3;
    return 0;
}
