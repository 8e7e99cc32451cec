/* typedefs, enums, static locals, globals with addresses, VLAs, builtins, _Generic,
 * compound assignment on every type, register pressure */
#include <stddef.h>
#include <stdbool.h>
typedef struct node { int v; struct node *next; } node;
enum color { RED, GREEN = 5, BLUE };
static int counter(void) { static int n; return ++n; }
int arr[4] = { 10, 20, 30, 40 };
int *parr[] = { &arr[1], &arr[3], 0 };
const char *names[] = { "zero", "one", "two" };
struct { const char *s; int n; } tab[] = { { "a", 1 }, { "bb", 2 } };
static int vla_sum(int n)
{
    int v[n];
    for (int i = 0; i < n; i++) v[i] = i + 1;
    int s = 0;
    for (int i = 0; i < n; i++) s += v[i];
    return s + (int)(sizeof v / sizeof v[0]) - n;
}
static long pressure(long a, long b)
{
    long c = a + b, d = a - b, e = a * b, f = a ^ b, g = a | b, h = a & b, i = a << 2, j = b >> 1;
    long k = c + d, l = e - f, m = g * h, n = i + j, o = c * d, p = e + i, q = f - g, r = h + a;
    long s = k + l + m + n + o + p + q + r;
    return s + c + d + e + f + g + h + i + j + k + l + m + n + o + p + q + r;
}
int main(void)
{
    node n2 = { 2, 0 }, n1 = { 1, &n2 };
    int s = 0;
    for (node *p = &n1; p; p = p->next) s += p->v;
    if (s != 3) return 1;
    enum color c = BLUE;
    if (c != 6 || GREEN != 5) return 2;
    counter();
    counter();
    if (counter() != 3) return 3;
    if (*parr[0] != 20 || *parr[1] != 40 || parr[2]) return 4;
    if (names[2][1] != 'w' || tab[1].s[1] != 'b' || tab[1].n != 2) return 5;
    if (vla_sum(10) != 55) return 6;
    if (__builtin_popcount(0xf0f0u) != 8 || __builtin_clz(1u) != 31 || __builtin_ctz(8u) != 3) return 7;
    if (__builtin_bswap32(0x11223344u) != 0x44332211u) return 8;
    if (_Generic(1.0f, float: 1, double: 2, default: 3) != 1) return 9;
    if (__builtin_expect(s, 3) != 3) return 10;
    if (offsetof(node, next) != sizeof(void *)) return 11;
    bool b = true;
    if (!b) return 12;
    long a = 7, bb = 3;
    if (pressure(a, bb) != pressure(7, 3) || pressure(7, 3) != 432) return 13;
    unsigned char uc = 250;
    uc += 10;
    if (uc != 4) return 14;
    short sh = 100;
    sh *= 400;
    if (sh != (short)40000) return 15;
    double d = 1;
    d *= 2.5;
    d -= 0.5;
    if (d != 2.0) return 16;
    int *ip = arr;
    ip += 2;
    if (*ip != 30) return 17;
    ip -= 1;
    if (*ip != 20) return 18;
    return 0;
}
