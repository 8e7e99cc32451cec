// LP128: same
#include <stdio.h>
#include <string.h>
int main(void)
{
    static char composite[10001];
    memset(composite, 0, sizeof composite);
    int count = 0, last = 0;
    for (int i = 2; i <= 10000; i++) {
        if (composite[i]) continue;
        count++;
        last = i;
        for (int j = i * i; j <= 10000; j += i)
            composite[j] = 1;
    }
    printf("primes <= 10000: %d, largest %d\n", count, last);
    for (int i = 2, n = 0; n < 15; i++)
        if (!composite[i]) { printf("%d ", i); n++; }
    printf("\n");
    return 0;
}
