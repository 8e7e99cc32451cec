/* layout.c — output sections, segments and addresses (the default layout of docs/ld.md).
 *
 * Input sections are grouped into output sections by the name rules of GNU ld's default
 * RISC-V script (.text.* into .text, .rodata.* into .rodata, .srodata and .sdata into
 * .sdata, ...).  Sections no rule names ("orphans") keep their own name and are placed
 * after the sections with the same flags.  Segments, each starting on a new page in
 * memory and in the file (-z separate-code style):
 *
 *   R    ELF and program headers, notes, .dynsym/.dynstr/.rela.dyn (PIE), .rodata,
 *        .eh_frame, .gcc_except_table, read-only orphans
 *   RX   .init .text .fini, executable orphans
 *   RW   .tdata .tbss .preinit_array .init_array .fini_array .data.rel.ro .dynamic |
 *        .data .got .sdata | .sbss .bss, writable orphans  (PT_GNU_RELRO up to '|')
 *
 * With -z noseparate-code the R and RX parts form one RX segment (GNU's classic layout).
 * The first segment starts at 0x10000 (ET_EXEC, every class) or 0 (PIE), unless
 * --image-base / -Ttext-segment says otherwise. */
#include <string.h>
#include "ld.h"

/* ranks (ordering keys of output sections) */
enum {
    RK_BUILD_ID = 1000, RK_NOTE = 1010, RK_DYNSYM = 1100, RK_DYNSTR, RK_HASH, RK_RELA_DYN,
    RK_RODATA = 2000, RK_RODATA1, RK_SDATA2, RK_RO_ORPHAN, RK_EH_HDR, RK_EH_FRAME,
    RK_EXCEPT, RK_SBSS2,
    RK_INIT = 3000, RK_TEXT, RK_FINI, RK_X_ORPHAN,
    RK_TDATA = 5000, RK_TDATA_ORPHAN, RK_TBSS, RK_TBSS_ORPHAN, RK_PREINIT, RK_INIT_ARRAY,
    RK_FINI_ARRAY, RK_CTORS, RK_DTORS, RK_JCR, RK_DATA_REL_RO, RK_DYNAMIC,
    RK_DATA = 5500, RK_DATA1, RK_W_ORPHAN, RK_GOT, RK_SDATA,
    RK_SBSS = 5800, RK_BSS, RK_BSS_ORPHAN,
    RK_COMMENT = 7000, RK_ATTRS, RK_DEBUG = 7100, RK_NONALLOC = 7900,
};
#define RK_RELRO_END RK_DYNAMIC

static int glob(const char *p, const char *s)
{
    while (*p) {
        if (*p == '*') {
            p++;
            if (!*p)
                return 1;
            for (; *s; s++)
                if (glob(p, s))
                    return 1;
            return 0;
        }
        if (*p != *s)
            return 0;
        p++;
        s++;
    }
    return *s == 0;
}

static int any(const char *s, const char *const *pats)
{
    for (; *pats; pats++)
        if (glob(*pats, s))
            return 1;
    return 0;
}

/* Priority of .init_array.N / .ctors.N (65535 - N: .ctors run backwards). */
static u32 init_priority(const char *name, const char *prefix, int reverse)
{
    usize n = strlen(prefix);
    if (strncmp(name, prefix, n))
        return 0x10000;
    const char *p = name + n;
    if (*p != '.')
        return 0x10000;
    p++;
    u32 v = 0;
    if (!*p)
        return 0x10000;
    for (; *p; p++) {
        if (*p < '0' || *p > '9' || v > 0xffff)
            return 0x10000;
        v = v * 10 + (u32)(*p - '0');
    }
    if (v > 0xffff)
        return 0x10000;
    return reverse ? 0xffff - v : v;
}

static const char *const debug_order[] = {
    ".stab", ".stabstr", ".stab.excl", ".stab.exclstr", ".stab.index", ".stab.indexstr",
    ".debug", ".line", ".debug_srcinfo", ".debug_sfnames", ".debug_aranges",
    ".debug_pubnames", ".debug_info", ".debug_abbrev", ".debug_line", ".debug_frame",
    ".debug_str", ".debug_loc", ".debug_macinfo", ".debug_weaknames", ".debug_funcnames",
    ".debug_typenames", ".debug_varnames", ".debug_pubtypes", ".debug_ranges",
    ".debug_addr", ".debug_line_str", ".debug_loclists", ".debug_macro", ".debug_names",
    ".debug_rnglists", ".debug_str_offsets", ".debug_sup", NULL,
};

static int is_debug(const char *n)
{
    return !strncmp(n, ".debug", 6) || !strncmp(n, ".zdebug", 7) || !strncmp(n, ".stab", 5) ||
           !strcmp(n, ".line") || !strncmp(n, ".gnu.debuglto_", 14);
}

