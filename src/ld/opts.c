/* opts.c — the zl-ld command line: the subset of GNU ld's options that a compiler driver
 * (gcc, zl-cc) passes for static links, in GNU ld's syntax:
 *   - long options with one or two dashes (`-static`, `--gc-sections`, `-Map=F`), except
 *     that a multi-letter option starting with 'o' needs two dashes (`-ofoo` is -o foo);
 *   - an option argument joined with '=' or given as the next word;
 *   - short options with a joined or separate argument (`-lc`, `-L dir`, `-oout`);
 *   - @FILE response files (whitespace separated, quotes and backslashes as in gcc).
 * Options that only matter to dynamic links or plugins are accepted and ignored; options
 * for features zl-ld does not have (-shared, -r, -T scripts) are errors. */
#include <stdlib.h>
#include <string.h>
#include "ld.h"
#include "common/version.h"

enum {
    O_OUTPUT = 1, O_ENTRY, O_LIBDIR, O_LIB, O_STATIC, O_DYNAMIC, O_PIE, O_NOPIE, O_GC, O_NOGC,
    O_PRINT_GC, O_NOPRINT_GC, O_MAP, O_GROUP, O_WHOLE, O_NOWHOLE, O_UNDEF, O_DEFSYM, O_EMUL,
    O_Z, O_BUILD_ID, O_EH_HDR, O_NO_EH_HDR, O_IGNORE, O_IGNORE_ARG, O_STRIP_ALL,
    O_STRIP_DEBUG, O_DISCARD_ALL, O_DISCARD_LOCALS, O_DISCARD_NONE, O_VERSION, O_HELP,
    O_UNSUPPORTED, O_UNSUPPORTED_ARG, O_SYSROOT, O_IMAGE_BASE, O_FATAL_WARN, O_NOFATAL_WARN,
    O_DYNLINKER, O_TRACE, O_PRINT_MAP, O_MULDEFS,
};

enum { NOARG, ARG, OPTARG };     /* OPTARG: only with '=' */

struct optdef {
    const char *name;
    int id;
    int arg;
};

