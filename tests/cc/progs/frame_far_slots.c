// LP128: same
// A frame of about 3 KiB: slots beyond s0's 12-bit reach are addressed from sp (fixed
// after the prologue), and through s0 and a computed offset in a function whose VLA
// moves sp.  tests/cc/frame_test.sh checks which base the accesses use.
#include <stdio.h>

__attribute__((noinline)) static void fill(volatile int *p, int n, int k)
{
    for (int i = 0; i < n; i++) p[i] = i * k;
}

__attribute__((noinline)) int far_slots(int k)
{
    volatile int near[8], mid[500], far[200];
    volatile int last = k;
    fill(near, 8, k);
    fill(mid, 500, k + 1);
    fill(far, 200, k + 2);
    last += near[7] + mid[499] + far[0] + far[199];
    return last;
}

__attribute__((noinline)) int far_slots_vla(int k, int n)
{
    volatile int big[700];
    volatile int last = k;
    fill(big, 700, k);
    volatile int v[n];
    fill(v, n, k + 3);
    last += big[699] + v[n - 1];
    return last;
}

int main(void)
{
    printf("%d %d\n", far_slots(3), far_slots(-7));
    printf("%d %d\n", far_slots_vla(2, 5), far_slots_vla(9, 300));
    return 0;
}
