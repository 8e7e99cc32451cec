/* zlibc's getaddrinfo/getnameinfo on /etc/hosts and /etc/services: run by
 * tests/libc/netdb_test.sh under zl-run -L with the files of that script, so the answers
 * are fixed (a static glibc cannot serve as the oracle here: it needs NSS modules). */
#include <arpa/inet.h>
#include <netdb.h>
#include <stdio.h>
#include <string.h>

static void gai(const char *node, const char *serv, int family, int socktype, int flags)
{
    struct addrinfo h, *res;
    memset(&h, 0, sizeof h);
    h.ai_family = family;
    h.ai_socktype = socktype;
    h.ai_flags = flags;
    int e = getaddrinfo(node, serv, &h, &res);
    printf("%s %s: %d\n", node, serv ? serv : "NULL", e);
    if (e) return;
    for (struct addrinfo *a = res; a; a = a->ai_next) {
        char b[INET6_ADDRSTRLEN];
        const void *ad = a->ai_family == AF_INET ? (const void *)&((struct sockaddr_in *)a->ai_addr)->sin_addr
                                                 : (const void *)&((struct sockaddr_in6 *)a->ai_addr)->sin6_addr;
        unsigned port = ntohs(a->ai_family == AF_INET ? ((struct sockaddr_in *)a->ai_addr)->sin_port
                                                      : ((struct sockaddr_in6 *)a->ai_addr)->sin6_port);
        printf("  %s %u type %d proto %d canon %s\n", inet_ntop(a->ai_family, ad, b, sizeof b), port,
               a->ai_socktype, a->ai_protocol, a->ai_canonname ? a->ai_canonname : "-");
    }
    freeaddrinfo(res);
}

static void gni(const char *addr, unsigned port, int flags, socklen_t hostlen)
{
    struct sockaddr_in s;
    memset(&s, 0, sizeof s);
    s.sin_family = AF_INET;
    s.sin_port = htons((unsigned short)port);
    inet_pton(AF_INET, addr, &s.sin_addr);
    char h[NI_MAXHOST] = "", sv[NI_MAXSERV] = "";
    int e = getnameinfo((struct sockaddr *)&s, sizeof s, h, hostlen, sv, sizeof sv, flags);
    printf("gni %s %u %#x: %d %s %s\n", addr, port, flags, e, h, sv);
}

int main(void)
{
    gai("alpha", "www", AF_UNSPEC, SOCK_STREAM, AI_CANONNAME);
    gai("ALPHA.example.org", "domain", AF_INET, 0, 0);
    gai("beta", "echo", AF_INET, SOCK_STREAM, 0);
    gai("beta", "echo", AF_INET, 0, 0);
    gai("alpha", NULL, AF_INET6, SOCK_DGRAM, 0);
    gai("beta", "80", AF_INET6, SOCK_STREAM, AI_V4MAPPED);
    gai("beta", "80", AF_INET6, SOCK_STREAM, 0);
    gai("alpha", "80", AF_INET6, SOCK_STREAM, AI_V4MAPPED);
    gai("alpha", "80", AF_INET6, SOCK_STREAM, AI_V4MAPPED | AI_ALL);
    gai("gamma", "80", AF_UNSPEC, 0, 0);
    gai("alpha", "nosuch", AF_UNSPEC, 0, 0);
    gai("alpha", "www", AF_UNSPEC, SOCK_STREAM, AI_NUMERICSERV);
    gni("10.0.0.5", 53, NI_DGRAM, NI_MAXHOST);
    gni("10.0.0.5", 80, NI_NOFQDN, NI_MAXHOST);
    gni("10.9.9.9", 9999, 0, NI_MAXHOST);
    gni("10.9.9.9", 9999, NI_NAMEREQD, NI_MAXHOST);
    gni("10.0.0.5", 80, 0, 8);
    return 0;
}
