/* zlibc thread-local storage runtime (libc/src/crt/tls.c; layout in docs/abi.md 3.10).
 * RISC-V TLS variant I: tp points at the first byte of a thread's TLS block, which holds
 * the executable's PT_TLS image (.tdata copied, .tbss zeroed); just below tp lies the
 * thread control block, two pointer-sized words:
 *   ((void **)tp)[-2]  reserved (dtv; zero)
 *   ((void **)tp)[-1]  the thread's descriptor (owned by the thread library; NULL until set)
 * A thread area is __zl_tls_area_size() bytes; __zl_tls_build lays one out and returns tp. */
#ifndef ZL_TLS_H
#define ZL_TLS_H
#include <stddef.h>

/* The executable's PT_TLS, found at start-up from AT_PHDR/AT_PHNUM (all zero, align 1,
 * when there is none). */
struct __zl_tls_image {
    const void *init;   /* .tdata image (p_vaddr) */
    size_t init_size;   /* p_filesz */
    size_t mem_size;    /* p_memsz: .tdata + .tbss */
    size_t align;       /* p_align, at least the alignment of a pointer */
};
extern struct __zl_tls_image __zl_tls;

/* Bytes a thread needs: the TCB, the TLS block and the slack to align it. */
size_t __zl_tls_area_size(void);
/* Lays out a thread's TLS in mem (__zl_tls_area_size() bytes, any alignment): TCB zeroed,
 * .tdata copied, .tbss zeroed.  Returns the tp value. */
void *__zl_tls_build(void *mem);
/* Start-up (called by __libc_start_main before anything touches errno): finds PT_TLS,
 * builds the main thread's area (a static buffer when it fits, else mmap) and sets tp. */
void __zl_tls_init(void);

/* The thread pointer. */
static inline void *__zl_tp(void)
{
    void *tp;
    __asm__ volatile("mv %0, tp" : "=r"(tp));
    return tp;
}
static inline void __zl_set_tp(void *tp)
{
    __asm__ volatile("mv tp, %0" : : "r"(tp));
}
#endif
