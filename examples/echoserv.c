/* echoserv: a TCP echo server for one client, on the loopback interface.
 *
 *   echoserv [-p PORTFILE]
 *
 * Listens on 127.0.0.1 at a port chosen by the system (bind to port 0), announces the
 * port — on standard output as "port N", or, with -p, by writing "N\n" to PORTFILE
 * (written to PORTFILE.tmp and renamed, so a reader never sees half of it) — accepts one
 * client, sends back every byte it receives until the client shuts its side down, then
 * prints "served 1 client, N bytes" and exits.
 *
 * Exit status: 0, or 1 on an error (message on stderr).
 *
 * Byte counts are uint64_t; socket lengths socklen_t; nothing depends on long. */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static _Noreturn void fail(const char *what)
{
    fprintf(stderr, "echoserv: %s: %s\n", what, strerror(errno));
    exit(1);
}

static void write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            fail("write");
        }
        p += w;
        n -= (size_t)w;
    }
}

static void announce(const char *portfile, unsigned port)
{
    if (!portfile) {
        printf("port %u\n", port);
        fflush(stdout);
        return;
    }
    size_t len = strlen(portfile) + 5;
    char *tmp = malloc(len);
    if (!tmp) fail("malloc");
    snprintf(tmp, len, "%s.tmp", portfile);
    FILE *f = fopen(tmp, "w");
    if (!f) fail(tmp);
    fprintf(f, "%u\n", port);
    if (fclose(f) != 0) fail(tmp);
    if (rename(tmp, portfile) != 0) fail(portfile);
    free(tmp);
}

int main(int argc, char **argv)
{
    const char *portfile = NULL;
    int opt;
    while ((opt = getopt(argc, argv, "p:")) != -1) {
        if (opt != 'p') {
            fputs("usage: echoserv [-p PORTFILE]\n", stderr);
            return 1;
        }
        portfile = optarg;
    }
    if (optind != argc) {
        fputs("usage: echoserv [-p PORTFILE]\n", stderr);
        return 1;
    }
    signal(SIGPIPE, SIG_IGN);   /* a vanished client is an error, not a kill */

    int ls = socket(AF_INET, SOCK_STREAM, 0);
    if (ls < 0) fail("socket");
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons(0);
    if (inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr) != 1) fail("inet_pton");
    if (bind(ls, (struct sockaddr *)&addr, sizeof addr) != 0) fail("bind");
    if (listen(ls, 1) != 0) fail("listen");
    socklen_t alen = sizeof addr;
    if (getsockname(ls, (struct sockaddr *)&addr, &alen) != 0) fail("getsockname");
    announce(portfile, ntohs(addr.sin_port));

    int c;
    while ((c = accept(ls, NULL, NULL)) < 0)
        if (errno != EINTR) fail("accept");
    close(ls);

    char buf[4096];
    uint64_t total = 0;
    for (;;) {
        ssize_t n = read(c, buf, sizeof buf);
        if (n < 0) {
            if (errno == EINTR) continue;
            fail("read");
        }
        if (n == 0) break;
        write_all(c, buf, (size_t)n);
        total += (uint64_t)n;
    }
    close(c);
    printf("served 1 client, %llu bytes\n", (unsigned long long)total);
    return fflush(stdout) == 0 ? 0 : 1;
}
