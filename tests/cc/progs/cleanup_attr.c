/* __attribute__((cleanup(f))): f(&var) runs when the scope of var ends — at the end of the
 * block, by return (after the value is computed), break, continue and goto out of it, at
 * the end of a statement expression — innermost (last declared) first.  The output is
 * what GCC's code prints. */
#include <stdio.h>
static int log_[64], nlog;
static void done(int *p) { log_[nlog++] = *p; }
static void closep(char **p) { log_[nlog++] = 1000 + (*p)[0]; }
static int f(int n)
{
    int a __attribute__((cleanup(done))) = 1;
    {
        int b __attribute__((cleanup(done))) = 2;
        int c __attribute__((cleanup(done))) = 3;
        if (n == 0) return 10;
    }
    for (int i = 0; i < 3; i++) {
        int d __attribute__((cleanup(done))) = 100 + i;
        if (i == 1) continue;
        if (i == 2) break;
    }
    if (n == 1) goto out;
    {
        int e __attribute__((cleanup(done))) = 5;
        char *s __attribute__((cleanup(closep))) = "x";
        if (n == 2) goto out;
    }
out:
    return a + ({ int g __attribute__((cleanup(done))) = 7; g; });
}
int main(void)
{
    for (int n = 0; n < 4; n++) {
        nlog = 0;
        int r = f(n);
        printf("%d:", r);
        for (int i = 0; i < nlog; i++) printf(" %d", log_[i]);
        printf("\n");
    }
    return 0;
}