/* Output section name, rank and sort key of an input section. */
static void classify(const struct isec *s, const char **out, int *rank, u32 *key)
{
    const char *n = s->name;
    *out = n;
    *key = 0;
    if (!(s->flags & SHF_ALLOC)) {
        if (!strcmp(n, ".comment")) {
            *rank = RK_COMMENT;
            return;
        }
        for (int i = 0; debug_order[i]; i++)
            if (!strcmp(n, debug_order[i])) {
                *rank = RK_DEBUG + i;
                return;
            }
        if (!strncmp(n, ".debug_line.", 12) || !strcmp(n, ".debug_line_end")) {
            *out = ".debug_line";
            *rank = RK_DEBUG + 14;
            return;
        }
        if (!strncmp(n, ".gnu.linkonce.wi.", 17)) {
            *out = ".debug_info";
            *rank = RK_DEBUG + 12;
            return;
        }
        *rank = RK_NONALLOC;
        return;
    }
    if (s->flags & SHF_TLS) {
        static const char *const td[] = { ".tdata", ".tdata.*", ".gnu.linkonce.td.*", NULL };
        static const char *const tb[] = { ".tbss", ".tbss.*", ".gnu.linkonce.tb.*",
                                          ".tcommon", NULL };
        if (s->type != SHT_NOBITS && any(n, td)) {
            *out = ".tdata";
            *rank = RK_TDATA;
        } else if (s->type == SHT_NOBITS && any(n, tb)) {
            *out = ".tbss";
            *rank = RK_TBSS;
        } else {
            *rank = s->type == SHT_NOBITS ? RK_TBSS_ORPHAN : RK_TDATA_ORPHAN;
        }
        return;
    }
    if (s->type == SHT_NOTE) {
        *rank = RK_NOTE;
        return;
    }
    if (!strcmp(n, "COMMON") && s->obj->is_linker) {
        *out = ".bss";
        *rank = RK_BSS;
        *key = 2;
        return;
    }
    static const char *const text_unlikely[] = { ".text.unlikely", ".text.*_unlikely",
                                                 ".text.unlikely.*", NULL };
    static const char *const text_exit[] = { ".text.exit", ".text.exit.*", NULL };
    static const char *const text_startup[] = { ".text.startup", ".text.startup.*", NULL };
    static const char *const text_hot[] = { ".text.hot", ".text.hot.*", NULL };
    static const char *const text[] = { ".text", ".stub", ".text.*", ".gnu.linkonce.t.*",
                                        NULL };
    if (any(n, text_unlikely) || any(n, text_exit) || any(n, text_startup) ||
        any(n, text_hot) || glob(".text.sorted.*", n) || any(n, text)) {
        *out = ".text";
        *rank = RK_TEXT;
        *key = any(n, text_unlikely) ? 0
               : any(n, text_exit)   ? 1
               : any(n, text_startup) ? 2
               : any(n, text_hot)    ? 3
               : glob(".text.sorted.*", n) ? 4 : 5;
        return;
    }
    struct simple {
        const char *out;
        int rank;
        const char *pat[6];
    };
    static const struct simple rules[] = {
        { ".init", RK_INIT, { ".init", NULL } },
        { ".fini", RK_FINI, { ".fini", NULL } },
        { ".rodata", RK_RODATA, { ".rodata", ".rodata.*", ".gnu.linkonce.r.*", NULL } },
        { ".rodata1", RK_RODATA1, { ".rodata1", NULL } },
        { ".sdata2", RK_SDATA2, { ".sdata2", ".sdata2.*", ".gnu.linkonce.s2.*", NULL } },
        { ".sbss2", RK_SBSS2, { ".sbss2", ".sbss2.*", ".gnu.linkonce.sb2.*", NULL } },
        { ".eh_frame_hdr", RK_EH_HDR, { ".eh_frame_hdr", NULL } },
        { ".eh_frame", RK_EH_FRAME, { ".eh_frame", ".eh_frame.*", NULL } },
        { ".gcc_except_table", RK_EXCEPT, { ".gcc_except_table", ".gcc_except_table.*",
                                            NULL } },
        { ".preinit_array", RK_PREINIT, { ".preinit_array", NULL } },
        { ".jcr", RK_JCR, { ".jcr", NULL } },
        { ".data1", RK_DATA1, { ".data1", NULL } },
        { ".got", RK_GOT, { ".got.plt", ".igot.plt", ".got", ".igot", NULL } },
        { NULL, 0, { NULL } },
    };
    for (const struct simple *r = rules; r->out; r++)
        if (any(n, r->pat)) {
            *out = r->out;
            *rank = r->rank;
            return;
        }
    int crt = s->obj->is_crtbegin ? 0 : s->obj->is_crtend ? 2 : 1;
    if (!strncmp(n, ".init_array", 11) && (n[11] == 0 || n[11] == '.')) {
        *out = ".init_array";
        *rank = RK_INIT_ARRAY;
        *key = init_priority(n, ".init_array", 0);
        return;
    }
    if (!strncmp(n, ".fini_array", 11) && (n[11] == 0 || n[11] == '.')) {
        *out = ".fini_array";
        *rank = RK_FINI_ARRAY;
        *key = init_priority(n, ".fini_array", 0);
        return;
    }
    if (!strncmp(n, ".ctors", 6) && (n[6] == 0 || n[6] == '.')) {
        if (n[6] == 0 && crt != 1) {
            *out = ".ctors";
            *rank = RK_CTORS;
            *key = (u32)crt;
        } else {
            *out = ".init_array";
            *rank = RK_INIT_ARRAY;
            *key = init_priority(n, ".ctors", 1);
        }
        return;
    }
    if (!strncmp(n, ".dtors", 6) && (n[6] == 0 || n[6] == '.')) {
        if (n[6] == 0 && crt != 1) {
            *out = ".dtors";
            *rank = RK_DTORS;
            *key = (u32)crt;
        } else {
            *out = ".fini_array";
            *rank = RK_FINI_ARRAY;
            *key = init_priority(n, ".dtors", 1);
        }
        return;
    }
    static const char *const relro_local[] = { ".data.rel.ro.local*",
                                               ".gnu.linkonce.d.rel.ro.local.*", NULL };
    static const char *const relro[] = { ".data.rel.ro", ".data.rel.ro.*",
                                         ".gnu.linkonce.d.rel.ro.*", NULL };
    if (any(n, relro_local) || any(n, relro)) {
        *out = ".data.rel.ro";
        *rank = RK_DATA_REL_RO;
        *key = any(n, relro_local) ? 0 : 1;
        return;
    }
    static const char *const data[] = { ".data", ".data.*", ".gnu.linkonce.d.*", NULL };
    if (any(n, data)) {
        *out = ".data";
        *rank = RK_DATA;
        return;
    }
    static const char *const sdata[] = { ".srodata.cst16", ".srodata.cst8", ".srodata.cst4",
                                         ".srodata.cst2", NULL };
    for (int i = 0; sdata[i]; i++)
        if (!strcmp(n, sdata[i])) {
            *out = ".sdata";
            *rank = RK_SDATA;
            *key = (u32)i;
            return;
        }
    static const char *const srodata[] = { ".srodata", ".srodata.*", NULL };
    static const char *const sdata2[] = { ".sdata", ".sdata.*", ".gnu.linkonce.s.*", NULL };
    if (any(n, srodata) || any(n, sdata2)) {
        *out = ".sdata";
        *rank = RK_SDATA;
        *key = any(n, srodata) ? 4 : 5;
        return;
    }
    static const char *const sbss[] = { ".dynsbss", ".sbss", ".sbss.*", ".gnu.linkonce.sb.*",
                                        ".scommon", NULL };
    if (any(n, sbss)) {
        *out = ".sbss";
        *rank = RK_SBSS;
        return;
    }
    static const char *const bss[] = { ".bss", ".bss.*", ".gnu.linkonce.b.*", NULL };
    if (!strcmp(n, ".dynbss") || any(n, bss)) {
        *out = ".bss";
        *rank = RK_BSS;
        *key = !strcmp(n, ".dynbss") ? 0 : 1;
        return;
    }
    /* orphans */
    if (s->flags & SHF_EXECINSTR)
        *rank = RK_X_ORPHAN;
    else if (s->type == SHT_NOBITS)
        *rank = RK_BSS_ORPHAN;
    else if (s->flags & SHF_WRITE)
        *rank = RK_W_ORPHAN;
    else
        *rank = RK_RO_ORPHAN;
}

