/* The guest's /proc/<pid>.
 *
 * The guest's pid is zl-run's, so the host's /proc/<pid> is the guest's directory, but
 * some of its entries describe the emulator: its memory (mem, maps, smaps, pagemap,
 * map_files), its auxiliary vector, argv and environment, its executable.  Those are
 * answered here from the guest's state or refused.
 *
 * Which entry a path names is decided by the host kernel's own lookup, not by reading
 * the string: the path is opened O_PATH (as openat would resolve it: dirfd, the cwd,
 * "//", ".", "..", symlinks, /proc/self, /proc/thread-self, task/<tid>) and the result
 * is asked whether it lies on procfs below /proc/<our pid>.
 *
 * Text entries are generated at open time into a memfd, reopened read-only, so read,
 * lseek, fstat and mmap work as on any file.  /proc/self/mem needs live access at
 * offsets up to 2^128: the descriptor is an empty, sealed memfd opened with the guest's
 * access mode, and a table here maps it to a shared "open file" holding the offset; the
 * I/O calls consult the table (procfs_is_mem) before they touch the host descriptor. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "run/procfs.h"
#include "run/sys.h"
#include "zl_abi.h"

#define PROC_MAGIC 0x9fa0               /* PROC_SUPER_MAGIC */
#define PAGE ((u128)4096)
#define MAX_RW ((u128)0x7ffff000)       /* MAX_RW_COUNT */
#define MAX_SEGS 16

struct memfile {                        /* an open file description of mem */
    u128 pos;
    unsigned refs;
    int acc;                            /* O_RDONLY, O_WRONLY or O_RDWR */
};

struct memfd {
    int fd;
    dev_t dev;                          /* the memfd's, to catch a descriptor we missed closing */
    ino_t ino;
    struct memfile *f;
};

struct procfs {
    char *exe;                          /* the guest program, absolute if it could be resolved */
    dev_t exe_dev, host_dev;            /* it and zl-run's own executable */
    ino_t exe_ino, host_ino;
    struct { u128 start, end, off; } seg[MAX_SEGS];     /* file-backed pages of the image */
    int nseg;
    u128 start_code, end_code, start_data, end_data;
    u8 *auxv;                           /* the auxiliary vector at exec */
    size_t auxv_len;
    struct memfd *mem;
    size_t nmem, capmem;
};

static struct procfs *state(struct task *p)
{
    if (!p->proc->procfs) {
        p->proc->procfs = calloc(1, sizeof *p->proc->procfs);
        if (p->proc->procfs) p->proc->procfs->start_code = ~(u128)0;
    }
    return p->proc->procfs;
}

/* ---- loader notes ------------------------------------------------------------------ */

void procfs_note_segment(struct task *p, u128 va, u128 filesz, u128 off, int prot)
{
    struct procfs *s = state(p);
    if (!s) return;
    /* as Linux's load_elf_binary computes mm->start_code .. end_data */
    if ((prot & PROT_EXEC) && va < s->start_code) s->start_code = va;
    if ((prot & PROT_EXEC) && va + filesz > s->end_code) s->end_code = va + filesz;
    if (va > s->start_data) s->start_data = va;
    if (va + filesz > s->end_data) s->end_data = va + filesz;
    if (!filesz || s->nseg == MAX_SEGS) return;
    u128 start = va & ~(PAGE - 1);
    s->seg[s->nseg].start = start;
    s->seg[s->nseg].end = (va + filesz + PAGE - 1) & ~(PAGE - 1);
    s->seg[s->nseg].off = off - (va - start);
    s->nseg++;
}

void procfs_note_exe(struct task *p, const char *path, const char *name)
{
    struct procfs *s = state(p);
    if (!s) return;
    /* a file without a path (execveat of a memfd or a deleted file, given as
     * /proc/self/fd/N) is named as Linux names it: what the descriptor's link says */
    char *real = realpath(path, NULL), link[PATH_MAX];
    ssize_t n;
    if (!real && (n = readlink(path, link, sizeof link - 1)) > 0) {
        link[n] = 0;
        real = strdup(link);
    }
    free(s->exe);
    s->exe = real ? real : strdup(path);
    free(s->auxv);
    s->auxv_len = (size_t)p->proc->auxv_size;
    s->auxv = malloc(s->auxv_len ? s->auxv_len : 1);
    if (s->auxv && !mm_read(&p->proc->mm, p->proc->auxv_addr, s->auxv, s->auxv_len, NULL)) s->auxv_len = 0;
    if (!s->auxv) s->auxv_len = 0;
    struct stat st;
    if (!stat(path, &st)) {
        s->exe_dev = st.st_dev;
        s->exe_ino = st.st_ino;
    }
    if (p->proc->self_exe && !stat(p->proc->self_exe, &st)) {
        s->host_dev = st.st_dev;
        s->host_ino = st.st_ino;
    }
    /* The process's name is the program's, as exec gives it (the kernel keeps 15 bytes);
     * comm, stat and status then show it, as does PR_GET_NAME. */
    const char *base = strrchr(name, '/');
    prctl(PR_SET_NAME, (unsigned long)(base ? base + 1 : name), 0UL, 0UL, 0UL);
}

const char *procfs_exe(struct task *p)
{
    return p->proc->procfs && p->proc->procfs->exe ? p->proc->procfs->exe : p->proc->exe_path;
}

/* ---- what a path names --------------------------------------------------------------- */

