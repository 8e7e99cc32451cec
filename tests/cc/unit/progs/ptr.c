/* pointers, arrays, pointer arithmetic, strings */
static int sum(const int *p, int n) { int s = 0; while (n--) s += *p++; return s; }
static unsigned long slen(const char *s) { const char *p = s; while (*p) p++; return p - s; }
int g[5] = {1, 2, 3, 4, 5};
int *gp = &g[2];
const char *msg = "hello";
char buf[] = "abc";
int m2[2][3] = {{1, 2, 3}, {4, 5, 6}};
int main(void)
{
    int a[10];
    for (int i = 0; i < 10; i++) a[i] = i * i;
    if (sum(a, 10) != 285) return 1;
    int *p = a + 3;
    if (*p != 9 || p[1] != 16 || *(p - 1) != 4) return 2;
    if (&a[9] - &a[2] != 7) return 3;
    if (sum(g, 5) != 15 || *gp != 3 || gp[-2] != 1) return 4;
    if (slen(msg) != 5 || msg[1] != 'e') return 5;
    if (sizeof buf != 4 || buf[2] != 'c' || buf[3] != 0) return 6;
    if (m2[1][2] != 6 || sizeof m2 != 24 || sizeof m2[0] != 12) return 7;
    int **pp = &p;
    **pp = 77;
    if (a[3] != 77) return 8;
    char s[8] = "xy";
    if (s[0] != 'x' || s[2] != 0 || s[7] != 0) return 9;
    void *v = a;
    if ((int *)v != a) return 10;
    if (p == 0 || !p) return 11;
    p = 0;
    if (p) return 12;
    int (*rowp)[3] = m2;
    if (rowp[1][0] != 4) return 13;
    return 0;
}
