/* rv32 sysinfo is Linux's compat_sysinfo (kernel/sys.c): with a 64-bit kernel the memory
 * values are in bytes (mem_unit 1) unless the RAM or swap total needs more than 32 bits;
 * then mem_unit is raised to the page size (4096) and every value divided by it.  The
 * totals are checked against /proc/meminfo (MemTotal, SwapTotal in kB: the same page
 * counts).  A failing check exits with its number. */
#include "guest.h"

/* struct sysinfo at rv32: 64 bytes */
struct sysinfo32 {
    int32_t uptime;
    uint32_t loads[3], totalram, freeram, sharedram, bufferram, totalswap, freeswap;
    uint16_t procs, pad;
    uint32_t totalhigh, freehigh, mem_unit;
    char f[8];
};

static void need(int n, int ok)
{
    if (!ok) guest_syscall1(SYS_exit_group, n);
}

/* The kB value of a /proc/meminfo field, in bytes. */
static uint64_t meminfo(const char *buf, const char *field)
{
    size_t n = strlen(field);
    for (const char *s = buf; *s; s++) {
        if ((s == buf || s[-1] == '\n') && !memcmp(s, field, n)) {
            s += n;
            while (*s == ' ') s++;
            uint64_t v = 0;
            while (*s >= '0' && *s <= '9') v = v * 10 + (uint64_t)(*s++ - '0');
            return v * 1024;
        }
    }
    return ~(uint64_t)0;
}

int main(void)
{
    static char buf[8192];
    long fd = guest_syscall3(56, -100, (long)"/proc/meminfo", 0);   /* openat */
    need(1, fd >= 0);
    long n = 0, r;
    while ((r = guest_syscall3(63, fd, (long)(buf + n), (long)(sizeof buf - 1 - n))) > 0) n += r;
    buf[n] = 0;
    uint64_t ram = meminfo(buf, "MemTotal:"), swap = meminfo(buf, "SwapTotal:");
    need(2, ram != ~(uint64_t)0 && swap != ~(uint64_t)0);

    struct sysinfo32 si;
    memset(&si, 0xa5, sizeof si);
    need(3, guest_syscall1(179, (long)&si) == 0);
    uint32_t unit = (ram >> 32 || swap >> 32) ? 4096 : 1;
    need(4, si.mem_unit == unit);
    need(5, si.totalram == (uint32_t)(ram / unit) && si.totalswap == (uint32_t)(swap / unit));
    need(6, si.freeram <= si.totalram && si.freeswap <= si.totalswap && si.procs >= 1 && si.uptime > 0);
    put_str("sysinfo ok\n");
    return 0;
}
