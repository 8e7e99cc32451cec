/* The frame-pointer chain of docs/abi.md 3.6: in every frame the caller's s0 is at s0 - 2R
 * and ra at s0 - R, variadic functions included (their s0 is the bottom of the register
 * save area, as with GCC).  walk() follows the chain two frames up and must reach main's
 * frame pointer.  Checked at every XLEN and, as an oracle, built by GCC -O0 on rv64
 * (tests/cc/frame_test.sh). */
#include <stdarg.h>
#include <stdio.h>

static volatile int sink;

__attribute__((noinline)) static void touch(void) { sink++; }

/* Not a leaf: GCC, the oracle at -O0, saves s0 at s0 - 8 in leaf functions. */
__attribute__((noinline)) static int walk(void *main_fp)
{
    touch();
    void **fp = __builtin_frame_address(0);
    void **caller_fp = fp[-2];
    return caller_fp[-2] == main_fp;
}

__attribute__((noinline)) static int variadic(void *main_fp, int n, ...)
{
    va_list ap;
    va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, int);
    va_end(ap);
    return walk(main_fp) * 100 + s;
}

__attribute__((noinline)) static int plain(void *main_fp, int a)
{
    return walk(main_fp) * 100 + a;
}

int main(void)
{
    void *fp = __builtin_frame_address(0);
    printf("%d %d\n", variadic(fp, 3, 1, 2, 3), plain(fp, 7));
    return 0;
}
