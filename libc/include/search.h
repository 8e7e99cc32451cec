#ifndef _ZL_SEARCH_H
#define _ZL_SEARCH_H
#include <bits/zl_config.h>
#include <stddef.h>
__ZL_BEGIN
typedef enum { FIND, ENTER } ACTION;
typedef enum { preorder, postorder, endorder, leaf } VISIT;
typedef struct entry {
    char *key;
    void *data;
} ENTRY;
/* hash table of string keys (one per process, or per hsearch_data: GNU, zeroed before
 * hcreate_r); it grows as entries are entered, which moves the entries */
int hcreate(size_t);
void hdestroy(void);
ENTRY *hsearch(ENTRY, ACTION);
struct hsearch_data {
    struct entry *__table;
    size_t __mask, __used;
};
int hcreate_r(size_t, struct hsearch_data *);
void hdestroy_r(struct hsearch_data *);
int hsearch_r(ENTRY, ACTION, ENTRY **, struct hsearch_data *);
/* doubly linked queues: the element's first two members are the forward and back links */
struct qelem {
    struct qelem *q_forw, *q_back;
    char q_data[1];
};
void insque(void *, void *);
void remque(void *);
/* linear search of an array */
void *lsearch(const void *, void *, size_t *, size_t, int (*)(const void *, const void *));
void *lfind(const void *, const void *, size_t *, size_t, int (*)(const void *, const void *));
/* balanced binary trees: a node's first member is the key pointer */
void *tsearch(const void *, void **, int (*)(const void *, const void *));
void *tfind(const void *, void *const *, int (*)(const void *, const void *));
void *tdelete(const void *restrict, void **restrict, int (*)(const void *, const void *));
void twalk(const void *, void (*)(const void *, VISIT, int));
void tdestroy(void *, void (*)(void *));
__ZL_END
#endif
