/* TU-mode fixture of struct-size-literal: the structs are declared in hw/nodes.h, so
 * only TU mode knows their layouts and reports lines 9, 10 and 11; the token mode
 * reports nothing, and line 12 (a struct without pointers) is silent in both. */
#include <hw/nodes.h>
void *malloc(unsigned long);

void build(unsigned long len)
{
	struct hnode *h = malloc(16);
	span_t *s = malloc(16 + len);
	span_t *t = malloc(20);
	struct hkey *k = malloc(8);
	(void)h; (void)s; (void)t; (void)k;
}