static int seg_of_rank(const struct ld *L, int rank)
{
    if (rank >= RK_COMMENT)
        return SEG_NONE;
    if (rank >= RK_TDATA)
        return SEG_RW;
    if (rank >= RK_INIT)
        return SEG_RX;
    return L->opt.separate_code ? SEG_R : SEG_RX;
}

/* Layout order: with -z noseparate-code read-only data follows the code. */
static int order_of_rank(const struct ld *L, int rank)
{
    if (!L->opt.separate_code && rank >= RK_RODATA && rank < RK_INIT)
        return rank + 1500;
    return rank;
}

static struct osec *get_osec(struct ld *L, const char *name, int rank)
{
    int created;
    void **slot = strmap_slot(L, &L->osec_by_name, name, &created);
    if (!created)
        return *slot;
    struct osec *o = ld_alloc(L, sizeof *o);
    o->name = name;
    o->rank = rank;
    o->seg = seg_of_rank(L, rank);
    o->align = 1;
    o->first_seq = L->seq++;
    *slot = o;
    vec_push(L, &L->osecs, o);
    return o;
}

static struct osec *synth(struct ld *L, const char *name, int rank, int kind, u32 type,
                          u64 flags, u128 align, u128 size)
{
    struct osec *o = get_osec(L, name, rank);
    o->synth = kind;
    o->type = type;
    o->flags = flags;
    o->align = align;
    o->size = size;
    return o;
}

/* ---------------------------------------------------------------------------------- */
/* Linker-defined symbols                                                             */
/* ---------------------------------------------------------------------------------- */

enum {
    LK_NONE, LK_EHDR_START, LK_EXEC_START, LK_ETEXT, LK_EDATA, LK_BSS_START, LK_END, LK_GP,
    LK_DATA_BEGIN, LK_SDATA_BEGIN, LK_BSS_END, LK_PREINIT_START, LK_PREINIT_END,
    LK_INIT_START, LK_INIT_END, LK_FINI_START, LK_FINI_END, LK_IPLT_START, LK_IPLT_END,
    LK_TDATA_START, LK_GOT, LK_DYNAMIC, LK_START_SEC, LK_STOP_SEC, LK_DEFSYM,
};

struct lkdef {
    const char *name;
    u8 lk;
    u8 always;               /* defined even when unreferenced (GNU: plain assignment) */
    u8 hidden;               /* PROVIDE_HIDDEN: local in the output */
};

static const struct lkdef lkdefs[] = {
    { "__ehdr_start", LK_EHDR_START, 0, 1 },
    { "__executable_start", LK_EXEC_START, 0, 0 },
    { "__etext", LK_ETEXT, 0, 0 },
    { "_etext", LK_ETEXT, 0, 0 },
    { "etext", LK_ETEXT, 0, 0 },
    { "_edata", LK_EDATA, 1, 0 },
    { "edata", LK_EDATA, 0, 0 },
    { "__bss_start", LK_BSS_START, 1, 0 },
    { "_end", LK_END, 1, 0 },
    { "end", LK_END, 0, 0 },
    { "__global_pointer$", LK_GP, 1, 0 },
    { "__DATA_BEGIN__", LK_DATA_BEGIN, 1, 0 },
    { "__SDATA_BEGIN__", LK_SDATA_BEGIN, 1, 0 },
    { "__BSS_END__", LK_BSS_END, 1, 0 },
    { "__preinit_array_start", LK_PREINIT_START, 0, 1 },
    { "__preinit_array_end", LK_PREINIT_END, 0, 1 },
    { "__init_array_start", LK_INIT_START, 0, 1 },
    { "__init_array_end", LK_INIT_END, 0, 1 },
    { "__fini_array_start", LK_FINI_START, 0, 1 },
    { "__fini_array_end", LK_FINI_END, 0, 1 },
    { "__rela_iplt_start", LK_IPLT_START, 0, 1 },
    { "__rela_iplt_end", LK_IPLT_END, 0, 1 },
    { "__tdata_start", LK_TDATA_START, 0, 1 },
    { "_GLOBAL_OFFSET_TABLE_", LK_GOT, 0, 1 },
    { NULL, 0, 0, 0 },
};

static struct sym *make_linker_sym(struct ld *L, const char *name, u8 lk, int hidden)
{
    struct sym *g = ld_sym_lookup(L, name);
    if (!g) {
        g = ld_sym_ref(L, name, 0);
        g->pull_ref = 0;
    }
    g->kind = SYM_LINKER;
    g->lk = lk;
    g->lk_rel = 1;
    g->wanted = 1;
    g->type = STT_NOTYPE;
    g->bind = STB_GLOBAL;
    g->file = L->linker_obj;
    if (hidden)
        g->other = (u8)((g->other & ~3u) | STV_HIDDEN);
    return g;
}

/* Bind --defsym and the linker-defined symbols (before the relocation scan, which must
 * know which symbols are absolute). */
