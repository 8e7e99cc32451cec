// LP128: same
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv)
{
    printf("argc=%d\n", argc);
    printf("argv[argc] is %s\n", argv[argc] == 0 ? "NULL" : "not NULL");
    printf("argv[0] nonempty: %d\n", argv[0] != 0 && strlen(argv[0]) > 0);
    char **envp = argv + argc + 1;
    (void)envp;
    return 0;
}
