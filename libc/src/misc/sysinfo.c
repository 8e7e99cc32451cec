/* Linux system information: sysinfo (the kernel's structure has kernel longs, 32 bits at
 * rv32: converted member by member), get_nprocs and friends, sched_getcpu; eventfd and
 * memfd_create. */
#include "zl_libc.h"
#include <sys/sysinfo.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/fsuid.h>
#include <stdlib.h>
#include <sched.h>
#include <string.h>
#include <unistd.h>

int sysinfo(struct sysinfo *s)
{
    struct k_sysinfo k;
    if (zl_ret(SYS1(sysinfo, &k)) < 0)
        return -1;
    memset(s, 0, sizeof *s);
    s->uptime = (long)k.uptime;
    for (int i = 0; i < 3; i++)
        s->loads[i] = (unsigned long)k.loads[i];
    s->totalram = (unsigned long)k.totalram;
    s->freeram = (unsigned long)k.freeram;
    s->sharedram = (unsigned long)k.sharedram;
    s->bufferram = (unsigned long)k.bufferram;
    s->totalswap = (unsigned long)k.totalswap;
    s->freeswap = (unsigned long)k.freeswap;
    s->procs = k.procs;
    s->totalhigh = (unsigned long)k.totalhigh;
    s->freehigh = (unsigned long)k.freehigh;
    s->mem_unit = k.mem_unit;
    return 0;
}

/* The 1, 5 and 15 minute load averages (fixed point with SI_LOAD_SHIFT bits). */
int getloadavg(double *avg, int n)
{
    struct sysinfo s;
    if (n < 0 || sysinfo(&s) < 0)
        return -1;
    if (n > 3)
        n = 3;
    for (int i = 0; i < n; i++)
        avg[i] = (double)s.loads[i] / (1 << SI_LOAD_SHIFT);
    return n;
}

int get_nprocs_conf(void) { return (int)sysconf(_SC_NPROCESSORS_CONF); }
int get_nprocs(void) { return (int)sysconf(_SC_NPROCESSORS_ONLN); }

/* Pages of getpagesize() bytes: (total or free) * mem_unit / page size. */
static long pages(int avail)
{
    struct sysinfo s;
    if (sysinfo(&s) < 0)
        return -1;
    unsigned long long bytes = (unsigned long long)(avail ? s.freeram : s.totalram) * s.mem_unit;
    return (long)(bytes / (unsigned)getpagesize());
}

long get_phys_pages(void) { return pages(0); }
long get_avphys_pages(void) { return pages(1); }

int sched_getcpu(void)
{
    unsigned cpu;
    if (zl_ret(SYS3(getcpu, &cpu, NULL, NULL)) < 0)
        return -1;
    return (int)cpu;
}

int eventfd(unsigned int initval, int flags)
{
    return (int)zl_ret(SYS2(eventfd2, initval, flags));
}

int eventfd_read(int fd, eventfd_t *value)
{
    return read(fd, value, sizeof *value) == sizeof *value ? 0 : -1;
}

int eventfd_write(int fd, eventfd_t value)
{
    return write(fd, &value, sizeof value) == sizeof value ? 0 : -1;
}

int memfd_create(const char *name, unsigned int flags)
{
    return (int)zl_ret(SYS2(memfd_create, name, flags));
}

/* The previous filesystem ids are the result; there is no error report (as in Linux). */
int setfsuid(uid_t uid) { return (int)SYS1(setfsuid, uid); }
int setfsgid(gid_t gid) { return (int)SYS1(setfsgid, gid); }
