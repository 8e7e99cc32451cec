/* End of a translation unit: -Wunused-function and the static functions used without a
 * definition, in GCC's order — first those never defined (in declaration order), then
 * those defined and never used (last defined first). */
#include "cc/cc.h"

#include <string.h>

/* what refers to a static function besides calls and address-of in expressions */
static void mark_attribute_uses(void)
{
    for (struct obj *g = tu.globals; g; g = g->next) {
        if (!g->name) continue;
        if (g->used || g->ctor || g->dtor) g->referenced = true;
        if (!g->alias_of) continue;
        for (struct obj *t = tu.globals; t; t = t->next)
            if (t->name && !strcmp(t->name, g->alias_of)) t->referenced = true;
    }
}

static bool defined_unused(const struct obj *g)
{
    return g->name && g->is_func && g->is_static && g->is_defined && !g->referenced &&
           !g->is_inline && !g->attr_unused;
}

void check_unused_functions(void)
{
    mark_attribute_uses();
    for (struct obj *g = tu.globals; g; g = g->next) {
        if (!g->name || !g->is_func || !g->is_static || g->is_defined) continue;
        if (g->referenced)
            cc_warn_at(CW_NONE, g->pos, "'%s' used but never defined", g->name);
        else if (!g->attr_unused)
            cc_warn_at(CW_UNUSED_FUNCTION, g->pos, "'%s' declared 'static' but never defined", g->name);
    }
    size_t n = 0;
    for (struct obj *g = tu.globals; g; g = g->next) n += defined_unused(g);
    struct obj **v = cc_alloc(n * sizeof *v + 1);
    size_t i = 0;
    for (struct obj *g = tu.globals; g; g = g->next)
        if (defined_unused(g)) v[i++] = g;
    while (i--) cc_warn_at(CW_UNUSED_FUNCTION, v[i]->pos, "'%s' defined but not used", v[i]->name);
}