/* If the object open as fd lies on procfs below /proc/<pid> or /proc/<pid>/task/<tid>,
 * the pid's digits go to pid (NUL-terminated) and the path below that directory ("" for
 * the directory itself) to rest. */
static bool proc_entry(int fd, char pid[16], char *rest, size_t size)
{
    struct statfs sfs;
    if (fstatfs(fd, &sfs) || sfs.f_type != PROC_MAGIC) return false;
    char link[40], path[PATH_MAX];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, sizeof path - 1);
    if (n <= 0) return false;
    path[n] = 0;
    if (strncmp(path, "/proc/", 6)) return false;
    const char *s = path + 6;
    size_t k = strspn(s, "0123456789");
    if (!k || k > 15 || (s[k] && s[k] != '/')) return false;
    memcpy(pid, s, k);
    pid[k] = 0;
    s += k;
    if (!strncmp(s, "/task/", 6)) {
        size_t d = strspn(s + 6, "0123456789");
        if (d && (!s[6 + d] || s[6 + d] == '/')) s += 6 + d;
    }
    if (*s == '/') s++;
    if (strlen(s) >= size) return false;
    strcpy(rest, s);
    return true;
}

/* Whether a /proc/<pid> is ours: our pid, or the tid of one of our threads (Linux gives
 * every thread one, and every host thread of this process is one of the guest's). */
static bool own_pid(const char *pid)
{
    char task[64];
    snprintf(task, sizeof task, "/proc/self/task/%s", pid);
    return (int)strtol(pid, NULL, 10) == (int)getpid() || !access(task, F_OK);
}

static bool own_entry(int fd, char *rest, size_t size)
{
    char pid[16];
    return proc_entry(fd, pid, rest, size) && own_pid(pid);
}

static bool is_file(int fd, dev_t dev, ino_t ino)
{
    struct stat st;
    return ino && !fstat(fd, &st) && st.st_dev == dev && st.st_ino == ino;
}

/* Whether the object open as fd is an entry of another process's /proc/<pid> whose
 * executable is zl-run: another guest, whose host view (its emulator's memory and layout)
 * this guest must never reach.  Its entry name goes to rest.  The host grants access to
 * another process's /proc by uid and ptrace rules (a parent may write its child's mem),
 * which know nothing of guests. */
static bool emulator_entry(const struct procfs *s, int fd, char *rest, size_t size)
{
    char pid[16], exe[40];
    struct stat st;
    if (!s || !s->host_ino || !proc_entry(fd, pid, rest, size) || own_pid(pid)) return false;
    snprintf(exe, sizeof exe, "/proc/%s/exe", pid);
    return !stat(exe, &st) && st.st_dev == s->host_dev && st.st_ino == s->host_ino;
}

/* Entries of another guest's /proc/<pid> that show or change its emulator: Linux
 * refuses them with EACCES to a process without ptrace access to the target, which is
 * what every guest is towards another emulator. */
static int refused_other(const char *rest)
{
    static const char *const eacces[] = { "mem", "maps", "smaps", "smaps_rollup", "numa_maps",
                                          "pagemap", "map_files", "auxv", "environ",
                                          "syscall", "stack", "clear_refs", "personality" };
    size_t n = strcspn(rest, "/");
    for (size_t i = 0; i < sizeof eacces / sizeof eacces[0]; i++)
        if (strlen(eacces[i]) == n && !strncmp(rest, eacces[i], n)) return -EACCES;
    return 0;
}

/* Entries that would show or change the emulator and are not emulated. */
static int refused(const char *rest)
{
    static const char *const eacces[] = { "pagemap", "map_files", "numa_maps", "syscall",
                                          "stack", "clear_refs" };
    size_t n = strcspn(rest, "/");
    for (size_t i = 0; i < sizeof eacces / sizeof eacces[0]; i++)
        if (strlen(eacces[i]) == n && !strncmp(rest, eacces[i], n)) return -EACCES;
    if (n == 11 && !strncmp(rest, "arch_status", n)) return -ENOENT;  /* x86 only */
    return 0;
}

/* Whether fd is open on the memfd behind one of our mem descriptors. */
static bool is_mem_file(const struct procfs *s, int fd)
{
    for (size_t i = 0; s && i < s->nmem; i++)
        if (is_file(fd, s->mem[i].dev, s->mem[i].ino)) return true;
    return false;
}

enum { NOT_OURS, OWN_ENTRY, HOST_EXE, OTHER_EMULATOR };

/* Resolve path as openat(dirfd, path) would (an empty path names dirfd itself, as
 * readlinkat takes it).  OWN_ENTRY: an entry of our /proc/<pid>, named in rest.  A
 * final symlink that is followed is judged by its target: /proc/self/fd/N of a
 * descriptor open on an entry is that entry ("mem" for one of our mem descriptors),
 * and /proc/self/exe, or any chain of links ending at zl-run's own executable, is
 * HOST_EXE: the guest meant its own program. */
