// LP128: same
#include <stdio.h>
int main(void)
{
    int n = 0;
    for (int i = 0; i < 10; i++) {
        if (i % 2)
            continue;
        if (i == 8)
            break;
        n += i;
    }
    printf("for: %d\n", n);
    int w = 100, steps = 0;
    while (w > 1) {
        w = (w % 2) ? 3 * w + 1 : w / 2;
        steps++;
    }
    printf("collatz(100) steps %d\n", steps);
    int d = 0;
    do
        d++;
    while (d < 0);
    printf("do-while runs once: %d\n", d);
    int x = 5;
    if (x > 3)
        if (x > 10)
            printf("big\n");
        else
            printf("dangling else binds inner\n");
    int count = 0;
    for (;;) {
        if (++count == 7)
            break;
    }
    printf("infinite for broke at %d\n", count);
    int i, j, hits = 0;
    for (i = 0, j = 10; i < j; i++, j--)
        hits++;
    printf("comma loop %d %d %d\n", hits, i, j);
    int outer = 0;
    for (int a = 0; a < 5; a++)
        for (int b = 0; b < 5; b++) {
            if (b > a)
                break;
            outer++;
        }
    printf("nested %d\n", outer);
    printf("ternary chain %s\n", x < 0 ? "neg" : x == 0 ? "zero" : x < 10 ? "small" : "big");
    return 0;
}
