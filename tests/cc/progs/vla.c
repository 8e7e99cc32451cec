// LP128: same
#include <stdio.h>
static int sum2d(int n, int m, const int *a)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            s += a[i * m + j];
    return s;
}
static int f(int n)
{
    int v[n];
    for (int i = 0; i < n; i++)
        v[i] = i * i;
    int s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    return s + (int)sizeof v;
}
int main(void)
{
    for (int n = 1; n <= 5; n++) {
        int a[n][n + 1];
        for (int i = 0; i < n; i++)
            for (int j = 0; j <= n; j++)
                a[i][j] = i + j;
        printf("n=%d sizeof=%d sum=%d f=%d\n", n, (int)sizeof a, sum2d(n, n + 1, &a[0][0]), f(n));
    }
    int k = 3;
    typedef int row[k];
    k = 10;
    printf("typedef vla size %d\n", (int)sizeof(row));
    int n = 4;
    char (*p)[n] = 0;
    printf("pointer to vla step %d\n", (int)((char *)(p + 1) - (char *)p));
    return 0;
}