static int resolve(struct task *p, int dirfd, const char *path, bool follow, char *rest,
                   size_t size)
{
    if (!*path) return dirfd >= 0 && own_entry(dirfd, rest, size) ? OWN_ENTRY : NOT_OURS;
    int fd = openat(dirfd, path, O_PATH | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) return NOT_OURS;
    const struct procfs *s = p->proc->procfs;
    int r = own_entry(fd, rest, size)                ? OWN_ENTRY
            : emulator_entry(s, fd, rest, size)      ? OTHER_EMULATOR
                                                     : NOT_OURS;
    struct stat st;
    if (follow && !(r == OWN_ENTRY && refused(rest)) && !(r == OTHER_EMULATOR && refused_other(rest)) &&
        !fstat(fd, &st) && S_ISLNK(st.st_mode)) {
        bool exe = r == OWN_ENTRY && !strcmp(rest, "exe");
        int t = openat(dirfd, path, O_PATH | O_CLOEXEC);
        r = NOT_OURS;
        if (t >= 0 && own_entry(t, rest, size)) r = OWN_ENTRY;
        else if (t >= 0 && emulator_entry(s, t, rest, size)) r = OTHER_EMULATOR;
        else if (exe || (t >= 0 && s && is_file(t, s->host_dev, s->host_ino)))
            r = HOST_EXE;
        else if (t >= 0 && is_mem_file(s, t) && size > 3) {
            strcpy(rest, "mem");
            r = OWN_ENTRY;
        }
        if (t >= 0) close(t);
    }
    close(fd);
    return r;
}

bool procfs_names_exe(struct task *p, const char *path)
{
    const char *base = strrchr(path, '/');
    char rest[8];
    return !strcmp(base ? base + 1 : path, "exe") &&
           resolve(p, AT_FDCWD, path, false, rest, sizeof rest) == OWN_ENTRY && !strcmp(rest, "exe");
}

/* ---- guest memory, ignoring the guest's rights (FOLL_FORCE) ------------------------- */

/* Copy between guest memory at addr and buf, as /proc/pid/mem does: any mapped page may
 * be read, any page whose mapping could be made writable may be written (a read-only
 * shared file mapping cannot).  Returns the bytes done before the first page that could
 * not be. */
static size_t force_copy(struct task *p, u128 addr, void *buf, size_t n, bool write)
{
    size_t done = 0;
    while (done < n) {
        const struct mm_region *r = mm_find(&p->proc->mm, addr + done);
        if (!r || (write && !(r->max_prot & PROT_WRITE))) break;
        u128 avail = r->end - (addr + done);
        size_t k = avail < n - done ? (size_t)avail : n - done;
        /* (the host's protection of the window mirrors the guest's rights: lifted for it) */
        if (!mm_host_force(&p->proc->mm, r, addr + done, (u8 *)buf + done, k, write)) break;
        if (write && (r->prot & PROT_EXEC)) mm_code_changed(&p->proc->mm);  /* translations are stale */
        done += k;
    }
    return done;
}

/* ---- /proc/self/mem -------------------------------------------------------------------- */

static u128 offset_mask(const struct task *p)
{
    return p->proc->lay.xlen == 128 ? ~(u128)0 : (u128)UINT64_MAX;     /* loff_t */
}

static struct memfd *mem_find(struct procfs *s, int fd)
{
    for (size_t i = 0; s && i < s->nmem; i++)
        if (s->mem[i].fd == fd) return &s->mem[i];
    return NULL;
}

static void mem_drop(struct procfs *s, struct memfd *m)
{
    if (!--m->f->refs) free(m->f);
    *m = s->mem[--s->nmem];
}

static int mem_add(struct procfs *s, int fd, dev_t dev, ino_t ino, struct memfile *f)
{
    if (s->nmem == s->capmem) {
        size_t cap = s->capmem ? 2 * s->capmem : 4;
        struct memfd *n = realloc(s->mem, cap * sizeof *n);
        if (!n) return -ENOMEM;
        s->mem = n;
        s->capmem = cap;
    }
    s->mem[s->nmem++] = (struct memfd){ fd, dev, ino, f };
    f->refs++;
    return 0;
}

bool procfs_is_mem(struct task *p, int fd)
{
    struct procfs *s = p->proc->procfs;
    if (!s || !s->nmem) return false;
    struct memfd *m = mem_find(s, fd);
    if (!m) return false;
    struct stat st;
    if (fstat(fd, &st) || st.st_dev != m->dev || st.st_ino != m->ino) {
        mem_drop(s, m);
        return false;
    }
    return true;
}

void procfs_fd_closed(struct task *p, unsigned lo, unsigned hi)
{
    struct procfs *s = p->proc->procfs;
    for (size_t i = 0; s && i < s->nmem;) {
        if ((unsigned)s->mem[i].fd >= lo && (unsigned)s->mem[i].fd <= hi) mem_drop(s, &s->mem[i]);
        else i++;
    }
}

void procfs_fd_dup(struct task *p, int oldfd, int newfd)
{
    struct procfs *s = p->proc->procfs;
    if (!s || !s->nmem || oldfd == newfd) return;
    procfs_fd_closed(p, (unsigned)newfd, (unsigned)newfd);
    struct memfd *m = mem_find(s, oldfd);
    if (m) mem_add(s, newfd, m->dev, m->ino, m->f);
}

/* Reopen fd (closed here) through /proc/self/fd with flags: a description of its own,
 * e.g. read-only. */
static int reopen(int fd, int flags)
{
    char link[40];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    int r = open(link, flags);
    int e = errno;
    close(fd);
    errno = e;
    return r;
}

