/* Memory system calls: brk, mmap, munmap, mprotect, madvise (Linux semantics, placement
 * per docs/abi.md §10). */
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run/procfs.h"
#include "run/sys.h"
#include "run/thread.h"
#include "zl_abi.h"

#define PAGE ((u128)4096)
#define MMAP_MIN ((u128)0x10000)

static u128 page_up(u128 v) { return (v + PAGE - 1) & ~(PAGE - 1); }

i128 sys_brk(struct task *p, const u128 *a)
{
    struct mm *mm = &p->proc->mm;
    u128 want = a[0];
    if (want < mm->brk_start) return (i128)mm->brk_cur;
    u128 old_end = page_up(mm->brk_cur), new_end = page_up(want);
    if (new_end < want || new_end > p->proc->lay.task_size) return (i128)mm->brk_cur;
    if (new_end > old_end) {
        /* Linux: the heap may not grow into another mapping (or the stack guard) */
        if (!mm_is_free(mm, old_end, new_end - old_end)) return (i128)mm->brk_cur;
        if (mm_map(mm, old_end, new_end - old_end, PROT_READ | PROT_WRITE))
            return (i128)mm->brk_cur;
    } else if (new_end < old_end) {
        mm_unmap(mm, new_end, old_end - new_end);
    }
    mm->brk_cur = want;
    return (i128)want;
}

/* Where a non-fixed mapping goes: the hint if it is free, else the highest free gap
 * below the mmap base, else any gap above it. */
static int place(struct task *p, u128 hint, u128 len, u128 *out)
{
    struct mm *mm = &p->proc->mm;
    hint &= ~(PAGE - 1);
    if (hint >= MMAP_MIN && hint < p->proc->lay.task_size && len <= p->proc->lay.task_size - hint &&
        mm_is_free(mm, hint, len)) {
        *out = hint;
        return 0;
    }
    if (!mm_find_free(mm, len, MMAP_MIN, p->proc->lay.mmap_base, true, out)) return 0;
    return mm_find_free(mm, len, p->proc->lay.mmap_base, p->proc->lay.task_size, false, out);
}

