// LP128: same
#include <stdio.h>
static const char *name(int v)
{
    switch (v) {
    case 0: return "zero";
    case 1:
    case 2: return "one-or-two";
    case 10: case 11: case 12: return "ten-to-twelve";
    case -5: return "minus five";
    case 1000000: return "million";
    default: return "other";
    }
}
static int fall(int v)
{
    int r = 0;
    switch (v) {
    case 1: r += 1;
    case 2: r += 10;
    case 3: r += 100; break;
    case 4: r += 1000;
    default: r += 5;
    }
    return r;
}
static int dense(unsigned char c)
{
    switch (c) {
    case 'a': return 1; case 'b': return 2; case 'c': return 3; case 'd': return 4;
    case 'e': return 5; case 'f': return 6; case 'g': return 7; case 'h': return 8;
    case 'i': return 9; case 'j': return 10;
    }
    return -1;
}
int main(void)
{
    int vals[] = { 0, 1, 2, 3, 11, -5, 1000000, 7 };
    for (int i = 0; i < 8; i++)
        printf("%d: %s\n", vals[i], name(vals[i]));
    for (int i = 0; i <= 5; i++)
        printf("fall(%d)=%d\n", i, fall(i));
    for (char c = 'Z'; c <= 'k'; c++)
        if (c >= 'a' || c == 'Z')
            printf("%c=%d ", c, dense((unsigned char)c));
    printf("\n");
    int x = 2;
    switch (x) {
        int y;
    case 2:
        y = 7;
        printf("declared in switch body %d\n", y);
        {
            switch (y) { case 7: printf("nested switch\n"); }
        }
    }
    switch (x) { default: printf("only default\n"); }
    long long big = 5000000000LL;
    switch (big) { case 5000000000LL: printf("64-bit case\n"); break; default: printf("bad\n"); }
    return 0;
}
