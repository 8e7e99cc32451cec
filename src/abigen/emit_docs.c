/* zl-abigen: docs/syscalls.md — every system call per personality and every boundary
 * structure's layout per personality, as Markdown tables (readable without building). */
#include <stdio.h>
#include <string.h>

#include "abigen/abigen.h"

static void type_text(const struct ag_field *f, char *buf, size_t n)
{
    const struct ag_type *ft = f->type;
    const struct ag_type *b = ag_base((struct ag_type *)ft);
    const char *kw = b->tclass == AG_UNION ? "union " : b->tclass == AG_STRUCT ? "struct " : "";
    size_t l = (size_t)snprintf(buf, n, "%s%s", kw, ft->name);
    if (f->array && l < n) {
        if (f->count[0] == f->count[1] && f->count[1] == f->count[2])
            snprintf(buf + l, n - l, "[%d]", f->count[0]);
        else
            snprintf(buf + l, n - l, "[%d/%d/%d]", f->count[0], f->count[1], f->count[2]);
    }
}

static void arg_text(struct ag_buf *b, const struct ag_arg *a)
{
    ag_printf(b, "%s: %s", a->name, ag_kinds[a->kind].name);
    if (a->p1)
        ag_printf(b, "(%s%s%s)", a->p1, a->p2 ? "," : "", a->p2 ? a->p2 : "");
}

static void cell(struct ag_buf *b, const struct ag_sys *sc, int p)
{
    if (!(sc->pers & AG_BIT(p)))
        ag_puts(b, " — |");
    else if (sc->enosys & AG_BIT(p))
        ag_puts(b, " ENOSYS |");
    else
        ag_puts(b, " ✓ |");
}

static void syscalls(const struct ag_spec *s, struct ag_buf *b)
{
    int n[AG_NPERS] = { 0 }, en[AG_NPERS] = { 0 };
    for (int i = 0; i < s->nsys; i++)
        for (int p = 0; p < AG_NPERS; p++) {
            if (s->sys[i].pers & AG_BIT(p))
                n[p]++;
            if (s->sys[i].enosys & AG_BIT(p))
                en[p]++;
        }
    ag_puts(b, "## System calls\n\n");
    ag_printf(b, "%d lines, %d handlers. Per personality: rv32 %d numbers (%d ENOSYS), rv64 %d "
                 "(%d ENOSYS), rv128 %d (%d ENOSYS).\n\n", s->nsys, s->nhandlers, n[0], en[0],
              n[1], en[1], n[2], en[2]);
    ag_puts(b, "✓ = provided, ENOSYS = the number exists and answers -ENOSYS "
               "(docs/abi.md 7.4), — = not a system call of that personality. "
               "\"handler\" is shown where it differs from the name.\n\n");
    ag_puts(b, "| nr | name | rv32 | rv64 | rv128 | result | arguments | notes |\n"
               "|---:|---|:-:|:-:|:-:|---|---|---|\n");
    for (int i = 0; i < s->nsys; i++) {
        const struct ag_sys *sc = &s->sys[i];
        ag_printf(b, "| %d | %s", sc->nr, sc->name);
        if (strcmp(sc->name, sc->handler))
            ag_printf(b, " (handler %s)", sc->handler);
        ag_puts(b, " |");
        for (int p = 0; p < AG_NPERS; p++)
            cell(b, sc, p);
        ag_printf(b, " %s | ", ag_kinds[sc->ret.kind].name);
        for (int k = 0; k < sc->nargs; k++) {
            if (k)
                ag_puts(b, ", ");
            arg_text(b, &sc->args[k]);
        }
        ag_puts(b, " | ");
        const char *sep = "";
        if (sc->noreturn) {
            ag_puts(b, "does not return");
            sep = "; ";
        }
        if (sc->linux_ver) {
            ag_printf(b, "%sLinux %d.%d", sep, sc->linux_ver >> 8, sc->linux_ver & 255);
            sep = "; ";
        }
        if (sc->comment)
            ag_printf(b, "%s%s", sep, sc->comment);
        ag_puts(b, " |\n");
    }

    ag_puts(b, "\n### Arguments in two registers\n\n"
               "rv32 passes 64-bit arguments in a register pair, low word first, without "
               "alignment; `pos2` offsets (preadv family) use two registers in every "
               "personality, of which rv64 and rv128 read the first. zl-run's "
               "`zl_sys_decode` joins the pairs.\n\n"
               "| nr | name | personality | argument | registers |\n|---:|---|---|---|---|\n");
    for (int i = 0; i < s->nsys; i++) {
        const struct ag_sys *sc = &s->sys[i];
        for (int p = 0; p < AG_NPERS; p++) {
            if (!(sc->pers & AG_BIT(p)))
                continue;
            for (int k = 0; k < sc->nargs; k++) {
                int r = sc->reg[p][k];
                int next = k + 1 < sc->nargs ? sc->reg[p][k + 1] : sc->nregs[p];
                if (next - r == 2)
                    ag_printf(b, "| %d | %s | %s | %s | a%d, a%d |\n", sc->nr, sc->name,
                              ag_pers_name[p], sc->args[k].name, r, r + 1);
            }
        }
    }
}

static void sizes(struct ag_buf *b, const struct ag_type *t)
{
    for (int p = 0; p < AG_NPERS; p++) {
        if (p)
            ag_puts(b, " · ");
        if (t->pers & AG_BIT(p))
            ag_printf(b, "%s **%u** (align %u)", ag_pers_name[p], t->size[p], t->align[p]);
        else
            ag_printf(b, "%s —", ag_pers_name[p]);
    }
}

