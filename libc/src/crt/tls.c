/* zlibc thread-local storage for static executables (zl_tls.h, docs/abi.md 3.10,
 * docs/libc.md "Thread-local storage"). */
#include "zl_libc.h"
#include "zl_tls.h"
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <stdint.h>

struct __zl_tls_image __zl_tls = { NULL, 0, 0, sizeof(void *) };

/* The program header as it is in memory at this XLEN (docs/abi.md 8.3 for ELFCLASS128;
 * ELFCLASS64 has the same field order with 8-byte words; ELFCLASS32 its own order). */
#if __riscv_xlen == 32
struct zl_phdr {
    unsigned p_type;
    unsigned long p_offset, p_vaddr, p_paddr, p_filesz, p_memsz;
    unsigned p_flags;
    unsigned long p_align;
};
#else
struct zl_phdr {
    unsigned p_type, p_flags;
    unsigned long p_offset, p_vaddr, p_paddr, p_filesz, p_memsz, p_align;
};
#endif
#define ZL_PT_PHDR 6
#define ZL_PT_TLS 7

#define TCB_SIZE (2 * sizeof(void *))

size_t __zl_tls_area_size(void)
{
    return TCB_SIZE + (__zl_tls.align - 1) + __zl_tls.mem_size;
}

void *__zl_tls_build(void *mem)
{
    uintptr_t a = __zl_tls.align;
    uintptr_t tp = ((uintptr_t)mem + TCB_SIZE + a - 1) & ~(a - 1);
    memset((void *)(tp - TCB_SIZE), 0, TCB_SIZE);
    if (__zl_tls.init_size)
        memcpy((void *)tp, __zl_tls.init, __zl_tls.init_size);
    memset((char *)tp + __zl_tls.init_size, 0, __zl_tls.mem_size - __zl_tls.init_size);
    return (void *)tp;
}

static zl_ulong aux(zl_ulong type)
{
    for (zl_ulong *a = __zl_auxv; a && a[0] != AT_NULL; a += 2)
        if (a[0] == type)
            return a[1];
    return 0;
}

/* The main thread's area when it fits (most programs: errno and a few variables). */
static _Alignas(64) unsigned char main_area[512];

void __zl_tls_init(void)
{
    const unsigned char *ph = (const unsigned char *)aux(AT_PHDR);
    size_t phent = (size_t)aux(AT_PHENT), phnum = (size_t)aux(AT_PHNUM);
    if (ph && phent >= sizeof(struct zl_phdr)) {
        /* A static PIE is loaded at a bias: PT_PHDR's p_vaddr against AT_PHDR gives it. */
        uintptr_t bias = 0;
        const struct zl_phdr *tls = NULL;
        for (size_t i = 0; i < phnum; i++) {
            const struct zl_phdr *p = (const struct zl_phdr *)(ph + i * phent);
            if (p->p_type == ZL_PT_PHDR)
                bias = (uintptr_t)ph - (uintptr_t)p->p_vaddr;
            else if (p->p_type == ZL_PT_TLS)
                tls = p;
        }
        if (tls) {
            __zl_tls.init = (const void *)(bias + (uintptr_t)tls->p_vaddr);
            __zl_tls.init_size = (size_t)tls->p_filesz;
            __zl_tls.mem_size = (size_t)tls->p_memsz;
            size_t a = (size_t)tls->p_align;
            if (a & (a - 1))
                __zl_fatal("zlibc: PT_TLS alignment is not a power of two");
            __zl_tls.align = a > sizeof(void *) ? a : sizeof(void *);
        }
    }
    void *mem = main_area;
    size_t need = __zl_tls_area_size();
    if (need > sizeof main_area) {
        /* The raw call: errno is itself thread-local and has no home yet. */
#if ZL_UAPI_XLEN == 32
        long r = SYS6(mmap2, 0, need, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
#else
        long r = SYS6(mmap, 0, need, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
#endif
        if (zl_is_err(r))
            __zl_fatal("zlibc: cannot allocate the main thread's TLS");
        mem = (void *)r;
    }
    __zl_set_tp(__zl_tls_build(mem));
}

/* The general- and local-dynamic models (GCC -fpic code linked into a static executable):
 * the GOT pair is (module, offset - TLS_DTV_OFFSET); the executable is module 1 and its
 * block starts at tp. */
struct zl_tls_index { unsigned long module, offset; };
void *__tls_get_addr(struct zl_tls_index *ti);
void *__tls_get_addr(struct zl_tls_index *ti)
{
    if (ti->module != 1)
        __zl_fatal("zlibc: __tls_get_addr: a TLS module other than the executable");
    return (char *)__zl_tp() + ti->offset + 0x800;
}
