// LP128: same
#include <stdio.h>
static int calls;
static int t(int v) { calls++; return v; }
int main(void)
{
    calls = 0;
    int r = t(0) && t(1);
    printf("0&&1=%d calls=%d\n", r, calls);
    calls = 0;
    r = t(1) || t(0);
    printf("1||0=%d calls=%d\n", r, calls);
    calls = 0;
    r = t(1) && t(2) && t(0) && t(3);
    printf("chain=%d calls=%d\n", r, calls);
    calls = 0;
    r = t(0) || t(0) || t(5);
    printf("or chain=%d calls=%d\n", r, calls);
    printf("values %d %d %d %d\n", 5 && 7, 0 || -3, !5, !!-9);
    int i = 0;
    r = (i++, i++, i);
    printf("comma %d i=%d\n", r, i);
    int x = 3;
    r = x > 2 ? t(10) : t(20);
    printf("ternary %d calls %d\n", r, calls);
    double d = 0.0;
    printf("double truth %d %d\n", !d, d || 0.5);
    int *p = 0;
    printf("pointer truth %d %d\n", !p, p && *p);
    printf("relational chain %d\n", 1 < 2 < 3);
    printf("bitwise vs logical %d %d\n", 2 & 1, 2 && 1);
    return 0;
}
