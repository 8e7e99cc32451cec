/* sparsecp: copy a file, keeping its holes.
 *
 *   sparsecp [-v] SRC DST
 *
 * Copies SRC to DST (created with SRC's permission bits, or truncated).  Regions of SRC
 * that are holes are not written, and neither are 4096-byte blocks of data that hold only
 * zero bytes, so DST is at least as sparse as SRC; DST's size is set with ftruncate.
 *
 * Holes are found with lseek(SEEK_DATA/SEEK_HOLE) where <unistd.h> defines them
 * (POSIX.1-2024; Linux) and the file system supports them; otherwise, or if they fail
 * with EINVAL, every byte is read and zero blocks are skipped with lseek on DST — the
 * same result, more slowly.
 *
 *   -v   print "SRC -> DST: SIZE bytes, DATA bytes written" on standard output
 *
 * Exit status: 0, or 1 on an error (message on stderr; DST is removed).
 *
 * Offsets are off_t throughout (64-bit on LP64 hosts, 128-bit under LP128), so files
 * above 4 GiB — and above 2^63 where the system allows — work; nothing uses long. */
#define _POSIX_C_SOURCE 200809L
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE 1   /* glibc declares SEEK_DATA/SEEK_HOLE only under _GNU_SOURCE */
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { BLOCK = 4096, CHUNK = 16 * BLOCK };

static const char *src_name, *dst_name;
static int dst_fd = -1;
static off_t written;

static _Noreturn void fail(const char *what, const char *name)
{
    fprintf(stderr, "sparsecp: %s%s%s: %s\n", what, name ? " " : "", name ? name : "",
            strerror(errno));
    if (dst_fd >= 0) {
        close(dst_fd);
        unlink(dst_name);
    }
    exit(1);
}

static int all_zero(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i]) return 0;
    return 1;
}

static void write_at(const unsigned char *p, size_t n, off_t off)
{
    if (lseek(dst_fd, off, SEEK_SET) < 0) fail("cannot seek in", dst_name);
    while (n > 0) {
        ssize_t w = write(dst_fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            fail("cannot write", dst_name);
        }
        p += w;
        n -= (size_t)w;
        off += w;
        written += w;
    }
}

/* Copies [start, end) of src (end < 0: to end of file), skipping zero blocks.  Blocks
 * are counted from start, which SEEK_DATA aligns to the file system's block. */
static void copy_range(int fd, off_t start, off_t end)
{
    static unsigned char buf[CHUNK];
    off_t off = start;
    if (lseek(fd, start, SEEK_SET) < 0) fail("cannot seek in", src_name);
    while (end < 0 || off < end) {
        size_t want = CHUNK;
        if (end >= 0 && end - off < (off_t)want) want = (size_t)(end - off);
        ssize_t n = read(fd, buf, want);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail("cannot read", src_name);
        }
        if (n == 0) break;
        for (size_t i = 0; i < (size_t)n; i += BLOCK) {
            size_t len = (size_t)n - i < BLOCK ? (size_t)n - i : BLOCK;
            if (!all_zero(buf + i, len)) write_at(buf + i, len, off + (off_t)i);
        }
        off += n;
    }
}

/* Copies the data regions found with SEEK_DATA/SEEK_HOLE.  Returns 0, or -1 if the
 * system cannot tell holes this way (nothing was copied then). */
static int copy_by_seek(int fd, off_t size)
{
#if defined(SEEK_DATA) && defined(SEEK_HOLE)
    off_t off = 0;
    while (off < size) {
        off_t data = lseek(fd, off, SEEK_DATA);
        if (data < 0) {
            if (errno == ENXIO) return 0;     /* only a hole from here to the end */
            if (off == 0 && (errno == EINVAL || errno == ENOTSUP)) return -1;
            fail("cannot seek (SEEK_DATA) in", src_name);
        }
        off_t hole = lseek(fd, data, SEEK_HOLE);
        if (hole < 0) fail("cannot seek (SEEK_HOLE) in", src_name);
        copy_range(fd, data, hole);
        off = hole;
    }
    return 0;
#else
    (void)fd;
    (void)size;
    return -1;
#endif
}

int main(int argc, char **argv)
{
    int verbose = 0, opt;
    while ((opt = getopt(argc, argv, "v")) != -1) {
        if (opt != 'v') {
            fputs("usage: sparsecp [-v] SRC DST\n", stderr);
            return 1;
        }
        verbose = 1;
    }
    if (argc - optind != 2) {
        fputs("usage: sparsecp [-v] SRC DST\n", stderr);
        return 1;
    }
    src_name = argv[optind];
    dst_name = argv[optind + 1];

    int fd = open(src_name, O_RDONLY);
    if (fd < 0) fail("cannot open", src_name);
    struct stat st;
    if (fstat(fd, &st) != 0) fail("cannot stat", src_name);
    if (!S_ISREG(st.st_mode)) {
        errno = EINVAL;
        fail("not a regular file:", src_name);
    }
    dst_fd = open(dst_name, O_WRONLY | O_CREAT | O_TRUNC, st.st_mode & 07777);
    if (dst_fd < 0) fail("cannot create", dst_name);

    if (copy_by_seek(fd, st.st_size) != 0) copy_range(fd, 0, -1);
    if (ftruncate(dst_fd, st.st_size) != 0) fail("cannot set the size of", dst_name);
    if (close(dst_fd) != 0) fail("cannot close", dst_name);
    dst_fd = -1;
    close(fd);
    if (verbose) {
        printf("%s -> %s: %lld bytes, %lld bytes written\n", src_name, dst_name,
               (long long)st.st_size, (long long)written);
    }
    return fflush(stdout) == 0 ? 0 : 1;
}