/* Long options (accepted with one or two dashes). */
static const struct optdef longopts[] = {
    { "output", O_OUTPUT, ARG },
    { "entry", O_ENTRY, ARG },
    { "library-path", O_LIBDIR, ARG },
    { "library", O_LIB, ARG },
    { "static", O_STATIC, NOARG },
    { "Bstatic", O_STATIC, NOARG },
    { "dn", O_STATIC, NOARG },
    { "non_shared", O_STATIC, NOARG },
    { "Bdynamic", O_DYNAMIC, NOARG },
    { "dy", O_DYNAMIC, NOARG },
    { "call_shared", O_DYNAMIC, NOARG },
    { "pie", O_PIE, NOARG },
    { "pic-executable", O_PIE, NOARG },
    { "static-pie", O_PIE, NOARG },
    { "no-pie", O_NOPIE, NOARG },
    { "no-pic-executable", O_NOPIE, NOARG },
    { "gc-sections", O_GC, NOARG },
    { "no-gc-sections", O_NOGC, NOARG },
    { "print-gc-sections", O_PRINT_GC, NOARG },
    { "no-print-gc-sections", O_NOPRINT_GC, NOARG },
    { "Map", O_MAP, ARG },
    { "print-map", O_PRINT_MAP, NOARG },
    { "start-group", O_GROUP, NOARG },
    { "end-group", O_GROUP, NOARG },
    { "whole-archive", O_WHOLE, NOARG },
    { "no-whole-archive", O_NOWHOLE, NOARG },
    { "undefined", O_UNDEF, ARG },
    { "defsym", O_DEFSYM, ARG },
    { "build-id", O_BUILD_ID, OPTARG },
    { "eh-frame-hdr", O_EH_HDR, NOARG },
    { "no-eh-frame-hdr", O_NO_EH_HDR, NOARG },
    { "strip-all", O_STRIP_ALL, NOARG },
    { "strip-debug", O_STRIP_DEBUG, NOARG },
    { "discard-all", O_DISCARD_ALL, NOARG },
    { "discard-locals", O_DISCARD_LOCALS, NOARG },
    { "discard-none", O_DISCARD_NONE, NOARG },
    { "version", O_VERSION, NOARG },
    { "help", O_HELP, NOARG },
    { "sysroot", O_SYSROOT, ARG },
    { "image-base", O_IMAGE_BASE, ARG },
    { "Ttext-segment", O_IMAGE_BASE, ARG },
    { "fatal-warnings", O_FATAL_WARN, NOARG },
    { "no-fatal-warnings", O_NOFATAL_WARN, NOARG },
    { "no-dynamic-linker", O_IGNORE, NOARG },
    { "dynamic-linker", O_DYNLINKER, ARG },
    { "trace", O_TRACE, NOARG },
    { "allow-multiple-definition", O_MULDEFS, NOARG },
    /* dynamic-link, plugin and diagnostics options: no effect on a static link */
    { "plugin", O_IGNORE_ARG, ARG },
    { "plugin-opt", O_IGNORE_ARG, ARG },
    { "hash-style", O_IGNORE_ARG, ARG },
    { "as-needed", O_IGNORE, NOARG },
    { "no-as-needed", O_IGNORE, NOARG },
    { "relax", O_IGNORE, NOARG },
    { "no-relax", O_IGNORE, NOARG },
    { "no-undefined", O_IGNORE, NOARG },
    { "allow-shlib-undefined", O_IGNORE, NOARG },
    { "no-allow-shlib-undefined", O_IGNORE, NOARG },
    { "export-dynamic", O_IGNORE, NOARG },
    { "no-export-dynamic", O_IGNORE, NOARG },
    { "enable-new-dtags", O_IGNORE, NOARG },
    { "disable-new-dtags", O_IGNORE, NOARG },
    { "warn-common", O_IGNORE, NOARG },
    { "sort-common", O_IGNORE, OPTARG },
    { "nostdlib", O_IGNORE, NOARG },
    { "verbose", O_IGNORE, OPTARG },
    { "warn-rwx-segments", O_IGNORE, NOARG },
    { "no-warn-rwx-segments", O_IGNORE, NOARG },
    { "warn-execstack", O_IGNORE, NOARG },
    { "no-warn-execstack", O_IGNORE, NOARG },
    { "no-warn-mismatch", O_IGNORE, NOARG },
    { "color-diagnostics", O_IGNORE, OPTARG },
    { "rpath", O_IGNORE_ARG, ARG },
    { "rpath-link", O_IGNORE_ARG, ARG },
    /* not supported */
    { "shared", O_UNSUPPORTED, NOARG },
    { "Bshareable", O_UNSUPPORTED, NOARG },
    { "relocatable", O_UNSUPPORTED, NOARG },
    { "emit-relocs", O_UNSUPPORTED, NOARG },
    { "script", O_UNSUPPORTED_ARG, ARG },
    { "just-symbols", O_UNSUPPORTED_ARG, ARG },
    { "soname", O_UNSUPPORTED_ARG, ARG },
    { NULL, 0, 0 },
};

static int usage_error(struct ld *L, const char *fmt, const char *arg)
{
    if (L->err) {
        fprintf(L->err, "%s: ", L->prog);
        fprintf(L->err, fmt, arg);
        fprintf(L->err, "\n%s: use the --help option for usage information\n", L->prog);
    }
    L->nerr++;
    return -1;
}

static void help(void)
{
    printf("Usage: zl-ld [options] file...\n"
           "Static linker for RISC-V ELF objects of class 32, 64 and 128.\n"
           "Options:\n"
           "  -o FILE, --output=FILE      output file (default a.out)\n"
           "  -e SYM, --entry=SYM         entry point symbol or address (default _start)\n"
           "  -L DIR, --library-path=DIR  add DIR to the library search path\n"
           "  -l NAME, --library=NAME     search libNAME.a (-l:FILE searches FILE)\n"
           "  -static, -Bstatic           static link (the only kind zl-ld makes)\n"
           "  -pie, --pic-executable      static position-independent executable (ET_DYN)\n"
           "  -no-pie                     position-dependent executable (default)\n"
           "  --gc-sections               remove unreferenced sections\n"
           "  --print-gc-sections         list removed sections\n"
           "  -Map FILE, -Map=FILE        write a link map (-M: to standard output)\n"
           "  --start-group ... --end-group  accepted; archives are always searched repeatedly\n"
           "  --whole-archive, --no-whole-archive  include every member of later archives\n"
           "  -u SYM, --undefined=SYM     start with SYM undefined\n"
           "  --defsym=SYM=EXPR           define SYM (EXPR: number, symbol, symbol+-number)\n"
           "  -m EMUL                     elf32lriscv, elf64lriscv or elf128lriscv\n"
           "  -z max-page-size=N          segment alignment (default 0x1000)\n"
           "  -z separate-code|noseparate-code  code in its own segment (default on)\n"
           "  -z execstack|noexecstack    executable stack flag (default off)\n"
           "  -z relro|norelro            PT_GNU_RELRO (default on)\n"
           "  --image-base=ADDR, -Ttext-segment=ADDR  address of the first segment\n"
           "  --build-id[=sha1|uuid|0xHEX|none]  add a .note.gnu.build-id\n"
           "  -s, --strip-all  -S, --strip-debug  -x, --discard-all  -X, --discard-locals\n"
           "  --defsym, --fatal-warnings, -t/--trace, --version, --help\n");
}

