/* errno (one per thread: thread-local, docs/libc.md "Thread-local storage"), strerror,
 * strsignal. */
#include "zl_libc.h"
#include <string.h>
#include <signal.h>
#include <stdio.h>

static _Thread_local int errno_value;
int *__errno_location(void)
{
    return &errno_value;
}

static const char *const err_msg[] = {
    [0] = "Success",
    [EPERM] = "Operation not permitted",
    [ENOENT] = "No such file or directory",
    [ESRCH] = "No such process",
    [EINTR] = "Interrupted system call",
    [EIO] = "Input/output error",
    [ENXIO] = "No such device or address",
    [E2BIG] = "Argument list too long",
    [ENOEXEC] = "Exec format error",
    [EBADF] = "Bad file descriptor",
    [ECHILD] = "No child processes",
    [EAGAIN] = "Resource temporarily unavailable",
    [ENOMEM] = "Cannot allocate memory",
    [EACCES] = "Permission denied",
    [EFAULT] = "Bad address",
    [ENOTBLK] = "Block device required",
    [EBUSY] = "Device or resource busy",
    [EEXIST] = "File exists",
    [EXDEV] = "Invalid cross-device link",
    [ENODEV] = "No such device",
    [ENOTDIR] = "Not a directory",
    [EISDIR] = "Is a directory",
    [EINVAL] = "Invalid argument",
    [ENFILE] = "Too many open files in system",
    [EMFILE] = "Too many open files",
    [ENOTTY] = "Inappropriate ioctl for device",
    [ETXTBSY] = "Text file busy",
    [EFBIG] = "File too large",
    [ENOSPC] = "No space left on device",
    [ESPIPE] = "Illegal seek",
    [EROFS] = "Read-only file system",
    [EMLINK] = "Too many links",
    [EPIPE] = "Broken pipe",
    [EDOM] = "Numerical argument out of domain",
    [ERANGE] = "Numerical result out of range",
    [EDEADLK] = "Resource deadlock avoided",
    [ENAMETOOLONG] = "File name too long",
    [ENOLCK] = "No locks available",
    [ENOSYS] = "Function not implemented",
    [ENOTEMPTY] = "Directory not empty",
    [ELOOP] = "Too many levels of symbolic links",
    [ENOMSG] = "No message of desired type",
    [EIDRM] = "Identifier removed",
    [ENOSTR] = "Device not a stream",
    [ENODATA] = "No data available",
    [ETIME] = "Timer expired",
    [ENOSR] = "Out of streams resources",
    [ENOLINK] = "Link has been severed",
    [EPROTO] = "Protocol error",
    [EMULTIHOP] = "Multihop attempted",
    [EBADMSG] = "Bad message",
    [EOVERFLOW] = "Value too large for defined data type",
    [EILSEQ] = "Invalid or incomplete multibyte or wide character",
    [EUSERS] = "Too many users",
    [ENOTSOCK] = "Socket operation on non-socket",
    [EDESTADDRREQ] = "Destination address required",
    [EMSGSIZE] = "Message too long",
    [EPROTOTYPE] = "Protocol wrong type for socket",
    [ENOPROTOOPT] = "Protocol not available",
    [EPROTONOSUPPORT] = "Protocol not supported",
    [ESOCKTNOSUPPORT] = "Socket type not supported",
    [EOPNOTSUPP] = "Operation not supported",
    [EPFNOSUPPORT] = "Protocol family not supported",
    [EAFNOSUPPORT] = "Address family not supported by protocol",
    [EADDRINUSE] = "Address already in use",
    [EADDRNOTAVAIL] = "Cannot assign requested address",
    [ENETDOWN] = "Network is down",
    [ENETUNREACH] = "Network is unreachable",
    [ENETRESET] = "Network dropped connection on reset",
    [ECONNABORTED] = "Software caused connection abort",
    [ECONNRESET] = "Connection reset by peer",
    [ENOBUFS] = "No buffer space available",
    [EISCONN] = "Transport endpoint is already connected",
    [ENOTCONN] = "Transport endpoint is not connected",
    [ESHUTDOWN] = "Cannot send after transport endpoint shutdown",
    [ETOOMANYREFS] = "Too many references: cannot splice",
    [ETIMEDOUT] = "Connection timed out",
    [ECONNREFUSED] = "Connection refused",
    [EHOSTDOWN] = "Host is down",
    [EHOSTUNREACH] = "No route to host",
    [EALREADY] = "Operation already in progress",
    [EINPROGRESS] = "Operation now in progress",
    [ESTALE] = "Stale file handle",
    [EDQUOT] = "Disk quota exceeded",
    [ECANCELED] = "Operation canceled",
    [EOWNERDEAD] = "Owner died",
    [ENOTRECOVERABLE] = "State not recoverable",
};

static char unknown_buf[32];

static const char *err_text(int e, char *buf)
{
    if (e >= 0 && (size_t)e < sizeof err_msg / sizeof err_msg[0] && err_msg[e])
        return err_msg[e];
    snprintf(buf, 32, "Unknown error %d", e);
    return buf;
}

char *strerror(int e)
{
    return (char *)err_text(e, unknown_buf);
}

int strerror_r(int e, char *buf, size_t len)
{
    char tmp[32];
    const char *m = err_text(e, tmp);
    size_t n = strlen(m);
    if (len == 0)
        return ERANGE;
    if (n >= len) {
        memcpy(buf, m, len - 1);
        buf[len - 1] = 0;
        return ERANGE;
    }
    memcpy(buf, m, n + 1);
    return 0;
}

static const char *const sig_msg[] = {
    [SIGHUP] = "Hangup", [SIGINT] = "Interrupt", [SIGQUIT] = "Quit",
    [SIGILL] = "Illegal instruction", [SIGTRAP] = "Trace/breakpoint trap",
    [SIGABRT] = "Aborted", [SIGBUS] = "Bus error",
    [SIGFPE] = "Floating point exception", [SIGKILL] = "Killed",
    [SIGUSR1] = "User defined signal 1", [SIGSEGV] = "Segmentation fault",
    [SIGUSR2] = "User defined signal 2", [SIGPIPE] = "Broken pipe",
    [SIGALRM] = "Alarm clock", [SIGTERM] = "Terminated", [SIGSTKFLT] = "Stack fault",
    [SIGCHLD] = "Child exited", [SIGCONT] = "Continued", [SIGSTOP] = "Stopped (signal)",
    [SIGTSTP] = "Stopped", [SIGTTIN] = "Stopped (tty input)",
    [SIGTTOU] = "Stopped (tty output)", [SIGURG] = "Urgent I/O condition",
    [SIGXCPU] = "CPU time limit exceeded", [SIGXFSZ] = "File size limit exceeded",
    [SIGVTALRM] = "Virtual timer expired", [SIGPROF] = "Profiling timer expired",
    [SIGWINCH] = "Window changed", [SIGIO] = "I/O possible", [SIGPWR] = "Power failure",
    [SIGSYS] = "Bad system call",
};

char *strsignal(int s)
{
    static char buf[40];
    if (s > 0 && (size_t)s < sizeof sig_msg / sizeof sig_msg[0] && sig_msg[s])
        return (char *)sig_msg[s];
    if (s >= SIGRTMIN && s <= SIGRTMAX)
        snprintf(buf, sizeof buf, "Real-time signal %d", s - SIGRTMIN);
    else
        snprintf(buf, sizeof buf, "Unknown signal %d", s);
    return buf;
}
