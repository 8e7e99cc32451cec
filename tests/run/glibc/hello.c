/* printf, argv, environment and the exit status. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    printf("hello, %d arguments:", argc - 1);
    for (int i = 1; i < argc; i++) printf(" [%s]", argv[i]);
    printf("\nZL_TEST=%s\n", getenv("ZL_TEST") ? getenv("ZL_TEST") : "(unset)");
    printf("%.17g %e %a\n", 3.141592653589793, 1e-300 * 1e-10, 0.1);
    printf("argv0=%s\n", argv[0]);
    return 42;
}
