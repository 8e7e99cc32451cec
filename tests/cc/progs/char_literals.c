// LP128: same
#include <stdio.h>
#include <stddef.h>
int main(void)
{
    printf("%d %d %d %d %d\n", 'a', '\n', '\t', '\0', '\\');
    printf("%d %d %d %d\n", '\x41', '\101', '\377', '\'');
    printf("%d %d %d %d %d %d %d\n", '\a', '\b', '\f', '\r', '\v', '\?', '"');
    printf("sizeof 'a' = %d\n", (int)sizeof 'a');
    printf("'\\377' < 0: %d\n", '\377' < 0);
    wchar_t w = L'A';
    printf("L'A' = %d sizeof %d\n", (int)w, (int)sizeof(L'A'));
    printf("u8 string: %s\n", u8"abc");
    printf("octal: %s|\n", "\1101");
    printf("hex stops: %d\n", (int)sizeof("\x41g"));
    return 0;
}
