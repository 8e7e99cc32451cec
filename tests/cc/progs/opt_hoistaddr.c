/* Pass "hoistaddr": a small bytecode interpreter dispatching by computed goto (so no
 * natural loops for licm).  The dispatch table's address and the address of a global
 * struct (4 sites each in the handlers) are made once in the entry block and must stay
 * right across the calls of every handler, which get the addresses of two of the
 * struct's fields; a constant table and a global array (2 sites each) stay in place. */
#include <stdio.h>

static const unsigned char weight[8] = {3, 1, 4, 1, 5, 9, 2, 6};
static int counts[2];
static struct {
    int lo, hi;
    long sum;
} acc;

__attribute__((noinline)) static void bump(int *p, int by) { *p += by; }

static long run(const unsigned char *code)
{
    static void *const disp[] = {&&op_add, &&op_mul, &&op_lo, &&op_hi, &&op_end};
    long s = 0;
    goto *disp[*code++];
op_add:
    s += weight[*code & 7];
    counts[0]++;
    bump(&acc.lo, weight[*code++ & 7]);
    goto *disp[*code++];
op_mul:
    s *= weight[*code & 7];
    counts[1]++;
    bump(&acc.hi, weight[(*code++ + 1) & 7]);
    goto *disp[*code++];
op_lo:
    bump(&acc.lo, 1);
    acc.sum += 2 * s + *code++;
    goto *disp[*code++];
op_hi:
    bump(&acc.hi, 2);
    acc.sum -= s - *code++;
    goto *disp[*code++];
op_end:
    return s;
}

int main(void)
{
    static const unsigned char prog[] = {0, 1, 1, 2, 0, 5, 2, 3, 3, 7, 1, 4, 0, 6, 2, 0,
                                         3, 1, 1, 6, 0, 2, 2, 5, 3, 4, 4};
    long total = 0;
    for (int rep = 0; rep < 3; rep++) total += run(prog);
    printf("total %ld sum %ld\n", total, acc.sum);
    printf("lo %d hi %d\n", acc.lo, acc.hi);
    printf("counts %d %d\n", counts[0], counts[1]);
    return 0;
}
