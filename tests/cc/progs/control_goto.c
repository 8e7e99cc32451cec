// LP128: same
#include <stdio.h>
static int find(int (*m)[4], int n, int want, int *ri, int *rj)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 4; j++)
            if (m[i][j] == want) {
                *ri = i; *rj = j;
                goto found;
            }
    return 0;
found:
    return 1;
}
int main(void)
{
    int i = 0;
loop:
    if (i < 5) {
        printf("i=%d\n", i);
        i++;
        goto loop;
    }
    int m[3][4] = { { 1, 2, 3, 4 }, { 5, 6, 7, 8 }, { 9, 10, 11, 12 } };
    int r, c;
    if (find(m, 3, 7, &r, &c))
        printf("found 7 at %d,%d\n", r, c);
    printf("find 13: %d\n", find(m, 3, 13, &r, &c));
    int state = 0, out = 0;
a:  out = out * 10 + 1; if (++state < 3) goto b; goto done;
b:  out = out * 10 + 2; goto a;
done:
    printf("state machine %d\n", out);
    goto skip;
    printf("skipped\n");
skip:;
    printf("end\n");
    return 0;
}
