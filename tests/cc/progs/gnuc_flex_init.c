/* GNU C: static initialization of a flexible array member; the object grows by the
 * elements, sizeof stays the struct's size */
#include <stdio.h>
#include <string.h>

struct W { int n; int a[]; };
struct S { int n; char s[]; };
struct D { char c; double d[]; };
struct L { short k; long long v[]; };

struct W gw = {4, {1, 2, 3, 4}};
struct W ge = {7};
struct W gz = {8, {}};
struct S gs = {1, "abc"};
struct S gs2 = {2, {'x', 'y'}};
struct D gd = {'d', {1.5, -2.25}};
struct L gl = {3, {1, -1, 0x123456789abcdefLL}};
struct W gdes = {.a = {9, 8}, .n = 2};
struct W gidx = {.n = 6, .a[5] = 60, .a[1] = 10};
struct W gelide = {3, 30, 31, 32};
const struct W gconst = {2, {-5, 5}};
struct W after = {1, {100}};

static void show(const char *name, const struct W *w, int n)
{
    printf("%s n=%d:", name, w->n);
    for (int i = 0; i < n; i++) printf(" %d", w->a[i]);
    printf("\n");
}

int main(void)
{
    static struct W sw = {3, {10, 20, 30}};
    static struct S ss = {5, "hello"};
    printf("sizeof %d %d %d\n", (int)sizeof gw, (int)sizeof gs, (int)sizeof(struct W));
    show("gw", &gw, 4);
    show("ge", &ge, 0);
    show("gz", &gz, 0);
    show("gdes", &gdes, 2);
    show("gidx", &gidx, 6);
    show("gelide", &gelide, 3);
    show("gconst", &gconst, 2);
    show("sw", &sw, 3);
    show("after", &after, 1);
    printf("gs %d %s %d\n", gs.n, gs.s, (int)strlen(gs.s));
    printf("gs2 %d %c%c\n", gs2.n, gs2.s[0], gs2.s[1]);
    printf("ss %d %s\n", ss.n, ss.s);
    printf("gd %c %g %g\n", gd.c, gd.d[0], gd.d[1]);
    printf("gl %d %lld %lld %llx\n", gl.k, gl.v[0], gl.v[1], (unsigned long long)gl.v[2]);
    /* the objects do not overlap: writing one's elements leaves the next intact */
    gw.a[3] = 44;
    printf("gw.a[3] %d ge.n %d\n", gw.a[3], ge.n);
    return 0;
}
