/* Character constants have the same value in #if and in C code (one decoder,
 * src/cpp/charconst.c), and GCC's values: multi-character constants, UTF-8 and \u in plain
 * constants, wide constants with several characters (the last one counts), escapes. */
#include <stdio.h>

#define CHECK(c)                                                                          \
    do {                                                                                  \
        long long v = (c);                                                                \
        printf("%-14s %lld\n", #c, v);                                                    \
    } while (0)

int main(void)
{
#if 'ab' == 0x6162 && L'ab' == 'b' && u'ab' == 'b' && U'\x12345678' == 0x12345678
    puts("pp: multi-char and wide ok");
#else
    puts("pp: multi-char or wide WRONG");
#endif
#if '\u00e9' == 0xc3a9 && 'é' == 0xc3a9 && L'é' == 0xe9 && u'\U0001F600' == 0xde00
    puts("pp: utf-8 ok");
#else
    puts("pp: utf-8 WRONG");
#endif
#if '\377' > 0 && '\xff' == 255 && L'\xffffffff' < 0 && U'\xffffffff' > 0
    puts("pp: signedness ok (riscv char is unsigned)");
#else
    puts("pp: signedness WRONG");
#endif
#if '\e' == 27 && '\a' == 7 && '\v' == 11 && '\?' == '?' && '\0' == 0 && '\101' == 'A'
    puts("pp: escapes ok");
#else
    puts("pp: escapes WRONG");
#endif
    CHECK('ab');
    CHECK('abcd');
    CHECK(L'ab');
    CHECK(u'ab');
    CHECK('\u00e9');
    CHECK('é');
    CHECK(L'é');
    CHECK(U'\U0001F600');
    CHECK(u'\U0001F600');
    CHECK('\377');
    CHECK('\xff');
    CHECK(L'\xffffffff');
    CHECK(U'\xffffffff');
    CHECK('\e');
    CHECK('\101');
    CHECK(sizeof("é\u00e9\xff"));
    CHECK(sizeof(u"\U0001F600"));
    CHECK(u"\U0001F600"[1]);
    return 0;
}
