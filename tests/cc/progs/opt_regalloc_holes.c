// OPT: -O2
// LP128: same
// The allocator's live ranges have holes: a value live in a few blocks leaves its
// register to others in the blocks between.  A value live into a block whose first
// instruction is a call is live across that call (it needs a callee-saved register); a
// value dead in one arm of a branch and live in the other shares its register there.
// The conditions test `x != 0` / `x == 0` of comparisons, as __builtin_expect wraps them.
#include <stdio.h>

struct G { long pad[3]; long *list; };
struct O { long v; unsigned char marked; long *next; };

static long store[64];
static int nstore;

__attribute__((noinline)) static long *slot_of(struct O *o) { return &store[(o->v & 31) + (nstore++ & 1)]; }
__attribute__((noinline)) static void link_into(struct O *o, long *at, long **list) { *at = o->v; *list = at; }
__attribute__((noinline)) static long clobber(long a) { long x = a * 7, y = a ^ 5, z = a + 3; return x + y + z; }

/* g is live into the else arm, whose first instruction is a call, and across it */
__attribute__((noinline)) static void barrier(struct G *gp, struct O *o)
{
    struct G *g = gp;
    if (__builtin_expect((o->marked & 7) == 6, 0)) o->marked &= 199;
    else link_into(o, slot_of(o), &g->list);
    if (((o->marked & 7) > 1) != 0) o->marked = (unsigned char)((o->marked & ~7) | 5);
}

/* many values, each live in a few of the blocks: holes let them share registers */
__attribute__((noinline)) static long mix(const long *a, int n, int mode)
{
    long acc = 0;
    for (int i = 0; i < n; i++) {
        long x = a[i], y = a[(i + 1) % n], z = a[(i + 2) % n], w = a[(i + 3) % n];
        switch ((i + mode) & 3) {
        case 0: acc += x * 3 + clobber(y); break;
        case 1: acc -= (y ^ z) + clobber(x + w); break;
        case 2: { long t = clobber(z); acc += t * w - x; break; }
        default: acc ^= (x + y + z + w) << (i & 7); break;
        }
        if (__builtin_expect((acc < 0) != 0, 0)) acc = -acc + clobber(w);
        if (((unsigned long)x + 1 <= 1u) == 0) acc += 1;
    }
    return acc;
}

/* a value defined on one path only, read after a merge: live from the entry on the other */
__attribute__((noinline)) static long partial(int c, long v)
{
    long r;
    if (c > 2) r = clobber(v);
    if ((c > 2) != 0) return r + clobber(r);
    return v - 1;
}

int main(void)
{
    struct G g = {{0}, 0};
    struct O objs[4] = {{5, 6, 0}, {9, 3, 0}, {33, 1, 0}, {-4, 14, 0}};
    for (int k = 0; k < 4; k++) barrier(&g, &objs[k]);
    for (int k = 0; k < 4; k++) printf("%d ", objs[k].marked);
    printf("%ld %d\n", g.list ? *g.list : -1L, nstore);
    long a[10];
    for (int i = 0; i < 10; i++) a[i] = (i * 37 - 150) * (i & 1 ? 1 : -1);
    a[4] = -1;
    a[6] = 0;
    for (int mode = 0; mode < 4; mode++) printf("%ld ", mix(a, 10, mode));
    printf("\n%ld %ld\n", partial(3, 11), partial(1, 11));
    return 0;
}