void ld_define_linker_syms(struct ld *L)
{
    for (u32 i = 0; i < L->opt.ndefsyms; i++) {
        const struct ld_defsym *d = &L->opt.defsyms[i];
        struct sym *g = ld_sym_lookup(L, d->name);
        if (g && g->kind == SYM_DEFINED)
            continue;                /* handled at load time; keep the object's */
        g = ld_sym_ref(L, ld_strdup(L, d->name), 0);
        g->kind = SYM_LINKER;
        g->lk = LK_DEFSYM;
        g->wanted = 1;
        g->file = L->linker_obj;
        g->type = STT_NOTYPE;
        g->bind = STB_GLOBAL;
        /* EXPR: NUMBER | SYMBOL | SYMBOL+NUMBER | SYMBOL-NUMBER */
        const char *e = d->expr;
        u128 v;
        if (ld_parse_u128(e, &v) == 0) {
            g->value = v;
            g->lk_rel = 0;
            continue;
        }
        const char *op = NULL;
        for (const char *p = e + 1; *p; p++)
            if (*p == '+' || *p == '-')
                op = p;
        const char *name = op ? ld_strndup(L, e, (usize)(op - e)) : e;
        i128 add = 0;
        if (op) {
            if (ld_parse_u128(op + 1, &v) != 0) {
                ld_error(L, "--defsym %s: cannot parse expression `%s'", d->name, e);
                continue;
            }
            add = *op == '-' ? -(i128)v : (i128)v;
        }
        struct sym *t = ld_sym_lookup(L, name);
        if (!t || t->kind == SYM_UNDEF) {
            ld_error(L, "--defsym %s: undefined symbol `%s' referenced in expression",
                     d->name, name);
            continue;
        }
        g->alias = t;
        g->alias_add = add;
        g->lk_rel = !ld_sym_is_abs(t);
    }
    for (const struct lkdef *d = lkdefs; d->name; d++) {
        struct sym *g = ld_sym_lookup(L, d->name);
        if (g && g->kind != SYM_UNDEF)
            continue;
        if (!g && !d->always)
            continue;
        make_linker_sym(L, d->name, d->lk, d->hidden);
    }
    if (L->opt.pie) {
        struct sym *g = ld_sym_lookup(L, "_DYNAMIC");
        if (!g || g->kind == SYM_UNDEF)
            make_linker_sym(L, "_DYNAMIC", LK_DYNAMIC, 1);
    }
    /* __start_SEC / __stop_SEC of sections whose name is a C identifier */
    for (u32 i = 0; i < L->global_list.n; i++) {
        struct sym *g = L->global_list.v[i];
        if (g->kind != SYM_UNDEF)
            continue;
        const char *sec = NULL;
        u8 lk = 0;
        if (!strncmp(g->name, "__start_", 8)) {
            sec = g->name + 8;
            lk = LK_START_SEC;
        } else if (!strncmp(g->name, "__stop_", 7)) {
            sec = g->name + 7;
            lk = LK_STOP_SEC;
        }
        if (!sec || !ld_is_c_ident(sec))
            continue;
        int found = 0;
        for (u32 k = 0; k < L->isecs.n && !found; k++) {
            struct isec *s = L->isecs.v[k];
            found = !s->discarded && !strcmp(s->name, sec);
        }
        if (!found)
            continue;
        make_linker_sym(L, g->name, lk, 0);
        g->other = (u8)((g->other & ~3u) | STV_PROTECTED);
        g->lk_sec = sec;
    }
}

/* ---------------------------------------------------------------------------------- */
/* Assignment of input sections                                                       */
/* ---------------------------------------------------------------------------------- */

static int isec_cmp(const struct isec *a, const struct isec *b, int by_name)
{
    if (a->sortkey != b->sortkey)
        return a->sortkey < b->sortkey ? -1 : 1;
    if (by_name && a->sortkey == 4) {
        int c = strcmp(a->name, b->name);
        if (c)
            return c;
    }
    const struct obj *oa = a->order_obj ? a->order_obj : a->obj;
    const struct obj *ob = b->order_obj ? b->order_obj : b->obj;
    if (oa->order != ob->order)
        return oa->order < ob->order ? -1 : 1;
    if (a->seq != b->seq)
        return a->seq < b->seq ? -1 : 1;
    return 0;
}

static void sort_isecs(struct ld *L, struct osec *o)
{
    u32 n = o->in.n;
    if (n < 2)
        return;
    struct isec **v = (struct isec **)o->in.v;
    struct isec **tmp = ld_alloc_array(L, n, sizeof *tmp);
    int by_name = !strcmp(o->name, ".text");
    for (u32 w = 1; w < n; w *= 2) {
        for (u32 lo = 0; lo < n; lo += 2 * w) {
            u32 mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            u32 a = lo, b = mid, k = lo;
            while (a < mid && b < hi)
                tmp[k++] = isec_cmp(v[b], v[a], by_name) < 0 ? v[b++] : v[a++];
            while (a < mid)
                tmp[k++] = v[a++];
            while (b < hi)
                tmp[k++] = v[b++];
        }
        memcpy(v, tmp, n * sizeof *v);
    }
}

static void sort_osecs(struct ld *L)
{
    u32 n = L->osecs.n;
    struct osec **v = (struct osec **)L->osecs.v;
    for (u32 i = 1; i < n; i++) {            /* insertion sort: few sections */
        struct osec *x = v[i];
        int kx = order_of_rank(L, x->rank);
        u32 j = i;
        while (j > 0) {
            struct osec *y = v[j - 1];
            int ky = order_of_rank(L, y->rank);
            if (ky < kx || (ky == kx && y->first_seq <= x->first_seq))
                break;
            v[j] = y;
            j--;
        }
        v[j] = x;
    }
}

static void assign_sections(struct ld *L)
{
    int strip_dbg = L->opt.strip_debug || L->opt.strip_all;
    for (u32 i = 0; i < L->isecs.n; i++) {
        struct isec *s = L->isecs.v[i];
        if (!s->live || s->discarded)
            continue;
        const char *name;
        int rank;
        u32 key;
        classify(s, &name, &rank, &key);
        if (strip_dbg && !(s->flags & SHF_ALLOC) && is_debug(name))
            continue;
        struct osec *o = get_osec(L, name, rank);
        if (o->synth) {
            ld_error(L, "%s: input section %s clashes with a linker-created section",
                     s->obj->name, s->name);
            continue;
        }
        s->sortkey = key;
        s->out = o;
        vec_push(L, &o->in, s);
    }
}

