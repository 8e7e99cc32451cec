/* Kernel values that zlibc's headers take from the generated bits/abi_SET.h (abi/):
 * printed one per line, so the same source built against glibc gives the expected
 * output (tests/libc/constants_test.sh).  glibc needs _GNU_SOURCE for POLLRDHUP and
 * SCM_CREDENTIALS, which makes its SIGSTKSZ a sysconf() call: the stack sizes are left
 * to the spec's own check against the kernel (tests/abigen/kernel_test.sh). */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sys/auxv.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <termios.h>

#define SHOW(name) printf("%s %lld\n", #name, (long long)(name))

int main(void)
{
    SHOW(SA_NOCLDSTOP); SHOW(SA_SIGINFO); SHOW(SA_ONSTACK); SHOW(SA_RESTART);
    SHOW(SA_NODEFER); SHOW(SA_RESETHAND); SHOW(SS_ONSTACK); SHOW(SS_DISABLE);
    SHOW(SIGEV_SIGNAL); SHOW(SIGEV_NONE);
    SHOW(SIGEV_THREAD); SHOW(SI_USER); SHOW(SI_KERNEL); SHOW(SI_QUEUE); SHOW(SI_TIMER);
    SHOW(SI_TKILL); SHOW(CLD_EXITED); SHOW(CLD_KILLED); SHOW(CLD_CONTINUED);
    SHOW(AT_PHDR); SHOW(AT_PAGESZ); SHOW(AT_HWCAP); SHOW(AT_HWCAP2); SHOW(AT_RANDOM);
    SHOW(AT_EXECFN); SHOW(AT_SYSINFO_EHDR); SHOW(AT_PLATFORM); SHOW(AT_MINSIGSTKSZ);
    SHOW(AT_FDCWD); SHOW(AT_REMOVEDIR); SHOW(AT_EACCESS); SHOW(FD_CLOEXEC); SHOW(F_RDLCK);
    SHOW(F_WRLCK); SHOW(F_UNLCK); SHOW(O_ACCMODE); SHOW(SEEK_SET); SHOW(SEEK_END);
    SHOW(UIO_MAXIOV);
    SHOW(VINTR); SHOW(VMIN); SHOW(VEOL2); SHOW(IGNBRK); SHOW(ICRNL); SHOW(IXON);
    SHOW(IXOFF); SHOW(IUTF8); SHOW(OPOST); SHOW(ONLCR); SHOW(TAB3); SHOW(CSIZE); SHOW(CS8);
    SHOW(CREAD); SHOW(CLOCAL); SHOW(CRTSCTS); SHOW(ISIG); SHOW(ICANON); SHOW(ECHO);
    SHOW(ECHOE); SHOW(IEXTEN); SHOW(B0); SHOW(B9600); SHOW(B38400); SHOW(B115200);
    SHOW(B4000000); SHOW(CBAUD); SHOW(TCSANOW); SHOW(TCSAFLUSH); SHOW(TCIFLUSH);
    SHOW(TCIOFLUSH); SHOW(TCOOFF); SHOW(TCION);
    SHOW(S_IFMT); SHOW(S_IFDIR); SHOW(S_IFREG); SHOW(S_IFLNK); SHOW(S_IFSOCK);
    SHOW(S_ISUID); SHOW(S_ISVTX); SHOW(S_IRWXU); SHOW(S_IRUSR); SHOW(S_IXOTH);
    SHOW(UTIME_NOW); SHOW(UTIME_OMIT);
    SHOW(POLLIN); SHOW(POLLOUT); SHOW(POLLHUP); SHOW(POLLNVAL); SHOW(POLLWRBAND);
    SHOW(POLLRDHUP);
    SHOW(SO_REUSEADDR); SHOW(SO_KEEPALIVE); SHOW(SO_LINGER); SHOW(SO_PEERCRED);
    SHOW(SO_RCVTIMEO); SHOW(SO_SNDTIMEO); SHOW(SO_ACCEPTCONN); SHOW(SCM_RIGHTS);
    SHOW(SCM_CREDENTIALS);
    SHOW(DT_UNKNOWN); SHOW(DT_DIR); SHOW(DT_REG); SHOW(DT_LNK); SHOW(DT_SOCK);
    SHOW(IPPROTO_IP); SHOW(IPPROTO_TCP); SHOW(IPPROTO_UDP); SHOW(IPPROTO_IPV6);
    SHOW(TCP_NODELAY); SHOW(TCP_KEEPCNT);
    SHOW(TCGETS); SHOW(TCSETSF); SHOW(TIOCGWINSZ); SHOW(FIONREAD); SHOW(FIONBIO);
    return 0;
}