static u32 add_input(struct ld *L, int kind, const char *name, int whole)
{
    struct ld_opts *o = &L->opt;
    if (o->ninputs == o->capinputs) {
        u32 ncap = o->capinputs ? o->capinputs * 2 : 16;
        struct ld_input_arg *n = ld_alloc_array(L, ncap, sizeof *n);
        if (o->ninputs)
            memcpy(n, o->inputs, o->ninputs * sizeof *n);
        o->inputs = n;
        o->capinputs = ncap;
    }
    struct ld_input_arg *a = &o->inputs[o->ninputs];
    a->kind = kind;
    a->name = name;
    a->whole_archive = whole;
    a->pos = o->ninputs;
    return o->ninputs++;
}

/* Parse an unsigned number: 0x hex, leading 0 octal, decimal; K/M suffix. */
int ld_parse_u128(const char *s, u128 *out)
{
    u128 v = 0;
    unsigned base = 10;
    const char *p = s;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        base = 16;
        p += 2;
    } else if (p[0] == '0' && p[1]) {
        base = 8;
        p++;
    }
    if (!*p)
        return -1;
    for (; *p; p++) {
        unsigned d;
        if (*p >= '0' && *p <= '9')
            d = (unsigned)(*p - '0');
        else if (*p >= 'a' && *p <= 'f')
            d = (unsigned)(*p - 'a' + 10);
        else if (*p >= 'A' && *p <= 'F')
            d = (unsigned)(*p - 'A' + 10);
        else
            break;
        if (d >= base)
            return -1;
        if (v > (((u128)0 - 1) - d) / base)
            return -1;
        v = v * base + d;
    }
    if (*p == 'K' || *p == 'k') {
        if (v >> 118)
            return -1;
        v <<= 10;
        p++;
    } else if (*p == 'M' || *p == 'm') {
        if (v >> 108)
            return -1;
        v <<= 20;
        p++;
    }
    if (*p)
        return -1;
    *out = v;
    return 0;
}

static int z_option(struct ld *L, const char *kw)
{
    struct ld_opts *o = &L->opt;
    static const char *const ignored[] = {
        "now", "lazy", "text", "notext", "textoff", "defs", "nodefs", "combreloc",
        "nocombreloc", "nocopyreloc", "nodelete", "nodlopen", "origin", "noexecstack-warn",
        "dynamic-undefined-weak", "nodynamic-undefined-weak", "initfirst", "interpose",
        "global", "nodefaultlib", "undefs", "start-stop-gc", "nostart-stop-gc", "lrodata",
        "nognustack", "ibt", "shstk", "noseparate-data", NULL,
    };
    if (!strncmp(kw, "max-page-size=", 14)) {
        u128 v;
        if (ld_parse_u128(kw + 14, &v) || v < 4096 || (v & (v - 1)) || v > ((u128)1 << 40))
            return usage_error(L, "invalid page size in '-z %s'", kw);
        o->page_size = v;
        return 0;
    }
    if (!strncmp(kw, "common-page-size=", 17)) {
        u128 v;
        if (ld_parse_u128(kw + 17, &v) || !v || (v & (v - 1)))
            return usage_error(L, "invalid page size in '-z %s'", kw);
        return 0;
    }
    if (!strcmp(kw, "separate-code")) {
        o->separate_code = 1;
        return 0;
    }
    if (!strcmp(kw, "noseparate-code")) {
        o->separate_code = 0;
        return 0;
    }
    if (!strcmp(kw, "execstack")) {
        o->execstack = 1;
        return 0;
    }
    if (!strcmp(kw, "noexecstack")) {
        o->execstack = 0;
        return 0;
    }
    if (!strcmp(kw, "relro")) {
        o->relro = 1;
        return 0;
    }
    if (!strcmp(kw, "norelro")) {
        o->relro = 0;
        return 0;
    }
    if (!strcmp(kw, "muldefs")) {
        o->muldefs = 1;
        return 0;
    }
    for (int i = 0; ignored[i]; i++)
        if (!strcmp(kw, ignored[i]))
            return 0;
    ld_warn(L, "-z %s ignored", kw);
    return 0;
}