static void rows(struct ag_buf *b, const struct ag_type *top, const struct ag_type *t,
                 const char *prefix, const u32 *base)
{
    for (int i = 0; i < t->nfields; i++) {
        const struct ag_field *f = &t->fields[i];
        const struct ag_type *ft = ag_base(f->type);
        if (!f->name) {
            u32 nb[AG_NPERS];
            for (int p = 0; p < AG_NPERS; p++)
                nb[p] = base[p] + f->off[p];
            rows(b, top, ft, prefix, nb);
            continue;
        }
        char ty[128];
        type_text(f, ty, sizeof ty);
        ag_printf(b, "| %s%s | %s |", prefix, f->name, ty);
        for (int p = 0; p < AG_NPERS; p++) {
            if (!(top->pers & AG_BIT(p)) || !(f->pers & AG_BIT(p)))
                ag_puts(b, " — |");
            else if (f->count[p] == 0)
                ag_printf(b, " %u (0) |", base[p] + f->off[p]);
            else
                ag_printf(b, " %u (%u) |", base[p] + f->off[p], f->size[p]);
        }
        ag_puts(b, "\n");
    }
}

static void structures(const struct ag_spec *s, struct ag_buf *b)
{
    ag_puts(b, "\n## Structures\n\n"
               "Offsets and sizes in bytes, per personality: \"offset (size)\". `ptr` members "
               "are 32-byte `__ptr_t` slots on rv128 (docs/abi.md 5); `uptr64` members are "
               "addresses that Linux keeps in a `__u64`, also slots on rv128. "
               "\"same bytes everywhere\" structures need no conversion.\n");
    for (int i = 0; i < s->ntypes; i++) {
        const struct ag_type *t = s->types[i];
        if (ag_is_scalar(t) || t->is_alias)
            continue;
        ag_printf(b, "\n### %s %s\n\n", t->tclass == AG_UNION ? "union" : "struct", t->name);
        if (t->doc)
            ag_printf(b, "%s.  \n", t->doc);
        sizes(b, t);
        ag_puts(b, "  \n");
        bool any = false;
        if (t->kernel) {
            ag_printf(b, "Linux: `%s`", t->kernel);
            any = true;
        }
        if (t->glibc) {
            ag_printf(b, "%sglibc: `%s`", any ? " · " : "", t->glibc);
            any = true;
        }
        if (t->host) {
            ag_printf(b, "%shost: `%s`", any ? " · " : "", t->host);
            any = true;
        }
        if (t->fixed) {
            ag_printf(b, "%ssame bytes everywhere", any ? " · " : "");
            any = true;
        }
        if (t->cookie) {
            ag_printf(b, "%scookie (one value)", any ? " · " : "");
            any = true;
        }
        if (t->nvariants > 1) {
            ag_printf(b, "%s%d variants", any ? " · " : "", t->nvariants);
            any = true;
        }
        ag_puts(b, any ? "\n\n" : "\n");
        ag_puts(b, "| member | type | rv32 | rv64 | rv128 |\n|---|---|---:|---:|---:|\n");
        u32 base[AG_NPERS] = { 0 };
        rows(b, t, t, "", base);
    }
}

static void scalars(const struct ag_spec *s, struct ag_buf *b)
{
    static const char *const cls[] = { "signed", "unsigned", "char", "opaque", "ptr", "ptr64" };
    ag_puts(b, "\n## Scalar types\n\nSize / alignment.\n\n"
               "| type | class | rv32 | rv64 | rv128 | notes |\n|---|---|---:|---:|---:|---|\n");
    for (int i = 0; i < s->ntypes; i++) {
        const struct ag_type *t = s->types[i];
        if (!ag_is_scalar(t))
            continue;
        ag_printf(b, "| %s | %s%s%s |", t->name, t->is_alias ? "= " : "",
                  t->is_alias ? t->alias_name : cls[t->tclass], "");
        for (int p = 0; p < AG_NPERS; p++)
            ag_printf(b, " %u / %u |", t->size[p], t->align[p]);
        ag_printf(b, " %s |\n", t->doc ? t->doc : "");
    }
}

static void ioctls(const struct ag_spec *s, struct ag_buf *b)
{
    static const char *const dirs[] = { "none", "in", "out", "inout", "value" };
    ag_puts(b, "\n## ioctl requests\n\nThe requests whose argument abi/ describes (on rv128 "
               "the only ones zl-run translates, docs/abi.md 7.4).\n\n"
               "| request | name | argument | type |\n|---|---|---|---|\n");
    for (int i = 0; i < s->nioctls; i++) {
        const struct ag_ioctl *io = &s->ioctls[i];
        ag_printf(b, "| 0x%x | %s | %s | %s |\n", io->cmd, io->name, dirs[io->dir],
                  io->type ? io->type->name : "");
    }
}

void ag_emit_docs(const struct ag_spec *s, struct ag_buf *b)
{
    ag_puts(b, "# System calls and boundary structures\n\n"
               "<!-- Generated by zl-abigen from abi/*.abi; do not edit. -->\n\n"
               "This file is generated from the ABI specification in `abi/` by `zl-abigen`. "
               "Do not edit it: change the specification and run `make abi-docs` "
               "(`make check` fails while it is out of date). The specification format and "
               "the generated interfaces are described in [abigen.md](abigen.md); the rules "
               "behind the layouts in [abi.md](abi.md).\n\n");
    syscalls(s, b);
    structures(s, b);
    scalars(s, b);
    ioctls(s, b);
}
