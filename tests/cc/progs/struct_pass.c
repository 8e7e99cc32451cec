// LP128: same
#include <stdio.h>
struct small { char a; short b; };
struct pair { int a, b; };
struct mixed { float f; int i; };
struct dd { double x, y; };
struct big { int v[10]; };
struct chars { char c[5]; };
static struct small fs(struct small s) { s.a++; s.b *= 2; return s; }
static struct pair fp(struct pair p) { struct pair r = { p.b, p.a }; return r; }
static struct mixed fm(struct mixed m) { m.f *= 2; m.i += 1; return m; }
static struct dd fd(struct dd d, double k) { d.x *= k; d.y += k; return d; }
static struct big fb(struct big b) { for (int i = 0; i < 10; i++) b.v[i] *= i; return b; }
static struct chars fc(struct chars c) { c.c[4] = 'E'; return c; }
static int sumbig(struct big b1, struct big b2) { int s = 0; for (int i = 0; i < 10; i++) s += b1.v[i] - b2.v[i]; return s; }
int main(void)
{
    struct small s = fs((struct small){ 1, 100 });
    printf("small %d %d\n", s.a, s.b);
    struct pair p = fp((struct pair){ 3, 4 });
    printf("pair %d %d\n", p.a, p.b);
    struct mixed m = fm((struct mixed){ 1.5f, 9 });
    printf("mixed %d %d\n", (int)(m.f * 10), m.i);
    struct dd d = fd((struct dd){ 2.0, 3.0 }, 1.5);
    printf("dd %d %d\n", (int)(d.x * 100), (int)(d.y * 100));
    struct big b;
    for (int i = 0; i < 10; i++) b.v[i] = i + 1;
    struct big r = fb(b);
    printf("big %d %d orig %d\n", r.v[9], r.v[3], b.v[9]);
    printf("sumbig %d\n", sumbig(r, b));
    struct chars c = fc((struct chars){ "abcd" });
    printf("chars %c%c%c%c%c\n", c.c[0], c.c[1], c.c[2], c.c[3], c.c[4]);
    return 0;
}
