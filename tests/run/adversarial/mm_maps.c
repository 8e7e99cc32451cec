/* vm.max_map_count: one-page mappings with alternating rights (so that none can merge)
 * until mmap fails; it must fail with ENOMEM close to the limit the host reports (within
 * 512: under zl-run the emulator's own mappings, a sanitizer's many, share the host's
 * limit with the guest's), and quickly.  At the limit, splitting a mapping (mprotect or munmap of its middle) is
 * ENOMEM too, and unmapping whole mappings works.  Exit status = failures. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

int main(void)
{
    long limit = 65530;
    FILE *f = fopen("/proc/sys/vm/max_map_count", "r");
    if (f) {
        if (fscanf(f, "%ld", &limit) != 1) limit = 65530;
        fclose(f);
    }
    int fails = 0;
    char *three = mmap(NULL, 3 * 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (three == MAP_FAILED) return 99;
    long n = 0;
    int err = 0;
    void *last = NULL;
    for (;;) {
        void *p = mmap(NULL, 4096, n & 1 ? PROT_READ : PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED) {
            err = errno;
            break;
        }
        last = p;
        if (++n > limit + 100) break;
    }
    int near = n > limit - 512 && n <= limit + 1;
    printf("mmap stops at the limit with ENOMEM: %s\n", err == ENOMEM && near ? "ok" : "BAD");
    if (!(err == ENOMEM && near)) {
        printf("# %ld mappings, errno %d, limit %ld\n", n, err, limit);
        fails++;
    }
    int r = mprotect(three + 4096, 4096, PROT_READ);
    printf("mprotect split at the limit: %s\n", r == -1 && errno == ENOMEM ? "ok" : "BAD");
    fails += !(r == -1 && errno == ENOMEM);
    r = munmap(three + 4096, 4096);
    printf("munmap split at the limit: %s\n", r == -1 && errno == ENOMEM ? "ok" : "BAD");
    fails += !(r == -1 && errno == ENOMEM);
    r = munmap(last, 4096);
    printf("munmap whole mapping: %s\n", r == 0 ? "ok" : "BAD");
    fails += r != 0;
    r = munmap(three, 3 * 4096);
    printf("munmap whole three-page mapping: %s\n", r == 0 ? "ok" : "BAD");
    fails += r != 0;
    return fails;
}