static int set_build_id(struct ld *L, const char *style)
{
    struct ld_opts *o = &L->opt;
    if (!style || !strcmp(style, "sha1") || !strcmp(style, "tree")) {
        o->build_id = BUILD_ID_SHA1;
    } else if (!strcmp(style, "none")) {
        o->build_id = BUILD_ID_NONE;
    } else if (!strcmp(style, "uuid")) {
        o->build_id = BUILD_ID_UUID;
    } else if (!strcmp(style, "md5")) {
        o->build_id = BUILD_ID_MD5;
    } else if (style[0] == '0' && (style[1] == 'x' || style[1] == 'X')) {
        const char *p = style + 2;
        usize n = strlen(p);
        if (n == 0 || n % 2 || n / 2 > sizeof o->build_id_hex)
            return usage_error(L, "invalid --build-id value '%s'", style);
        for (usize i = 0; i < n / 2; i++) {
            unsigned v = 0;
            for (int k = 0; k < 2; k++) {
                char c = p[2 * i + (usize)k];
                unsigned d;
                if (c >= '0' && c <= '9')
                    d = (unsigned)(c - '0');
                else if (c >= 'a' && c <= 'f')
                    d = (unsigned)(c - 'a' + 10);
                else if (c >= 'A' && c <= 'F')
                    d = (unsigned)(c - 'A' + 10);
                else
                    return usage_error(L, "invalid --build-id value '%s'", style);
                v = v * 16 + d;
            }
            o->build_id_hex[i] = (u8)v;
        }
        o->build_id_len = (u32)(n / 2);
        o->build_id = BUILD_ID_HEX;
    } else {
        return usage_error(L, "invalid --build-id style '%s'", style);
    }
    return 0;
}

static int set_emulation(struct ld *L, const char *e)
{
    if (!strncmp(e, "elf32lriscv", 11))
        L->opt.emul_cls = ELFCLASS32;
    else if (!strncmp(e, "elf64lriscv", 11))
        L->opt.emul_cls = ELFCLASS64;
    else if (!strncmp(e, "elf128lriscv", 12))
        L->opt.emul_cls = ELFCLASS128;
    else
        return usage_error(L, "unrecognised emulation mode: %s\n"
                              "Supported emulations: elf32lriscv elf64lriscv elf128lriscv", e);
    return 0;
}

struct argv_state {
    int whole;
    int depth;
};

static int parse_list(struct ld *L, int argc, char **argv, struct argv_state *st);

/* Split a response file into words (gcc's rules: whitespace separates, '...' and "..."
 * quote, backslash escapes the next character). */
static int response_file(struct ld *L, const char *path, struct argv_state *st)
{
    const char *why;
    usize n;
    u8 *buf = ld_read_file(L, path, &n, &why);
    if (!buf) {
        if (L->err)
            fprintf(L->err, "%s: cannot read response file %s: %s\n", L->prog, path, why);
        L->nerr++;
        return -1;
    }
    if (st->depth > 16)
        return usage_error(L, "response files nested too deeply: %s", path);
    struct vec words = { 0 };
    char *w = ld_alloc(L, n + 1);
    usize i = 0;
    while (i < n) {
        while (i < n && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' || buf[i] == '\r' ||
                         buf[i] == '\f' || buf[i] == '\v'))
            i++;
        if (i >= n)
            break;
        usize k = 0;
        char q = 0;
        while (i < n) {
            char c = (char)buf[i];
            if (q) {
                if (c == q) {
                    q = 0;
                    i++;
                    continue;
                }
            } else if (c == '\'' || c == '"') {
                q = c;
                i++;
                continue;
            } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
                       c == '\v') {
                break;
            }
            if (c == '\\' && i + 1 < n) {
                i++;
                c = (char)buf[i];
            }
            w[k++] = c;
            i++;
        }
        vec_push(L, &words, ld_strndup(L, w, k));
    }
    st->depth++;
    int rc = parse_list(L, (int)words.n, (char **)words.v, st);
    st->depth--;
    return rc;
}

