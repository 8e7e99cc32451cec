/* Types in diagnostics, written as GCC writes them: specifiers, then the abstract
 * declarator ('char *', 'int[3]', 'int(int, char *)', 'int (*)(void)', 'char * const'),
 * with zl-cc's names of the basic types ('long', 'unsigned long'). */
#include "cc/cc.h"

#include <ctype.h>
#include <string.h>

/* a type without derivations: its specifiers */
static const char *spec_name(struct type *t)
{
    const char *q = t->is_const ? "const " : "";
    switch (t->kind) {
    case TY_VOID: return cc_printf("%svoid", q);
    case TY_BOOL: return cc_printf("%s_Bool", q);
    case TY_CHAR: return cc_printf("%schar", q);
    case TY_SCHAR: return cc_printf("%ssigned char", q);
    case TY_UCHAR: return cc_printf("%sunsigned char", q);
    case TY_SHORT: return cc_printf("%sshort", q);
    case TY_USHORT: return cc_printf("%sunsigned short", q);
    case TY_INT: return cc_printf("%sint", q);
    case TY_UINT: return cc_printf("%sunsigned int", q);
    case TY_LONG: return cc_printf("%slong", q);
    case TY_ULONG: return cc_printf("%sunsigned long", q);
    case TY_LLONG: return cc_printf("%slong long", q);
    case TY_ULLONG: return cc_printf("%sunsigned long long", q);
    case TY_INT64: return cc_printf("%s__int64", q);
    case TY_UINT64: return cc_printf("%sunsigned __int64", q);
    case TY_INT128: return cc_printf("%s__int128", q);
    case TY_UINT128: return cc_printf("%sunsigned __int128", q);
    case TY_FLOAT: return cc_printf("%sfloat", q);
    case TY_DOUBLE: return cc_printf("%sdouble", q);
    case TY_LDOUBLE: return cc_printf("%slong double", q);
    case TY_ENUM: return cc_printf("%senum %s", q, t->tag ? t->tag : "<anonymous>");
    case TY_STRUCT: return cc_printf("%sstruct %s", q, t->tag ? t->tag : "<anonymous>");
    case TY_UNION: return cc_printf("%sunion %s", q, t->tag ? t->tag : "<anonymous>");
    case TY_PTR: case TY_ARRAY: case TY_FUNC: break;
    case TY_COMPLEX: return cc_printf("%scomplex %s", q, ty_name(t->base));
    }
    return "?";
}

static const char *declare(struct type *t, const char *d, bool suffix);

/* GCC separates parameters with ", ", and one more space after a name ending in a letter
 * ('int(int,  char *)'): its pretty-printer pads between identifiers */
static const char *params(struct type *f)
{
    if (!f->params) return f->oldstyle ? "" : f->variadic ? "..." : "void";
    const char *s = "";
    for (struct param *p = f->params; p; p = p->next) {
        const char *n = ty_name(p->ty);
        size_t l = strlen(s);
        if (l) s = cc_printf("%s,%s %s", s, isalnum((unsigned char)s[l - 1]) ? " " : "", n);
        else s = n;
    }
    return f->variadic ? cc_printf("%s, ...", s) : s;
}

/* t around the abstract declarator d; suffix: d begins with '[' or a parameter list */
static const char *declare(struct type *t, const char *d, bool suffix)
{
    switch (t->kind) {
    case TY_PTR: {
        const char *p = cc_printf("*%s%s", t->is_const ? " const" : "", d);
        if (t->base->kind == TY_ARRAY || t->base->kind == TY_FUNC) p = cc_printf("(%s)", p);
        return declare(t->base, p, false);
    }
    case TY_ARRAY:
        return declare(t->base, t->len >= 0 ? cc_printf("%s[%ld]", d, t->len) : cc_printf("%s[]", d),
                       !*d || suffix);
    case TY_FUNC:
        return declare(t->base, cc_printf("%s(%s)", d, params(t)), !*d || suffix);
    default:
        if (!*d) return spec_name(t);
        return cc_printf("%s%s%s", spec_name(t), suffix ? "" : " ", d);
    }
}

const char *ty_name(struct type *t) { return declare(t, "", false); }
