// LP128: same
#include <stdio.h>
#include <stddef.h>
static void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
int main(void)
{
    int x = 1, y = 2;
    swap(&x, &y);
    printf("swap %d %d\n", x, y);
    int arr[10];
    for (int i = 0; i < 10; i++)
        arr[i] = i * 3;
    int *p = arr, *q = &arr[7];
    printf("q-p=%d *q=%d p<q=%d p==arr=%d\n", (int)(q - p), *q, p < q, p == arr);
    ptrdiff_t d = p - q;
    printf("p-q=%d\n", (int)d);
    p += 4;
    printf("*p=%d p[1]=%d *(p-2)=%d\n", *p, p[1], *(p - 2));
    int *end = arr + 10;
    int n = 0;
    for (int *it = arr; it != end; ++it)
        n += *it;
    printf("sum %d\n", n);
    int **pp = &p;
    **pp = 99;
    printf("arr[4]=%d\n", arr[4]);
    void *v = arr;
    char *c = v;
    printf("byte step %d\n", (int)((char *)(arr + 1) - c));
    int *null = NULL;
    printf("null %d %d\n", null == 0, !null);
    const int ci = 5;
    const int *cp = &ci;
    printf("const %d\n", *cp);
    struct { int a; int b[3]; } s = { 1, { 2, 3, 4 } };
    int *sb = s.b;
    printf("struct member ptr %d %d\n", sb[2], *(&s.a + 1));
    return 0;
}
