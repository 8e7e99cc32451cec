/* The ELF program loader: maps a static or static-PIE executable of any class into a
 * fresh address space and builds the initial stack and registers exactly as Linux does
 * (docs/abi.md §9 for rv128; shared/ref/linux-riscv-user-abi.md §3 for rv64/rv32). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "elf/elf.h"
#include "run/proc.h"
#include "zl_abi.h"
#include "run/procfs.h"

#define PAGE ((u128)4096)
#define MMAP_MIN ((u128)0x10000)
#define STACK_SIZE ((u128)8 << 20)     /* RLIMIT_STACK's usual 8 MiB */

static int fail(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
    return -1;
}

static u128 page_down(u128 a) { return a & ~(PAGE - 1); }
static u128 page_up(u128 a) { return (a + PAGE - 1) & ~(PAGE - 1); }

static int seg_prot(u32 flags)
{
    return ((flags & PF_R) ? PROT_READ : 0) | ((flags & PF_W) ? PROT_WRITE : 0) |
           ((flags & PF_X) ? PROT_EXEC : 0);
}

/* Little-endian store of an XLEN-wide word into a host buffer. */
static void put_word(u8 *p, int xlen, u128 v)
{
    for (int i = 0; i < xlen / 8; i++) p[i] = (u8)(v >> (8 * i));
}

struct auxv { u128 key, val; };

static int build_stack(struct task *p, const char *path, char *const argv[],
                       char *const envp[], const struct auxv *aux_in, size_t naux_in,
                       u128 *sp_out, char *err, size_t errlen)
{
    const int W = p->proc->lay.xlen / 8;
    size_t argc = 0, envc = 0, strsz = 0, envstrsz = 0;
    for (; argv[argc]; argc++) strsz += strlen(argv[argc]) + 1;
    for (; envp[envc]; envc++) envstrsz += strlen(envp[envc]) + 1;
    strsz += envstrsz;
    size_t pathsz = strlen(path) + 1;
    if (strsz + pathsz > (size_t)(STACK_SIZE / 4))
        return fail(err, errlen, "argument list too long");

    u128 top = p->proc->lay.stack_top;
    u128 lo = top - STACK_SIZE;
    int e = mm_map(&p->proc->mm, lo, STACK_SIZE, PROT_READ | PROT_WRITE);
    if (e) return fail(err, errlen, "cannot map the stack: %s", strerror(-e));

    /* strings: argv block, envp block, file name, then one zero word at the top */
    u128 a = top - (u128)W;
    a -= pathsz;
    u128 execfn = a;
    a -= strsz;
    u128 strings = a;
    a &= ~(u128)15;
    a -= 16;
    u128 at_random = a;

    struct auxv aux[32];
    size_t naux = 0;
    for (size_t i = 0; i < naux_in; i++) aux[naux++] = aux_in[i];
    aux[naux++] = (struct auxv){ ZL_AT_RANDOM, at_random };
    aux[naux++] = (struct auxv){ ZL_AT_EXECFN, execfn };
    aux[naux++] = (struct auxv){ ZL_AT_NULL, 0 };

    size_t words = 1 + argc + 1 + envc + 1 + 2 * naux;
    u128 sp = (a - (u128)words * (u128)W) & ~(u128)15;
    size_t blocksz = (size_t)(top - sp);
    u8 *buf = calloc(1, blocksz);
    if (!buf) return fail(err, errlen, "out of memory");
#define AT(addr) (buf + (size_t)((addr) - sp))
    u128 s = strings;
    u8 *w = AT(sp);
    put_word(w, W * 8, argc); w += W;
    for (size_t i = 0; i < argc; i++) {
        size_t n = strlen(argv[i]) + 1;
        memcpy(AT(s), argv[i], n);
        put_word(w, W * 8, s); w += W;
        s += n;
    }
    w += W;                                   /* argv NULL */
    for (size_t i = 0; i < envc; i++) {
        size_t n = strlen(envp[i]) + 1;
        memcpy(AT(s), envp[i], n);
        put_word(w, W * 8, s); w += W;
        s += n;
    }
    w += W;                                   /* envp NULL */
    p->proc->arg_start = strings;
    p->proc->env_start = p->proc->arg_end = s - envstrsz;
    p->proc->env_end = s;
    p->proc->start_stack = sp;
    p->proc->auxv_addr = sp + (u128)(w - AT(sp));
    p->proc->auxv_size = (u128)naux * 2 * (u128)W;
    for (size_t i = 0; i < naux; i++) {
        put_word(w, W * 8, aux[i].key); w += W;
        put_word(w, W * 8, aux[i].val); w += W;
    }
    memcpy(AT(execfn), path, pathsz);
    u8 rnd[16];
    if (getrandom(rnd, sizeof rnd, 0) != (ssize_t)sizeof rnd) memset(rnd, 0x5a, sizeof rnd);
    memcpy(AT(at_random), rnd, sizeof rnd);
#undef AT
    bool ok = mm_poke(&p->proc->mm, sp, buf, blocksz);
    free(buf);
    if (!ok) return fail(err, errlen, "cannot write the initial stack");
    *sp_out = sp;
    return 0;
}

