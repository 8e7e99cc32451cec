// LP128: same
#include <stdio.h>
#define N 6
static void mul(int a[N][N], int b[N][N], int c[N][N])
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int s = 0;
            for (int k = 0; k < N; k++)
                s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
}
int main(void)
{
    int a[N][N], b[N][N], c[N][N];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            a[i][j] = i + 2 * j - 3;
            b[i][j] = (i * j) % 5 - 2;
        }
    mul(a, b, c);
    for (int i = 0; i < N; i++) {
        for (int j = 0; j < N; j++)
            printf("%5d", c[i][j]);
        printf("\n");
    }
    double m[3][3] = { { 2, 1, 1 }, { 1, 3, 2 }, { 1, 0, 0 } };
    double det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                 m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    printf("det %d\n", (int)det);
    return 0;
}
