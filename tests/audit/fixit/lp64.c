/* zl-audit --apply fixture: user-space code with the mechanical findings (width
 * tests, sizeof comparisons, __LP64__ tests, all-ones masks).  audit_test.sh applies
 * the fixes to a copy, compares the change with lp64.c.diff and compiles it with cc. */
#include <stdio.h>

#ifdef __LP64__
#define WORD_BITS 64
#else
#define WORD_BITS 32
#endif

#ifndef _LP64
#define NARROW 1
#endif

#if defined(__LP64__) && defined(__GNUC__)
#define GNU64 1
#endif

#if __SIZEOF_LONG__ == 8
static const char *model = "64";
#else
static const char *model = "32";
#endif

static int wide(void)
{
    unsigned long w = 5;
    if (sizeof(long) == 8)
        w = 0xffffffffffffffffUL;
    if (8 != sizeof(void *))
        return 0;
    if (w == 0xffffffffffffffffUL)
        return 2;
    unsigned long all = (unsigned long)0xffffffffffffffff;
    return w == all;
}

int main(void)
{
    printf("%s %d %d\n", model, WORD_BITS, wide());
    return 0;
}
