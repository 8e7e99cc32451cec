#ifndef _ZL_SYS_SYSINFO_H
#define _ZL_SYS_SYSINFO_H
#include <bits/zl_config.h>
__ZL_BEGIN
#define SI_LOAD_SHIFT 16
/* Linux's members as unsigned long (converted from the kernel's, whose longs are 32 bits at
 * rv32); memory sizes are in units of mem_unit bytes. */
struct sysinfo {
    long uptime;
    unsigned long loads[3];
    unsigned long totalram;
    unsigned long freeram;
    unsigned long sharedram;
    unsigned long bufferram;
    unsigned long totalswap;
    unsigned long freeswap;
    unsigned short procs, pad;
    unsigned long totalhigh;
    unsigned long freehigh;
    unsigned int mem_unit;
    char __reserved[256];
};
int sysinfo(struct sysinfo *);
int get_nprocs_conf(void);
int get_nprocs(void);
long get_phys_pages(void);
long get_avphys_pages(void);
__ZL_END
#endif
