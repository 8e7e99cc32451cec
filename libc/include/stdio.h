/* zlibc <stdio.h>.  Length modifiers beyond C11 (docs/libc.md): C23 wN and wfN (w8, w16,
 * w32, w64, w128), and on LP128 l, ll, j, z and t are all 128-bit. */
#ifndef _ZL_STDIO_H
#define _ZL_STDIO_H
#include <bits/zl_config.h>
#include <stddef.h>
#include <stdarg.h>
#include <bits/types.h>
__ZL_BEGIN
typedef struct _ZL_FILE FILE;
typedef struct { off_t __pos; } fpos_t;
extern FILE *stdin, *stdout, *stderr;
#define stdin stdin
#define stdout stdout
#define stderr stderr
#define EOF (-1)
#define BUFSIZ 8192
#define FILENAME_MAX 4096
#define FOPEN_MAX 1000
#define L_tmpnam 20
#define TMP_MAX 10000
#define P_tmpdir "/tmp"
#define _IOFBF 0
#define _IOLBF 1
#define _IONBF 2
#include <bits/abi_seek.h>
FILE *fopen(const char *restrict, const char *restrict);
FILE *fdopen(int, const char *);
FILE *freopen(const char *restrict, const char *restrict, FILE *restrict);
FILE *fmemopen(void *restrict, size_t, const char *restrict);
FILE *open_memstream(char **, size_t *);
FILE *tmpfile(void);
FILE *popen(const char *, const char *);
int pclose(FILE *);
int fclose(FILE *);
int fflush(FILE *);
int fileno(FILE *);
int feof(FILE *);
int ferror(FILE *);
void clearerr(FILE *);
void setbuf(FILE *restrict, char *restrict);
int setvbuf(FILE *restrict, char *restrict, int, size_t);
void setlinebuf(FILE *);
size_t fread(void *restrict, size_t, size_t, FILE *restrict);
size_t fwrite(const void *restrict, size_t, size_t, FILE *restrict);
int fgetc(FILE *);
int getc(FILE *);
int getchar(void);
int getc_unlocked(FILE *);
int getchar_unlocked(void);
int ungetc(int, FILE *);
char *fgets(char *restrict, int, FILE *restrict);
ssize_t getline(char **restrict, size_t *restrict, FILE *restrict);
ssize_t getdelim(char **restrict, size_t *restrict, int, FILE *restrict);
int fputc(int, FILE *);
int putc(int, FILE *);
int putchar(int);
int putc_unlocked(int, FILE *);
int putchar_unlocked(int);
int fputs(const char *restrict, FILE *restrict);
int puts(const char *);
int fseek(FILE *, long, int);
int fseeko(FILE *, off_t, int);
long ftell(FILE *);
off_t ftello(FILE *);
void rewind(FILE *);
int fgetpos(FILE *restrict, fpos_t *restrict);
int fsetpos(FILE *, const fpos_t *);
int printf(const char *restrict, ...) __ZL_PRINTF(1, 2);
int fprintf(FILE *restrict, const char *restrict, ...) __ZL_PRINTF(2, 3);
int sprintf(char *restrict, const char *restrict, ...) __ZL_PRINTF(2, 3);
int snprintf(char *restrict, size_t, const char *restrict, ...) __ZL_PRINTF(3, 4);
int dprintf(int, const char *restrict, ...) __ZL_PRINTF(2, 3);
int asprintf(char **, const char *, ...) __ZL_PRINTF(2, 3);
int vprintf(const char *restrict, va_list) __ZL_PRINTF(1, 0);
int vfprintf(FILE *restrict, const char *restrict, va_list) __ZL_PRINTF(2, 0);
int vsprintf(char *restrict, const char *restrict, va_list) __ZL_PRINTF(2, 0);
int vsnprintf(char *restrict, size_t, const char *restrict, va_list) __ZL_PRINTF(3, 0);
int vdprintf(int, const char *restrict, va_list) __ZL_PRINTF(2, 0);
int vasprintf(char **, const char *, va_list) __ZL_PRINTF(2, 0);
int scanf(const char *restrict, ...);
int fscanf(FILE *restrict, const char *restrict, ...);
int sscanf(const char *restrict, const char *restrict, ...);
int vscanf(const char *restrict, va_list);
int vfscanf(FILE *restrict, const char *restrict, va_list);
int vsscanf(const char *restrict, const char *restrict, va_list);
void perror(const char *);
int remove(const char *);
int rename(const char *, const char *);
int renameat(int, const char *, int, const char *);
#define L_ctermid 20
char *ctermid(char *);
char *tmpnam(char *);
void flockfile(FILE *);
void funlockfile(FILE *);
int ftrylockfile(FILE *);
/* GNU: the stream functions without locking (for use between flockfile and funlockfile) */
int fgetc_unlocked(FILE *);
int fputc_unlocked(int, FILE *);
size_t fread_unlocked(void *__ZL_RESTRICT, size_t, size_t, FILE *__ZL_RESTRICT);
size_t fwrite_unlocked(const void *__ZL_RESTRICT, size_t, size_t, FILE *__ZL_RESTRICT);
int fputs_unlocked(const char *__ZL_RESTRICT, FILE *__ZL_RESTRICT);
char *fgets_unlocked(char *__ZL_RESTRICT, int, FILE *__ZL_RESTRICT);
int fflush_unlocked(FILE *);
int feof_unlocked(FILE *);
int ferror_unlocked(FILE *);
void clearerr_unlocked(FILE *);
int fileno_unlocked(FILE *);
/* BSD and SVID */
int fpurge(FILE *);
void setbuffer(FILE *restrict, char *restrict, size_t);
int getw(FILE *);
int putw(int, FILE *);
/* GNU: a stream on the program's functions (off_t is 64-bit or more at every XLEN) */
typedef ssize_t cookie_read_function_t(void *, char *, size_t);
typedef ssize_t cookie_write_function_t(void *, const char *, size_t);
typedef int cookie_seek_function_t(void *, off_t *, int);
typedef int cookie_close_function_t(void *);
typedef struct {
    cookie_read_function_t *read;
    cookie_write_function_t *write;
    cookie_seek_function_t *seek;
    cookie_close_function_t *close;
} cookie_io_functions_t;
FILE *fopencookie(void *, const char *, cookie_io_functions_t);
__ZL_END
#endif
