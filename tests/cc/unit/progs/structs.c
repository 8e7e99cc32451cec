/* structs, unions, nested members, copies, bit-fields, designated initializers */
struct P { int x, y; };
struct R { struct P a, b; char tag; };
union U { int i; unsigned char c[4]; };
struct B { unsigned a : 3; signed b : 5; unsigned c : 12; int d; };
struct R gr = { .b = { 5, 6 }, .a.x = 1, .tag = 'r' };
struct P pts[] = { [2] = { 9, 8 }, { 1, 1 } };
static struct P mk(int x, int y) { struct P p = { x, y }; return p; }
static int area(struct R r) { return (r.b.x - r.a.x) * (r.b.y - r.a.y); }
int main(void)
{
    struct R r = { { 1, 2 }, { 4, 6 }, 'q' };
    if (area(r) != 12) return 1;
    struct R r2 = r;
    r2.a.x = 0;
    if (r.a.x != 1 || area(r2) != 16) return 2;
    struct P p = mk(3, 4);
    if (p.x != 3 || p.y != 4) return 3;
    struct R *rp = &r;
    rp->b.y = 10;
    if (r.b.y != 10) return 4;
    union U u;
    u.i = 0x01020304;
    if (u.c[0] != 4 || u.c[3] != 1) return 5;
    struct B b = { 5, -3, 1000, 7 };
    if (b.a != 5 || b.b != -3 || b.c != 1000 || b.d != 7) return 6;
    b.a = 9;                     /* truncates to 1 */
    b.b += 1;
    if (b.a != 1 || b.b != -2) return 7;
    if (sizeof(struct B) != 8) return 8;
    if (gr.a.x != 1 || gr.a.y != 0 || gr.b.y != 6 || gr.tag != 'r') return 9;
    if (sizeof pts / sizeof pts[0] != 4 || pts[2].x != 9 || pts[3].y != 1 || pts[0].x) return 10;
    struct { char c; long l; } s;
    if ((char *)&s.l - (char *)&s != sizeof(long)) return 11;
    struct P q = (struct P){ 7, 8 };
    if (q.y != 8) return 12;
    int *ip = (int[]){ 1, 2, 3 };
    if (ip[2] != 3) return 13;
    return 0;
}
