#ifndef _ZL_NETINET_TCP_H
#define _ZL_NETINET_TCP_H
#include <bits/abi_tcp_opt.h>
#endif