static i128 open_mem(struct task *p, int flags)
{
    struct procfs *s = state(p);
    int acc = flags & O_ACCMODE;
    if (!s) return -ENOMEM;
    if (acc == O_ACCMODE) return -EINVAL;
    struct memfile *f = calloc(1, sizeof *f);
    int fd = memfd_create("mem", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (!f || fd < 0) {
        free(f);
        if (fd >= 0) close(fd);
        return -ENOMEM;
    }
    /* what reaches the host object directly (sendfile, mmap, another process) finds an
     * empty file that cannot grow */
    fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL);
    fd = reopen(fd, acc | (flags & (O_CLOEXEC | O_NONBLOCK)));
    struct stat st;
    if (fd < 0 || fstat(fd, &st) || mem_add(s, fd, st.st_dev, st.st_ino, f)) {
        i128 e = fd < 0 ? -errno : -ENOMEM;
        if (fd >= 0) close(fd);
        free(f);
        return e;
    }
    f->acc = acc;
    return fd;
}

/* One transfer at *addr, page by page as Linux's mem_rw: -EIO if the first page is not
 * accessible, -EFAULT if the caller's buffer is not. */
static i128 mem_xfer(struct task *p, u128 buf, u128 len, bool read, u128 *addr)
{
    u8 page[4096];
    i128 copied = 0;
    if (len > MAX_RW) len = MAX_RW;
    while (len) {
        size_t k = (size_t)(PAGE - (*addr & (PAGE - 1)));
        if (k > len) k = (size_t)len;
        if (!read && get_guest(p, buf, page, k)) return -EFAULT;
        if (force_copy(p, *addr, page, k, !read) != k) return copied ? copied : -EIO;
        if (read && put_guest(p, buf, page, k)) return -EFAULT;
        buf += k;
        len -= k;
        copied += (i128)k;
        *addr = (*addr + k) & offset_mask(p);
    }
    return copied;
}

static struct memfile *mem_file(struct task *p, int fd, bool read)
{
    struct memfile *f = mem_find(p->proc->procfs, fd)->f;
    return f->acc == (read ? O_WRONLY : O_RDONLY) ? NULL : f;
}

i128 procfs_mem_rw(struct task *p, int fd, u128 buf, u128 len, bool read, const u128 *pos)
{
    struct memfile *f = mem_file(p, fd, read);
    if (!f) return -EBADF;
    u128 at = (pos ? *pos : f->pos) & offset_mask(p);
    i128 r = mem_xfer(p, buf, len, read, &at);
    if (!pos) f->pos = at;
    return r;
}

/* readv and friends: Linux checks the whole vector first, then runs the file's read or
 * write for each buffer, stopping at the first short or failed one. */
i128 procfs_mem_rwv(struct task *p, int fd, u128 iov, u128 cnt, bool read, const u128 *pos)
{
    struct memfile *f = mem_file(p, fd, read);
    if (!f) return -EBADF;
    if (cnt > 1024) return -EINVAL;
    int pers = sys_pers(p);
    unsigned gsz = zl_sizeof(pers, ZL_T_iovec);
    struct zl_iovec *v = malloc(((size_t)cnt + 1) * sizeof *v);
    if (!v) return -ENOMEM;
    i128 r = 0;
    for (u128 i = 0; i < cnt && !r; i++) {
        u8 g[ZL_MAXSIZE_iovec];
        r = get_guest(p, iov + i * gsz, g, gsz);
        if (!r) r = zl_iovec_g2n(pers, g, &v[i]);
        if (!r && (i128)v[i].iov_len < 0) r = -EINVAL;
    }
    u128 at = (pos ? *pos : f->pos) & offset_mask(p), total = 0;
    for (u128 i = 0; i < cnt && !r && total < MAX_RW; i++) {
        u128 want = v[i].iov_len < MAX_RW - total ? v[i].iov_len : MAX_RW - total;
        i128 n = mem_xfer(p, v[i].iov_base, want, read, &at);
        if (n < 0) {
            if (!total) r = n;
            break;
        }
        total += (u128)n;
        if ((u128)n < want) break;
    }
    free(v);
    if (!pos) f->pos = at;
    return r ? r : (i128)total;
}

i128 procfs_mem_lseek(struct task *p, int fd, i128 off, int whence)
{
    struct memfile *f = mem_find(p->proc->procfs, fd)->f;
    if (whence == SEEK_SET) f->pos = (u128)off & offset_mask(p);
    else if (whence == SEEK_CUR) f->pos = (f->pos + (u128)off) & offset_mask(p);
    else return -EINVAL;
    return (i128)f->pos;
}

void procfs_destroy(struct task *p)
{
    struct procfs *s = p->proc->procfs;
    if (!s) return;
    while (s->nmem) mem_drop(s, &s->mem[0]);
    free(s->mem);
    free(s->auxv);
    free(s->exe);
    free(s);
    p->proc->procfs = NULL;
}

/* ---- the guest's mappings as Linux would list them --------------------------------- */

struct hostmap {                        /* one line of the host's /proc/self/maps */
    unsigned long start, end;
    unsigned long long off, ino;
    unsigned maj, min;
    bool shared;
    const char *name;
};

struct vma {
    u128 start, end, off, rss;
    unsigned long long ino;
    unsigned maj, min;
    int prot, max_prot;
    bool shared;
    const char *name;
};

struct maps {
    struct task *p;
    bool want_rss;
    char *text;                         /* the host's maps, split into lines */
    struct hostmap *h;
    size_t nh;
    struct vma *v;
    size_t n, cap;
};

