/* The guest's view of its own /proc/<pid> (procfs.c).  A path that the host kernel
 * resolves to an entry of zl-run's /proc/<pid> is answered from the guest's state, or
 * refused, and never reaches the host's view of the emulator. */
#ifndef ZL_RUN_PROCFS_H
#define ZL_RUN_PROCFS_H

#include <stdbool.h>
#include <sys/types.h>
#include <zl/types.h>

#include "run/proc.h"

/* Loader notes (load.c): a loadable segment of the program (guest address, bytes taken
 * from the file, file offset, guest rights), then the program itself once it is loaded
 * and its initial stack is built (the auxiliary vector is kept from there). */
void procfs_note_segment(struct task *p, u128 va, u128 filesz, u128 off, int prot);
void procfs_note_exe(struct task *p, const char *path, const char *name);

/* Release the state at exit. */
void procfs_destroy(struct task *p);

/* The guest program's absolute path (what /proc/self/exe names). */
const char *procfs_exe(struct task *p);

/* Whether path (absolute or relative to the cwd, ending in "exe") is our
 * /proc/<pid>/exe, however spelt: the path calls then use the guest program. */
bool procfs_names_exe(struct task *p, const char *path);

/* openat / readlinkat of a path (after -L): true if it named an entry of the guest's
 * /proc/<pid>, and then *ret is the result (a descriptor, a length, or -errno). */
bool procfs_openat(struct task *p, int dirfd, const char *path, int flags, i128 *ret);
bool procfs_readlinkat(struct task *p, int dirfd, const char *path, char *out, size_t size,
                       i128 *ret);

/* Descriptors open on /proc/self/mem.  The I/O calls ask procfs_is_mem first; a mem
 * descriptor's offset is a guest address (pos, when given, is the call's own offset). */
bool procfs_is_mem(struct task *p, int fd);
i128 procfs_mem_rw(struct task *p, int fd, u128 buf, u128 len, bool read, const u128 *pos);
i128 procfs_mem_rwv(struct task *p, int fd, u128 iov, u128 cnt, bool read, const u128 *pos);
i128 procfs_mem_lseek(struct task *p, int fd, i128 off, int whence);

/* The descriptor table changed: [lo, hi] were closed; newfd is now a copy of oldfd. */
void procfs_fd_closed(struct task *p, unsigned lo, unsigned hi);
void procfs_fd_dup(struct task *p, int oldfd, int newfd);

#endif
