/* gc.c — section liveness (--gc-sections) and the undefined-symbol check.
 *
 * Roots: the entry point, -u symbols, --defsym operands, and every section GNU ld's
 * default script KEEPs: .init, .fini, .preinit_array, .init_array*, .fini_array*, .ctors*,
 * .dtors*, .jcr, SHT_NOTE and SHT_*_ARRAY sections, SHF_GNU_RETAIN sections.  Sections
 * that are not SHF_ALLOC (debug info, .comment) are always kept but keep nothing alive.
 * A live section keeps alive every section its relocations name; a reference to
 * __start_SEC or __stop_SEC keeps every input section named SEC.  .eh_frame is kept, but
 * an FDE keeps its LSDA and personality alive only when its function is live; FDEs of
 * dead functions are removed afterwards (ehframe.c). */
#include <string.h>
#include "ld.h"
#include "elf/dwarf.h"

#define SHF_GNU_RETAIN 0x200000u

struct gcstate {
    struct isec *work;
    struct strmap startstop;
};

#define G ((struct gcstate *)L->gc_state)

static void mark(struct ld *L, struct isec *s)
{
    if (!s || s->live || s->discarded)
        return;
    s->live = 1;
    s->gc_next = G->work;
    G->work = s;
}

static void mark_sym(struct ld *L, struct sym *g)
{
    if (!g)
        return;
    if (g->kind == SYM_DEFINED && g->sec) {
        mark(L, g->sec);
        return;
    }
    if (g->kind == SYM_LINKER && g->alias)
        mark_sym(L, g->alias);
    if (g->is_local || (g->kind != SYM_UNDEF && g->kind != SYM_LINKER))
        return;
    const char *sec = NULL;
    if (!strncmp(g->name, "__start_", 8))
        sec = g->name + 8;
    else if (!strncmp(g->name, "__stop_", 7))
        sec = g->name + 7;
    if (!sec || !ld_is_c_ident(sec))
        return;
    int created;
    strmap_slot(L, &G->startstop, sec, &created);
    if (!created)
        return;
    for (u32 i = 0; i < L->isecs.n; i++) {
        struct isec *s = L->isecs.v[i];
        if (!strcmp(s->name, sec))
            mark(L, s);
    }
}

static int is_root(const struct isec *s)
{
    const char *n = s->name;
    if (!(s->flags & SHF_ALLOC))
        return 1;
    if (s->type == SHT_NOTE || s->type == SHT_INIT_ARRAY || s->type == SHT_FINI_ARRAY ||
        s->type == SHT_PREINIT_ARRAY || (s->flags & SHF_GNU_RETAIN))
        return 1;
    if (!strcmp(n, ".init") || !strcmp(n, ".fini") || !strcmp(n, ".preinit_array") ||
        !strcmp(n, ".jcr") || !strncmp(n, ".init_array", 11) ||
        !strncmp(n, ".fini_array", 11) || !strncmp(n, ".ctors", 6) ||
        !strncmp(n, ".dtors", 6))
        return 1;
    return 0;
}

static void propagate(struct ld *L)
{
    while (G->work) {
        struct isec *s = G->work;
        G->work = s->gc_next;
        if (s->is_ehframe || !(s->flags & SHF_ALLOC))
            continue;
        ld_decode_relocs(L, s);
        for (u32 k = 0; k < s->nrels; k++) {
            const struct rel *r = &s->rels[k];
            if (r->sym >= s->obj->nsym)
                continue;
            mark_sym(L, s->obj->syms[r->sym]);
        }
    }
}

static void print_removed(struct ld *L)
{
    for (u32 i = 0; i < L->isecs.n; i++) {
        struct isec *s = L->isecs.v[i];
        if (s->live || s->discarded || s->obj->is_linker || !L->err)
            continue;
        fprintf(L->err, "%s: removing unused section '%s' in file '%s'\n", L->prog, s->name,
                s->obj->name);
    }
}

void ld_gc(struct ld *L)
{
    struct gcstate st;
    memset(&st, 0, sizeof st);
    L->gc_state = &st;
    if (!L->opt.gc_sections) {
        for (u32 i = 0; i < L->isecs.n; i++) {
            struct isec *s = L->isecs.v[i];
            s->live = !s->discarded;
        }
    } else {
        for (u32 i = 0; i < L->isecs.n; i++) {
            struct isec *s = L->isecs.v[i];
            s->live = 0;
        }
        for (u32 i = 0; i < L->isecs.n; i++) {
            struct isec *s = L->isecs.v[i];
            if (!s->discarded && (is_root(s) || s->is_ehframe || s->obj->is_linker))
                mark(L, s);
        }
        const char *entry = L->opt.entry ? L->opt.entry : "_start";
        mark_sym(L, ld_sym_lookup(L, entry));
        for (u32 i = 0; i < L->opt.undefs.n; i++)
            mark_sym(L, ld_sym_lookup(L, L->opt.undefs.v[i]));
        for (u32 i = 0; i < L->global_list.n; i++) {
            struct sym *g = L->global_list.v[i];
            if (g->kind == SYM_LINKER && g->alias)
                mark_sym(L, g->alias);
        }
        propagate(L);
    }
    /* .eh_frame: FDEs of live code keep their LSDA and personality */
    for (;;) {
        u32 n = 0;
        for (u32 i = 0; i < L->isecs.n; i++) {
            struct isec *s = L->isecs.v[i];
            if (!s->is_ehframe || !s->live)
                continue;
            eh_parse(L, s);
            n += eh_mark(L, s, mark);
        }
        propagate(L);
        if (!n)
            break;
    }
    for (u32 i = 0; i < L->isecs.n; i++) {
        struct isec *s = L->isecs.v[i];
        if (s->is_ehframe && s->live)
            eh_prune(L, s);
    }
    if (L->opt.gc_sections && L->opt.print_gc_sections)
        print_removed(L);
    L->gc_state = NULL;
}