static const struct optdef *find_long(const char *name, usize len)
{
    for (const struct optdef *d = longopts; d->name; d++)
        if (strlen(d->name) == len && !strncmp(d->name, name, len))
            return d;
    return NULL;
}

/* Act on one option; `val` is its argument (or NULL). */
static int apply(struct ld *L, int id, const char *opt, const char *val, struct argv_state *st)
{
    struct ld_opts *o = &L->opt;
    switch (id) {
    case O_OUTPUT: o->output = val; break;
    case O_ENTRY: o->entry = val; break;
    case O_LIBDIR: vec_push(L, &o->libdirs, (void *)val); break;
    case O_LIB: add_input(L, IN_LIB, val, st->whole); break;
    case O_STATIC: break;
    case O_DYNAMIC: break;               /* only archives are searched in any case */
    case O_PIE: o->pie = 1; break;
    case O_NOPIE: o->pie = 0; break;
    case O_GC: o->gc_sections = 1; break;
    case O_NOGC: o->gc_sections = 0; break;
    case O_PRINT_GC: o->print_gc_sections = 1; break;
    case O_NOPRINT_GC: o->print_gc_sections = 0; break;
    case O_MAP: o->map = val; break;
    case O_PRINT_MAP: o->print_map_stdout = 1; break;
    case O_GROUP: break;
    case O_WHOLE: st->whole = 1; break;
    case O_NOWHOLE: st->whole = 0; break;
    case O_UNDEF: vec_push(L, &o->undefs, (void *)val); break;
    case O_DEFSYM: {
        const char *eq = strchr(val, '=');
        if (!eq || eq == val || !eq[1])
            return usage_error(L, "invalid --defsym '%s' (expected SYM=EXPR)", val);
        if (o->ndefsyms == o->capdefsyms) {
            u32 ncap = o->capdefsyms ? o->capdefsyms * 2 : 8;
            struct ld_defsym *n = ld_alloc_array(L, ncap, sizeof *n);
            if (o->ndefsyms)
                memcpy(n, o->defsyms, o->ndefsyms * sizeof *n);
            o->defsyms = n;
            o->capdefsyms = ncap;
        }
        o->defsyms[o->ndefsyms].name = ld_strndup(L, val, (usize)(eq - val));
        o->defsyms[o->ndefsyms].expr = eq + 1;
        o->ndefsyms++;
        break;
    }
    case O_EMUL: return set_emulation(L, val);
    case O_Z: {
        int r = z_option(L, val);
        if (r < 0)
            return r;
        break;
    }
    case O_BUILD_ID: return set_build_id(L, val);
    case O_EH_HDR: o->eh_frame_hdr = 1; break;
    case O_NO_EH_HDR: o->eh_frame_hdr = 0; break;
    case O_IGNORE: case O_IGNORE_ARG: break;
    case O_STRIP_ALL: o->strip_all = 1; break;
    case O_STRIP_DEBUG: o->strip_debug = 1; break;
    case O_DISCARD_ALL: o->discard_all = 1; break;
    case O_DISCARD_LOCALS: o->discard_locals = 1; break;
    case O_DISCARD_NONE: o->discard_all = o->discard_locals = 0; break;
    case O_VERSION:
        printf(ZL_VERSION_LINE("zl-ld") " — static linker for RISC-V ELF32/ELF64/ELF128\n"
               "Supported emulations: elf32lriscv elf64lriscv elf128lriscv\n");
        return 1;
    case O_HELP: help(); return 1;
    case O_UNSUPPORTED:
    case O_UNSUPPORTED_ARG:
        return usage_error(L, "option '%s' is not supported (zl-ld makes static executables "
                              "only; see docs/ld.md)", opt);
    case O_SYSROOT: o->sysroot = val; break;
    case O_IMAGE_BASE: {
        u128 v;
        if (ld_parse_u128(val, &v))
            return usage_error(L, "invalid address '%s'", val);
        o->image_base = v;
        o->have_image_base = 1;
        break;
    }
    case O_FATAL_WARN: o->fatal_warnings = 1; break;
    case O_NOFATAL_WARN: o->fatal_warnings = 0; break;
    case O_DYNLINKER:
        return usage_error(L, "option '%s' is not supported (dynamic linking; zl-ld makes "
                              "static executables only)", opt);
    case O_TRACE: o->trace = 1; break;
    case O_MULDEFS: o->muldefs = 1; break;
    default: return usage_error(L, "internal error: option %s", opt);
    }
    return 0;
}