static char *slurp(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return NULL;
    size_t len = 0, cap = 16384;
    char *b = malloc(cap + 1);
    for (ssize_t k = 1; b && k > 0;) {
        if (len == cap) {
            char *nb = realloc(b, 2 * cap + 1);
            if (!nb) { free(b); b = NULL; break; }
            b = nb;
            cap *= 2;
        }
        k = read(fd, b + len, cap - len);
        if (k > 0) len += (size_t)k;
        if (k < 0) { free(b); b = NULL; }
    }
    close(fd);
    if (b) b[len] = 0;
    return b;
}

static void host_maps(struct maps *m)
{
    m->text = slurp("/proc/self/maps");
    size_t cap = 0;
    for (char *line = m->text; line && *line;) {
        char *nl = strchr(line, '\n');
        if (nl) *nl = 0;
        struct hostmap h = { 0 };
        char perm[8];
        int name_at = 0;
        if (sscanf(line, "%lx-%lx %7s %llx %x:%x %llu %n", &h.start, &h.end, perm, &h.off,
                   &h.maj, &h.min, &h.ino, &name_at) >= 7) {
            h.shared = perm[3] == 's';
            h.name = name_at ? line + name_at : "";
            if (m->nh == cap) {
                cap = cap ? 2 * cap : 256;
                struct hostmap *nh = realloc(m->h, cap * sizeof *nh);
                if (!nh) break;
                m->h = nh;
            }
            m->h[m->nh++] = h;
        }
        if (!nl) break;
        line = nl + 1;
    }
}

static const struct hostmap *host_find(const struct maps *m, const void *addr)
{
    uintptr_t a = (uintptr_t)addr;
    size_t lo = 0, hi = m->nh;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (m->h[mid].end <= a) lo = mid + 1;
        else hi = mid;
    }
    return lo < m->nh && m->h[lo].start <= a ? &m->h[lo] : NULL;
}

/* Host memory resident behind [host, host+len), in bytes. */
static u128 resident(const u8 *host, u128 len)
{
    unsigned char vec[16384];
    u128 pages = 0;
    for (u128 done = 0; done < len;) {
        u128 n = len - done < sizeof vec * PAGE ? len - done : sizeof vec * PAGE;
        if (mincore((void *)(host + (size_t)done), (size_t)n, vec)) break;
        for (size_t i = 0; i < (size_t)(n / PAGE); i++) pages += vec[i] & 1;
        done += n;
    }
    return pages * PAGE;
}

static const char *guest_file_name(const struct task *p, const char *name)
{
    size_t n = p->proc->opt.sysroot ? strlen(p->proc->opt.sysroot) : 0;
    if (n && !strncmp(name, p->proc->opt.sysroot, n) && name[n] == '/') return name + n;
    return name;
}

static void vma_add(struct maps *m, const struct vma *v)
{
    struct vma *l = m->n ? &m->v[m->n - 1] : NULL;
    if (l && l->end == v->start && l->prot == v->prot && l->max_prot == v->max_prot &&
        l->shared == v->shared && l->ino == v->ino && l->maj == v->maj && l->min == v->min &&
        (l->name == v->name || (l->name && v->name && !strcmp(l->name, v->name))) &&
        (!v->ino || l->off + (l->end - l->start) == v->off)) {
        l->end = v->end;
        l->rss += v->rss;
        return;
    }
    if (m->n == m->cap) {
        size_t cap = m->cap ? 2 * m->cap : 64;
        struct vma *nv = realloc(m->v, cap * sizeof *nv);
        if (!nv) return;
        m->v = nv;
        m->cap = cap;
    }
    m->v[m->n++] = *v;
}

static bool within(u128 a, u128 start, u128 end) { return a >= start && a < end; }

static int collect(const struct mm_region *r, void *arg)
{
    struct maps *m = arg;
    struct task *p = m->p;
    const struct procfs *s = p->proc->procfs;
    for (u128 a = r->start; a < r->end;) {
        struct vma v = { .start = a, .end = r->end, .prot = r->prot, .max_prot = r->max_prot };
        const u8 *host = r->host + (size_t)(a - r->start);
        int seg = -1;
        for (int i = 0; s && i < s->nseg; i++) {
            if (within(a, s->seg[i].start, s->seg[i].end)) seg = i;
            else if (s->seg[i].start > a && s->seg[i].start < v.end) v.end = s->seg[i].start;
        }
        if (seg >= 0) {             /* the program's image: copied from its file */
            if (s->seg[seg].end < v.end) v.end = s->seg[seg].end;
            v.off = s->seg[seg].off + (a - s->seg[seg].start);
            v.maj = major(s->exe_dev);
            v.min = minor(s->exe_dev);
            v.ino = s->exe_ino;
            v.name = s->exe;
        } else {
            const struct hostmap *h = host_find(m, host);
            if (h) v.shared = h->shared;
            if (h && h->ino) {      /* the guest's own mmap of a file (or shared memory) */
                v.off = h->off + ((uintptr_t)host - h->start);
                v.maj = h->maj;
                v.min = h->min;
                v.ino = h->ino;
                v.name = guest_file_name(p, h->name);
            } else if (p->proc->sigpage && within(p->proc->sigpage, a, v.end)) {
                v.name = "[sigpage]";
            } else if (within(p->proc->start_stack, a, v.end) || p->proc->start_stack == v.end) {
                v.name = "[stack]";
            } else if (a < p->proc->mm.brk_cur && v.end > p->proc->mm.brk_start) {
                v.name = "[heap]";
            }
        }
        if (m->want_rss) v.rss = resident(host, v.end - a);
        vma_add(m, &v);
        a = v.end;
    }
    return 0;
}

