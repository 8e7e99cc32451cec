/* TU-mode fixture: a declaration that depends on the configuration (-D/-U). */
#ifdef RING_STATS64
typedef unsigned long long u64;
struct ring_stats { u64 drops __attribute__((aligned(8))); };
#define STATS_T u64
#else
struct ring_stats { unsigned int drops; };
#define STATS_T unsigned int
#endif
int printf(const char *fmt, ...);