/* Output section type and flags from its inputs. */
static void merge_types(struct ld *L, struct osec *o)
{
    (void)L;
    if (o->synth)
        return;
    u32 type = 0;
    int mixed = 0, all_merge = 1;
    u64 flags = 0;
    u128 ent = 0;
    for (u32 i = 0; i < o->in.n; i++) {
        struct isec *s = o->in.v[i];
        if (i == 0) {
            type = s->type;
            ent = s->entsize;
        } else if (s->type != type) {
            mixed = 1;
        }
        if (s->entsize != ent)
            all_merge = 0;
        if ((s->flags & (SHF_MERGE | SHF_STRINGS)) != (SHF_MERGE | SHF_STRINGS))
            all_merge = 0;
        flags |= s->flags & (SHF_WRITE | SHF_ALLOC | SHF_EXECINSTR | SHF_TLS);
        if (s->align > o->align)
            o->align = s->align;
    }
    if (mixed)
        type = SHT_PROGBITS;
    o->type = type;
    if (!(flags & SHF_ALLOC) && all_merge && o->in.n) {
        flags |= SHF_MERGE | SHF_STRINGS;
        o->entsize = ent;
    }
    o->flags = flags;
    o->is_tls = (flags & SHF_TLS) != 0;
}

static u128 osec_size(struct ld *L, struct osec *o)
{
    u128 cur = 0;
    for (u32 i = 0; i < o->in.n; i++) {
        struct isec *s = o->in.v[i];
        u128 at = ld_align_up(cur, s->align);
        /* (an ELF128 input's sizes and alignments reach 2^128: their sum must not wrap) */
        if (at < cur || at + s->outsize < at)
            ld_fatal(L, "section %s: its input sections do not fit in 2^128 bytes", o->name);
        s->off = at;
        cur = at + s->outsize;
    }
    return cur;
}

/* ---------------------------------------------------------------------------------- */
/* Addresses                                                                          */
/* ---------------------------------------------------------------------------------- */

struct mark {
    u128 data_begin, sdata_begin, preinit, init, fini, iplt;
    int have_data, have_sdata;
};

static int emitted(const struct osec *o)
{
    return o->in.n > 0 || (o->synth && o->size > 0);
}

/* .comment: every distinct string once (compilers' identification strings repeat in
 * every object; GNU ld merges them the same way). */
static void merge_comment(struct ld *L)
{
    struct osec *o = strmap_get(&L->osec_by_name, ".comment");
    if (!o || !o->in.n || o->synth)
        return;
    struct strmap seen = { 0 };
    struct vec strs = { 0 };
    usize total = 0;
    for (u32 i = 0; i < o->in.n; i++) {
        struct isec *s = o->in.v[i];
        if (!s->data || s->relsec || (s->flags & (SHF_MERGE | SHF_STRINGS)) !=
                                         (SHF_MERGE | SHF_STRINGS) || s->entsize != 1)
            return;                          /* not plain strings: concatenate as usual */
        usize n = (usize)s->size, k = 0;
        while (k < n) {
            const char *p = (const char *)s->data + k;
            usize len = strnlen(p, n - k);
            if (len == 0) {                  /* "" is a suffix of every string */
                k++;
                continue;
            }
            char *str = ld_strndup(L, p, len);
            int created;
            strmap_slot(L, &seen, str, &created);
            if (created) {
                vec_push(L, &strs, str);
                total += len + 1;
            }
            k += len + 1;
        }
    }
    o->synth = SYN_COMMENT;
    o->type = SHT_PROGBITS;
    o->flags = SHF_MERGE | SHF_STRINGS;
    o->entsize = 1;
    o->align = 1;
    o->size = total;
    o->data = ld_alloc(L, total ? total : 1);
    usize pos = 0;
    for (u32 i = 0; i < strs.n; i++) {
        usize len = strlen(strs.v[i]) + 1;
        memcpy(o->data + pos, strs.v[i], len);
        pos += len;
    }
}

static void build_id_size(struct ld *L)
{
    u32 n = 0;
    switch (L->opt.build_id) {
    case BUILD_ID_SHA1: n = 20; break;
    case BUILD_ID_MD5: n = 16; break;
    case BUILD_ID_UUID: n = 16; break;
    case BUILD_ID_HEX: n = L->opt.build_id_len; break;
    default: return;
    }
    L->build_id = synth(L, ".note.gnu.build-id", RK_BUILD_ID, SYN_BUILD_ID, SHT_NOTE,
                        SHF_ALLOC, 4, 16 + ((n + 3) & ~3u));
    L->build_id_len = n;
}

static void make_synthetic(struct ld *L)
{
    const struct elf_geom *g = elf_geom(L->cls);
    build_id_size(L);
    if (L->opt.pie) {
        L->dynsym = synth(L, ".dynsym", RK_DYNSYM, SYN_DYNSYM, SHT_DYNSYM, SHF_ALLOC, L->word,
                          g->symsize);
        L->dynsym->entsize = g->symsize;
        L->dynsym->info = 1;
        L->dynstr = synth(L, ".dynstr", RK_DYNSTR, SYN_DYNSTR, SHT_STRTAB, SHF_ALLOC, 1, 1);
        if (L->nrela)
            L->rela_dyn = synth(L, ".rela.dyn", RK_RELA_DYN, SYN_RELA_DYN, SHT_RELA,
                                SHF_ALLOC, L->word, (u128)L->nrela * g->relasize);
        if (L->rela_dyn)
            L->rela_dyn->entsize = g->relasize;
        L->ndyn = 9 + (L->nrela ? 4 : 0) + (L->textrel ? 2 : 0);
        L->dynamic = synth(L, ".dynamic", RK_DYNAMIC, SYN_DYNAMIC, SHT_DYNAMIC,
                           SHF_ALLOC | SHF_WRITE, L->word, (u128)L->ndyn * g->dynsize);
        L->dynamic->entsize = g->dynsize;
        L->dynamic->relro = 1;
    }
    struct sym *gotsym = ld_sym_lookup(L, "_GLOBAL_OFFSET_TABLE_");
    if (L->ngot || (gotsym && gotsym->kind == SYM_LINKER)) {
        struct osec *o = get_osec(L, ".got", RK_GOT);
        L->got = o;
        o->synth = SYN_GOT;
        o->type = SHT_PROGBITS;
        o->flags |= SHF_ALLOC | SHF_WRITE;
        if (o->align < L->word)
            o->align = L->word;
    }
}

