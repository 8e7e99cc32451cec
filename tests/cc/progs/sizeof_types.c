// LP128: manual
#include <stdio.h>
#include <stddef.h>
int main(void)
{
    printf("_Bool %d\n", (int)sizeof(_Bool));
    printf("char %d\n", (int)sizeof(char));
    printf("signed char %d\n", (int)sizeof(signed char));
    printf("short %d\n", (int)sizeof(short));
    printf("int %d\n", (int)sizeof(int));
    printf("long %d\n", (int)sizeof(long));
    printf("long long %d\n", (int)sizeof(long long));
    printf("unsigned long %d\n", (int)sizeof(unsigned long));
    printf("float %d\n", (int)sizeof(float));
    printf("double %d\n", (int)sizeof(double));
    printf("long double %d\n", (int)sizeof(long double));
    printf("void * %d\n", (int)sizeof(void *));
    printf("char * %d\n", (int)sizeof(char *));
    printf("int (*)(void) %d\n", (int)sizeof(int (*)(void)));
    printf("size_t %d\n", (int)sizeof(size_t));
    printf("ptrdiff_t %d\n", (int)sizeof(ptrdiff_t));
    printf("wchar_t %d\n", (int)sizeof(wchar_t));
    printf("enum %d\n", (int)sizeof(enum { A, B }));
    printf("'a' %d\n", (int)sizeof('a'));
    printf("1.0f %d 1.0 %d 1.0L %d\n", (int)sizeof(1.0f), (int)sizeof(1.0), (int)sizeof(1.0L));
    printf("sizeof result is unsigned: %d\n", (sizeof(int) - 5) > 0);
    printf("sizeof(sizeof 1) == sizeof(size_t): %d\n", sizeof(sizeof 1) == sizeof(size_t));
    return 0;
}
