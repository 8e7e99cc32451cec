/* Symbols: a hash table of named symbols plus the list of every symbol in creation
 * order (the order of the ELF symbol table). */
#include <stdlib.h>
#include <string.h>

#include "as/as.h"

u32 as_hash(const char *s, usize n)
{
    u32 h = 2166136261u;
    for (usize i = 0; i < n; i++) h = (h ^ (u8)s[i]) * 16777619u;
    return h;
}

static void rehash(struct as *A)
{
    usize n = A->symhash_n ? A->symhash_n * 2 : 1024;
    struct sym **t = calloc(n, sizeof *t);
    if (!t) { fputs("zl-as: out of memory\n", stderr); exit(1); }
    for (usize i = 0; i < A->symhash_n; i++) {
        struct sym *s = A->symhash[i];
        while (s) {
            struct sym *nx = s->hnext;
            u32 h = as_hash(s->name, strlen(s->name)) & (u32)(n - 1);
            s->hnext = t[h];
            t[h] = s;
            s = nx;
        }
    }
    free(A->symhash);
    A->symhash = t;
    A->symhash_n = n;
}

struct sym *sym_lookup(struct as *A, const char *name, usize len)
{
    if (!A->symhash_n) return NULL;
    u32 h = as_hash(name, len) & (u32)(A->symhash_n - 1);
    for (struct sym *s = A->symhash[h]; s; s = s->hnext)
        if (!strncmp(s->name, name, len) && s->name[len] == 0) return s;
    return NULL;
}

static struct sym *sym_new(struct as *A, const char *name, usize len)
{
    struct sym *s = as_alloc(A, sizeof *s);
    s->name = as_strndup(A, name, len);
    s->kind = SK_UNDEF;
    s->bind = STB_LOCAL;
    s->loc = A->loc;
    *A->symtail = s;
    A->symtail = &s->next;
    return s;
}

struct sym *sym_get(struct as *A, const char *name, usize len)
{
    struct sym *s = sym_lookup(A, name, len);
    if (s) return s;
    if (A->nsyms * 2 >= A->symhash_n) rehash(A);
    s = sym_new(A, name, len);
    u32 h = as_hash(name, len) & (u32)(A->symhash_n - 1);
    s->hnext = A->symhash[h];
    A->symhash[h] = s;
    A->nsyms++;
    return s;
}

void sym_define_label(struct as *A, struct sym *s)
{
    if (s->kind != SK_UNDEF) {
        as_error(A, "symbol `%s' is already defined", s->name);
        return;
    }
    s->kind = SK_LABEL;
    s->sec = A->cur;
    s->frag = cur_frag(A);
    s->off = cur_off(A);
    s->loc = A->loc;
}

/* ---- Local numeric labels: "N:" defines instance k of N, named ".LN\002k" like GNU as;
 * "Nb" is the latest instance, "Nf" the next one. */

struct lcount { u64 n, count; };

static u64 *local_slot(struct as *A, u64 n)
{
    struct lcount *t = (struct lcount *)A->local_counts;
    usize cap = A->local_max;
    for (usize i = 0; cap && i < cap; i++) {
        usize j = (usize)((n * 0x9e3779b97f4a7c15ull + i) & (cap - 1));
        if (t[j].count == 0 && t[j].n == 0) {
            t[j].n = n + 1;
            return &t[j].count;
        }
        if (t[j].n == n + 1) return &t[j].count;
        if (i > 64) break;
    }
    /* grow */
    usize ncap = cap ? cap * 2 : 64;
    struct lcount *nt = calloc(ncap, sizeof *nt);
    if (!nt) { fputs("zl-as: out of memory\n", stderr); exit(1); }
    for (usize i = 0; i < cap; i++) {
        if (!t[i].n) continue;
        for (usize k = 0;; k++) {
            usize j = (usize)(((t[i].n - 1) * 0x9e3779b97f4a7c15ull + k) & (ncap - 1));
            if (!nt[j].n) { nt[j] = t[i]; break; }
        }
    }
    free(t);
    A->local_counts = (u64 *)nt;
    A->local_max = ncap;
    return local_slot(A, n);
}

static struct sym *local_sym(struct as *A, u64 n, u64 k)
{
    char buf[64];
    int len = snprintf(buf, sizeof buf, ".L%llu\002%llu", (unsigned long long)n,
                       (unsigned long long)k);
    return sym_get(A, buf, (usize)len);
}

struct sym *sym_local_define(struct as *A, u64 n)
{
    u64 *c = local_slot(A, n);
    ++*c;
    struct sym *s = local_sym(A, n, *c);
    sym_define_label(A, s);
    return s;
}

struct sym *sym_local_ref(struct as *A, u64 n, bool forward)
{
    u64 *c = local_slot(A, n);
    return local_sym(A, n, forward ? *c + 1 : *c);
}

struct sym *sym_fake_here(struct as *A)
{
    struct sym *s = sym_new(A, ".L0 ", 4);
    s->fake = true;
    s->kind = SK_LABEL;
    s->sec = A->cur;
    s->frag = cur_frag(A);
    s->off = cur_off(A);
    return s;
}

u128 sym_addr(const struct sym *s)
{
    return s->frag ? s->frag->addr + s->off : 0;
}
