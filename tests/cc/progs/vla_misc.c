// LP128: same
#include <stdio.h>
/* more variably modified types: a VLA in a for's first clause, typedefs recomputed in a
 * loop, the operand of sizeof evaluated when it has VLA type, function-pointer parameters
 * with VM parameters, [*] prototypes, arrays of pointers to VLAs */
static int sum_row(int m, int a[m]) { int s = 0; for (int j = 0; j < m; j++) s += a[j]; return s; }
static int apply(int n, int m, int (*fn)(int k, int a[k]), int a[n][m])
{
    int s = 0;
    for (int i = 0; i < n; i++) s += fn(m, a[i]);
    return s;
}
int grid(int n, int m, int a[*][*]);
int grid(int n, int m, int a[n][m]) { return a[n - 1][m - 1] + (int)sizeof a[0]; }
static int id(int x) { return x; }
int main(void)
{
    int n = 4;
    for (int v[n], i = 0; i < n; i++) {
        v[i] = id(i * 7);
        if (i == n - 1) printf("for-init %d %d\n", v[i], (int)sizeof v);
    }
    for (int k = 1; k <= 3; k++) {
        typedef short row[k * 2];
        row r;
        printf("typedef in loop %d %d\n", (int)sizeof(row), (int)sizeof r);
    }
    int a[3][5];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 5; j++) a[i][j] = i + j;
    printf("apply %d grid %d\n", apply(3, 5, sum_row, a), grid(3, 5, a));
    int m = 6, i = 0;
    int x[2][m];
    int (*rows[2])[m] = {&x[0], &x[1]};
    size_t s = sizeof *rows[i++];
    printf("sizeof evaluated %d i=%d\n", (int)s, i);
    s = sizeof(int[id(5)][m]);
    printf("sizeof type %d\n", (int)s);
    int (*p)[m] = x;
    p = (int (*)[m])((char *)p + sizeof *p);
    printf("cast step %d\n", (int)((char *)p - (char *)x));
    return 0;
}
