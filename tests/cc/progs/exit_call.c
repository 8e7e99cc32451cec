// LP128: same
// EXIT: 3
#include <stdio.h>
#include <stdlib.h>
static void deep(int n)
{
    if (n == 0) {
        printf("exit(3) from depth 5\n");
        exit(3);
    }
    deep(n - 1);
    printf("not reached\n");
}
int main(void)
{
    deep(5);
    return 0;
}
