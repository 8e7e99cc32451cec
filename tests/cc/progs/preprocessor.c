// LP128: same
#include <stdio.h>
#define STR(x) #x
#define XSTR(x) STR(x)
#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)
#define SQ(x) ((x) * (x))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define VA(fmt, ...) printf(fmt "\n", __VA_ARGS__)
#define COUNT(...) COUNT_(__VA_ARGS__, 5, 4, 3, 2, 1)
#define COUNT_(a, b, c, d, e, n, ...) n
#define VERSION 3
#define EMPTY
#define F() 17
#if VERSION >= 3 && defined(VERSION) && !defined(NOPE)
#define OK "version ok"
#elif VERSION == 2
#define OK "two"
#else
#define OK "old"
#endif
#ifdef NOPE
#error "not defined"
#endif
#if (1 ? 2 : 3) == 2 && (0x10 >> 2) == 4 && -1 < 0 && (1 << 30) > 0
#define ARITH "pp arithmetic ok"
#endif
#if 0xffffffffffffffff > 0
#define UMAX "uintmax in #if"
#endif
#define foo foo_expanded_once
int foo_expanded_once = 99;
int main(void)
{
    int xy = 12;
    printf("%s %s\n", STR(hello world), XSTR(VERSION));
    printf("%d %d\n", CAT(x, y), XCAT(x, y));
    printf("%d %d\n", SQ(3 + 1), MAX(4, 9));
    VA("%d-%d-%s", 1, 2, "three");
    printf("count %d %d %d\n", COUNT(a), COUNT(a, b, c), COUNT(a, b, c, d, e));
    printf("%s | %s | %s\n", OK, ARITH, UMAX);
    printf("line %d\n", __LINE__);
#line 500
    printf("line after #line %d\n", __LINE__);
    printf("F() %d EMPTY:%s\n", F() EMPTY, "" EMPTY);
    printf("self-reference %d\n", foo);
    printf("STDC %d C11 or later %d\n", __STDC__, __STDC_VERSION__ >= 201112L);
#undef SQ
#define SQ(x) 0
    printf("redefined %d\n", SQ(5));
    printf("stringize escapes: %s\n", STR("a\n" 'b'));
    return 0;
}
