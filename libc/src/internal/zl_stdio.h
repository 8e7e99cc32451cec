/* zlibc FILE (internal). */
#ifndef ZL_STDIO_INTERNAL_H
#define ZL_STDIO_INTERNAL_H
#include "zl_thread.h"
#include <stdio.h>

#define F_READ 1u      /* opened for reading */
#define F_WRITE 2u     /* opened for writing */
#define F_APPEND 4u
#define F_EOF 8u
#define F_ERR 16u
#define F_OWNBUF 32u   /* buf was malloc'd by us */
#define F_STATIC 64u   /* stdin/stdout/stderr: never freed */
#define F_NOCLOSE 128u

struct _ZL_FILE {
    int fd;
    unsigned flags;
    int mode;                 /* _IOFBF, _IOLBF, _IONBF */
    unsigned char *buf;
    size_t bufsize;
    unsigned char *rpos, *rend;   /* read buffer window (rpos == rend: empty) */
    size_t wlen;                  /* bytes pending in buf for writing */
    unsigned char ungot[8];       /* ungetc beyond the read buffer */
    int nungot;
    int pid;                      /* popen child */
    /* Backends; the defaults use fd.  A memory stream replaces them. */
    long (*read)(struct _ZL_FILE *, unsigned char *, size_t);
    long (*write)(struct _ZL_FILE *, const unsigned char *, size_t);
    off_t (*seek)(struct _ZL_FILE *, off_t, int);
    int (*close)(struct _ZL_FILE *);
    void *cookie;
    struct _ZL_FILE *next;
    int lock;                     /* futex lock (thread/lock.c) */
    int lock_owner;               /* tid of the flockfile owner */
    int lock_count;               /* its recursion depth */
    unsigned char small[1];
};

/* Every stdio function locks its stream (flockfile, recursive) once the process has a
 * second thread; the *_unlocked functions never do. */
#define FLOCK(f) int zl_flocked_ = __zl_threaded ? (flockfile(f), 1) : 0
#define FUNLOCK(f) ((void)(zl_flocked_ && (funlockfile(f), 1)))
ZL_HIDDEN size_t __zl_fwrite_u(const void *, size_t, size_t, FILE *);

ZL_HIDDEN FILE *__zl_fnew(int fd, unsigned flags);
/* A stream on other backends than a descriptor (fmemopen, open_memstream, fopencookie). */
static inline void zl_fbackends(FILE *f, void *cookie,
                                long (*rd)(FILE *, unsigned char *, size_t),
                                long (*wr)(FILE *, const unsigned char *, size_t),
                                off_t (*sk)(FILE *, off_t, int), int (*cl)(FILE *))
{
    f->cookie = cookie;
    f->read = rd;
    f->write = wr;
    f->seek = sk;
    f->close = cl;
}
ZL_HIDDEN int __zl_fmode(const char *mode, unsigned *flags);
ZL_HIDDEN int __zl_fflush1(FILE *f);
#endif
