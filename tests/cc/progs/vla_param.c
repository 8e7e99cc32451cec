// LP128: same
#include <stdio.h>
/* parameters of variably modified type naming earlier parameters */
static int sum2d(int n, int m, int a[n][m])
{
    int s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            s += a[i][j];
    return s;
}
static int rowsize(int n, int (*p)[n]) { return (int)sizeof *p; }
static void fill(int n, int a[static n]) { for (int i = 0; i < n; i++) a[i] = i * 3; }
int main(void)
{
    int a[3][4];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 4; j++)
            a[i][j] = i * 4 + j;
    printf("sum2d %d\n", sum2d(3, 4, a));
    printf("rowsize %d\n", rowsize(4, a));
    int b[5];
    fill(5, b);
    printf("fill %d %d\n", b[1], b[4]);
    return 0;
}