static int load_file(struct task *p, const char *path, const char *name, struct elf_file *f,
                     char *const argv[], char *const envp[], char *err, size_t errlen);

int proc_load(struct task *p, const char *path, const char *name, char *const argv[],
              char *const envp[], char *err, size_t errlen)
{
    struct elf_err ee;
    struct elf_file *f = elf_open(path, ELF_READ_PHDRS_ONLY, &ee);
    if (!f) return fail(err, errlen, "%s", ee.msg);
    return load_file(p, path, name ? name : path, f, argv, envp, err, errlen);
}

int proc_load_image(struct task *p, const char *name, const void *data, size_t size,
                    char *const argv[], char *const envp[], char *err, size_t errlen)
{
    struct elf_err ee;
    struct elf_file *f = elf_read(data, size, ELF_READ_PHDRS_ONLY, &ee);
    if (!f) return fail(err, errlen, "%s", ee.msg);
    return load_file(p, name, name, f, argv, envp, err, errlen);
}

/* What validation learns about the loadable segments. */
struct image_span {
    int xlen;
    u128 lo, hi, max_align;
    bool exec_stack;
};

/* Check everything about the image that can be checked before the address space is
 * touched: the header, and that the loadable segments are sane, fit in the address
 * space and in the file. */
static int validate(struct elf_file *f, struct layout *lay, bool no_random,
                    struct image_span *sp, char *err, size_t errlen)
{
    const struct elf_ehdr *eh = elf_header(f);
    int xlen = eh->cls == ELFCLASS32 ? 32 : eh->cls == ELFCLASS64 ? 64 : 128;
    if (eh->machine != EM_RISCV)
        return fail(err, errlen, "not a RISC-V executable (e_machine %u)", eh->machine);
    if (eh->type != ET_EXEC && eh->type != ET_DYN) {
        const char *t = elf_et_name(eh->type);
        return fail(err, errlen, "not an executable (ELF type %s)", t ? t : "unknown");
    }
    if (eh->flags & EF_RISCV_RVE)
        return fail(err, errlen, "RV32E/RV64E executables are not supported");
    if (layout_init(lay, xlen, no_random))
        return fail(err, errlen, "getrandom failed: %s", strerror(errno));

