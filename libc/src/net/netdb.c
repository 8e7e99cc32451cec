/* getaddrinfo, getnameinfo, gai_strerror (POSIX), resolving from numeric addresses,
 * /etc/hosts and /etc/services.  There is no DNS client: a name that /etc/hosts does not
 * list is EAI_NONAME (docs/libc.md).  Where POSIX leaves a choice the observable behaviour
 * of glibc is followed (tests/libc/src/t_netdb.c compares the two): a socket type of 0
 * gives one result per type (stream/tcp, datagram/udp, raw) for each address; a passive
 * unspecified family lists IPv4 before IPv6, an active one the loopback ::1 first; numeric
 * IPv4 takes inet_aton's forms ("1.2.3"); AI_CANONNAME names only the first result. */
#include "zl_libc.h"
#include <arpa/inet.h>
#include <netdb.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define AI_KNOWN (AI_PASSIVE | AI_CANONNAME | AI_NUMERICHOST | AI_V4MAPPED | AI_ALL | \
                  AI_ADDRCONFIG | AI_NUMERICSERV | 0x3c0 /* glibc's IDN flags: accepted */)

struct addr {
    int family;
    unsigned char bytes[16];
};

/* One result: the addrinfo, its socket address and canonical name in one allocation. */
struct result {
    struct addrinfo ai;
    union {
        struct sockaddr_in in;
        struct sockaddr_in6 in6;
    } sa;
    char canon[];
};

const char *gai_strerror(int e)
{
    static const char *const msg[] = {
        [-EAI_BADFLAGS] = "Bad value for ai_flags",
        [-EAI_NONAME] = "Name or service not known",
        [-EAI_AGAIN] = "Temporary failure in name resolution",
        [-EAI_FAIL] = "Non-recoverable failure in name resolution",
        [-EAI_NODATA] = "No address associated with hostname",
        [-EAI_FAMILY] = "ai_family not supported",
        [-EAI_SOCKTYPE] = "ai_socktype not supported",
        [-EAI_SERVICE] = "Servname not supported for ai_socktype",
        [-EAI_ADDRFAMILY] = "Address family for hostname not supported",
        [-EAI_MEMORY] = "Memory allocation failure",
        [-EAI_SYSTEM] = "System error",
    };
    if (e < 0 && -e < (int)(sizeof msg / sizeof *msg) && msg[-e]) return msg[-e];
    return "Unknown error";
}

void freeaddrinfo(struct addrinfo *a)
{
    while (a) {
        struct addrinfo *n = a->ai_next;
        free(a);
        a = n;
    }
}

/* ---- /etc/services and /etc/hosts ---- */

/* Splits line into at most max white-space separated fields, ending at '#' (in place;
 * not strtok, whose state belongs to the program). */
static int fields(char *line, char **f, int max)
{
    int n = 0;
    char *p = line;
    while (n < max) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
        if (!*p || *p == '#') break;
        f[n++] = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n' && *p != '#') p++;
        if (!*p) break;
        if (*p == '#') {
            *p = 0;
            break;
        }
        *p++ = 0;
    }
    return n;
}

/* The port of service name (or alias) for proto ("tcp"/"udp") in /etc/services, or -1;
 * with name NULL, the first name of `port` instead (into out). */
static int services(const char *name, int port, const char *proto, char *out, size_t outsz)
{
    FILE *fp = fopen("/etc/services", "re");
    if (!fp) return -1;
    char *line = NULL, *f[32];
    size_t cap = 0;
    int found = -1;
    while (found < 0 && getline(&line, &cap, fp) > 0) {
        int n = fields(line, f, 32);
        if (n < 2) continue;
        char *slash = strchr(f[1], '/');
        if (!slash || strcmp(slash + 1, proto)) continue;
        int p = atoi(f[1]);
        if (name) {
            for (int i = 0; i < n; i++)
                if (i != 1 && !strcmp(f[i], name)) found = p;
        } else if (p == port && strlen(f[0]) < outsz) {
            strcpy(out, f[0]);
            found = p;
        }
    }
    free(line);
    fclose(fp);
    return found;
}

static bool parse_addr(const char *s, struct addr *a)
{
    struct in_addr v4;
    if (inet_aton(s, &v4)) {
        a->family = AF_INET;
        memcpy(a->bytes, &v4, 4);
        return true;
    }
    if (inet_pton(AF_INET6, s, a->bytes) == 1) {
        a->family = AF_INET6;
        return true;
    }
    return false;
}

/* Addresses of name in /etc/hosts, in file order (at most max); *canon gets the official
 * name of the first match.  Returns the count. */
