/* malloc/realloc/free through brk and mmap, with content checks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

int main(void)
{
    enum { N = 2000 };
    static unsigned char *blk[N];
    static size_t len[N];
    unsigned s = 12345, sum = 0;
    for (int round = 0; round < 20000; round++) {
        s = s * 1103515245u + 12345u;
        int i = (int)((s >> 8) % N);
        if (blk[i]) {
            for (size_t k = 0; k < len[i]; k++)
                if (blk[i][k] != (unsigned char)(i + k)) { printf("corrupt %d\n", i); return 1; }
            sum += len[i];
            free(blk[i]);
            blk[i] = NULL;
        } else {
            len[i] = (s >> 4) % ((s & 64) ? 300000 : 500);
            blk[i] = malloc(len[i] + 1);
            for (size_t k = 0; k < len[i]; k++) blk[i][k] = (unsigned char)(i + k);
        }
    }
    char *big = mmap(NULL, 1 << 24, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    big[0] = 1; big[(1 << 24) - 1] = 2;
    printf("mmap %d %d munmap %d\n", big[0], big[(1 << 24) - 1], munmap(big, 1 << 24));
    printf("checked %u bytes\n", sum);
    return 0;
}
