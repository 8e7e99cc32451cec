/* One translation unit: tokens -> AST -> IR -> registers -> assembly. */
#include "cc/ir.h"

#include <string.h>

struct cc_options ccopt;
bool cc_dump_ir;

static void reset_front_end(void)
{
    scope_reset();
    parse_stmt_reset();
    cur_func = NULL;
    parse_depth = 0;
    memset(&tu, 0, sizeof tu);
}

bool cc_compile(struct cpp *pp, FILE *out, const char *src_name)
{
    jmp_buf jb;
    jmp_buf *save = cc_error_jmp, *save_abort = cc_abort_jmp;
    cc_error_jmp = cc_abort_jmp = &jb;
    bool ok = false;
    if (!setjmp(jb)) {
        types_init();
        reset_front_end();
        scope_add_typedef("__builtin_va_list", ty_ptr(ty_void), (struct srcpos){0});
        static struct tokstream ts;
        memset(&ts, 0, sizeof ts);
        tok_read_all(pp, &ts);
        if (cpp_errors(pp)) goto done;
        parse_tu(&ts);
        /* after an error the parser went on to report more; its tree is not compiled */
        if (cc_nerrors) goto done;
        if (out) {
            fprintf(out, "\t.file \"%s\"\n", src_name);
            fprintf(out, "\t.option nopic\n");
            emit_debug_begin(out, src_name);
            for (struct obj *g = tu.globals; g; g = g->next) {
                if (!g->name || !g->is_func || !g->body) continue;
                struct ir_func *f = lower_function(g);
                ir_optimize(f, ccopt.opt);
                regalloc(f);
                if (cc_dump_ir) ir_dump(f, stderr);
                emit_function(out, f);
            }
            emit_data(out);
        } else {
            /* front end only (fuzzing): still lower, to exercise the middle end */
            for (struct obj *g = tu.globals; g; g = g->next) {
                if (!g->name || !g->is_func || !g->body) continue;
                struct ir_func *f = lower_function(g);
                ir_optimize(f, 1);
                regalloc(f);
            }
        }
        ok = cc_nerrors == 0;
    }
done:
    cc_error_jmp = save;
    cc_abort_jmp = save_abort;
    return ok;
}
