// LP128: same
#include <stdio.h>
static int one(void) { return 1; }
static int two(void) { return 2; }
static int (*fns[2])(void) = { one, two };
static int (*(*getfns(void))[2])(void) { return &fns; }
static int arr[3][4];
static int (*rowp(int i))[4] { return &arr[i]; }
int main(void)
{
    int (*(*p)[2])(void) = getfns();
    printf("%d %d\n", (*p)[0](), (*p)[1]());
    arr[2][3] = 23;
    printf("%d\n", (*rowp(2))[3]);
    char *(*strs)[3];
    char *s3[3] = { "a", "b", "c" };
    strs = &s3;
    printf("%s\n", (*strs)[2]);
    int *ptrs[3], a = 1, b = 2, c = 3;
    ptrs[0] = &a; ptrs[1] = &b; ptrs[2] = &c;
    printf("%d\n", *ptrs[0] + *ptrs[1] * *ptrs[2]);
    const char *const *cc = (const char *const *)s3;
    printf("%s\n", cc[1]);
    int (*ap)[4] = arr;
    printf("sizeof *ap %d sizeof ap[0][0] %d\n", (int)sizeof *ap, (int)sizeof ap[0][0]);
    void (*vf)(int) = 0;
    printf("null fn %d\n", vf == 0);
    return 0;
}
