// LP128: same
#include <stdio.h>
struct s { int a, b, c; char name[4]; };
struct outer { struct s in; int arr[4]; };
enum { RED, GREEN, BLUE, NCOL };
static const char *colname[NCOL] = { [BLUE] = "blue", [RED] = "red", [GREEN] = "green" };
int main(void)
{
    struct s x = { .c = 3, .a = 1 };
    printf("%d %d %d '%s'\n", x.a, x.b, x.c, x.name);
    struct s y = { .b = 2, 9, .name = "ab" };
    printf("%d %d %d '%s'\n", y.a, y.b, y.c, y.name);
    int arr[8] = { [2] = 5, [6] = 7, 8 };
    for (int i = 0; i < 8; i++)
        printf("%d ", arr[i]);
    printf("\n");
    int big[] = { [9] = 1 };
    printf("size %d\n", (int)(sizeof big / sizeof big[0]));
    struct outer o = { .in.b = 4, .arr[1] = 6, .in = { .c = 5 } };
    printf("o %d %d %d %d\n", o.in.a, o.in.b, o.in.c, o.arr[1]);
    for (int i = 0; i < NCOL; i++)
        printf("%s ", colname[i]);
    printf("\n");
    int over[3] = { [0] = 1, [0] = 2 };
    printf("override %d\n", over[0]);
    struct s z = { 0 };
    printf("zero %d %d %d %d\n", z.a, z.b, z.c, z.name[3]);
    return 0;
}