static int hosts_lookup(const char *name, struct addr *out, int max, char *canon, size_t csz)
{
    FILE *fp = fopen("/etc/hosts", "re");
    if (!fp) return 0;
    char *line = NULL, *f[64];
    size_t cap = 0;
    int n = 0;
    while (n < max && getline(&line, &cap, fp) > 0) {
        int k = fields(line, f, 64);
        struct addr a;
        if (k < 2 || !parse_addr(f[0], &a)) continue;
        for (int i = 1; i < k; i++)
            if (!strcasecmp(f[i], name)) {
                if (!n && strlen(f[1]) < csz) strcpy(canon, f[1]);
                out[n++] = a;
                break;
            }
    }
    free(line);
    fclose(fp);
    return n;
}

/* The first name /etc/hosts gives for address a. */
static bool hosts_reverse(const struct addr *a, char *out, size_t outsz)
{
    FILE *fp = fopen("/etc/hosts", "re");
    if (!fp) return false;
    char *line = NULL, *f[2];
    size_t cap = 0;
    bool found = false;
    while (!found && getline(&line, &cap, fp) > 0) {
        struct addr b;
        if (fields(line, f, 2) == 2 && parse_addr(f[0], &b) && b.family == a->family &&
            !memcmp(b.bytes, a->bytes, a->family == AF_INET ? 4 : 16) && strlen(f[1]) < outsz) {
            strcpy(out, f[1]);
            found = true;
        }
    }
    free(line);
    fclose(fp);
    return found;
}

/* ---- getaddrinfo ---- */

static const struct {
    int socktype, protocol;
    const char *proto;
} kinds[] = {{SOCK_STREAM, IPPROTO_TCP, "tcp"}, {SOCK_DGRAM, IPPROTO_UDP, "udp"}, {SOCK_RAW, 0, NULL}};

/* The port of service for kind k: 0..65535, or -1 if the service does not exist for it. */
static int kind_port(const char *service, int numeric, int k)
{
    if (!service) return 0;
    if (numeric >= 0) return numeric;
    if (!kinds[k].proto) return -1;
    return services(service, 0, kinds[k].proto, NULL, 0);
}

static struct result *new_result(const struct addr *a, int k, int port, const char *canon)
{
    size_t cl = canon ? strlen(canon) + 1 : 0;
    struct result *r = calloc(1, sizeof *r + cl);
    if (!r) return NULL;
    r->ai.ai_family = a->family;
    r->ai.ai_socktype = kinds[k].socktype;
    r->ai.ai_protocol = kinds[k].protocol;
    r->ai.ai_addr = (struct sockaddr *)&r->sa;
    if (a->family == AF_INET) {
        r->sa.in.sin_family = AF_INET;
        r->sa.in.sin_port = htons((uint16_t)port);
        memcpy(&r->sa.in.sin_addr, a->bytes, 4);
        r->ai.ai_addrlen = sizeof r->sa.in;
    } else {
        r->sa.in6.sin6_family = AF_INET6;
        r->sa.in6.sin6_port = htons((uint16_t)port);
        memcpy(&r->sa.in6.sin6_addr, a->bytes, 16);
        r->ai.ai_addrlen = sizeof r->sa.in6;
    }
    if (canon) {
        memcpy(r->canon, canon, cl);
        r->ai.ai_canonname = r->canon;
    }
    return r;
}

static const unsigned char v4mapped_prefix[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};

/* Fits address a to the requested family: a v4-mapped IPv6 address answers AF_INET as
 * IPv4; an IPv4 one answers AF_INET6 only under AI_V4MAPPED.  False: wrong family. */
static bool fit_family(struct addr *a, int family, int flags)
{
    if (family == AF_UNSPEC || family == a->family) return true;
    if (family == AF_INET && !memcmp(a->bytes, v4mapped_prefix, 12)) {
        memmove(a->bytes, a->bytes + 12, 4);
        a->family = AF_INET;
        return true;
    }
    if (family == AF_INET6 && (flags & AI_V4MAPPED)) {
        memmove(a->bytes + 12, a->bytes, 4);
        memcpy(a->bytes, v4mapped_prefix, 12);
        a->family = AF_INET6;
        return true;
    }
    return false;
}

