#ifndef _ZL_ARPA_INET_H
#define _ZL_ARPA_INET_H
#include <netinet/in.h>
__ZL_BEGIN
in_addr_t inet_addr(const char *);
int inet_aton(const char *, struct in_addr *);
char *inet_ntoa(struct in_addr);
int inet_pton(int, const char *restrict, void *restrict);
const char *inet_ntop(int, const void *restrict, char *restrict, socklen_t);
__ZL_END
#endif
