// LP128: same
#include <stdio.h>
struct p { int x, y; };
struct line { struct p a, b; int w; };
int m[2][3] = { 1, 2, 3, 4, 5 };
struct line lines[2] = { { { 1, 2 }, { 3, 4 }, 5 }, { 6, 7, 8, 9, 10 } };
static char msgs[][6] = { "one", "two", "three" };
int main(void)
{
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            printf("m[%d][%d]=%d\n", i, j, m[i][j]);
    for (int i = 0; i < 2; i++)
        printf("line %d: (%d,%d)-(%d,%d) w%d\n", i, lines[i].a.x, lines[i].a.y, lines[i].b.x, lines[i].b.y, lines[i].w);
    printf("%s %s %s %d\n", msgs[0], msgs[1], msgs[2], (int)sizeof msgs);
    int local[2][2] = { { 1 }, { 3, 4 } };
    printf("local %d %d %d %d\n", local[0][0], local[0][1], local[1][0], local[1][1]);
    struct p ps[] = { 1, 2, 3, 4, 5 };
    printf("ps count %d last (%d,%d)\n", (int)(sizeof ps / sizeof ps[0]), ps[2].x, ps[2].y);
    int k = 5;
    struct p dyn = { k * 2, k + 1 };
    printf("dyn %d %d\n", dyn.x, dyn.y);
    static int st[3] = { 1 + 1, 2 * 3, sizeof(int) };
    printf("static %d %d %d\n", st[0], st[1], st[2]);
    return 0;
}
