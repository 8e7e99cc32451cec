// LP128: same
// EXIT: 42
#include <stdio.h>
int main(void)
{
    printf("returning 42 from main\n");
    return 42;
}