int getaddrinfo(const char *restrict node, const char *restrict service,
                const struct addrinfo *restrict hints, struct addrinfo **restrict res)
{
    int flags = hints ? hints->ai_flags : 0, family = hints ? hints->ai_family : AF_UNSPEC;
    int socktype = hints ? hints->ai_socktype : 0, protocol = hints ? hints->ai_protocol : 0;
    *res = NULL;
    if (flags & ~AI_KNOWN) return EAI_BADFLAGS;
    if (family != AF_UNSPEC && family != AF_INET && family != AF_INET6) return EAI_FAMILY;
    if (socktype != 0 && socktype != SOCK_STREAM && socktype != SOCK_DGRAM && socktype != SOCK_RAW)
        return EAI_SOCKTYPE;
    if (!node && !service) return EAI_NONAME;

    /* the service: a number (taken modulo 2^16, as glibc; negative is an error) or a name */
    int numeric = -1;
    if (service) {
        char *end;
        unsigned long v = strtoul(service, &end, 10);
        if (*service && !*end) {
            if ((int)v < 0) return EAI_SERVICE;
            numeric = (int)(v & 0xffff);
        } else if (flags & AI_NUMERICSERV) {
            return EAI_NONAME;
        }
        if (socktype == SOCK_RAW) return EAI_SERVICE; /* raw sockets have no ports */
    }

    /* the addresses */
    struct addr addrs[32];
    int na = 0;
    char canon[256] = "";
    if (!node) {
        static const unsigned char any6[16], lo6[16] = {[15] = 1};
        struct addr v4 = {AF_INET, {0}}, v6 = {AF_INET6, {0}};
        memcpy(v6.bytes, (flags & AI_PASSIVE) ? any6 : lo6, 16);
        if (!(flags & AI_PASSIVE)) memcpy(v4.bytes, "\x7f\0\0\x01", 4);
        bool v6first = !(flags & AI_PASSIVE);
        if (family != AF_INET6 && !v6first) addrs[na++] = v4;
        if (family != AF_INET) addrs[na++] = v6;
        if (family != AF_INET6 && v6first) addrs[na++] = v4;
    } else if (parse_addr(node, &addrs[0])) {
        if (!fit_family(&addrs[0], family, flags)) return EAI_ADDRFAMILY;
        na = 1;
        if (strlen(node) < sizeof canon) strcpy(canon, node);
    } else {
        if (flags & AI_NUMERICHOST) return EAI_NONAME;
        struct addr found[32];
        int nf = *node ? hosts_lookup(node, found, 32, canon, sizeof canon) : 0;
        /* AF_INET6 with AI_V4MAPPED: IPv4 addresses (mapped) only when there is no IPv6
         * one, or with AI_ALL (POSIX) */
        bool have6 = false;
        for (int i = 0; i < nf; i++) have6 |= found[i].family == AF_INET6;
        for (int i = 0; i < nf; i++) {
            if (family == AF_INET6 && found[i].family == AF_INET && have6 && !(flags & AI_ALL))
                continue;
            if (fit_family(&found[i], family, flags)) addrs[na++] = found[i];
        }
        if (!na) return EAI_NONAME;
    }

    /* one result per address and socket type */
    struct addrinfo *head = NULL, **tail = &head;
    bool any_port = false;
    for (int i = 0; i < na; i++)
        for (int k = 0; k < 3; k++) {
            if (socktype && kinds[k].socktype != socktype) continue;
            if (protocol && kinds[k].protocol != protocol) continue;
            int port = kind_port(service, numeric, k);
            if (port < 0) continue;
            any_port = true;
            bool first = !head;
            struct result *r = new_result(&addrs[i], k, port,
                                          first && (flags & AI_CANONNAME) && *canon ? canon : NULL);
            if (!r) {
                freeaddrinfo(head);
                return EAI_MEMORY;
            }
            *tail = &r->ai;
            tail = &r->ai.ai_next;
        }
    if (!head) return any_port || !service ? EAI_SOCKTYPE : EAI_SERVICE;
    *res = head;
    return 0;
}

/* ---- getnameinfo ---- */

int getnameinfo(const struct sockaddr *restrict sa, socklen_t salen, char *restrict host,
                socklen_t hostlen, char *restrict serv, socklen_t servlen, int flags)
{
    struct addr a;
    int port;
    if (!sa) return EAI_FAMILY;
    if (sa->sa_family == AF_INET && salen >= sizeof(struct sockaddr_in)) {
        const struct sockaddr_in *s = (const struct sockaddr_in *)sa;
        a.family = AF_INET;
        memcpy(a.bytes, &s->sin_addr, 4);
        port = ntohs(s->sin_port);
    } else if (sa->sa_family == AF_INET6 && salen >= sizeof(struct sockaddr_in6)) {
        const struct sockaddr_in6 *s = (const struct sockaddr_in6 *)sa;
        a.family = AF_INET6;
        memcpy(a.bytes, &s->sin6_addr, 16);
        port = ntohs(s->sin6_port);
    } else {
        return EAI_FAMILY;
    }
    if (host && hostlen) {
        char name[NI_MAXHOST];
        if ((flags & NI_NUMERICHOST) || !hosts_reverse(&a, name, sizeof name)) {
            if (flags & NI_NAMEREQD) return EAI_NONAME;
            inet_ntop(a.family, a.bytes, name, sizeof name);
        } else if (flags & NI_NOFQDN) {
            char *dot = strchr(name, '.');
            if (dot) *dot = 0;
        }
        if (strlen(name) >= hostlen) return EAI_OVERFLOW;
        strcpy(host, name);
    }
    if (serv && servlen) {
        char name[NI_MAXSERV];
        if ((flags & NI_NUMERICSERV) ||
            services(NULL, port, (flags & NI_DGRAM) ? "udp" : "tcp", name, sizeof name) < 0)
            snprintf(name, sizeof name, "%d", port);
        if (strlen(name) >= servlen) return EAI_OVERFLOW;
        strcpy(serv, name);
    }
    return 0;
}
