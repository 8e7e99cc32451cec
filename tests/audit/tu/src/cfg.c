/* TU-mode fixture: with -DRING_STATS64 the member (declared behind an #ifdef of the
 * header, before an attribute) and the parameter (a type named by a macro) are u64, so
 * TU mode reports lines 8 and 9; without it, or with -U after -D, nothing. */
#include <hw/stats.h>

void dump(struct ring_stats *st, STATS_T total)
{
	printf("%llu\n", st->drops);
	printf("%llu\n", total);
}