/* Reserve the program header table (counts segments that will exist). */
static u32 count_phdrs(struct ld *L, int *nload)
{
    int have[4] = { 0, 0, 0, 0 }, notes = 0, tls = 0, relro = 0;
    for (u32 i = 0; i < L->osecs.n; i++) {
        struct osec *o = L->osecs.v[i];
        if (!emitted(o))
            continue;
        have[o->seg] = 1;
        if (o->type == SHT_NOTE && (o->flags & SHF_ALLOC))
            notes = 1;
        if (o->is_tls)
            tls = 1;
        if (o->seg == SEG_RW && o->rank <= RK_RELRO_END && !(o->is_tls && o->type == SHT_NOBITS))
            relro = 1;
    }
    int n = 1;                       /* the first LOAD (headers) always exists */
    if (L->opt.separate_code && have[SEG_RX])
        n++;
    (void)have[SEG_R];
    if (have[SEG_RW])
        n++;
    *nload = n;
    u32 cnt = (u32)n + (L->opt.pie ? 2u : 0u) + (u32)notes + (u32)tls + 1u +
              (L->opt.relro && relro ? 1u : 0u) + (L->attrs ? 1u : 0u) +
              (L->eh_frame_hdr ? 1u : 0u);
    L->have_relro = L->opt.relro && relro;
    return cnt;
}

static void check_fits(struct ld *L, u128 end)
{
    u128 limit = L->xlen == 32 ? (u128)1 << 32 : L->xlen == 64 ? (u128)1 << 64
                 : L->opt.pie ? ((u128)1 << 114) : ((u128)1 << 114);
    if (end > limit)
        ld_fatal(L, "the image ends at %s, beyond the %s limit %s", ld_hex(L, end, 0),
                 L->xlen == 128 ? "rv128 executable (docs/abi.md section 9.4)"
                                : "address space",
                 ld_hex(L, limit, 0));
}

static struct elf_phdr *new_load(struct ld *L, struct vec *segs, int kind, u128 off,
                                 u128 addr)
{
    struct elf_phdr *ph = ld_alloc(L, sizeof *ph);
    ph->type = PT_LOAD;
    ph->flags = kind == SEG_R ? PF_R : kind == SEG_RX ? PF_R | PF_X : PF_R | PF_W;
    ph->align = L->opt.page_size;
    ph->offset = off;
    ph->vaddr = ph->paddr = addr;
    vec_push(L, segs, ph);
    return ph;
}

static void close_load(struct elf_phdr *ph, u128 prog_end, u128 addr)
{
    ph->filesz = prog_end - ph->offset;
    ph->memsz = addr - ph->vaddr;
    if (ph->memsz < ph->filesz)
        ph->memsz = ph->filesz;
}

static void assign_addresses(struct ld *L, struct mark *mk)
{
    u128 page = L->opt.page_size;
    u128 addr = L->base + L->hdr_size, off = L->hdr_size;
    struct vec segs = { 0 };
    /* the first segment maps the ELF header and the program headers */
    int curseg = L->opt.separate_code ? SEG_R : SEG_RX;
    struct elf_phdr *ph = new_load(L, &segs, curseg, 0, L->base);
    u128 prog_end = off;     /* file end of the current segment's contents */
    L->tls_align = 1;
    for (u32 i = 0; i < L->osecs.n; i++) {
        struct osec *o = L->osecs.v[i];
        if (o->is_tls && emitted(o) && o->align > L->tls_align)
            L->tls_align = o->align;
    }
    int tls_seen = 0;
    for (u32 i = 0; i < L->osecs.n; i++) {
        struct osec *o = L->osecs.v[i];
        if (o->seg == SEG_NONE)
            continue;
        if (o->seg != curseg && emitted(o)) {
            close_load(ph, prog_end, addr);
            addr = ld_align_up(addr, page);
            off = ld_align_up(off, page);
            ph = new_load(L, &segs, o->seg, off, addr);
            prog_end = off;
            curseg = o->seg;
        }
        /* marks (symbols of GNU's script that sit at these places) */
        u128 here = ld_align_up(addr, o->align);
        if (o->rank == RK_DATA) {
            mk->data_begin = here;
            mk->have_data = 1;
        }
        if (o->rank == RK_SDATA) {
            mk->sdata_begin = here;
            mk->have_sdata = 1;
        }
        if (o->rank == RK_PREINIT)
            mk->preinit = here;
        if (o->rank == RK_INIT_ARRAY)
            mk->init = here;
        if (o->rank == RK_FINI_ARRAY)
            mk->fini = here;
        if (!emitted(o)) {
            o->addr = addr;
            continue;
        }
        u128 a = o->align;
        if (o->is_tls && !tls_seen) {
            a = L->tls_align;        /* the TLS block starts at its largest alignment */
            tls_seen = 1;
        }
        if (o->is_tls && o->type == SHT_NOBITS) {
            /* .tbss takes TLS offsets but no room in the segment */
            u128 t = ld_align_up(L->have_tls ? L->tls_end : addr, a);
            o->addr = t;
            o->off = off;
            if (!L->have_tls) {
                L->have_tls = 1;
                L->tls_start = t;
                L->tls_file_end = t;
            }
            L->tls_end = t + o->size;
            continue;
        }
        addr = ld_align_up(addr, a);
        off = ph->offset + (addr - ph->vaddr);
        o->addr = addr;
        o->off = off;
        if (o->is_tls) {
            if (!L->have_tls) {
                L->have_tls = 1;
                L->tls_start = addr;
            }
            L->tls_end = addr + o->size;
            L->tls_file_end = addr + o->size;
        }
        addr += o->size;
        if (addr < o->addr)
            ld_fatal(L, "address space overflow in section %s", o->name);
        if (o->type != SHT_NOBITS) {
            off += o->size;
            prog_end = off;
        }
    }
    close_load(ph, prog_end, addr);
    off = prog_end;
    check_fits(L, addr);
    L->image_end = addr;
    L->loads = (struct elf_phdr **)segs.v;
    L->nloads = segs.n;
    L->file_cursor = off;
}

