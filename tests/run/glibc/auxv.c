/* getauxval and /proc/self/auxv agree, and describe this program. */
#include <elf.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

int main(void)
{
    unsigned long v[2], n = 0, seen_entry = 0, seen_pagesz = 0, seen_random = 0;
    int fd = open("/proc/self/auxv", O_RDONLY);
    if (fd < 0) { perror("open"); return 1; }
    while (read(fd, v, sizeof v) == sizeof v && v[0] != AT_NULL) {
        n++;
        if (v[0] == AT_ENTRY) seen_entry = v[1] == getauxval(AT_ENTRY);
        if (v[0] == AT_PAGESZ) seen_pagesz = v[1] == 4096;
        if (v[0] == AT_RANDOM) seen_random = v[1] == getauxval(AT_RANDOM) && v[1] != 0;
    }
    close(fd);
    printf("entries>10 %d entry %lu pagesz %lu random %lu phent %lu hwcap %#lx\n",
           n > 10, seen_entry, seen_pagesz, seen_random, getauxval(AT_PHENT), getauxval(AT_HWCAP));
    return 0;
}
