// LP128: same
#include <stdio.h>
#include <limits.h>
_Static_assert(sizeof(char) == 1, "char is one byte");
_Static_assert(CHAR_BIT == 8, "8-bit bytes");
_Static_assert(sizeof(int) == 4, "int is 32 bits");
_Static_assert(sizeof(long) >= sizeof(int), "long at least int");
_Static_assert(sizeof(long) == sizeof(void *), "long holds a pointer (LP128, LP64, ILP32)");
_Static_assert(sizeof(long long) >= 8, "long long at least 64 bits");
_Static_assert((-1 >> 1) == -1, "arithmetic right shift");
_Static_assert((char)-1 > 0, "plain char is unsigned on RISC-V");
struct s { char c; int i; };
_Static_assert(_Alignof(struct s) == 4, "struct alignment");
int main(void)
{
    _Static_assert(1 + 1 == 2, "block scope");
    struct t { _Static_assert(1, "in struct"); int x; } v = { 3 };
    printf("static asserts passed %d\n", v.x);
    return 0;
}
