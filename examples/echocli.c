/* echocli: a client for echoserv: sends lines, prints what comes back.
 *
 *   echocli PORT
 *
 * Connects to 127.0.0.1:PORT, then for each line of standard input (a missing final
 * newline is supplied) sends the line, reads the same number of bytes back, checks they
 * are the line, and prints "echo: LINE".  At the end of input it shuts down its sending
 * side, expects end of file from the server, and prints "N lines, M bytes echoed".
 *
 * Exit status: 0, or 1 on an error — including an echo that differs from what was sent
 * or a server that sends more than it received.
 *
 * Counts are uint64_t; socket lengths socklen_t; nothing depends on long. */
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
    fprintf(stderr, "echocli: %s: %s\n", what, strerror(errno));
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

/* Reads exactly n bytes; returns 0, or -1 at a premature end of file. */
static int read_all(int fd, char *p, size_t n)
{
    while (n > 0) {
        ssize_t r = read(fd, p, n);
        if (r < 0) {
            if (errno == EINTR) continue;
            fail("read");
        }
        if (r == 0) return -1;
        p += r;
        n -= (size_t)r;
    }
    return 0;
}

int main(int argc, char **argv)
{
    char *end;
    unsigned long port = argc == 2 ? strtoul(argv[1], &end, 10) : 0;
    if (argc != 2 || *end || end == argv[1] || port == 0 || port > 65535) {
        fputs("usage: echocli PORT (1-65535)\n", stderr);
        return 1;
    }
    signal(SIGPIPE, SIG_IGN);

    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) fail("socket");
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)port);
    if (inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr) != 1) fail("inet_pton");
    if (connect(s, (struct sockaddr *)&addr, sizeof addr) != 0) fail("connect");

    char *line = NULL, *back = NULL;
    size_t cap = 0;
    uint64_t lines = 0, bytes = 0;
    for (;;) {
        size_t n = 0;
        int c;
        while ((c = getchar()) != EOF) {
            if (n + 2 > cap) {
                cap = cap ? cap * 2 : 256;
                line = realloc(line, cap);
                back = realloc(back, cap);
                if (!line || !back) {
                    fputs("echocli: out of memory\n", stderr);
                    return 1;
                }
            }
            line[n++] = (char)c;
            if (c == '\n') break;
        }
        if (n == 0) break;
        if (line[n - 1] != '\n') line[n++] = '\n';
        write_all(s, line, n);
        if (read_all(s, back, n) != 0) {
            fputs("echocli: the server closed the connection early\n", stderr);
            return 1;
        }
        if (memcmp(line, back, n) != 0) {
            fputs("echocli: the echo differs from the line sent\n", stderr);
            return 1;
        }
        fputs("echo: ", stdout);
        fwrite(back, 1, n, stdout);
        lines++;
        bytes += n;
    }
    if (shutdown(s, SHUT_WR) != 0) fail("shutdown");
    char extra;
    ssize_t r;
    while ((r = read(s, &extra, 1)) < 0 && errno == EINTR) {
    }
    if (r < 0) fail("read");
    if (r > 0) {
        fputs("echocli: the server sent more than it received\n", stderr);
        return 1;
    }
    close(s);
    free(line);
    free(back);
    printf("%llu lines, %llu bytes echoed\n", (unsigned long long)lines, (unsigned long long)bytes);
    return fflush(stdout) == 0 ? 0 : 1;
}
