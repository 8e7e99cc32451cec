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

/* One function through the back end (out NULL: front end only, for fuzzing, still
 * lowered to exercise the middle end).  After an error in it (a jump into the scope of a
 * VLA, an asm operand ...) the next functions are still lowered, to report theirs; no
 * assembly is written once there is an error. */
static void back_end(struct obj *g, FILE *out)
{
    jmp_buf jb, *outer = cc_error_jmp;
    cc_error_jmp = &jb;
    if (setjmp(jb)) {
        cc_error_jmp = outer;
        return;
    }
    struct ir_func *f = lower_function(g);
    ir_optimize(f, out ? ccopt.opt : 1);
    regalloc(f);
    if (out && cc_dump_ir) ir_dump(f, stderr);
    if (out && !cc_nerrors) emit_function(out, f);
    cc_error_jmp = outer;
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
        }
        for (struct obj *g = tu.globals; g; g = g->next)
            if (g->name && g->is_func && g->body) back_end(g, out);
        if (out && !cc_nerrors) emit_data(out);
        ok = cc_nerrors == 0;
    }
done:
    cc_error_jmp = save;
    cc_abort_jmp = save_abort;
    return ok;
}
