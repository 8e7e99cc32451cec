// LP128: same
#include <stdio.h>
#include <limits.h>
int main(void)
{
    char c = (char)200;
    signed char sc = (signed char)200;
    unsigned char uc = 200;
    printf("plain char is %s\n", (char)-1 < 0 ? "signed" : "unsigned");
    printf("c=%d sc=%d uc=%d\n", c, sc, uc);
    printf("CHAR_MIN=%d CHAR_MAX=%d\n", CHAR_MIN, CHAR_MAX);
    printf("c>100: %d sc>100: %d\n", c > 100, sc > 100);
    char s[] = "\xff\x80\x7f";
    for (int i = 0; i < 3; i++)
        printf("s[%d]=%d\n", i, s[i]);
    int sum = 0;
    for (char *p = s; *p; p++)
        sum += *p;
    printf("sum=%d\n", sum);
    return 0;
}