static int parse_list(struct ld *L, int argc, char **argv, struct argv_state *st)
{
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (a[0] == '@' && a[1]) {
            int r = response_file(L, a + 1, st);
            if (r)
                return r;
            continue;
        }
        if (a[0] != '-' || !a[1]) {
            add_input(L, IN_FILE, a, st->whole);
            continue;
        }
        if (!strcmp(a, "-(") || !strcmp(a, "-)"))
            continue;
        /* long option: "--name[=val]" always; "-name[=val]" unless it starts with 'o' */
        int dashes = a[1] == '-' ? 2 : 1;
        const char *name = a + dashes;
        const char *eq = strchr(name, '=');
        usize len = eq ? (usize)(eq - name) : strlen(name);
        const struct optdef *d = NULL;
        if (dashes == 2 || (name[0] != 'o' && len > 1))
            d = find_long(name, len);
        if (d) {
            const char *val = NULL;
            if (d->arg == NOARG && eq)
                return usage_error(L, "option '%s' doesn't allow an argument", a);
            if (eq) {
                val = eq + 1;
            } else if (d->arg == ARG) {
                if (i + 1 >= argc)
                    return usage_error(L, "option '%s' requires an argument", a);
                val = argv[++i];
            }
            int r = apply(L, d->id, a, val, st);
            if (r)
                return r;
            continue;
        }
        if (dashes == 2)
            return usage_error(L, "unrecognized option '%s'", a);
        /* short options */
        char c = a[1];
        const char *rest = a + 2;
        int id = 0, takes = 0;
        switch (c) {
        case 'o': id = O_OUTPUT; takes = 1; break;
        case 'e': id = O_ENTRY; takes = 1; break;
        case 'L': id = O_LIBDIR; takes = 1; break;
        case 'l': id = O_LIB; takes = 1; break;
        case 'm': id = O_EMUL; takes = 1; break;
        case 'u': id = O_UNDEF; takes = 1; break;
        case 'z': id = O_Z; takes = 1; break;
        case 'O': id = O_IGNORE_ARG; takes = 1; break;
        case 'T': id = O_UNSUPPORTED_ARG; takes = 1; break;
        case 'h': id = O_UNSUPPORTED_ARG; takes = 1; break;
        case 'R': id = O_UNSUPPORTED_ARG; takes = 1; break;
        case 's': id = O_STRIP_ALL; break;
        case 'S': id = O_STRIP_DEBUG; break;
        case 'x': id = O_DISCARD_ALL; break;
        case 'X': id = O_DISCARD_LOCALS; break;
        case 't': id = O_TRACE; break;
        case 'v': case 'V': id = O_VERSION; break;
        case 'M': id = O_PRINT_MAP; break;
        case 'E': id = O_IGNORE; break;
        case 'r': case 'i': case 'q': case 'N': case 'n': id = O_UNSUPPORTED; break;
        default: return usage_error(L, "unrecognized option '%s'", a);
        }
        const char *val = NULL;
        if (takes) {
            if (*rest) {
                val = rest;
            } else {
                if (i + 1 >= argc)
                    return usage_error(L, "option requires an argument -- '%s'", a + 1);
                val = argv[++i];
            }
        } else if (*rest) {
            return usage_error(L, "unrecognized option '%s'", a);
        }
        /* -O takes a number only when joined (GNU: -O1); "-O 1" is also fine */
        int r = apply(L, id, a, val, st);
        if (r)
            return r;
    }
    return 0;
}

int ld_parse_args(struct ld *L, int argc, char **argv)
{
    struct ld_opts *o = &L->opt;
    o->output = "a.out";
    o->page_size = 0x1000;
    o->separate_code = 1;
    o->relro = 1;
    struct argv_state st = { 0, 0 };
    int r = parse_list(L, argc - 1, argv + 1, &st);
    if (r)
        return r;
    if (o->ninputs == 0) {
        if (L->err)
            fprintf(L->err, "%s: no input files\n", L->prog);
        L->nerr++;
        return -1;
    }
    return 0;
}
