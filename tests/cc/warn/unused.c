/* -Wunused-variable (-Wall) and -Wunused-parameter (-Wextra): zl-cc's warnings must be
 * GCC's, line and column (tests/cc/warnings_test.sh). */
#include <stddef.h>

int unused_local(int a, int b __attribute__((unused)))
{
    int x, y = 2;
    int kept __attribute__((unused));
    __attribute__((unused)) int kept2;
    return y;
}

size_t only_sizeof(int p)
{
    long v;
    return sizeof v + sizeof p;
}

int *address_only(void)
{
    static int s;
    int *q;
    return &s;
}

void no_body_use(int p, int q)
{
    (void)q;
}

int shadowed(int n)
{
    int t = n;
    {
        int t2;
        int t;
        t = 1;
        (void)t;
    }
    return t;
}