/* Make NOBITS sections that precede file-backed ones in a segment file-backed. */
static void fix_nobits(struct ld *L)
{
    int seg = -1;
    struct osec *last_prog[4] = { NULL, NULL, NULL, NULL };
    for (u32 i = 0; i < L->osecs.n; i++) {
        struct osec *o = L->osecs.v[i];
        if (!emitted(o) || o->seg == SEG_NONE)
            continue;
        if (o->type != SHT_NOBITS)
            last_prog[o->seg] = o;
    }
    for (u32 i = 0; i < L->osecs.n; i++) {
        struct osec *o = L->osecs.v[i];
        if (!emitted(o) || o->seg == SEG_NONE)
            continue;
        seg = o->seg;
        if (o->type == SHT_NOBITS && !o->is_tls && last_prog[seg] &&
            last_prog[seg]->rank > o->rank) {
            o->type = SHT_PROGBITS;
        }
    }
}

static struct osec *find_osec(struct ld *L, const char *name)
{
    struct osec *o = strmap_get(&L->osec_by_name, name);
    return o && emitted(o) ? o : NULL;
}

/* The emitted alloc section at or before address v (for st_shndx of linker symbols). */
static struct osec *osec_near(struct ld *L, u128 v)
{
    struct osec *best = NULL;
    for (u32 i = 0; i < L->osecs.n; i++) {
        struct osec *o = L->osecs.v[i];
        if (!emitted(o) || o->seg == SEG_NONE || (o->is_tls && o->type == SHT_NOBITS))
            continue;
        if (o->addr <= v)
            best = o;
    }
    return best;
}

static void set_lk(struct ld *L, struct sym *g, u128 v, struct osec *o)
{
    g->value = v;
    g->osec = o ? o : osec_near(L, v);
}

/* For symbols that mark the end of something (_etext, _edata, _end): the section that
 * ends there, as GNU ld reports them. */
static void set_lk_end(struct ld *L, struct sym *g, u128 v)
{
    g->value = v;
    g->osec = NULL;
    for (u32 i = 0; i < L->osecs.n; i++) {
        struct osec *o = L->osecs.v[i];
        if (emitted(o) && o->seg != SEG_NONE && !(o->is_tls && o->type == SHT_NOBITS) &&
            o->addr < v && v <= o->addr + o->size)
            g->osec = o;
    }
    if (!g->osec)
        g->osec = osec_near(L, v);
}

static void linker_sym_values(struct ld *L, const struct mark *mk)
{
    struct osec *preinit = find_osec(L, ".preinit_array"), *init = find_osec(L, ".init_array"),
                *fini = find_osec(L, ".fini_array");
    u128 etext = 0, edata = 0, rw_end = 0, rw_start = 0, first_rw = 0;
    int have_rw = 0;
    for (u32 i = 0; i < L->osecs.n; i++) {
        struct osec *o = L->osecs.v[i];
        if (!emitted(o) || o->seg == SEG_NONE || (o->is_tls && o->type == SHT_NOBITS))
            continue;
        u128 end = o->addr + o->size;
        if (o->seg == SEG_RX || (o->seg == SEG_R && !L->opt.separate_code))
            if (o->flags & SHF_EXECINSTR)
                etext = end;
        if (o->seg == SEG_RW) {
            if (!have_rw) {
                rw_start = first_rw = o->addr;
                have_rw = 1;
            }
            if (o->rank < RK_SBSS)
                edata = end;
            rw_end = end;
        }
    }
    if (!have_rw) {
        rw_start = rw_end = edata = ld_align_up(L->image_end, L->opt.page_size);
    }
    if (!edata)
        edata = rw_start;
    (void)first_rw;
    u128 end = ld_align_up(rw_end, L->word);
    u128 data_begin = mk->have_data ? mk->data_begin : edata;
    u128 sdata_begin = mk->have_sdata ? mk->sdata_begin : edata;
    /* GNU ld: MIN(__SDATA_BEGIN__ + 0x800, MAX(__DATA_BEGIN__ + 0x800, __BSS_END__ - 0x800)) */
    u128 a = data_begin + 0x800, b = end >= 0x800 ? end - 0x800 : 0;
    u128 mx = a > b ? a : b, gp = sdata_begin + 0x800 < mx ? sdata_begin + 0x800 : mx;
    L->gp = gp;
    for (u32 i = 0; i < L->global_list.n; i++) {
        struct sym *g = L->global_list.v[i];
        if (g->kind != SYM_LINKER)
            continue;
        switch (g->lk) {
        case LK_EHDR_START:
        case LK_EXEC_START: set_lk(L, g, L->base, NULL); break;
        case LK_ETEXT: set_lk_end(L, g, etext ? etext : L->base + L->hdr_size); break;
        case LK_EDATA: set_lk_end(L, g, edata); break;
        case LK_BSS_START: set_lk(L, g, edata, NULL); break;
        case LK_END:
        case LK_BSS_END: set_lk_end(L, g, end); break;
        case LK_GP: set_lk(L, g, gp, NULL); g->osec = NULL; break;
        case LK_DATA_BEGIN: set_lk(L, g, data_begin, NULL); break;
        case LK_SDATA_BEGIN: set_lk(L, g, sdata_begin, NULL); break;
        case LK_PREINIT_START: set_lk(L, g, preinit ? preinit->addr : mk->preinit, preinit); break;
        case LK_PREINIT_END:
            set_lk(L, g, preinit ? preinit->addr + preinit->size : mk->preinit, preinit);
            break;
        case LK_INIT_START: set_lk(L, g, init ? init->addr : mk->init, init); break;
        case LK_INIT_END: set_lk(L, g, init ? init->addr + init->size : mk->init, init); break;
        case LK_FINI_START: set_lk(L, g, fini ? fini->addr : mk->fini, fini); break;
        case LK_FINI_END: set_lk(L, g, fini ? fini->addr + fini->size : mk->fini, fini); break;
        case LK_IPLT_START:
        case LK_IPLT_END: {
            u128 v = L->rela_dyn ? L->rela_dyn->addr + L->rela_dyn->size : L->base + L->hdr_size;
            set_lk(L, g, v, L->rela_dyn);
            break;
        }
        case LK_TDATA_START: {
            struct osec *o = find_osec(L, ".tdata");
            set_lk(L, g, o ? o->addr : L->tls_start, o);
            break;
        }
        case LK_GOT: set_lk(L, g, L->got ? L->got->addr : 0, L->got); break;
        case LK_DYNAMIC: set_lk(L, g, L->dynamic ? L->dynamic->addr : 0, L->dynamic); break;
        case LK_START_SEC:
        case LK_STOP_SEC: {
            struct osec *o = find_osec(L, g->lk_sec);
            if (!o) {
                set_lk(L, g, 0, NULL);
                break;
            }
            set_lk(L, g, g->lk == LK_START_SEC ? o->addr : o->addr + o->size, o);
            break;
        }
        case LK_DEFSYM:
            if (g->alias) {
                g->value = ld_sym_addr(L, g->alias) + (u128)g->alias_add;
                if (L->xlen < 128)               /* addresses wrap in the class */
                    g->value &= ((u128)1 << L->xlen) - 1;
                g->osec = g->alias->kind == SYM_DEFINED && g->alias->sec ? g->alias->sec->out
                          : g->alias->osec;
            }
            break;
        default: break;
        }
    }
}