    u128 lo = 0, hi = 0, max_align = PAGE, prev_end = 0;
    u32 nload = 0;
    bool exec_stack = false;
    for (u32 i = 0; i < elf_phnum(f); i++) {
        const struct elf_phdr *ph = elf_phdr(f, i);
        if (ph->type == PT_INTERP)
            return fail(err, errlen, "dynamically linked executables are not supported "
                                     "(PT_INTERP); link with -static");
        if (ph->type == PT_GNU_STACK) exec_stack = (ph->flags & PF_X) != 0;
        if (ph->type != PT_LOAD || ph->memsz == 0) continue;
        if (ph->filesz > ph->memsz)
            return fail(err, errlen, "segment %u: file size larger than memory size", i);
        if (ph->vaddr + ph->memsz < ph->vaddr || ph->vaddr + ph->memsz > lay->task_size)
            return fail(err, errlen, "segment %u: does not fit in the %d-bit user address "
                                     "space", i, xlen);
        if ((ph->vaddr & (PAGE - 1)) != (ph->offset & (PAGE - 1)))
            return fail(err, errlen, "segment %u: offset and address are not congruent "
                                     "modulo the page size", i);
        if (nload && ph->vaddr < prev_end)
            return fail(err, errlen, "segment %u: overlaps or precedes the previous segment", i);
        const u8 *data;
        usize size;
        if (elf_segment_data(f, i, &data, &size) != 0 || size < (usize)ph->filesz)
            return fail(err, errlen, "segment %u extends beyond the end of the file", i);
        if (!nload) lo = page_down(ph->vaddr);
        prev_end = ph->vaddr + ph->memsz;
        hi = page_up(prev_end);
        if (ph->align > max_align && !(ph->align & (ph->align - 1))) max_align = ph->align;
        nload++;
    }
    if (!nload) return fail(err, errlen, "no loadable segments");
    *sp = (struct image_span){ xlen, lo, hi, max_align, exec_stack };
    return 0;
}

int proc_check_exec(const char *path, char *err, size_t errlen)
{
    struct elf_err ee;
    struct elf_file *f = elf_open(path, ELF_READ_PHDRS_ONLY, &ee);
    if (!f) return fail(err, errlen, "%s", ee.msg);
    struct layout lay;
    struct image_span sp;
    int rc = validate(f, &lay, true, &sp, err, errlen);
    elf_close(f);
    return rc;
}

