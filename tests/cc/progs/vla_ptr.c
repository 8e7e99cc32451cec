// LP128: same
#include <stdio.h>
/* pointers to variable-length arrays, VM parameters, sizeof evaluated at run time */
static int calls;
static int next_n(int n) { calls++; return n; }
static long total(int n, int m, int (*a)[m])
{
    long s = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            s += a[i][j] * (i + 1);
    return s;
}
static void fill(int n, int m, int a[n][m])
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < m; j++)
            a[i][j] = i * 10 + j;
}
void proto(int n, int a[*][*]);
void proto(int n, int a[n][n]) { a[n - 1][n - 1] = n; }
static int sizes(int n, int m, double d[n][m][3]) { return (int)(sizeof *d + sizeof **d); }
int main(void)
{
    int n = 3, m = 5;
    int a[n][m];
    fill(n, m, a);
    printf("total %ld\n", total(n, m, a));
    int (*p)[m] = a;
    p++;
    printf("p[0][1]=%d p[1][4]=%d\n", p[0][1], p[1][4]);
    p += 1;
    printf("after += : %d\n", (*p)[2]);
    printf("diff %d\n", (int)(p - a));
    p--;
    printf("after -- : %d\n", p[0][0]);
    printf("sizeof *p %d sizeof a %d sizeof a[1] %d\n", (int)sizeof *p, (int)sizeof a, (int)sizeof a[1]);
    /* the size expression is evaluated once, at the declaration */
    int k = 4;
    int b[next_n(k)];
    k = 100;
    printf("sizeof b %d calls %d\n", (int)sizeof b, calls);
    printf("sizeof b again %d calls %d\n", (int)sizeof b, calls);
    typedef char row[k];
    k = 1;
    row r1, r2[2];
    printf("typedef %d %d %d\n", (int)sizeof(row), (int)sizeof r1, (int)sizeof r2);
    printf("sizeof(int[k][3]) %d\n", (int)sizeof(int[k + 1][3]));
    char (*q)[k + 2] = (char (*)[k + 2])r2;
    printf("q step %d\n", (int)((char *)(q + 1) - (char *)q));
    int sq[4][4] = {{0}};
    proto(4, sq);
    printf("proto %d\n", sq[3][3]);
    printf("sizes %d\n", sizes(2, 7, 0));
    /* 3-D */
    int x = 2, y = 3, z = 4;
    long c[x][y][z];
    for (int i = 0; i < x; i++)
        for (int j = 0; j < y; j++)
            for (int l = 0; l < z; l++)
                c[i][j][l] = i * 100 + j * 10 + l;
    long (*pc)[y][z] = c + 1;
    printf("c %ld %ld %d\n", pc[0][2][3], c[1][1][1], (int)(sizeof c / sizeof c[0][0][0]));
    return 0;
}