static void set_entry(struct ld *L)
{
    const char *e = L->opt.entry ? L->opt.entry : "_start";
    struct sym *g = ld_sym_lookup(L, e);
    u128 v;
    if (g && g->kind != SYM_UNDEF) {
        L->entry = ld_sym_addr(L, g);
        return;
    }
    if (!g && ld_parse_u128(e, &v) == 0) {
        L->entry = v;
        return;
    }
    struct osec *t = find_osec(L, ".text");
    L->entry = t ? t->addr : 0;
    ld_warn(L, "cannot find entry symbol %s; defaulting to %s", e,
            ld_hex(L, L->entry, L->xlen / 4));
}

void ld_layout(struct ld *L)
{
    assign_sections(L);
    make_synthetic(L);
    merge_comment(L);
    struct osec *ehf = strmap_get(&L->osec_by_name, ".eh_frame");
    if (L->opt.eh_frame_hdr && ehf && ehf->in.n) {
        i64 n = eh_hdr_count(L);
        L->eh_frame = ehf;
        L->eh_frame_hdr = synth(L, ".eh_frame_hdr", RK_EH_HDR, SYN_EH_FRAME_HDR, SHT_PROGBITS,
                                SHF_ALLOC, 4, n < 0 ? 8 : 12 + 8 * (u128)n);
    }
    if (L->attrs_size) {
        L->attrs = synth(L, ".riscv.attributes", RK_ATTRS, SYN_ATTRS, SHT_RISCV_ATTRIBUTES, 0,
                         1, L->attrs_size);
    }
    /* marker sections for symbols that sit where an absent section would be */
    static const char *const markers[] = { ".preinit_array", ".init_array", ".fini_array",
                                           ".data", ".sdata", NULL };
    static const int marker_rank[] = { RK_PREINIT, RK_INIT_ARRAY, RK_FINI_ARRAY, RK_DATA,
                                       RK_SDATA };
    for (int i = 0; markers[i]; i++)
        get_osec(L, markers[i], marker_rank[i]);
    for (u32 i = 0; i < L->osecs.n; i++) {
        struct osec *o = L->osecs.v[i];
        sort_isecs(L, o);
        merge_types(L, o);
        if (o->synth == SYN_GOT) {
            for (u32 k = 0; k < o->in.n; k++) {
                struct isec *s = o->in.v[k];
                if (s->align > o->align)
                    o->align = s->align;
            }
            L->got_input = ld_align_up(osec_size(L, o), L->word);
            o->size = L->got_input + (u128)(1 + L->ngot) * L->word;
        } else if (!o->synth) {
            o->size = osec_size(L, o);
        }
        if (o->type == SHT_NOBITS && o->seg == SEG_NONE)
            o->type = SHT_PROGBITS;
        /* .tbss takes no room in the image: a RELRO segment of it alone would be empty */
        o->relro = o->seg == SEG_RW && o->rank <= RK_RELRO_END && !(o->is_tls && o->type == SHT_NOBITS);
    }
    sort_osecs(L);
    fix_nobits(L);
    int nload;
    L->nphdr = count_phdrs(L, &nload);
    L->hdr_size = elf_headers_size(L->cls, L->nphdr);
    L->base = L->opt.have_image_base ? L->opt.image_base : L->opt.pie ? 0 : 0x10000;
    if (L->base & (L->opt.page_size - 1))
        ld_fatal(L, "image base %s is not a multiple of the page size %s",
                 ld_hex(L, L->base, 0), ld_hex(L, L->opt.page_size, 0));
    if (!L->opt.pie && L->base < 0x10000)
        ld_warn(L, "image base %s is below 0x10000: Linux and zl-run do not map executables "
                   "there (mmap_min_addr, docs/abi.md section 10)", ld_hex(L, L->base, 0));
    struct mark mk;
    memset(&mk, 0, sizeof mk);
    assign_addresses(L, &mk);
    if ((int)L->nloads != nload)
        ld_fatal(L, "internal error: %u load segments planned, %u made", (unsigned)nload,
                 L->nloads);
    linker_sym_values(L, &mk);
    set_entry(L);
}

/* ---------------------------------------------------------------------------------- */
/* Addresses of things                                                                */
/* ---------------------------------------------------------------------------------- */

u128 ld_isec_addr(const struct isec *s)
{
    return s->out ? s->out->addr + s->off : 0;
}

u128 ld_sym_addr(struct ld *L, const struct sym *s)
{
    switch (s->kind) {
    case SYM_DEFINED:
        if (!s->sec)
            return s->in_discarded ? 0 : s->value;
        if (!s->sec->out)
            return 0;
        return ld_isec_addr(s->sec) + ld_map_off(s->sec, s->value);
    case SYM_LINKER:
        if (s->alias && s->lk == LK_DEFSYM && !s->value) {
            u128 v = ld_sym_addr(L, s->alias) + (u128)s->alias_add;
            return L->xlen < 128 ? v & (((u128)1 << L->xlen) - 1) : v;
        }
        return s->value;
    default:
        return 0;
    }
}

u128 ld_got_addr(struct ld *L, u32 slot)
{
    return L->got->addr + L->got_input + (u128)(1 + slot) * L->word;
}

const char *ld_sym_name(const struct sym *s)
{
    return s->name && s->name[0] ? s->name : "(unnamed)";
}
