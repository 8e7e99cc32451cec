/* Buffered streams. */
#include "zl_stdio.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/wait.h>

/* The raw calls, not read/write: a stream function is not a cancellation point, so a
 * thread is never cancelled while it holds a stream's lock. */
static long fd_read(FILE *f, unsigned char *b, size_t n)
{
    return zl_ret(SYS3(read, f->fd, b, n));
}

static long fd_write(FILE *f, const unsigned char *b, size_t n)
{
    return zl_ret(SYS3(write, f->fd, b, n));
}

static off_t fd_seek(FILE *f, off_t o, int w)
{
    return lseek(f->fd, o, w);
}

static int fd_close(FILE *f)
{
    return close(f->fd);
}

static unsigned char in_buf[BUFSIZ], out_buf[BUFSIZ];
static FILE f_in = { .fd = 0, .flags = F_READ | F_STATIC, .mode = _IOFBF, .buf = in_buf,
                     .bufsize = BUFSIZ, .read = fd_read, .write = fd_write, .seek = fd_seek,
                     .close = fd_close };
static FILE f_out = { .fd = 1, .flags = F_WRITE | F_STATIC, .mode = -1, .buf = out_buf,
                      .bufsize = BUFSIZ, .read = fd_read, .write = fd_write, .seek = fd_seek,
                      .close = fd_close };
static FILE f_err = { .fd = 2, .flags = F_WRITE | F_STATIC, .mode = _IONBF, .buf = f_err.small,
                      .bufsize = 1, .read = fd_read, .write = fd_write, .seek = fd_seek,
                      .close = fd_close };
FILE *stdin = &f_in, *stdout = &f_out, *stderr = &f_err;
static FILE *open_list;
static int list_lock;   /* open_list; taken before a stream's lock, never after */

static void flush_all(void)
{
    fflush(NULL);
}

static void register_exit(void)
{
    __zl_exit_flush = flush_all;
}

ZL_HIDDEN int __zl_fmode(const char *mode, unsigned *flags)
{
    int o;
    switch (*mode) {
    case 'r': o = O_RDONLY; *flags = F_READ; break;
    case 'w': o = O_WRONLY | O_CREAT | O_TRUNC; *flags = F_WRITE; break;
    case 'a': o = O_WRONLY | O_CREAT | O_APPEND; *flags = F_WRITE | F_APPEND; break;
    default: errno = EINVAL; return -1;
    }
    for (const char *p = mode + 1; *p; p++) {
        if (*p == '+') {
            o = (o & ~O_ACCMODE) | O_RDWR;
            *flags |= F_READ | F_WRITE;
        } else if (*p == 'x')
            o |= O_EXCL;
        else if (*p == 'e')
            o |= O_CLOEXEC;
    }
    return o;
}

ZL_HIDDEN FILE *__zl_fnew(int fd, unsigned flags)
{
    FILE *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->fd = fd;
    f->flags = flags;
    f->mode = -1;   /* decided at the first operation: line-buffered on a terminal */
    f->read = fd_read;
    f->write = fd_write;
    f->seek = fd_seek;
    f->close = fd_close;
    __zl_lock_st(&list_lock);
    f->next = open_list;
    open_list = f;
    __zl_unlock_st(&list_lock);
    register_exit();
    return f;
}

static int setup_buf(FILE *f)
{
    if (f->mode == -1) {
        int e = errno;   /* stdio must not leave isatty's ENOTTY behind */
        f->mode = (f->fd >= 0 && isatty(f->fd)) ? _IOLBF : _IOFBF;
        errno = e;
    }
    if (!f->buf) {
        if (f->mode == _IONBF) {
            f->buf = f->small;
            f->bufsize = 1;
        } else {
            f->buf = malloc(BUFSIZ);
            if (!f->buf) {
                f->buf = f->small;
                f->bufsize = 1;
                f->mode = _IONBF;
            } else {
                f->bufsize = BUFSIZ;
                f->flags |= F_OWNBUF;
            }
        }
    }
    return 0;
}

