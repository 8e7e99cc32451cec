/* Sections as chains of fragments.  A fragment holds fixed bytes and may end in a
 * variable tail (alignment padding, a relaxable branch, a LEB128 value, .org/.space with
 * a late count) whose size is decided at layout.  Labels are (fragment, offset), so they
 * keep their meaning while tails change size. */
#include <stdlib.h>
#include <string.h>

#include "as/as.h"

#define MAX_SECTION_BYTES ((u128)1 << 28)    /* 256 MiB of contents per section */

bool sect_is_code(const struct section *s) { return (s->flags & SHF_EXECINSTR) != 0; }

struct section *sect_find(struct as *A, const char *name)
{
    for (struct section *s = A->sections; s; s = s->next)
        if (!strcmp(s->name, name)) return s;
    return NULL;
}

static struct frag *frag_new(struct as *A, struct section *s)
{
    struct frag *f = as_alloc(A, sizeof *f);
    f->sec = s;
    f->epoch = s->epoch;
    f->loc = A->loc;
    if (s->last) s->last->next = f;
    else s->first = f;
    s->last = f;
    return f;
}

struct section *sect_get(struct as *A, const char *name, u32 type, u64 flags, u64 entsize,
                         bool explicit_flags)
{
    struct section *s = sect_find(A, name);
    if (s) {
        if (explicit_flags && (s->type != type || s->flags != flags) && s->used)
            as_warn(A, "ignoring changed section attributes for %s", name);
        else if (explicit_flags && !s->used) {
            s->type = type;
            s->flags = flags;
            s->entsize = entsize;
        }
        return s;
    }
    s = as_alloc(A, sizeof *s);
    s->name = as_strdup(A, name);
    s->type = type;
    s->flags = flags;
    s->entsize = entsize;
    s->align = 1;
    s->fixtail = &s->fixups;
    *A->sectail = s;
    A->sectail = &s->next;
    frag_new(A, s);
    return s;
}

void sect_switch(struct as *A, struct section *s)
{
    if (A->cur != s) {
        A->prev = A->cur;
        A->cur = s;
    }
    s->used = true;
}

struct frag *cur_frag(struct as *A)
{
    struct section *s = A->cur;
    if (s->last->vk != VK_NONE) frag_new(A, s);
    return s->last;
}

u32 cur_off(struct as *A) { return cur_frag(A)->len; }

static bool room(struct as *A, struct frag *f, u128 n)
{
    u128 limit = f->sec->type == SHT_NOBITS ? (u128)0xffffffffu : MAX_SECTION_BYTES;
    if (f->sec->too_large) return false;     /* said once; its later contents are dropped */
    if ((u128)f->len + n > limit || f->sec->fixed_bytes + n > limit) {
        as_error(A, "section %s is too large (zl-as limit: 256 MiB of contents, 4 GiB of "
                    "uninitialised space)", f->sec->name);
        f->sec->too_large = true;
        return false;
    }
    f->sec->fixed_bytes += n;
    if (f->sec->type == SHT_NOBITS) return true;
    if (f->len + n > f->cap) {
        u32 c = f->cap ? f->cap : 64;
        while (c < f->len + n) c *= 2;
        f->data = xrealloc(f->data, c);
        f->cap = c;
    }
    return true;
}

void emit_bytes(struct as *A, const void *p, usize n)
{
    struct frag *f = cur_frag(A);
    A->cur->used = true;
    if (n == 0) return;
    if (!room(A, f, n)) return;
    if (A->cur->type == SHT_NOBITS) {
        const u8 *b = p;
        for (usize i = 0; i < n; i++)
            if (b[i]) {
                as_error(A, "attempt to store non-zero value in section `%s'", A->cur->name);
                break;
            }
    } else {
        memcpy(f->data + f->len, p, n);
    }
    f->len += (u32)n;
}

/* n bytes repeating `pat` from its byte `phase` on (alignment fill, .fill, .space, .org):
 * the size limit is checked once for the whole run, before anything is written. */
void emit_pattern(struct as *A, const u8 *pat, unsigned patlen, unsigned phase, u128 n)
{
    struct frag *f = cur_frag(A);
    A->cur->used = true;
    if (n == 0) return;
    if (!room(A, f, n)) return;
    if (A->cur->type == SHT_NOBITS) {
        for (unsigned i = 0; i < patlen && i < n; i++)
            if (pat[(phase + i) % patlen]) {
                as_error(A, "attempt to store non-zero value in section `%s'", A->cur->name);
                break;
            }
    } else {
        for (u32 i = 0; i < (u32)n; i++) f->data[f->len + i] = pat[(phase + i) % patlen];
    }
    f->len += (u32)n;
}

void emit_zeros(struct as *A, u128 n)
{
    struct frag *f = cur_frag(A);
    A->cur->used = true;
    if (n == 0) return;
    if (!room(A, f, n)) return;
    if (A->cur->type != SHT_NOBITS) memset(f->data + f->len, 0, (usize)n);
    f->len += (u32)n;
}

struct frag *frag_var(struct as *A, u8 vk, u32 initial_size)
{
    struct frag *f = cur_frag(A);
    A->cur->used = true;
    f->vk = vk;
    f->vsize = initial_size;
    f->loc = A->loc;
    A->cur->epoch++;
    return f;
}

void fixup_add(struct as *A, struct frag *f, u32 where, u8 size, u16 rtype,
               struct enode *e)
{
    /* the bytes it patches were not stored (the section reached its size limit, which
       was reported): nothing to patch */
    if (f->sec->type != SHT_NOBITS && (u64)where + size > f->len) return;
    struct fixup *x = as_alloc(A, sizeof *x);
    x->frag = f;
    x->where = where;
    x->size = size;
    x->rtype = rtype;
    x->e = e;
    x->loc = A->loc;
    struct section *s = f->sec;
    *s->fixtail = x;
    s->fixtail = &x->next;
}

/* Mapping symbols ($x before instructions, $d before data) as the RISC-V psABI
 * describes them; like GNU as, only in code sections. */
void map_state(struct as *A, int state)
{
    struct section *s = A->cur;
    if (s->map == state || !sect_is_code(s)) return;
    struct sym *m = sym_fake_here(A);
    m->name = as_strdup(A, state == 'x' ? "$x" : "$d");
    m->mapping = true;
    m->fake = false;
    s->map = state;
}

void record_align(struct section *s, u128 bytes)
{
    if (bytes > s->align) s->align = bytes;
}
