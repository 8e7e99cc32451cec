#ifndef _ZL_UNISTD_H
#define _ZL_UNISTD_H
#include <bits/zl_config.h>
#include <stddef.h>
#include <bits/types.h>
#include <bits/abi_seek.h>
#include <bits/abi_access.h>
__ZL_BEGIN
#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2
#define _POSIX_VERSION 200809L
#define _SC_ARG_MAX 0
#define _SC_CHILD_MAX 1
#define _SC_CLK_TCK 2
#define _SC_NGROUPS_MAX 3
#define _SC_OPEN_MAX 4
#define _SC_PAGESIZE 30
#define _SC_PAGE_SIZE 30
#define _SC_NPROCESSORS_CONF 83
#define _SC_NPROCESSORS_ONLN 84
#define _SC_LINE_MAX 43
#define _SC_HOST_NAME_MAX 180
/* pathconf names, confstr names, lockf commands: glibc's and musl's values */
#define _PC_LINK_MAX 0
#define _PC_MAX_CANON 1
#define _PC_MAX_INPUT 2
#define _PC_NAME_MAX 3
#define _PC_PATH_MAX 4
#define _PC_PIPE_BUF 5
#define _PC_CHOWN_RESTRICTED 6
#define _PC_NO_TRUNC 7
#define _PC_VDISABLE 8
#define _PC_SYNC_IO 9
#define _PC_ASYNC_IO 10
#define _PC_PRIO_IO 11
#define _PC_SOCK_MAXBUF 12
#define _PC_FILESIZEBITS 13
#define _PC_REC_INCR_XFER_SIZE 14
#define _PC_REC_MAX_XFER_SIZE 15
#define _PC_REC_MIN_XFER_SIZE 16
#define _PC_REC_XFER_ALIGN 17
#define _PC_ALLOC_SIZE_MIN 18
#define _PC_SYMLINK_MAX 19
#define _PC_2_SYMLINKS 20
#define _CS_PATH 0
#define F_ULOCK 0
#define F_LOCK 1
#define F_TLOCK 2
#define F_TEST 3
#define POSIX_CLOSE_RESTART 0
extern char **environ;
extern char *optarg;
extern int optind, opterr, optopt;
ssize_t read(int, void *, size_t);
ssize_t write(int, const void *, size_t);
ssize_t pread(int, void *, size_t, off_t);
ssize_t pwrite(int, const void *, size_t, off_t);
int close(int);
off_t lseek(int, off_t, int);
int dup(int);
int dup2(int, int);
int dup3(int, int, int);
int pipe(int [2]);
int pipe2(int [2], int);
int access(const char *, int);
int faccessat(int, const char *, int, int);
int chdir(const char *);
int fchdir(int);
char *getcwd(char *, size_t);
int unlink(const char *);
int unlinkat(int, const char *, int);
int rmdir(const char *);
int link(const char *, const char *);
int symlink(const char *, const char *);
int linkat(int, const char *, int, const char *, int);
int symlinkat(const char *, int, const char *);
ssize_t readlink(const char *restrict, char *restrict, size_t);
ssize_t readlinkat(int, const char *restrict, char *restrict, size_t);
int chown(const char *, uid_t, gid_t);
int fchown(int, uid_t, gid_t);
int lchown(const char *, uid_t, gid_t);
int fchownat(int, const char *, uid_t, gid_t, int);
int truncate(const char *, off_t);
int ftruncate(int, off_t);
int fsync(int);
int fdatasync(int);
void sync(void);
int syncfs(int);
int chroot(const char *);
pid_t getpid(void);
pid_t getppid(void);
pid_t gettid(void);
uid_t getuid(void);
uid_t geteuid(void);
gid_t getgid(void);
gid_t getegid(void);
int setuid(uid_t);
int setgid(gid_t);
int setreuid(uid_t, uid_t);
int setregid(gid_t, gid_t);
int seteuid(uid_t);
int setegid(gid_t);
int setresuid(uid_t, uid_t, uid_t);
int setresgid(gid_t, gid_t, gid_t);
int getresuid(uid_t *, uid_t *, uid_t *);
int getresgid(gid_t *, gid_t *, gid_t *);
pid_t setpgrp(void);
pid_t getpgrp(void);
pid_t getpgid(pid_t);
int setpgid(pid_t, pid_t);
pid_t setsid(void);
pid_t getsid(pid_t);
int getgroups(int, gid_t []);
pid_t fork(void);
pid_t vfork(void);
int execve(const char *, char *const [], char *const []);
int execv(const char *, char *const []);
int execvp(const char *, char *const []);
int execvpe(const char *, char *const [], char *const []);
int execl(const char *, const char *, ...);
int execlp(const char *, const char *, ...);
int execle(const char *, const char *, ...);
__ZL_NORETURN void _exit(int);
unsigned sleep(unsigned);
int usleep(useconds_t);
unsigned alarm(unsigned);
int pause(void);
int isatty(int);
char *ttyname(int);
int ttyname_r(int, char *, size_t);
int daemon(int, int);
long sysconf(int);
size_t confstr(int, char *, size_t);
long pathconf(const char *, int);
long fpathconf(int, int);
int lockf(int, int, off_t);
int posix_close(int, int);
int euidaccess(const char *, int);
int eaccess(const char *, int);
char *get_current_dir_name(void);
int issetugid(void);
useconds_t ualarm(useconds_t, useconds_t);
int fexecve(int, char *const [], char *const []);
int gethostname(char *, size_t);
int getpagesize(void);
int getdtablesize(void);
int getdomainname(char *, size_t);
int setdomainname(const char *, size_t);
int sethostname(const char *, size_t);
void swab(const void *restrict, void *restrict, ssize_t);
void *sbrk(long);
int brk(void *);
int getopt(int, char *const [], const char *);
int getentropy(void *, size_t);
char *getlogin(void);
int getlogin_r(char *, size_t);
int nice(int);
__ZL_END
#endif