FILE *fopen(const char *restrict path, const char *restrict mode)
{
    unsigned flags;
    int o = __zl_fmode(mode, &flags);
    if (o < 0)
        return NULL;
    int fd = open(path, o, 0666);
    if (fd < 0)
        return NULL;
    FILE *f = __zl_fnew(fd, flags);
    if (!f)
        close(fd);
    return f;
}

FILE *fdopen(int fd, const char *mode)
{
    unsigned flags;
    int o = __zl_fmode(mode, &flags);
    if (o < 0)
        return NULL;
    if (fcntl(fd, F_GETFL) < 0)
        return NULL;
    if (o & O_CLOEXEC)
        fcntl(fd, F_SETFD, FD_CLOEXEC);
    if (flags & F_APPEND)
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_APPEND);
    return __zl_fnew(fd, flags);
}

/* Writes out pending output; drops read-ahead by seeking the descriptor back. */
ZL_HIDDEN int __zl_fflush1(FILE *f)
{
    if (f->wlen) {
        size_t off = 0;
        while (off < f->wlen) {
            long r = f->write(f, f->buf + off, f->wlen - off);
            if (r <= 0) {
                f->flags |= F_ERR;
                memmove(f->buf, f->buf + off, f->wlen - off);
                f->wlen -= off;
                return EOF;
            }
            off += (size_t)r;
        }
        f->wlen = 0;
    }
    if (f->rpos != f->rend || f->nungot) {
        off_t back = (off_t)(f->rend - f->rpos) + f->nungot;
        if (f->seek(f, -back, SEEK_CUR) >= 0) {
            f->rpos = f->rend = NULL;
            f->nungot = 0;
        }
    }
    return 0;
}

static int flush_locked(FILE *f)
{
    FLOCK(f);
    int r = __zl_fflush1(f);
    FUNLOCK(f);
    return r;
}

int fflush(FILE *f)
{
    if (f)
        return flush_locked(f);
    int r = 0;
    if (flush_locked(stdout))
        r = EOF;
    if (flush_locked(stderr))
        r = EOF;
    __zl_lock_st(&list_lock);
    for (FILE *p = open_list; p; p = p->next)
        if (p->wlen && flush_locked(p))
            r = EOF;
    __zl_unlock_st(&list_lock);
    return r;
}

int fflush_unlocked(FILE *f)
{
    return f ? __zl_fflush1(f) : fflush(NULL);
}

static void unlink_file(FILE *f)
{
    __zl_lock_st(&list_lock);
    for (FILE **p = &open_list; *p; p = &(*p)->next)
        if (*p == f) {
            *p = f->next;
            break;
        }
    __zl_unlock_st(&list_lock);
}

/* fork (thread/atfork.c): every stream is locked across the clone; in the child the locks
 * are reset (their owners do not exist there). */
void __zl_stdio_lock_all(void)
{
    __zl_lock(&list_lock);
    flockfile(stdin);
    flockfile(stdout);
    flockfile(stderr);
    for (FILE *p = open_list; p; p = p->next)
        flockfile(p);
}

static void reset_lock(FILE *f, int child)
{
    if (!child) {
        funlockfile(f);
        return;
    }
    f->lock = 0;
    f->lock_owner = 0;
    f->lock_count = 0;
}

void __zl_stdio_unlock_all(int child)
{
    for (FILE *p = open_list; p; p = p->next)
        reset_lock(p, child);
    reset_lock(stderr, child);
    reset_lock(stdout, child);
    reset_lock(stdin, child);
    __zl_unlock(&list_lock);
}

/* flockfile: recursive, owned by a tid. */
void flockfile(FILE *f)
{
    int tid = __zl_self()->tid;
    if (ZL_LOAD(&f->lock_owner) == tid) {
        f->lock_count++;
        return;
    }
    __zl_lock(&f->lock);
    ZL_STORE(&f->lock_owner, tid);
    f->lock_count = 1;
}

