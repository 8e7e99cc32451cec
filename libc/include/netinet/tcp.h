#ifndef _ZL_NETINET_TCP_H
#define _ZL_NETINET_TCP_H
#define TCP_NODELAY 1
#define TCP_MAXSEG 2
#define TCP_KEEPIDLE 4
#define TCP_KEEPINTVL 5
#define TCP_KEEPCNT 6
#endif
