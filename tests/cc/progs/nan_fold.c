/* NaNs from constant folding are RISC-V's canonical NaN (positive quiet, as fdiv/fcvt give
 * at run time), not the host compiler's (x86: negative); negation flips only the sign. */
#include <stdio.h>
#include <string.h>

static float sf = 0.0f / 0.0f;
static double sd = 0.0 / 0.0;
static double sneg = -(0.0 / 0.0);
static float sconv = (float)(0.0 / 0.0);
static double sinf_nan = (1.0 / 0.0) - (1.0 / 0.0);

static unsigned fb(float x) { unsigned u = 0; memcpy(&u, &x, 4); return u; }
static unsigned long long db(double x) { unsigned long long u = 0; memcpy(&u, &x, 8); return u; }

int main(void)
{
    volatile float zf = 0.0f;
    volatile double zd = 0.0;
    printf("static  %08x %016llx %016llx %08x %016llx\n", fb(sf), db(sd), db(sneg), fb(sconv), db(sinf_nan));
    printf("runtime %08x %016llx %016llx\n", fb(zf / zf), db(zd / zd), db(-(zd / zd)));
    return 0;
}