int ftrylockfile(FILE *f)
{
    int tid = __zl_self()->tid, z = 0;
    if (ZL_LOAD(&f->lock_owner) == tid) {
        f->lock_count++;
        return 0;
    }
    if (!ZL_CAS(&f->lock, &z, 1))
        return -1;
    ZL_STORE(&f->lock_owner, tid);
    f->lock_count = 1;
    return 0;
}

void funlockfile(FILE *f)
{
    if (f->lock_count > 1) {
        f->lock_count--;
        return;
    }
    f->lock_count = 0;
    ZL_STORE(&f->lock_owner, 0);
    __zl_unlock(&f->lock);
}

int fclose(FILE *f)
{
    int r = 0;
    FLOCK(f);
    if (f->wlen && __zl_fflush1(f))
        r = EOF;
    if (!(f->flags & F_NOCLOSE) && f->close(f) < 0)
        r = EOF;
    if (f->pid > 0) {
        /* waitpid is a cancellation point; not while the stream is locked */
        int st, cs;
        pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &cs);
        while (waitpid(f->pid, &st, 0) < 0 && errno == EINTR)
            ;
        pthread_setcancelstate(cs, NULL);
    }
    if (f->flags & F_OWNBUF)
        free(f->buf);
    if (f->flags & F_STATIC) {
        f->flags = 0;
        f->fd = -1;
        f->buf = f->small;
        f->bufsize = 1;
        f->rpos = f->rend = NULL;
        f->wlen = 0;
        FUNLOCK(f);
        return r;
    }
    FUNLOCK(f);
    unlink_file(f);
    free(f);
    return r;
}

FILE *freopen(const char *restrict path, const char *restrict mode, FILE *restrict f)
{
    unsigned flags;
    int o = __zl_fmode(mode, &flags);
    if (o < 0)
        return NULL;
    fflush(f);
    if (!path) {
        int fl = fcntl(f->fd, F_GETFL);
        if (fl < 0 || fcntl(f->fd, F_SETFL, (o & O_APPEND) | (fl & ~O_APPEND)) < 0) {
            fclose(f);
            return NULL;
        }
    } else {
        int fd = open(path, o, 0666);
        if (fd < 0) {
            fclose(f);
            return NULL;
        }
        if (f->fd >= 0 && fd != f->fd) {
            if (dup3(fd, f->fd, o & O_CLOEXEC) < 0) {
                close(fd);
                fclose(f);
                return NULL;
            }
            close(fd);
        } else
            f->fd = fd;
    }
    f->flags = (f->flags & (F_OWNBUF | F_STATIC)) | flags;
    f->rpos = f->rend = NULL;
    f->wlen = 0;
    f->nungot = 0;
    return f;
}

int fileno(FILE *f)
{
    if (f->fd < 0) {
        errno = EBADF;
        return -1;
    }
    return f->fd;
}

int feof(FILE *f) { return !!(f->flags & F_EOF); }
int ferror(FILE *f) { return !!(f->flags & F_ERR); }
void clearerr(FILE *f)
{
    FLOCK(f);
    f->flags &= ~(F_EOF | F_ERR);
    FUNLOCK(f);
}
int feof_unlocked(FILE *f) { return !!(f->flags & F_EOF); }
int ferror_unlocked(FILE *f) { return !!(f->flags & F_ERR); }
void clearerr_unlocked(FILE *f) { f->flags &= ~(F_EOF | F_ERR); }

static int setvbuf_u(FILE *restrict f, char *restrict buf, int mode, size_t size);
int setvbuf(FILE *restrict f, char *restrict buf, int mode, size_t size)
{
    FLOCK(f);
    int r = setvbuf_u(f, buf, mode, size);
    FUNLOCK(f);
    return r;
}