static void maps_load(struct maps *m, struct task *p, bool want_rss)
{
    memset(m, 0, sizeof *m);
    m->p = p;
    m->want_rss = want_rss;
    host_maps(m);
    mm_for_each(&p->proc->mm, collect, m);
}

static void maps_free(struct maps *m)
{
    free(m->text);
    free(m->h);
    free(m->v);
}

static int put_hex(char *b, u128 v, int width)
{
    char t[40];
    int n = 0;
    do t[n++] = "0123456789abcdef"[(unsigned)(v & 15)]; while (v >>= 4);
    while (n < width) t[n++] = '0';
    for (int i = 0; i < n; i++) b[i] = t[n - 1 - i];
    return n;
}

static int put_dec(char *b, u128 v)
{
    char t[48];
    int n = 0;
    do t[n++] = (char)('0' + (unsigned)(v % 10)); while (v /= 10);
    for (int i = 0; i < n; i++) b[i] = t[n - 1 - i];
    return n;
}

/* v in decimal, as a string in b (48 bytes) */
static const char *dec(char *b, u128 v)
{
    b[put_dec(b, v)] = 0;
    return b;
}

/* show_map_vma's line: the name starts in the column after 25 + 6 * sizeof(void *) - 1. */
static void vma_line(FILE *f, const struct task *p, const struct vma *v)
{
    char b[256];
    int n = put_hex(b, v->start, 8);
    b[n++] = '-';
    n += put_hex(b + n, v->end, 8);
    b[n++] = ' ';
    b[n++] = v->prot & PROT_READ ? 'r' : '-';
    b[n++] = v->prot & PROT_WRITE ? 'w' : '-';
    b[n++] = v->prot & PROT_EXEC ? 'x' : '-';
    b[n++] = v->shared ? 's' : 'p';
    b[n++] = ' ';
    n += put_hex(b + n, v->off, 8);
    b[n++] = ' ';
    n += put_hex(b + n, v->maj, 2);
    b[n++] = ':';
    n += put_hex(b + n, v->min, 2);
    b[n++] = ' ';
    n += put_dec(b + n, v->ino);
    b[n++] = ' ';
    if (v->name) {
        while (n < 25 + p->proc->lay.xlen / 8 * 6 - 1) b[n++] = ' ';
        b[n++] = ' ';
    }
    fwrite(b, 1, (size_t)n, f);
    if (v->name) fputs(v->name, f);
    fputc('\n', f);
}

static void kb_line(FILE *f, const char *key, u128 bytes)
{
    char b[48];
    fprintf(f, "%-16s%8s kB\n", key, dec(b, bytes >> 10));
}

static bool is_anon(const struct vma *v) { return !v->ino && !v->shared; }

static void gen_maps(struct task *p, FILE *f)
{
    struct maps m;
    maps_load(&m, p, false);
    for (size_t i = 0; i < m.n; i++) vma_line(f, p, &m.v[i]);
    maps_free(&m);
}

static void smaps_fields(FILE *f, u128 size, u128 rss, u128 anon)
{
    kb_line(f, "Size:", size);
    kb_line(f, "KernelPageSize:", PAGE);
    kb_line(f, "MMUPageSize:", PAGE);
    kb_line(f, "Rss:", rss);
    kb_line(f, "Pss:", rss);
    kb_line(f, "Anonymous:", anon);
    kb_line(f, "Swap:", 0);
    kb_line(f, "Locked:", 0);
}

static void gen_smaps(struct task *p, FILE *f)
{
    struct maps m;
    maps_load(&m, p, true);
    for (size_t i = 0; i < m.n; i++) {
        const struct vma *v = &m.v[i];
        vma_line(f, p, v);
        smaps_fields(f, v->end - v->start, v->rss, is_anon(v) ? v->rss : 0);
        static const struct { int bit; bool max; const char *name; } flags[] = {
            { PROT_READ, false, "rd" }, { PROT_WRITE, false, "wr" }, { PROT_EXEC, false, "ex" },
            { 0, false, "sh" }, { PROT_READ, true, "mr" }, { PROT_WRITE, true, "mw" },
            { PROT_EXEC, true, "me" }, { 0, true, "ms" },
        };
        fputs("VmFlags: ", f);
        for (size_t k = 0; k < sizeof flags / sizeof flags[0]; k++) {
            bool on = flags[k].bit ? ((flags[k].max ? v->max_prot : v->prot) & flags[k].bit)
                                   : v->shared;
            if (on) fprintf(f, "%s ", flags[k].name);
        }
        fputc('\n', f);
    }
    maps_free(&m);
}

static void gen_smaps_rollup(struct task *p, FILE *f)
{
    struct maps m;
    maps_load(&m, p, true);
    struct vma all = { .name = "[rollup]" };
    u128 size = 0, anon = 0;
    for (size_t i = 0; i < m.n; i++) {
        if (!i) all.start = m.v[i].start;
        all.end = m.v[i].end;
        all.rss += m.v[i].rss;
        anon += is_anon(&m.v[i]) ? m.v[i].rss : 0;
        size += m.v[i].end - m.v[i].start;
    }
    vma_line(f, p, &all);
    smaps_fields(f, size, all.rss, anon);
    maps_free(&m);
}

