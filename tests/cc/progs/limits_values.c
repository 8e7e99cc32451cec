// LP128: manual
#include <stdio.h>
#include <limits.h>
#include <stdint.h>
int main(void)
{
    printf("SCHAR %d %d UCHAR %d CHAR %d %d\n", SCHAR_MIN, SCHAR_MAX, UCHAR_MAX, CHAR_MIN, CHAR_MAX);
    printf("SHRT %d %d USHRT %d\n", SHRT_MIN, SHRT_MAX, USHRT_MAX);
    printf("INT %d %d UINT %u\n", INT_MIN, INT_MAX, UINT_MAX);
    printf("LONG %ld %ld ULONG %lu\n", LONG_MIN, LONG_MAX, ULONG_MAX);
    printf("LLONG %lld %lld ULLONG %llu\n", LLONG_MIN, LLONG_MAX, ULLONG_MAX);
    printf("SIZE_MAX %zu\n", SIZE_MAX);
    printf("INTPTR_MAX %jd UINTMAX_MAX %ju\n", (intmax_t)INTPTR_MAX, UINTMAX_MAX);
    printf("LONG_MAX+1 wraps unsigned %lu\n", (unsigned long)LONG_MAX + 1);
    printf("sizeof(LONG_MAX) %d sizeof(LLONG_MAX) %d\n", (int)sizeof(LONG_MAX), (int)sizeof(LLONG_MAX));
    return 0;
}