static int setvbuf_u(FILE *restrict f, char *restrict buf, int mode, size_t size)
{
    if (mode != _IOFBF && mode != _IOLBF && mode != _IONBF)
        return -1;
    if (f->flags & F_OWNBUF)
        free(f->buf);
    f->flags &= ~F_OWNBUF;
    f->mode = mode;
    if (mode == _IONBF) {
        f->buf = f->small;
        f->bufsize = 1;
    } else if (buf && size) {
        f->buf = (unsigned char *)buf;
        f->bufsize = size;
    } else {
        f->buf = NULL;
        f->bufsize = 0;
    }
    return 0;
}

void setbuf(FILE *restrict f, char *restrict buf)
{
    setvbuf(f, buf, buf ? _IOFBF : _IONBF, BUFSIZ);
}

void setlinebuf(FILE *f)
{
    setvbuf(f, NULL, _IOLBF, 0);
}

/* ---- writing ---- */

static int to_write(FILE *f)
{
    if (!(f->flags & F_WRITE)) {
        f->flags |= F_ERR;
        errno = EBADF;
        return -1;
    }
    if (f->rpos != f->rend || f->nungot)
        __zl_fflush1(f);   /* give back read-ahead before writing */
    f->rpos = f->rend = NULL;
    if (!f->buf || f->mode == -1)
        setup_buf(f);
    register_exit();
    return 0;
}

size_t fwrite(const void *restrict p, size_t size, size_t n, FILE *restrict f)
{
    FLOCK(f);
    size_t r = __zl_fwrite_u(p, size, n, f);
    FUNLOCK(f);
    return r;
}

size_t fwrite_unlocked(const void *restrict p, size_t size, size_t n, FILE *restrict f)
{
    return __zl_fwrite_u(p, size, n, f);
}

size_t __zl_fwrite_u(const void *p, size_t size, size_t n, FILE *f)
{
    if (!size || !n)
        return 0;
    size_t total = size * n;
    if (total / size != n) {
        errno = EOVERFLOW;
        f->flags |= F_ERR;
        return 0;
    }
    if (to_write(f) < 0)
        return 0;
    const unsigned char *s = p;
    size_t done = 0;
    while (done < total) {
        size_t room = f->bufsize - f->wlen;
        size_t chunk = total - done;
        if (f->wlen == 0 && chunk >= f->bufsize) {
            long r = f->write(f, s + done, chunk);
            if (r <= 0) {
                f->flags |= F_ERR;
                break;
            }
            done += (size_t)r;
            continue;
        }
        if (chunk > room)
            chunk = room;
        memcpy(f->buf + f->wlen, s + done, chunk);
        f->wlen += chunk;
        done += chunk;
        if (f->wlen == f->bufsize && __zl_fflush1(f))
            break;
    }
    if (f->mode == _IOLBF && f->wlen && memchr(p, '\n', total))
        __zl_fflush1(f);
    else if (f->mode == _IONBF && f->wlen)
        __zl_fflush1(f);
    return done == total ? n : done / size;
}

int fputc_unlocked(int c, FILE *f)
{
    unsigned char b = (unsigned char)c;
    if (f->wlen && f->wlen < f->bufsize && f->mode == _IOFBF) {
        f->buf[f->wlen++] = b;
        return b;
    }
    return __zl_fwrite_u(&b, 1, 1, f) == 1 ? b : EOF;
}

int fputc(int c, FILE *f)
{
    FLOCK(f);
    int r = fputc_unlocked(c, f);
    FUNLOCK(f);
    return r;
}

int putc(int c, FILE *f) { return fputc(c, f); }
int putc_unlocked(int c, FILE *f) { return fputc_unlocked(c, f); }
int putchar(int c) { return fputc(c, stdout); }
int putchar_unlocked(int c) { return fputc_unlocked(c, stdout); }

int fputs_unlocked(const char *restrict s, FILE *restrict f)
{
    size_t l = strlen(s);
    return __zl_fwrite_u(s, 1, l, f) == l ? 1 : EOF;
}