/* Common to mmap and mmap2: off is in bytes. */
static i128 do_mmap(struct task *p, u128 addr, u128 len, int prot, int flags, int fd, u128 off)
{
    struct mm *mm = &p->proc->mm;
    int type = flags & 0x0f;
    if (type != ZL_MAP_SHARED && type != ZL_MAP_PRIVATE && type != ZL_MAP_SHARED_VALIDATE)
        return -EINVAL;
    if (!len) return -EINVAL;
    u128 plen = page_up(len);
    if (plen < len || plen > p->proc->lay.task_size) return -ENOMEM;
    if (off & (PAGE - 1)) return -EINVAL;
    if (prot & ~(PROT_READ | PROT_WRITE | PROT_EXEC)) return -EINVAL;
    bool anon = flags & ZL_MAP_ANONYMOUS, shared = type != ZL_MAP_PRIVATE;
    if (!anon && (off >> 63)) return -EOVERFLOW;     /* beyond any host file offset */

    u128 start;
    if (flags & (ZL_MAP_FIXED | ZL_MAP_FIXED_NOREPLACE)) {
        if (addr & (PAGE - 1)) return -EINVAL;
        if (addr >= p->proc->lay.task_size || plen > p->proc->lay.task_size - addr) return -ENOMEM;
        if (addr < MMAP_MIN) return -EPERM;
        if ((flags & ZL_MAP_FIXED_NOREPLACE) && !mm_is_free(mm, addr, plen)) return -EEXIST;
        start = addr;
    } else if (place(p, addr, plen, &start)) {
        return -ENOMEM;
    }

    int host_prot = PROT_READ | PROT_WRITE, max_prot = PROT_READ | PROT_WRITE | PROT_EXEC;
    void *host;
    if (anon) {
        host = mmap(NULL, (size_t)plen, host_prot,
                    (shared ? MAP_SHARED : MAP_PRIVATE) | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (host == MAP_FAILED) return -ENOMEM;
    } else {
        struct stat st;
        if (fstat(fd, &st)) return -EBADF;
        if (procfs_is_mem(p, fd)) return -ENODEV;      /* /proc/self/mem has no mmap */
        int acc = fcntl(fd, F_GETFL);
        if (acc < 0) return -EBADF;
        if ((acc & O_ACCMODE) == O_WRONLY) return -EACCES;
        if (shared && (acc & O_ACCMODE) != O_RDWR) {
            if (prot & PROT_WRITE) return -EACCES;
            host_prot = PROT_READ;
            max_prot = PROT_READ | PROT_EXEC;
        }
        /* The whole length maps the file, as on Linux: pages wholly beyond its end
         * raise SIGBUS when touched, on the host too, where the guards of
         * exec/hostfault.h turn it into the guest's SIGBUS or EFAULT. */
        if (!S_ISREG(st.st_mode)) return -ENODEV;
        host = mmap(NULL, (size_t)plen, host_prot, (shared ? MAP_SHARED : MAP_PRIVATE), fd,
                    (off_t)off);
        if (host == MAP_FAILED) return -errno;
    }
    /* file pages, and a shared anonymous object (mremap can grow the mapping past its
     * end), can fault on the host: exec/hostfault.h */
    int hf = !anon || shared ? MM_HOSTFAULT : 0;
    int e = mm_map_host(mm, start, plen, prot | hf, max_prot, host);
    return e ? e : (i128)start;
}

i128 sys_mmap(struct task *p, const u128 *a)
{
    return do_mmap(p, a[0], a[1], (int)a[2], (int)a[3], (int)a[4], a[5]);
}

/* rv32: the offset is in 4096-byte units. */
i128 sys_mmap2(struct task *p, const u128 *a)
{
    return do_mmap(p, a[0], a[1], (int)a[2], (int)a[3], (int)a[4], (u128)(u32)a[5] * PAGE);
}

i128 sys_munmap(struct task *p, const u128 *a)
{
    u128 addr = a[0], len = page_up(a[1]);
    if ((addr & (PAGE - 1)) || !a[1] || len < a[1]) return -EINVAL;
    if (addr >= p->proc->lay.task_size || len > p->proc->lay.task_size - addr) return -EINVAL;
    return mm_unmap(&p->proc->mm, addr, len);
}

i128 sys_mprotect(struct task *p, const u128 *a)
{
    u128 addr = a[0], len = page_up(a[1]);
    int prot = (int)a[2];
    if (addr & (PAGE - 1)) return -EINVAL;
    if (prot & ~(PROT_READ | PROT_WRITE | PROT_EXEC)) return -EINVAL;
    if (!a[1]) return 0;
    if (len < a[1] || addr >= p->proc->lay.task_size || len > p->proc->lay.task_size - addr) return -ENOMEM;
    return mm_protect(&p->proc->mm, addr, len, prot);
}

i128 sys_madvise(struct task *p, const u128 *a)
{
    u128 addr = a[0], len = page_up(a[1]);
    int advice = (int)a[2];
    if (addr & (PAGE - 1)) return -EINVAL;
    if (!a[1]) return 0;
    if (len < a[1] || addr >= p->proc->lay.task_size || len > p->proc->lay.task_size - addr) return -ENOMEM;
    switch (advice) {
    case MADV_DONTNEED:
    case MADV_FREE:
        /* the host memory behind a private mapping behaves exactly as Linux requires */
        return mm_advise(&p->proc->mm, addr, len, MADV_DONTNEED);
    default:
        return 0;       /* hints: no effect on what the guest can observe */
    }
}


/* mremap(old_address, old_size, new_size, flags, new_address), the checks in Linux's
 * order (mm/mremap.c).  A run of contiguous mappings with the same rights counts as one
 * mapping, as Linux merges such VMAs; moving one never copies memory: the guest pages
 * keep their host pages, only a growing last piece is extended on the host. */
i128 sys_mremap(struct task *p, const u128 *a)
{
    struct mm *mm = &p->proc->mm;
    u128 addr = a[0], new_addr = a[4], task = p->proc->lay.task_size;
    u64 flags = (u64)a[3];
    if (flags & ~(u64)(ZL_MREMAP_MAYMOVE | ZL_MREMAP_FIXED | ZL_MREMAP_DONTUNMAP)) return -EINVAL;
    if ((flags & ZL_MREMAP_FIXED) && !(flags & ZL_MREMAP_MAYMOVE)) return -EINVAL;
    if ((flags & ZL_MREMAP_DONTUNMAP) && (!(flags & ZL_MREMAP_MAYMOVE) || a[1] != a[2]))
        return -EINVAL;
    if (addr & (PAGE - 1)) return -EINVAL;
    u128 old_len = page_up(a[1]), new_len = page_up(a[2]);   /* both wrap like PAGE_ALIGN */
    if (!new_len) return -EINVAL;
    bool keep = flags & ZL_MREMAP_DONTUNMAP;
    u128 vend;
    int e;

    if (flags & (ZL_MREMAP_FIXED | ZL_MREMAP_DONTUNMAP)) {
        if (new_addr & (PAGE - 1)) return -EINVAL;
        if (new_len > task || new_addr > task - new_len) return -EINVAL;
        if (addr + old_len > new_addr && new_addr + new_len > addr) return -EINVAL;
        if (flags & ZL_MREMAP_FIXED) {
            if (new_addr < MMAP_MIN) return -EPERM;
            if (!mm_is_free(mm, new_addr, new_len) && (e = mm_unmap(mm, new_addr, new_len)))
                return e;
        }
        if (old_len > new_len) {
            if (addr < task && old_len - new_len <= task - (addr + new_len) &&
                !mm_is_free(mm, addr + new_len, old_len - new_len) &&
                (e = mm_unmap(mm, addr + new_len, old_len - new_len)))
                return e;
            old_len = new_len;
        }
        if ((e = mm_vma_end(mm, addr, &vend))) return e;
        if (old_len > vend - addr) return -EFAULT;
        u128 dst = new_addr;
        if (!(flags & ZL_MREMAP_FIXED) && place(p, new_addr, new_len, &dst)) return -ENOMEM;
        if (!old_len) e = mm_dup_shared(mm, addr, dst, new_len);
        else e = mm_remap(mm, addr, old_len, dst, new_len - old_len, keep);
        return e ? e : (i128)dst;
    }

    if (old_len >= new_len) {
        if (old_len > new_len && addr < task && old_len - new_len <= task - (addr + new_len) &&
            !mm_is_free(mm, addr + new_len, old_len - new_len))
            mm_unmap(mm, addr + new_len, old_len - new_len);
        return (i128)addr;
    }
    if ((e = mm_vma_end(mm, addr, &vend))) return e;
    if (old_len > vend - addr) return -EFAULT;
    if (old_len && old_len == vend - addr && new_len <= task - addr &&
        mm_is_free(mm, addr + old_len, new_len - old_len)) {
        e = mm_remap(mm, addr, old_len, addr, new_len - old_len, false);
        return e ? e : (i128)addr;
    }
    if (!(flags & ZL_MREMAP_MAYMOVE)) return -ENOMEM;
    u128 dst;
    if (place(p, 0, new_len, &dst)) return -ENOMEM;
    if (!old_len) e = mm_dup_shared(mm, addr, dst, new_len);
    else e = mm_remap(mm, addr, old_len, dst, new_len - old_len, false);
    return e ? e : (i128)dst;
}

/* riscv_flush_icache(start, end, flags): every thread's translated code of the process is
 * dropped (the range is not looked at: the block caches are flushed whole); with
 * SYS_RISCV_FLUSH_ICACHE_LOCAL only the caller's, as fence.i does. */
i128 sys_riscv_flush_icache(struct task *p, const u128 *a)
{
    if (a[2] & ~(u128)ZL_SYS_RISCV_FLUSH_ICACHE_LOCAL) return -EINVAL;
    if (a[2]) {
        hart_flush_code(&p->hart);
        return 0;
    }
    mm_code_changed(&p->proc->mm);
    threads_kick_others(p);
    return 0;
}