/* Name of the function containing `off` in section s, or NULL. */
static const char *func_at(const struct isec *s, u128 off)
{
    const struct obj *o = s->obj;
    const char *best = NULL;
    for (u32 k = 1; k < o->nsym; k++) {
        const struct sym *g = o->syms[k];
        if (!g || g->sec != s || g->type != STT_FUNC)
            continue;
        if (g->value <= off && off - g->value < (g->size ? g->size : 1))
            best = g->name;
    }
    if (!best)
        return NULL;
    return best;
}

/* Where offset off of section s is, as GNU ld says it: "OBJ: in function `F':" on a
 * line of its own, then the source line from the object's line tables (FILE:LINE), or
 * the source file its STT_FILE symbol names with the section offset
 * (FILE:(.text+0xe)), or the object itself when it knows neither. */
const char *ld_where(struct ld *L, const struct isec *s, u128 off)
{
    if (L->nerr >= LD_MAX_ERRORS)
        return "";                           /* the message will not be printed */
    struct obj *o = s->obj;
    if (!o->dwarf_tried && o->ef) {
        struct elf_err e;
        o->dwarf = dwarf_open(o->ef, 0, &e);  /* broken DWARF: messages without lines */
        o->dwarf_tried = 1;
    }
    struct dwarf_loc loc = { 0 };
    int known = o->dwarf && dwarf_find_line(o->dwarf, s->idx, off, &loc);
    const char *fn = func_at(s, off);
    if (!fn && known) fn = loc.func;
    const char *head = fn ? ld_sprintf(L, "%s: in function `%s':\n", o->name, fn) : "";
    if (known && loc.file && loc.line)
        return ld_sprintf(L, "%s%s:%u", head, loc.file, (unsigned)loc.line);
    return ld_sprintf(L, "%s%s:(%s+%s)", head, known && loc.file ? loc.file : o->name, s->name,
                      ld_hex(L, off, 0));
}

/* A thread-local definition referenced as an ordinary symbol, or the reverse. */
static void check_tls_types(struct ld *L)
{
    for (u32 i = 0; i < L->global_list.n; i++) {
        struct sym *g = L->global_list.v[i];
        if (g->kind != SYM_DEFINED || !g->sec || g->sec->obj->is_linker)
            continue;
        int def_tls = g->type == STT_TLS;
        if (def_tls && g->ref_nontls)
            ld_error(L, "%s: TLS definition of `%s' mismatches a non-TLS reference", g->file->name,
                     g->name);
        else if (!def_tls && g->type != STT_NOTYPE && g->ref_tls)
            ld_error(L, "%s: non-TLS definition of `%s' mismatches a TLS reference",
                     g->file->name, g->name);
    }
}

void ld_check_undefined(struct ld *L)
{
    struct strmap seen = { 0 };
    check_tls_types(L);
    for (u32 i = 0; i < L->isecs.n; i++) {
        struct isec *s = L->isecs.v[i];
        if (!s->live || s->discarded)
            continue;
        ld_decode_relocs(L, s);
        int alloc = (s->flags & SHF_ALLOC) != 0;
        for (u32 k = 0; k < s->nrels; k++) {
            const struct rel *r = &s->rels[k];
            if (r->sym == 0 || r->sym >= s->obj->nsym || ld_off_deleted(s, r->off))
                continue;
            struct sym *g = s->obj->syms[r->sym];
            if (!g)
                continue;
            if (alloc)
                g->used = 1;
            if (g->is_local) {
                if (g->kind == SYM_UNDEF)
                    ld_error(L, "%s: reference to undefined local symbol `%s'",
                             ld_where(L, s, r->off), g->name);
                else if (g->in_discarded && alloc && r->type != R_RISCV_RELAX &&
                         r->type != R_RISCV_ALIGN)
                    ld_error(L, "%s: `%s' is defined in a discarded section",
                             ld_where(L, s, r->off), g->name);
                continue;
            }
            if (g->kind != SYM_UNDEF || s->obj->sym_weak[r->sym] || !alloc)
                continue;
            if (r->type == R_RISCV_RELAX || r->type == R_RISCV_ALIGN)
                continue;
            const char *key = ld_sprintf(L, "%s\n%s", g->name, s->obj->name);
            int created;
            strmap_slot(L, &seen, key, &created);
            if (!created)
                continue;
            if (g->in_discarded)
                ld_error(L, "%s: `%s' is defined only in a discarded section",
                         ld_where(L, s, r->off), g->name);
            else
                ld_error(L, "%s: undefined reference to `%s'", ld_where(L, s, r->off),
                         g->name);
        }
    }
}
