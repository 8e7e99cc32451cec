/* <search.h> trees: tsearch, tfind, tdelete, twalk and GNU tdestroy on an AVL tree (the
 * heights of a node's subtrees differ by at most one, so every operation is O(log n)).
 * A node starts with the key pointer, so a program reads the key as *(void **)node.
 * Deleting a node with two children moves its successor node into its place: a node
 * pointer the program holds stays valid until that node's own key is deleted. */
#include <search.h>
#include <stdlib.h>

struct node {
    const void *key;
    struct node *kid[2];   /* [0] smaller keys, [1] larger */
    int height;
};
typedef int (*cmp_fn)(const void *, const void *);

static int height(const struct node *n) { return n ? n->height : 0; }

static void update(struct node *n)
{
    int l = height(n->kid[0]), r = height(n->kid[1]);
    n->height = (l > r ? l : r) + 1;
}

/* Lifts n's child on the side opposite to dir into n's place (dir 0: left rotation). */
static struct node *rotate(struct node *n, int dir)
{
    struct node *c = n->kid[!dir];
    n->kid[!dir] = c->kid[dir];
    c->kid[dir] = n;
    update(n);
    update(c);
    return c;
}

static struct node *balance(struct node *n)
{
    update(n);
    int b = height(n->kid[0]) - height(n->kid[1]);
    if (b > 1 || b < -1) {
        int heavy = b < 0;     /* the taller side */
        struct node *c = n->kid[heavy];
        if (height(c->kid[heavy]) < height(c->kid[!heavy]))
            n->kid[heavy] = rotate(c, heavy);
        return rotate(n, !heavy);
    }
    return n;
}

static struct node *insert(struct node *n, const void *key, cmp_fn cmp, struct node **res)
{
    if (!n) {
        n = malloc(sizeof *n);
        *res = n;
        if (n) {
            n->key = key;
            n->kid[0] = n->kid[1] = NULL;
            n->height = 1;
        }
        return n;
    }
    int c = cmp(key, n->key);
    if (c == 0) {
        *res = n;
        return n;
    }
    n->kid[c > 0] = insert(n->kid[c > 0], key, cmp, res);
    return balance(n);
}

void *tsearch(const void *key, void **rootp, cmp_fn cmp)
{
    struct node *res;
    if (!rootp)
        return NULL;
    *rootp = insert(*rootp, key, cmp, &res);
    return res;
}

void *tfind(const void *key, void *const *rootp, cmp_fn cmp)
{
    if (!rootp)
        return NULL;
    struct node *n = *rootp;
    int c;
    while (n && (c = cmp(key, n->key)) != 0)
        n = n->kid[c > 0];
    return n;
}

static struct node *unlink_min(struct node *n, struct node **min)
{
    if (!n->kid[0]) {
        *min = n;
        return n->kid[1];
    }
    n->kid[0] = unlink_min(n->kid[0], min);
    return balance(n);
}

static struct node *remove_key(struct node *n, const void *key, cmp_fn cmp, struct node **gone)
{
    if (!n)
        return NULL;
    int c = cmp(key, n->key);
    if (c) {
        n->kid[c > 0] = remove_key(n->kid[c > 0], key, cmp, gone);
        return balance(n);
    }
    *gone = n;
    if (!n->kid[0] || !n->kid[1])
        return n->kid[!n->kid[0]];
    struct node *m;
    struct node *right = unlink_min(n->kid[1], &m);
    m->kid[0] = n->kid[0];
    m->kid[1] = right;
    return balance(m);
}

/* Returns the deleted node's parent, or (the root deleted) rootp: non-null as POSIX asks. */
void *tdelete(const void *restrict key, void **restrict rootp, cmp_fn cmp)
{
    if (!rootp)
        return NULL;
    struct node *n = *rootp, *up = NULL, *gone = NULL;
    int c;
    while (n && (c = cmp(key, n->key)) != 0) {
        up = n;
        n = n->kid[c > 0];
    }
    if (!n)
        return NULL;
    *rootp = remove_key(*rootp, key, cmp, &gone);
    free(gone);
    return up ? (void *)up : (void *)rootp;
}

static void walk(const struct node *n, void (*act)(const void *, VISIT, int), int depth)
{
    if (!n->kid[0] && !n->kid[1]) {
        act(n, leaf, depth);
        return;
    }
    act(n, preorder, depth);
    if (n->kid[0])
        walk(n->kid[0], act, depth + 1);
    act(n, postorder, depth);
    if (n->kid[1])
        walk(n->kid[1], act, depth + 1);
    act(n, endorder, depth);
}

void twalk(const void *root, void (*act)(const void *, VISIT, int))
{
    if (root && act)
        walk(root, act, 0);
}

void tdestroy(void *root, void (*free_key)(void *))
{
    struct node *n = root;
    if (!n)
        return;
    tdestroy(n->kid[0], free_key);
    tdestroy(n->kid[1], free_key);
    if (free_key)
        free_key((void *)n->key);
    free(n);
}