int fputs(const char *restrict s, FILE *restrict f)
{
    FLOCK(f);
    int r = fputs_unlocked(s, f);
    FUNLOCK(f);
    return r;
}

int puts(const char *s)
{
    FLOCK(stdout);
    int r = fputs_unlocked(s, stdout) == EOF || fputc_unlocked('\n', stdout) == EOF ? EOF : 1;
    FUNLOCK(stdout);
    return r;
}

/* ---- reading ---- */

static int to_read(FILE *f)
{
    if (!(f->flags & F_READ)) {
        f->flags |= F_ERR;
        errno = EBADF;
        return -1;
    }
    if (f->wlen && __zl_fflush1(f))
        return -1;
    if (!f->buf || f->mode == -1)
        setup_buf(f);
    return 0;
}

/* Refills the buffer; returns the number of bytes available (0 at end or error). */
static size_t refill(FILE *f)
{
    if (to_read(f) < 0)
        return 0;
    /* Reading from a line-buffered or unbuffered stream flushes stdout (C11 7.21.3). */
    if (f->mode != _IOFBF && stdout->wlen)
        __zl_fflush1(stdout);
    long r = f->read(f, f->buf, f->bufsize);
    if (r <= 0) {
        f->flags |= r == 0 ? F_EOF : F_ERR;
        f->rpos = f->rend = NULL;
        return 0;
    }
    f->rpos = f->buf;
    f->rend = f->buf + r;
    return (size_t)r;
}

int fgetc_unlocked(FILE *f)
{
    if (f->nungot)
        return f->ungot[--f->nungot];
    if (f->rpos == f->rend && !refill(f))
        return EOF;
    return *f->rpos++;
}

int fgetc(FILE *f)
{
    FLOCK(f);
    int r = fgetc_unlocked(f);
    FUNLOCK(f);
    return r;
}

int getc(FILE *f) { return fgetc(f); }
int getc_unlocked(FILE *f) { return fgetc_unlocked(f); }
int getchar(void) { return fgetc(stdin); }
int getchar_unlocked(void) { return fgetc_unlocked(stdin); }

static int ungetc_u(int c, FILE *f);
int ungetc(int c, FILE *f)
{
    FLOCK(f);
    int r = ungetc_u(c, f);
    FUNLOCK(f);
    return r;
}

static int ungetc_u(int c, FILE *f)
{
    if (c == EOF || f->nungot == (int)sizeof f->ungot)
        return EOF;
    if (!(f->flags & F_READ))
        return EOF;
    if (f->wlen && __zl_fflush1(f))
        return EOF;
    if (f->rpos && f->rpos > f->buf && !f->nungot && f->rpos[-1] == (unsigned char)c)
        f->rpos--;
    else
        f->ungot[f->nungot++] = (unsigned char)c;
    f->flags &= ~F_EOF;
    return (unsigned char)c;
}

static size_t fread_u(void *restrict p, size_t size, size_t n, FILE *restrict f);
size_t fread(void *restrict p, size_t size, size_t n, FILE *restrict f)
{
    FLOCK(f);
    size_t r = fread_u(p, size, n, f);
    FUNLOCK(f);
    return r;
}

size_t fread_unlocked(void *restrict p, size_t size, size_t n, FILE *restrict f)
{
    return fread_u(p, size, n, f);
}

