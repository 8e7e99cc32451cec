// LP128: same
#include <stdio.h>
struct p { int x, y; };
static int sum(const int *a, int n) { int s = 0; while (n--) s += *a++; return s; }
static int dist(struct p a) { return a.x * a.x + a.y * a.y; }
int main(void)
{
    printf("sum %d\n", sum((int[]){ 1, 2, 3, 4 }, 4));
    printf("dist %d\n", dist((struct p){ 3, 4 }));
    struct p *pp = &(struct p){ .y = 9 };
    pp->x = 2;
    printf("pp %d %d\n", pp->x, pp->y);
    int *a = (int[3]){ 0 };
    a[1] = 5;
    printf("a %d %d %d\n", a[0], a[1], a[2]);
    for (int i = 0; i < 3; i++) {
        int *q = (int[]){ i, i * 10 };
        printf("loop %d %d\n", q[0], q[1]);
    }
    const char *s = (const char[]){ 'h', 'i', 0 };
    printf("%s\n", s);
    printf("scalar %d\n", (int){ 42 });
    struct p arr[2];
    arr[0] = (struct p){ 1, 1 };
    arr[1] = (struct p){ arr[0].x + 1, 7 };
    printf("arr %d %d %d %d\n", arr[0].x, arr[0].y, arr[1].x, arr[1].y);
    return 0;
}
