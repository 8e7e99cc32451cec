// LP128: same
#include <stdio.h>
static int sum(const int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
static void fill(int a[], int n, int v) { for (int i = 0; i < n; i++) a[i] = v + i; }
static int trace(int m[3][3]) { return m[0][0] + m[1][1] + m[2][2]; }
int g[5];
int main(void)
{
    int a[5] = { 1, 2, 3 };
    printf("a: %d %d %d %d %d sizeof %d count %d\n", a[0], a[1], a[2], a[3], a[4], (int)sizeof a,
           (int)(sizeof a / sizeof a[0]));
    printf("global zero: %d\n", g[4]);
    fill(g, 5, 10);
    printf("sum g=%d\n", sum(g, 5));
    int m[3][3] = { { 1, 2, 3 }, { 4, 5, 6 }, { 7, 8, 9 } };
    printf("trace=%d m[2][0]=%d sizeof m[1]=%d\n", trace(m), m[2][0], (int)sizeof m[1]);
    int b[] = { 5, 6, 7, 8 };
    printf("implicit size %d\n", (int)(sizeof b / sizeof *b));
    printf("index forms %d %d %d\n", b[2], *(b + 2), 2[b]);
    int *p = &b[1];
    printf("p[-1]=%d p[2]=%d\n", p[-1], p[2]);
    char grid[2][3][4];
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 4; k++)
                grid[i][j][k] = (char)(i * 100 + j * 10 + k);
    printf("grid %d %d sizeof %d %d\n", grid[1][2][3], grid[0][1][2], (int)sizeof grid, (int)sizeof grid[0][0]);
    int (*row)[3] = m;
    printf("row[1][2]=%d (*(row+2))[1]=%d\n", row[1][2], (*(row + 2))[1]);
    return 0;
}