/* path: the file (what /proc/self/exe shows); name: AT_EXECFN and the process name. */
static int load_file(struct task *p, const char *path, const char *name, struct elf_file *f,
                     char *const argv[], char *const envp[], char *err, size_t errlen)
{
    int rc = -1;
    const struct elf_ehdr *eh = elf_header(f);
    struct image_span img;
    if (validate(f, &p->proc->lay, p->proc->opt.no_random, &img, err, errlen)) goto out;
    mm_init(&p->proc->mm, p->proc->lay.task_size);
    /* RV32's and RV64's user addresses fit the host's: guest memory sits at a fixed host
     * offset, which the translator accesses directly (exec/mm.h; without it, through the
     * TLB).  RV128's do not; its low ones, where a non-PIE image and its brk heap lie,
     * get such a window (RV128_WINDOW_SPAN), the rest goes through the TLB. */
    if (img.xlen <= 64) mm_window(&p->proc->mm);
    else mm_window_low(&p->proc->mm, RV128_WINDOW_SPAN);
    int xlen = img.xlen;
    u128 lo = img.lo, hi = img.hi, max_align = img.max_align;
    bool exec_stack = img.exec_stack;

    /* Choose the load bias. */
    u128 bias = 0;
    if (eh->type == ET_DYN) {
        u128 span = hi - lo, base;
        if (xlen == 128) {
            base = p->proc->lay.pie_base & ~(max_align - 1);
        } else {
            if (span >= p->proc->lay.mmap_base) {
                fail(err, errlen, "executable too large for the address space");
                goto out;
            }
            base = (p->proc->lay.mmap_base - span) & ~(max_align - 1);
            p->proc->lay.mmap_base = base;      /* later mappings go below the image */
        }
        bias = base - lo;
        hi += bias;
        lo += bias;
    } else if (lo < MMAP_MIN || (xlen == 128 && hi > ((u128)1 << 114))) {
        fail(err, errlen, "segments outside the executable area [0x10000, %s)",
             xlen == 128 ? "2^114" : "TASK_SIZE");
        goto out;
    }
    if (hi > p->proc->lay.task_size) {
        fail(err, errlen, "executable does not fit in the address space");
        goto out;
    }

    /* Map and fill: a page shared by two segments gets the union of their rights. */
    u128 mapped_end = 0, entry = eh->entry + bias, phdr_addr = 0;
    int prev_prot = 0;
    bool entry_ok = false;
    for (u32 i = 0; i < elf_phnum(f); i++) {
        const struct elf_phdr *ph = elf_phdr(f, i);
        if (ph->type == PT_PHDR) phdr_addr = ph->vaddr + bias;
        if (ph->type != PT_LOAD || ph->memsz == 0) continue;
        u128 va = ph->vaddr + bias;
        u128 ps = page_down(va), pe = page_up(va + ph->memsz);
        int prot = seg_prot(ph->flags);
        if (ps < mapped_end) {
            int e = mm_protect(&p->proc->mm, ps, mapped_end - ps, prot | prev_prot);
            if (e) { fail(err, errlen, "segment %u: %s", i, strerror(-e)); goto out; }
            ps = mapped_end;
        }
        if (pe > ps) {
            int e = mm_map(&p->proc->mm, ps, pe - ps, prot);
            if (e) { fail(err, errlen, "segment %u: cannot map: %s", i, strerror(-e)); goto out; }
        }
        mapped_end = pe;
        prev_prot = prot;
        const u8 *data;
        usize size;
        if (elf_segment_data(f, i, &data, &size) != 0) {
            fail(err, errlen, "segment %u extends beyond the end of the file", i);
            goto out;
        }
        if (ph->filesz && !mm_poke(&p->proc->mm, va, data, (size_t)ph->filesz)) {
            fail(err, errlen, "segment %u: cannot write", i);
            goto out;
        }
        procfs_note_segment(p, va, ph->filesz, ph->offset, prot);
        if (!phdr_addr && eh->phoff >= ph->offset &&
            eh->phoff + (u128)eh->phnum * eh->phentsize <= ph->offset + ph->filesz)
            phdr_addr = va + (eh->phoff - ph->offset);
        if ((ph->flags & PF_X) && entry >= va && entry < va + ph->memsz) entry_ok = true;
    }
    if (!entry_ok) {
        fail(err, errlen, "entry point outside any executable segment");
        goto out;
    }

    p->proc->mm.brk_start = p->proc->mm.brk_cur = hi + (p->proc->opt.no_random ? 0 : p->proc->lay.brk_rnd);

    u128 hwcap = 0;
    for (const char *c = "imafdc"; *c; c++) hwcap |= (u128)1 << (*c - 'a');
    const struct auxv aux[] = {
        /* the signal frame (docs/abi.md §11.3), as Linux's get_rt_frame_size() */
        { ZL_AT_MINSIGSTKSZ, zl_sizeof(xlen == 32 ? ZL_RV32 : xlen == 64 ? ZL_RV64 : ZL_RV128,
                                       ZL_T_rt_sigframe) },
        { ZL_AT_HWCAP, hwcap },
        { ZL_AT_PAGESZ, 4096 },
        { ZL_AT_CLKTCK, 100 },
        { ZL_AT_PHDR, phdr_addr },
        { ZL_AT_PHENT, eh->phentsize },
        { ZL_AT_PHNUM, eh->phnum },
        { ZL_AT_BASE, 0 },
        { ZL_AT_FLAGS, 0 },
        { ZL_AT_ENTRY, entry },
        { ZL_AT_UID, getuid() },
        { ZL_AT_EUID, geteuid() },
        { ZL_AT_GID, getgid() },
        { ZL_AT_EGID, getegid() },
        { ZL_AT_SECURE, 0 },
    };
    u128 sp = 0;
    if (build_stack(p, name, argv, envp, aux, sizeof aux / sizeof aux[0], &sp, err, errlen))
        goto out;
    if (exec_stack) {
        u128 slo = p->proc->lay.stack_top - STACK_SIZE;
        mm_protect(&p->proc->mm, slo, STACK_SIZE, PROT_READ | PROT_WRITE | PROT_EXEC);
    }

    hart_init(&p->hart, xlen, &p->proc->mm, &linux_ops);
    p->hart.os = p;
    /* no translator for this host: the interpreter runs it (docs/zl-run.md) */
    hart_set_engine(&p->hart, p->proc->opt.engine);
    hart_set_x(&p->hart, 2, sp);
    hart_resume_at(&p->hart, entry);
    p->proc->exe_path = name;
    procfs_note_exe(p, path, name);
    rc = 0;
out:
    elf_close(f);
    return rc;
}
