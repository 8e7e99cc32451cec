// LP128: as-lp64
#include <stdio.h>
#define TYPENAME(x) _Generic((x), \
    _Bool: "_Bool", char: "char", signed char: "signed char", unsigned char: "unsigned char", \
    short: "short", unsigned short: "unsigned short", int: "int", unsigned: "unsigned", \
    long: "long", unsigned long: "unsigned long", long long: "long long", \
    unsigned long long: "unsigned long long", float: "float", double: "double", \
    long double: "long double", char *: "char *", const char *: "const char *", \
    int *: "int *", void *: "void *", default: "other")
struct s { int a; };
int main(void)
{
    char c = 0; short s = 0; unsigned char uc = 0; long l = 0; unsigned long ul = 0;
    long long ll = 0; float f = 0; int arr[2]; const char *cs = "x";
    printf("%s %s %s\n", TYPENAME(c), TYPENAME(s), TYPENAME(uc));
    printf("%s %s %s\n", TYPENAME(c + 0), TYPENAME(s + s), TYPENAME(uc + 1u));
    printf("%s %s %s\n", TYPENAME(l), TYPENAME(ul), TYPENAME(ll));
    printf("%s %s\n", TYPENAME(l + ll), TYPENAME(l + 1u));
    printf("%s %s %s\n", TYPENAME(1L), TYPENAME(1LL), TYPENAME(1ULL));
    printf("%s %s %s %s\n", TYPENAME(f), TYPENAME(f * 2), TYPENAME(f * 2.0), TYPENAME(1.0L));
    printf("%s %s %s\n", TYPENAME("lit"), TYPENAME(cs), TYPENAME(arr));
    printf("%s %s\n", TYPENAME((void *)0), TYPENAME((struct s){ 1 }));
    printf("%s %s\n", TYPENAME('a'), TYPENAME((_Bool)1));
    printf("%s\n", TYPENAME(sizeof(int) - sizeof(int)) [0] == 'u' ? "size_t is unsigned" : "?");
    int x = 5;
    printf("no evaluation: %s x=%d\n", TYPENAME(x++), x);
    printf("lvalue conversion drops const: %s\n", _Generic((const int)1, int: "int", default: "other"));
    return 0;
}
