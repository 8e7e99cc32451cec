/* zl-abigen: the libc-side UAPI header of one personality (gen/include/rvNN/zl/uapi.h).
 *
 * System-call numbers (__NR_name, as <asm/unistd.h>), the boundary structures as
 * "struct k_NAME" in that personality's layout, and _Static_asserts on the size, the
 * alignment and every member offset.  The header uses only <stddef.h> and <zl/types.h>
 * names (i32, u64, i128, ...), so the rv128 header also compiles on the x86-64 host with
 * the same layout (an LP128 mirror: tests compile it there), and the rv64/rv32 headers
 * with riscv64-linux-gnu-gcc.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abigen/abigen.h"

static bool present(const struct ag_field *f, const struct ag_type *in, int p)
{
    return (f->pers & AG_BIT(p)) && (in->pers & AG_BIT(p));
}

static void ctype(const struct ag_type *t, int p, char *buf, size_t n)
{
    const struct ag_type *b = ag_base((struct ag_type *)t);
    u32 sz = b->size[p];
    switch (b->tclass) {
    case AG_SIGNED:
        snprintf(buf, n, "i%u", sz * 8);
        break;
    case AG_UNSIGNED:
        snprintf(buf, n, "u%u", sz * 8);
        break;
    case AG_CHAR:
        snprintf(buf, n, "char");
        break;
    case AG_OPAQUE:
        snprintf(buf, n, "k_%s_t", b->name);
        break;
    case AG_PTR:
        snprintf(buf, n, p == AG_RV128 ? "__ptr_t" : "void *");
        break;
    case AG_PTR64:
        snprintf(buf, n, p == AG_RV128 ? "__ptr_t" : "u64");
        break;
    case AG_STRUCT:
        snprintf(buf, n, "struct k_%s", b->name);
        break;
    case AG_UNION:
        snprintf(buf, n, "union k_%s", b->name);
        break;
    }
}

static void members(struct ag_buf *b, const struct ag_type *t, int p, int ind);

static void member(struct ag_buf *b, const struct ag_type *t, const struct ag_field *f, int p,
                   int ind, bool last)
{
    if (!present(f, t, p))
        return;
    const struct ag_type *ft = ag_base(f->type);
    char al[32] = "";
    if (f->align && f->align > ft->align[p])
        snprintf(al, sizeof al, "_Alignas(%u) ", f->align);
    if (!f->name) {
        ag_printf(b, "%*s%s%s {\n", ind, "", al, ft->tclass == AG_UNION ? "union" : "struct");
        members(b, ft, p, ind + 4);
        ag_printf(b, "%*s};\n", ind, "");
        return;
    }
    char ty[64];
    ctype(ft, p, ty, sizeof ty);
    const char *sp = ty[strlen(ty) - 1] == '*' ? "" : " ";
    if (f->array && f->count[p] == 0) {
        if (f->flex && last)
            ag_printf(b, "%*s%s%s%s%s[];\n", ind, "", al, ty, sp, f->name);
        else
            ag_printf(b, "%*s/* %s: no room in this personality */\n", ind, "", f->name);
        return;
    }
    if (f->array)
        ag_printf(b, "%*s%s%s%s%s[%d];\n", ind, "", al, ty, sp, f->name, f->count[p]);
    else
        ag_printf(b, "%*s%s%s%s%s;\n", ind, "", al, ty, sp, f->name);
}

static void members(struct ag_buf *b, const struct ag_type *t, int p, int ind)
{
    for (int i = 0; i < t->nfields; i++)
        member(b, t, &t->fields[i], p, ind, i == t->nfields - 1);
}

static void asserts(struct ag_buf *b, const struct ag_type *top, const struct ag_type *t, int p,
                    u32 base, const char *kind)
{
    for (int i = 0; i < t->nfields; i++) {
        const struct ag_field *f = &t->fields[i];
        if (!present(f, t, p))
            continue;
        if (!f->name) {
            asserts(b, top, ag_base(f->type), p, base + f->off[p], kind);
            continue;
        }
        if (f->array && f->count[p] == 0 && !f->flex)
            continue;
        ag_printf(b, "_Static_assert(offsetof(%s k_%s, %s) == %u, \"k_%s.%s at %u\");\n", kind,
                  top->name, f->name, base + f->off[p], top->name, f->name, base + f->off[p]);
    }
}

