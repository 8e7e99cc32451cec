/* The pass list: the IR passes run before register allocation, in order, each at its
 * -O level and above, with the -fdump-ir stage of its name after it.  The passes are
 * in src/cc/opt/, one per file. */
#include "cc/ir_text.h"
#include "cc/opt/opt.h"

#include <string.h>

/* the pass list, in order; a pass runs at -O<min_level> and above */
static const struct ir_pass {
    const char *name;
    int min_level;
    void (*run)(struct ir_func *f);
} passes[] = {
    {"unreachable", 0, opt_unreachable},  /* at -O0 too: code behind a constant false condition is gone */
    {"direct", 1, opt_direct},
    {"specialize", 2, opt_specialize},
    {"inline", 1, opt_inline},
    {"unroll", 2, opt_unroll},
    {"memcall", 1, opt_memcall},
    {"copyprop", 1, opt_copyprop},
    {"fold", 1, opt_fold},
    {"divpow2", 1, opt_divpow2},
    {"ssa", 2, opt_ssa},
    {"sccp", 2, opt_sccp},
    {"gvn", 2, opt_gvn},
    {"ssa_out", 2, opt_ssa_out},
    {"cse", 1, opt_cse},
    {"licm", 1, opt_licm},
    {"hoistaddr", 1, opt_hoistaddr},
    {"ivsr", 1, opt_ivsr},
    {"addrfold", 1, opt_addrfold},
    {"loadreuse", 1, opt_loadreuse},
    {"thread", 1, opt_thread},
    {"deaddef", 1, opt_deaddef},
    {"dce", 1, opt_dce},
    {"jumps", 1, opt_jumps},
    {"rotate", 1, opt_rotate},
    {"blockorder", 1, opt_blockorder},
};

void ir_opt_begin_unit(void)
{
    opt_inline_reset();
    opt_specialize_reset();
}

struct ir_func *ir_opt_next_clone(void) { return opt_specialize_next_clone(); }

bool ir_pass_known(const char *name)
{
    for (size_t k = 0; k < sizeof passes / sizeof *passes; k++)
        if (!strcmp(passes[k].name, name)) return true;
    return false;
}

bool ir_run_pass(struct ir_func *f, const char *name)
{
    for (size_t k = 0; k < sizeof passes / sizeof *passes; k++)
        if (!strcmp(passes[k].name, name)) {
            passes[k].run(f);
            return true;
        }
    return false;
}

void ir_optimize(struct ir_func *f, int level)
{
    /* IR read back from a dump taken between "ssa" and "ssa_out" holds phis, which only
     * those passes understand: out of SSA form before anything else */
    opt_ssa_out(f);
    for (size_t k = 0; k < sizeof passes / sizeof *passes; k++)
        if (level >= passes[k].min_level) {
            passes[k].run(f);
            ir_dump_stage(f, passes[k].name);
        }
}
