// LP128: same
#include <stdio.h>
#include <stdlib.h>
struct node { int v; struct node *next; };
static struct node *push(struct node *head, int v)
{
    struct node *n = malloc(sizeof *n);
    n->v = v;
    n->next = head;
    return n;
}
static struct node *reverse(struct node *h)
{
    struct node *prev = NULL;
    while (h) {
        struct node *nx = h->next;
        h->next = prev;
        prev = h;
        h = nx;
    }
    return prev;
}
static void print(const struct node *h)
{
    for (; h; h = h->next)
        printf("%d%s", h->v, h->next ? " -> " : "\n");
}
int main(void)
{
    struct node *h = NULL;
    for (int i = 1; i <= 6; i++)
        h = push(h, i * i);
    print(h);
    h = reverse(h);
    print(h);
    int n = 0, s = 0;
    for (struct node *p = h; p; p = p->next) { n++; s += p->v; }
    printf("count %d sum %d\n", n, s);
    struct node **pp = &h;
    while (*pp) {
        if ((*pp)->v % 2 == 0) *pp = (*pp)->next;
        else pp = &(*pp)->next;
    }
    print(h);
    int *arr = calloc(5, sizeof *arr);
    printf("calloc zeroed %d %d\n", arr[0], arr[4]);
    return 0;
}