static size_t fread_u(void *restrict p, size_t size, size_t n, FILE *restrict f)
{
    if (!size || !n)
        return 0;
    size_t total = size * n;
    if (total / size != n) {
        errno = EOVERFLOW;
        f->flags |= F_ERR;
        return 0;
    }
    unsigned char *d = p;
    size_t done = 0;
    while (done < total && f->nungot)
        d[done++] = f->ungot[--f->nungot];
    while (done < total) {
        size_t avail = (size_t)(f->rend - f->rpos);
        if (avail) {
            size_t c = total - done < avail ? total - done : avail;
            memcpy(d + done, f->rpos, c);
            f->rpos += c;
            done += c;
            continue;
        }
        if (to_read(f) < 0)
            break;
        if (total - done >= f->bufsize) {
            long r = f->read(f, d + done, total - done);
            if (r <= 0) {
                f->flags |= r == 0 ? F_EOF : F_ERR;
                break;
            }
            done += (size_t)r;
            continue;
        }
        if (!refill(f))
            break;
    }
    return done / size;
}

static ssize_t getdelim_u(char **restrict line, size_t *restrict cap, int delim, FILE *restrict f);
ssize_t getdelim(char **restrict line, size_t *restrict cap, int delim, FILE *restrict f)
{
    FLOCK(f);
    ssize_t r = getdelim_u(line, cap, delim, f);
    FUNLOCK(f);
    return r;
}

static ssize_t getdelim_u(char **restrict line, size_t *restrict cap, int delim, FILE *restrict f)
{
    if (!line || !cap) {
        errno = EINVAL;
        return -1;
    }
    size_t len = 0;
    for (;;) {
        int c = fgetc_unlocked(f);
        if (c == EOF) {
            if (!len || ferror(f))
                return -1;
            break;
        }
        if (len + 2 > *cap || !*line) {
            size_t ncap = *cap < 64 ? 128 : *cap * 2;
            char *n = realloc(*line, ncap);
            if (!n) {
                f->flags |= F_ERR;
                return -1;
            }
            *line = n;
            *cap = ncap;
        }
        (*line)[len++] = (char)c;
        if (c == delim)
            break;
    }
    (*line)[len] = 0;
    if (len > (size_t)SSIZE_MAX) {
        errno = EOVERFLOW;
        return -1;
    }
    return (ssize_t)len;
}

ssize_t getline(char **restrict line, size_t *restrict cap, FILE *restrict f)
{
    return getdelim(line, cap, '\n', f);
}

static char *fgets_u(char *restrict s, int n, FILE *restrict f);
char *fgets(char *restrict s, int n, FILE *restrict f)
{
    FLOCK(f);
    char *r = fgets_u(s, n, f);
    FUNLOCK(f);
    return r;
}

char *fgets_unlocked(char *restrict s, int n, FILE *restrict f)
{
    return fgets_u(s, n, f);
}

static char *fgets_u(char *restrict s, int n, FILE *restrict f)
{
    if (n <= 0)
        return NULL;
    int i = 0;
    while (i < n - 1) {
        int c = fgetc_unlocked(f);
        if (c == EOF)
            break;
        s[i++] = (char)c;
        if (c == '\n')
            break;
    }
    if (i == 0 && n > 1)
        return NULL;
    s[i] = 0;
    return s;
}

/* ---- positioning ---- */

static int fseeko_u(FILE *f, off_t off, int whence);
int fseeko(FILE *f, off_t off, int whence)
{
    FLOCK(f);
    int r = fseeko_u(f, off, whence);
    FUNLOCK(f);
    return r;
}

static int fseeko_u(FILE *f, off_t off, int whence)
{
    if (whence != SEEK_SET && whence != SEEK_CUR && whence != SEEK_END) {
        errno = EINVAL;
        return -1;
    }
    if (f->wlen && __zl_fflush1(f))
        return -1;
    if (whence == SEEK_CUR)
        off -= (off_t)(f->rend - f->rpos) + f->nungot;
    f->rpos = f->rend = NULL;
    f->nungot = 0;
    if (f->seek(f, off, whence) < 0)
        return -1;
    f->flags &= ~F_EOF;
    return 0;
}

static off_t ftello_u(FILE *f);
off_t ftello(FILE *f)
{
    FLOCK(f);
    off_t r = ftello_u(f);
    FUNLOCK(f);
    return r;
}