static void emit_type(const struct ag_spec *s, struct ag_buf *b, const struct ag_type *t, int p,
                      char *done)
{
    if (done[t->id] || !(t->pers & AG_BIT(p)))
        return;
    done[t->id] = 1;
    for (int i = 0; i < t->nfields; i++) {
        const struct ag_type *ft = ag_base(t->fields[i].type);
        if (!ag_is_scalar(ft) && present(&t->fields[i], t, p))
            emit_type(s, b, ft, p, done);
    }
    const char *kind = t->tclass == AG_UNION ? "union" : "struct";
    ag_printf(b, "\n");
    if (t->doc)
        ag_printf(b, "/* %s */\n", t->doc);
    ag_printf(b, "%s k_%s {\n", kind, t->name);
    if (t->minsize) {
        ag_puts(b, "    union {\n        struct {\n");
        members(b, t, p, 12);
        ag_printf(b, "        };\n        unsigned char __zl_size[%u];\n    };\n", t->minsize);
    } else {
        members(b, t, p, 4);
    }
    ag_puts(b, "};\n");
    ag_printf(b, "_Static_assert(sizeof(%s k_%s) == %u, \"k_%s size\");\n", kind, t->name,
              t->size[p], t->name);
    ag_printf(b, "_Static_assert(_Alignof(%s k_%s) == %u, \"k_%s alignment\");\n", kind, t->name,
              t->align[p], t->name);
    asserts(b, t, t, p, 0, kind);
}

void ag_emit_uapi(const struct ag_spec *s, int p, struct ag_buf *b)
{
    static const char *const model[] = { "ILP32", "LP64", "LP128" };
    ag_printf(b, "/* Generated by zl-abigen from abi/NAME.abi -- do not edit.\n"
                 " *\n"
                 " * Kernel UAPI of the %s personality (%s): system-call numbers and the\n"
                 " * structures that cross the user/kernel boundary, named struct k_NAME, in this\n"
                 " * personality's layout.  Every size, alignment and member offset is checked by a\n"
                 " * static assertion.  docs/abigen.md describes the source; docs/syscalls.md lists\n"
                 " * the same facts as tables. */\n"
                 "#ifndef ZL_UAPI_H\n#define ZL_UAPI_H\n\n#include <stddef.h>\n#include <zl/types.h>\n\n"
                 "#define ZL_UAPI_XLEN %u\n\n", ag_pers_name[p], model[p], ag_xlen_bytes[p] * 8);
    ag_puts(b, "/* ---- system-call numbers ---- */\n");
    int max = -1;
    for (int i = 0; i < s->nsys; i++) {
        const struct ag_sys *sc = &s->sys[i];
        if (!(sc->pers & AG_BIT(p)))
            continue;
        ag_printf(b, "#define __NR_%s %d%s\n", sc->name, sc->nr,
                  (sc->enosys & AG_BIT(p)) ? "   /* answers -ENOSYS */" : "");
        if (sc->nr > max)
            max = sc->nr;
    }
    ag_printf(b, "#define __NR_syscalls %d\n", max + 1);

    ag_puts(b, "\n/* ---- types ---- */\n");
    if (p == AG_RV128)
        ag_puts(b, "/* A user pointer inside a boundary structure (docs/abi.md 5). */\n"
                   "typedef struct { u128 __addr; u128 __rsv; } __ptr_t;\n"
                   "_Static_assert(sizeof(__ptr_t) == 32 && _Alignof(__ptr_t) == 16, \"__ptr_t\");\n");
    for (int i = 0; i < s->ntypes; i++) {
        const struct ag_type *t = s->types[i];
        if (t->tclass != AG_OPAQUE || t->is_alias)
            continue;
        u32 a = t->align[p], n = t->size[p] / a;
        ag_printf(b, "typedef struct { u%u __w[%u]; } k_%s_t;\n", a * 8, n, t->name);
        ag_printf(b, "_Static_assert(sizeof(k_%s_t) == %u && _Alignof(k_%s_t) == %u, \"k_%s_t\");\n",
                  t->name, t->size[p], t->name, a, t->name);
    }
    char *done = ag_alloc((size_t)s->ntypes);
    for (int i = 0; i < s->ntypes; i++) {
        const struct ag_type *t = s->types[i];
        if (!ag_is_scalar(t) && !t->is_alias)
            emit_type(s, b, t, p, done);
    }
    ag_free(done);
    ag_puts(b, "\n#endif /* ZL_UAPI_H */\n");
}
