/* getaddrinfo/getnameinfo on numeric hosts, the passive and loopback addresses and numeric
 * services (what a static glibc answers without NSS), with every hint combination and
 * error; compared with glibc byte for byte. */
#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

static void show(const char *node, const char *serv, int flags, int family, int socktype)
{
    struct addrinfo hints, *res = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_flags = flags;
    hints.ai_family = family;
    hints.ai_socktype = socktype;
    int e = getaddrinfo(node, serv, &hints, &res);
    printf("gai(%s, %s, flags %#x, family %d, socktype %d) = %d", node ? node : "NULL",
           serv ? serv : "NULL", flags, family, socktype, e);
    if (e) {
        printf(" %s\n", gai_strerror(e));
        return;
    }
    putchar('\n');
    for (struct addrinfo *a = res; a; a = a->ai_next) {
        char h[INET6_ADDRSTRLEN] = "?";
        unsigned port = 0;
        if (a->ai_family == AF_INET) {
            struct sockaddr_in *s = (struct sockaddr_in *)a->ai_addr;
            inet_ntop(AF_INET, &s->sin_addr, h, sizeof h);
            port = ntohs(s->sin_port);
        } else if (a->ai_family == AF_INET6) {
            struct sockaddr_in6 *s = (struct sockaddr_in6 *)a->ai_addr;
            inet_ntop(AF_INET6, &s->sin6_addr, h, sizeof h);
            port = ntohs(s->sin6_port);
        }
        printf("  family %d socktype %d protocol %d addrlen %u %s port %u canon %s\n",
               a->ai_family, a->ai_socktype, a->ai_protocol, (unsigned)a->ai_addrlen, h, port,
               a->ai_canonname ? a->ai_canonname : "NULL");
    }
    freeaddrinfo(res);
}

static void ni(const char *addr, unsigned port, int flags)
{
    struct sockaddr_storage ss;
    socklen_t len;
    memset(&ss, 0, sizeof ss);
    if (strchr(addr, ':')) {
        struct sockaddr_in6 *s = (struct sockaddr_in6 *)&ss;
        s->sin6_family = AF_INET6;
        s->sin6_port = htons((unsigned short)port);
        inet_pton(AF_INET6, addr, &s->sin6_addr);
        len = sizeof *s;
    } else {
        struct sockaddr_in *s = (struct sockaddr_in *)&ss;
        s->sin_family = AF_INET;
        s->sin_port = htons((unsigned short)port);
        inet_pton(AF_INET, addr, &s->sin_addr);
        len = sizeof *s;
    }
    char h[NI_MAXHOST], sv[NI_MAXSERV];
    int e = getnameinfo((struct sockaddr *)&ss, len, h, sizeof h, sv, sizeof sv, flags);
    printf("gni(%s, %u, %#x) = %d %s %s\n", addr, port, flags, e, e ? "" : h, e ? "" : sv);
}

int main(void)
{
    static const char *const nodes[] = {"127.0.0.1", "10.1.2.3", "::1", "fe80::1:2", "::ffff:1.2.3.4",
                                        "0", "1.2.3", "256.1.1.1", "", "1.2.3.4 "};
    static const char *const servs[] = {NULL, "0", "80", "65535", "65536", "-1", "8x"};
    static const int families[] = {AF_UNSPEC, AF_INET, AF_INET6, 12345};
    static const int socktypes[] = {0, SOCK_STREAM, SOCK_DGRAM, SOCK_RAW, 99};
    for (unsigned i = 0; i < sizeof nodes / sizeof *nodes; i++)
        for (unsigned j = 0; j < 3; j++)
            show(nodes[i], "80", AI_NUMERICHOST | (j == 1 ? AI_CANONNAME : 0), families[j], 0);
    for (unsigned s = 0; s < sizeof servs / sizeof *servs; s++)
        show("127.0.0.1", servs[s], AI_NUMERICSERV, AF_INET, SOCK_STREAM);
    for (unsigned f = 0; f < 4; f++)
        for (unsigned t = 0; t < 5; t++) show(NULL, "8080", AI_PASSIVE, families[f], socktypes[t]);
    show(NULL, "8080", 0, AF_UNSPEC, SOCK_STREAM);
    show(NULL, "8080", 0, AF_INET6, SOCK_DGRAM);
    show(NULL, NULL, AI_PASSIVE, AF_UNSPEC, 0);
    show("1.2.3.4", NULL, AI_NUMERICHOST, AF_UNSPEC, 0);
    show("1.2.3.4", "80", 0x10000, AF_UNSPEC, 0);
    show("1.2.3.4", "80", AI_CANONNAME | AI_NUMERICHOST, AF_INET, SOCK_STREAM);
    show("::1", "80", AI_NUMERICHOST | AI_V4MAPPED, AF_INET6, SOCK_STREAM);
    show("1.2.3.4", "80", AI_NUMERICHOST | AI_V4MAPPED, AF_INET6, SOCK_STREAM);
    show("no.such.name.invalid", "80", AI_NUMERICHOST, AF_UNSPEC, 0);
    ni("127.0.0.1", 80, NI_NUMERICHOST | NI_NUMERICSERV);
    ni("::1", 443, NI_NUMERICHOST | NI_NUMERICSERV);
    ni("10.0.0.1", 65535, NI_NUMERICHOST | NI_NUMERICSERV | NI_DGRAM);
    for (int e = -12; e <= 0; e++) printf("gai_strerror(%d) = %s\n", e, gai_strerror(e));
    return 0;
}