static off_t ftello_u(FILE *f)
{
    off_t pos = f->seek(f, 0, SEEK_CUR);
    if (pos < 0)
        return -1;
    if (f->flags & F_APPEND && f->wlen)
        pos = f->seek(f, 0, SEEK_END);
    return pos - (off_t)(f->rend - f->rpos) - f->nungot + (off_t)f->wlen;
}

int fseek(FILE *f, long off, int whence)
{
    return fseeko(f, off, whence);
}

long ftell(FILE *f)
{
    off_t p = ftello(f);
    if (p > LONG_MAX) {
        errno = EOVERFLOW;
        return -1;
    }
    return (long)p;
}

void rewind(FILE *f)
{
    FLOCK(f);
    fseeko_u(f, 0, SEEK_SET);
    f->flags &= ~F_ERR;
    FUNLOCK(f);
}

int fgetpos(FILE *restrict f, fpos_t *restrict pos)
{
    off_t p = ftello(f);
    if (p < 0)
        return -1;
    pos->__pos = p;
    return 0;
}

int fsetpos(FILE *f, const fpos_t *pos)
{
    return fseeko(f, pos->__pos, SEEK_SET);
}


/* ---- files and processes ---- */

FILE *tmpfile(void)
{
    char path[] = "/tmp/tmpfileXXXXXX";
    int fd = mkostemp(path, O_CLOEXEC);
    if (fd < 0)
        return NULL;
    unlink(path);
    FILE *f = __zl_fnew(fd, F_READ | F_WRITE);
    if (!f)
        close(fd);
    return f;
}

char *tmpnam(char *s)
{
    static char buf[L_tmpnam];
    char *b = s ? s : buf;
    for (int i = 0; i < 100; i++) {
        unsigned char r[4];
        if (getentropy(r, 4) < 0)
            return NULL;
        snprintf(b, L_tmpnam, "/tmp/tmp_%02x%02x%02x%02x", r[0], r[1], r[2], r[3]);
        if (access(b, F_OK) < 0 && errno == ENOENT)
            return b;
    }
    return NULL;
}

FILE *popen(const char *cmd, const char *mode)
{
    int rd = mode[0] == 'r';
    if ((mode[0] != 'r' && mode[0] != 'w') || (mode[1] && mode[1] != 'e')) {
        errno = EINVAL;
        return NULL;
    }
    int p[2];
    if (pipe2(p, O_CLOEXEC) < 0)
        return NULL;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(p[0]);
        close(p[1]);
        return NULL;
    }
    if (pid == 0) {
        int want = rd ? 1 : 0, have = rd ? p[1] : p[0];
        if (have == want)
            fcntl(have, F_SETFD, 0);
        else
            dup2(have, want);
        /* POSIX: streams from earlier popen calls are closed in the child. */
        for (FILE *o = open_list; o; o = o->next)
            if (o->pid > 0)
                close(o->fd);
        char *argv[] = { "sh", "-c", (char *)cmd, NULL };
        execve("/bin/sh", argv, environ);
        _exit(127);
    }
    close(rd ? p[1] : p[0]);
    FILE *f = __zl_fnew(rd ? p[0] : p[1], rd ? F_READ : F_WRITE);
    if (!f) {
        close(rd ? p[0] : p[1]);
        return NULL;
    }
    f->pid = pid;
    return f;
}

int pclose(FILE *f)
{
    int pid = f->pid, st = -1;
    f->pid = 0;
    if (f->wlen)
        __zl_fflush1(f);
    f->close(f);
    f->flags |= F_NOCLOSE;
    fclose(f);
    if (pid <= 0) {
        errno = ECHILD;
        return -1;
    }
    pid_t r;
    while ((r = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
        ;
    return r < 0 ? -1 : st;
}

void perror(const char *msg)
{
    const char *e = strerror(errno);
    if (msg && *msg)
        fprintf(stderr, "%s: %s\n", msg, e);
    else
        fprintf(stderr, "%s\n", e);
}