/* What status, statm and stat sum up. */
struct totals { u128 size, rss, rss_anon, rss_file, rss_shmem, data, stack, exe; };

static void totals(struct task *p, struct totals *t)
{
    struct maps m;
    maps_load(&m, p, true);
    memset(t, 0, sizeof *t);
    for (size_t i = 0; i < m.n; i++) {
        const struct vma *v = &m.v[i];
        u128 size = v->end - v->start;
        t->size += size;
        t->rss += v->rss;
        if (is_anon(v)) t->rss_anon += v->rss;
        else if (v->shared && v->name && (!strncmp(v->name, "/dev/zero", 9) ||
                                          !strncmp(v->name, "/memfd:", 7) ||
                                          !strncmp(v->name, "/SYSV", 5)))
            t->rss_shmem += v->rss;
        else t->rss_file += v->rss;
        bool stack = v->name && !strcmp(v->name, "[stack]");
        if (stack) t->stack += size;
        else if ((v->prot & PROT_WRITE) && !v->shared) t->data += size;
    }
    const struct procfs *s = p->proc->procfs;
    if (s && s->end_code > s->start_code)
        t->exe = ((s->end_code + PAGE - 1) & ~(PAGE - 1)) - (s->start_code & ~(PAGE - 1));
    maps_free(&m);
}

/* The guest's signal sets: blocked, ignored, caught (bit n-1 = signal n). */
static void sigsets(const struct task *p, u64 *blk, u64 *ign, u64 *cgt)
{
    *blk = p->sigmask;
    *ign = *cgt = 0;
    for (int s = 1; s <= 64; s++) {
        if (p->proc->sigact[s].handler == 1) *ign |= (u64)1 << (s - 1);
        else if (p->proc->sigact[s].handler > 1) *cgt |= (u64)1 << (s - 1);
    }
}

static void gen_status(struct task *p, FILE *f)
{
    char *host = slurp("/proc/self/status");
    struct totals t;
    totals(p, &t);
    u64 set[3];
    sigsets(p, &set[0], &set[1], &set[2]);
    static const char *const sig_keys[] = { "SigBlk", "SigIgn", "SigCgt" };
    const struct { const char *key; u128 bytes; } kb[] = {
        { "VmPeak", t.size }, { "VmSize", t.size }, { "VmLck", 0 }, { "VmPin", 0 },
        { "VmHWM", t.rss }, { "VmRSS", t.rss }, { "RssAnon", t.rss_anon },
        { "RssFile", t.rss_file }, { "RssShmem", t.rss_shmem }, { "VmData", t.data },
        { "VmStk", t.stack }, { "VmExe", t.exe }, { "VmLib", 0 }, { "VmSwap", 0 },
    };
    for (char *line = host; line && *line;) {
        char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line), key = strcspn(line, ":");
        bool done = false;
        for (size_t i = 0; i < sizeof kb / sizeof kb[0] && !done; i++) {
            if (strlen(kb[i].key) != key || strncmp(line, kb[i].key, key)) continue;
            char b[48];
            fprintf(f, "%s:\t%8s kB\n", kb[i].key, dec(b, kb[i].bytes >> 10));
            done = true;
        }
        for (size_t i = 0; i < 3 && !done; i++) {
            if (strlen(sig_keys[i]) != key || strncmp(line, sig_keys[i], key)) continue;
            fprintf(f, "%s:\t%016llx\n", sig_keys[i], (unsigned long long)set[i]);
            done = true;
        }
        /* the host architecture's own lines (x86's LAM and shadow-stack state) */
        done = done || !strncmp(line, "untag_mask:", 11) || !strncmp(line, "x86_", 4);
        if (!done) fprintf(f, "%.*s\n", (int)len, line);
        if (!nl) break;
        line = nl + 1;
    }
    free(host);
}

static void gen_statm(struct task *p, FILE *f)
{
    struct totals t;
    totals(p, &t);
    const u128 v[7] = { t.size, t.rss, t.rss_file + t.rss_shmem, t.exe, 0, t.data + t.stack, 0 };
    for (int i = 0; i < 7; i++) {
        char b[48];
        fprintf(f, i ? " %s" : "%s", dec(b, v[i] / PAGE));
    }
    fputc('\n', f);
}

/* The host's stat line with the fields that describe memory and signals replaced by the
 * guest's (fields numbered as in proc(5)). */
static void gen_stat(struct task *p, FILE *f)
{
    char *host = slurp("/proc/self/stat");
    char *paren = host ? strrchr(host, ')') : NULL;
    if (!paren || paren[1] != ' ') {
        free(host);
        return;
    }
    char comm[17] = "";
    prctl(PR_GET_NAME, (unsigned long)comm, 0UL, 0UL, 0UL);
    struct totals t;
    totals(p, &t);
    u64 blk, ign, cgt;
    sigsets(p, &blk, &ign, &cgt);
    const struct procfs *s = p->proc->procfs;
    bool img = s && s->end_code > s->start_code;
    struct { int field; u128 v; } rep[] = {
        { 23, t.size }, { 24, t.rss / PAGE }, { 26, img ? s->start_code : 0 },
        { 27, img ? s->end_code : 0 }, { 28, p->proc->start_stack }, { 29, 0 }, { 30, 0 },
        { 32, blk }, { 33, ign }, { 34, cgt }, { 45, s ? s->start_data : 0 },
        { 46, s ? s->end_data : 0 }, { 47, p->proc->mm.brk_start }, { 48, p->proc->arg_start },
        { 49, p->proc->arg_end }, { 50, p->proc->env_start }, { 51, p->proc->env_end },
    };
    fprintf(f, "%d (%s)", (int)getpid(), comm);
    char *save = NULL;
    int field = 3;
    for (char *tok = strtok_r(paren + 1, " \n", &save); tok; tok = strtok_r(NULL, " \n", &save)) {
        fputc(' ', f);
        size_t i = 0;
        while (i < sizeof rep / sizeof rep[0] && rep[i].field != field) i++;
        char b[48];
        fputs(i < sizeof rep / sizeof rep[0] ? dec(b, rep[i].v) : tok, f);
        field++;
    }
    fputc('\n', f);
    free(host);
}

