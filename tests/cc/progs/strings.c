// LP128: same
#include <stdio.h>
#include <string.h>
static const char *names[] = { "zero", "one", "two", "three" };
int main(void)
{
    char a[] = "hello";
    char b[10] = "hi";
    const char *p = "con" "cat" "enated";
    printf("%s %d %d\n", a, (int)sizeof a, (int)strlen(a));
    printf("%s %d %d %d\n", b, (int)sizeof b, b[5], b[9]);
    printf("%s %d\n", p, (int)strlen(p));
    printf("%c%c\n", "xyz"[1], *("xyz" + 2));
    printf("%s\n", names[2]);
    char buf[32];
    strcpy(buf, a);
    buf[0] = 'j';
    printf("%s %s cmp=%d\n", buf, a, strcmp(buf, a) > 0);
    printf("strcmp %d %d %d\n", strcmp("abc", "abd") < 0, strcmp("b", "a") > 0, strcmp("x", "x"));
    printf("strchr %s\n", strchr("find:me", ':'));
    printf("memcmp %d\n", memcmp("ab\0c", "ab\0d", 4) < 0);
    char two[2][4] = { "ab", "cde" };
    printf("%s %s\n", two[0], two[1]);
    char exact[3] = "abc";  /* no terminator: exactly 3 chars */
    printf("%c%c%c %d\n", exact[0], exact[1], exact[2], (int)sizeof exact);
    const char *multi = "line1\n"
                        "line2";
    puts(multi);
    return 0;
}
