/* Sample of the zl-addr2line, zl-objdump -l/-S and zl-readelf -wl tests: global and
 * static functions, an inline function (inlined at -O2), loops (discriminators), and a
 * second file (lines2.c).  No headers, so that it builds for rv32 objects too. */
int helper(int x);

static inline int add(int a, int b)
{
    return a + b;
}

int g;

static int sq(int x)
{
    int r = 0;
    for (int i = 0; i < x; i++)
        r = add(r, x);
    return r;
}

__attribute__((noinline)) int twice(int x)
{
    return add(x, x) + sq(x & 7);
}

int main(int argc, char **argv)
{
    (void)argv;
    for (int i = 0; i < argc; i++)
        g += twice(i) + add(i, 3);
    return (g + helper(argc)) & 0x7f;
}