/* A range of the guest's memory as it is now (cmdline: the argv strings, environ). */
static void gen_range(struct task *p, FILE *f, u128 start, u128 end)
{
    u8 buf[4096];
    for (u128 a = start; a < end;) {
        size_t k = end - a < sizeof buf ? (size_t)(end - a) : sizeof buf;
        size_t got = force_copy(p, a, buf, k, false);
        fwrite(buf, 1, got, f);
        if (got < k) break;
        a += k;
    }
}

static void gen_cmdline(struct task *p, FILE *f) { gen_range(p, f, p->proc->arg_start, p->proc->arg_end); }
static void gen_environ(struct task *p, FILE *f) { gen_range(p, f, p->proc->env_start, p->proc->env_end); }

/* The auxiliary vector as it was at exec (Linux keeps a copy too: later writes by the
 * program to its stack do not change it). */
static void gen_auxv(struct task *p, FILE *f)
{
    if (p->proc->procfs) fwrite(p->proc->procfs->auxv, 1, p->proc->procfs->auxv_len, f);
}

typedef void gen_fn(struct task *p, FILE *f);

static const struct { const char *name; gen_fn *gen; } texts[] = {
    { "maps", gen_maps }, { "smaps", gen_smaps }, { "smaps_rollup", gen_smaps_rollup },
    { "status", gen_status }, { "statm", gen_statm }, { "stat", gen_stat },
    { "cmdline", gen_cmdline }, { "environ", gen_environ }, { "auxv", gen_auxv },
};

static i128 open_text(struct task *p, const char *name, gen_fn *gen, int flags)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return -ENOMEM;
    gen(p, f);
    bool bad = ferror(f);
    if (fclose(f) || bad) {
        free(buf);
        return -ENOMEM;
    }
    int fd = memfd_create(name, MFD_CLOEXEC);
    i128 r = fd < 0 ? -errno : 0;
    for (size_t done = 0; !r && done < len;) {
        ssize_t k = write(fd, buf + done, len - done);
        if (k <= 0) r = -EIO;
        else done += (size_t)k;
    }
    free(buf);
    if (r) {
        if (fd >= 0) close(fd);
        return r;
    }
    fd = reopen(fd, O_RDONLY | (flags & (O_CLOEXEC | O_NONBLOCK)));
    return fd < 0 ? -errno : fd;
}

bool procfs_openat(struct task *p, int dirfd, const char *path, int flags, i128 *ret)
{
    char rest[256];
    int kind = resolve(p, dirfd, path, !(flags & O_NOFOLLOW), rest, sizeof rest);
    if (kind == NOT_OURS) return false;
    if (kind == OTHER_EMULATOR) return (*ret = refused_other(rest)) != 0;
    if (kind == OWN_ENTRY && (*ret = refused(rest))) return true;
    if (kind == HOST_EXE || !strcmp(rest, "exe")) {
        if ((flags & O_NOFOLLOW) && !(flags & O_PATH)) *ret = -ELOOP;
        else if (flags & O_NOFOLLOW) return false;      /* the link itself */
        else {
            int fd = open(procfs_exe(p), flags | O_LARGEFILE, 0);
            *ret = fd < 0 ? -errno : fd;
        }
        return true;
    }
    if (flags & O_PATH) return false;   /* no access: reopening it comes back here */
    if (!strcmp(rest, "mem")) {
        *ret = open_mem(p, flags);
        return true;
    }
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        if (strcmp(rest, texts[i].name)) continue;
        if ((flags & O_CREAT) && (flags & O_EXCL)) *ret = -EEXIST;
        else if (flags & O_DIRECTORY) *ret = -ENOTDIR;
        else if ((flags & O_ACCMODE) != O_RDONLY) *ret = -EACCES;
        else *ret = open_text(p, texts[i].name, texts[i].gen, flags);
        return true;
    }
    return false;
}

bool procfs_readlinkat(struct task *p, int dirfd, const char *path, char *out, size_t size,
                       i128 *ret)
{
    char rest[256];
    int kind = resolve(p, dirfd, path, false, rest, sizeof rest);
    if (kind == OTHER_EMULATOR) return (*ret = refused_other(rest)) != 0;
    if (kind != OWN_ENTRY) return false;
    if ((*ret = refused(rest))) return true;
    if (strcmp(rest, "exe")) return false;
    const char *exe = procfs_exe(p);
    size_t n = strlen(exe);
    if (n > size) n = size;
    memcpy(out, exe, n);
    *ret = (i128)n;
    return true;
}
