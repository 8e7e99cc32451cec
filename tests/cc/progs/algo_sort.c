// LP128: same
#include <stdio.h>
static void isort(int *a, int n)
{
    for (int i = 1; i < n; i++) {
        int v = a[i], j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
}
static void qs(int *a, int lo, int hi)
{
    if (lo >= hi) return;
    int p = a[(lo + hi) / 2], i = lo, j = hi;
    while (i <= j) {
        while (a[i] < p) i++;
        while (a[j] > p) j--;
        if (i <= j) { int t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
    }
    qs(a, lo, j);
    qs(a, i, hi);
}
static void gsort(void *base, int n, int size, int (*cmp)(const void *, const void *))
{
    char *b = base;
    for (int i = 0; i < n; i++)
        for (int j = 0; j + 1 < n - i; j++)
            if (cmp(b + j * size, b + (j + 1) * size) > 0)
                for (int k = 0; k < size; k++) {
                    char t = b[j * size + k];
                    b[j * size + k] = b[(j + 1) * size + k];
                    b[(j + 1) * size + k] = t;
                }
}
struct rec { char name[8]; int age; };
static int byage(const void *a, const void *b)
{
    const struct rec *x = a, *y = b;
    return (x->age > y->age) - (x->age < y->age);
}
int main(void)
{
    int a[20], b[20];
    unsigned seed = 12345;
    for (int i = 0; i < 20; i++) {
        seed = seed * 1103515245u + 12345u;
        a[i] = b[i] = (int)(seed >> 16) % 1000 - 500;
    }
    isort(a, 20);
    qs(b, 0, 19);
    for (int i = 0; i < 20; i++)
        printf("%d%c", a[i], i == 19 ? '\n' : ' ');
    int same = 1;
    for (int i = 0; i < 20; i++)
        same &= a[i] == b[i];
    printf("quicksort agrees: %d\n", same);
    struct rec r[4] = { { "dan", 40 }, { "amy", 25 }, { "bob", 31 }, { "cat", 19 } };
    gsort(r, 4, sizeof r[0], byage);
    for (int i = 0; i < 4; i++)
        printf("%s %d\n", r[i].name, r[i].age);
    return 0;
}
