// LP128: same
#include <stdio.h>
struct point { int x, y; };
struct rect { struct point a, b; };
struct named { char name[8]; int val; };
static struct point mk(int x, int y) { struct point p = { x, y }; return p; }
static int area(struct rect r) { return (r.b.x - r.a.x) * (r.b.y - r.a.y); }
static void move(struct point *p, int dx) { p->x += dx; (*p).y += dx; }
int main(void)
{
    struct point p = { 1, 2 };
    struct point q = p;
    q.x = 10;
    printf("p=(%d,%d) q=(%d,%d)\n", p.x, p.y, q.x, q.y);
    struct rect r = { { 0, 0 }, { 4, 5 } };
    printf("area=%d\n", area(r));
    struct point m = mk(7, 8);
    printf("mk=(%d,%d)\n", m.x, m.y);
    move(&m, 3);
    printf("moved=(%d,%d)\n", m.x, m.y);
    struct named n = { "abc", 5 };
    struct named n2;
    n2 = n;
    n2.name[0] = 'X';
    printf("%s %s %d\n", n.name, n2.name, n2.val);
    struct point arr[3] = { { 1, 2 }, { 3, 4 }, { 5, 6 } };
    int s = 0;
    for (int i = 0; i < 3; i++)
        s += arr[i].x * arr[i].y;
    printf("sum=%d\n", s);
    struct point *pp = arr;
    printf("pp[2].y=%d (pp+1)->x=%d\n", pp[2].y, (pp + 1)->x);
    printf("mk().x=%d\n", mk(42, 0).x);
    return 0;
}
