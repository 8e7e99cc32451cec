/* Declarations for src/nodes.c (TU-mode fixture of struct-size-literal): the layouts
 * are known only from here. */
#ifndef HW_NODES_H
#define HW_NODES_H
typedef unsigned int node_key_t;   /* a scalar typedef: 4 bytes in both models */
struct hnode {
	struct hnode *next;
	node_key_t key;
};                                 /* LP64 16, LP128 32 */
typedef struct {
	void *lo, *hi;
	node_key_t key;
} span_t;                          /* LP64 24 (20 without padding), LP128 48 */
struct hkey {
	node_key_t a, b;
};                                 /* no pointer: 8 in both models */
#endif
