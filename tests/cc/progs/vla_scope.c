// LP128: same
#include <stdio.h>
/* VLA storage is released when its scope is left: each loop iteration, break, continue,
 * goto out of the block.  Each loop allocates far more in total than the stack holds if
 * nothing were released (64 KiB x 4000 iterations = 256 MiB). */
int main(void)
{
    int n = 65536;
    char *first = 0;
    int drift = 0;
    for (int i = 0; i < 4000; i++) {
        char buf[n];
        buf[0] = (char)i;
        buf[n - 1] = (char)i;
        if (!first) first = buf;
        if (buf != first) drift++;
        if (i & 1) continue;
        buf[1] = buf[0];
    }
    printf("loop/continue drift %d\n", drift);
    int i = 0;
    while (1) {
        char buf[n];
        buf[n - 1] = 1;
        if (buf != first) drift++;
        if (++i == 4000) break;
    }
    printf("while/break drift %d\n", drift);
    i = 0;
again: {
        char buf[n];
        buf[0] = 2;
        if (buf != first) drift++;
        if (++i < 4000) goto again;
    }
    printf("goto drift %d\n", drift);
    i = 0;
    {
        char keep[100];
        keep[0] = 1;
    back:;
        char buf[n];
        buf[0] = keep[0];
        if (++i < 4000) goto back;
        printf("goto back in block %d\n", buf[0]);
    }
    do {
        char a[n], b[n / 2];
        a[0] = b[0] = 0;
        for (int j = 0; j < 2000; j++) {
            char c[n];
            c[0] = a[0];
            switch (j & 3) {
            case 0: { char d[n]; d[0] = c[0]; if (d[0]) return 1; break; }
            default: break;
            }
        }
    } while (0);
    printf("ok %d\n", drift);
    return 0;
}
