// Complex arithmetic with imaginary constants, converted reals and __builtin_complex
// operands over signed zeros, infinities and NaNs: the same parts (and signs) as GCC,
// which computes these with the full complex formulas (NaN printed as 1).
#include <stdint.h>
#include <stdio.h>
#include <string.h>
typedef uint64_t u64;
static void pd(const char *n, double _Complex z)
{
    double r = __real__ z, i = __imag__ z;
    u64 a, b;
    memcpy(&a, &r, 8);
    memcpy(&b, &i, 8);
    if (r != r) a = 1;
    if (i != i) b = 1;
    printf("%-10s %016llx %016llx\n", n, (unsigned long long)a, (unsigned long long)b);
}
int main(void)
{
    volatile double zero = 0.0, x = 3.0;
    double inf = 1.0 / zero, nan = zero / zero;
    volatile double _Complex vals[] = {1.0, -0.0, __builtin_complex(1.0, -0.0), __builtin_complex(-0.0, -0.0),
        __builtin_complex(inf, 0.0), __builtin_complex(inf, nan), __builtin_complex(nan, inf), __builtin_complex(2.0, -3.0),
        __builtin_complex(-inf, -inf), __builtin_complex(0.0, inf)};
    for (unsigned k = 0; k < sizeof vals / sizeof *vals; k++) {
        double _Complex z = vals[k];
        printf("-- %u\n", k);
        pd("z*I", z * 1.0fi); pd("I*z", 1.0fi * z); pd("z*2i", z * 2.0i); pd("z/2i", z / 2.0i);
        pd("z+1i", z + 1.0i); pd("z-1i", z - 1.0i); pd("1i-z", 1.0i - z);
        pd("z*c(x,0)", z * __builtin_complex((double)x, 0.0)); pd("z*(c)x", z * (double _Complex)x);
        pd("z/(c)x", z / (double _Complex)x); pd("z+(c)x", z + (double _Complex)x);
        pd("z-c(0,x)", z - __builtin_complex(0.0, (double)x)); pd("(c)x/z", (double _Complex)x / z);
        pd("z*(1+0i)", z * (1.0 + 0.0i)); pd("z*(-0.0+1i)", z * __builtin_complex(-0.0, 1.0));
        pd("z*z", z * z); pd("z/z", z / z);
    }
    pd("I*I", 1.0i * 1.0i);
    return 0;
}
