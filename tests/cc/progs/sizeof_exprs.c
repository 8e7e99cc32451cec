// LP128: same
#include <stdio.h>
struct s { char c[3]; short h; };
int main(void)
{
    int a[7];
    char str[] = "hello";
    struct s st;
    short sh = 1;
    printf("%d %d %d %d\n", (int)sizeof a, (int)sizeof a[0], (int)sizeof str, (int)sizeof "hello");
    printf("%d %d %d\n", (int)sizeof st, (int)sizeof st.c, (int)sizeof(struct s[2]));
    printf("%d %d %d\n", (int)sizeof sh, (int)sizeof(sh + sh), (int)sizeof(sh = 5));
    printf("not evaluated: sh=%d\n", sh);
    printf("%d %d %d\n", (int)sizeof(char), (int)sizeof(1 ? 'a' : 0), (int)sizeof(double[3][2]));
    printf("%d %d\n", (int)sizeof(float) + (int)sizeof(int), (int)(sizeof(int) * 3));
    int n = 4;
    int vla[n + 1];
    printf("vla %d\n", (int)sizeof vla);
    printf("%d\n", (int)sizeof(int (*)[3]) == (int)sizeof(void *));
    return 0;
}
