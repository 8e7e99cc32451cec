/* One translation unit: tokens -> AST -> IR -> registers -> assembly. */
#include "cc/ir_text.h"

#include <stdlib.h>
#include <string.h>

struct cc_options ccopt;

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
/* A function's IR from lowering (or from an IR file) on: the passes, register
 * allocation, assembly.  out NULL: front end only, for fuzzing, still optimised to
 * exercise the middle end. */
static void optimize_and_emit(struct ir_func *f, FILE *out)
{
    ir_optimize(f, out ? ccopt.opt : 1);
    ir_dump_stage(f, "final");
    regalloc(f);
    if (out && !cc_nerrors) emit_function(out, f);
    /* the clones f's passes made, each after the function that first called it */
    for (struct ir_func *clone; (clone = ir_opt_next_clone());) optimize_and_emit(clone, out);
}

static void back_end_ir(struct ir_func *f, FILE *out)
{
    ir_dump_stage(f, "lower");  /* no clone is in it: the passes make them again */
    optimize_and_emit(f, out);
}

/* After an error in a function (a jump into the scope of a VLA, an asm operand ...) the
 * next functions are still lowered, to report theirs; no assembly is written once there
 * is an error. */
static void back_end(struct obj *g, FILE *out)
{
    jmp_buf jb, *outer = cc_error_jmp;
    cc_error_jmp = &jb;
    if (setjmp(jb)) {
        cc_error_jmp = outer;
        return;
    }
    back_end_ir(lower_function(g), out);
    cc_error_jmp = outer;
}

static void begin_unit(FILE *out, const char *src_name)
{
    ir_opt_begin_unit();
    if (out) {
        fprintf(out, "\t.file \"%s\"\n", src_name);
        fprintf(out, "\t.option nopic\n");
        emit_debug_begin(out, src_name);
    }
    ir_dump_begin(src_name);
}

/* the static data: straight to out, or through a buffer when the IR dumps carry it too */
static void end_unit(FILE *out)
{
    if (!out || cc_nerrors) {
        ir_dump_end(NULL);
        return;
    }
    if (!ir_dump_active()) {
        emit_data(out);
        return;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem) cc_fatal("cannot buffer the static data");
    emit_data(mem);
    fclose(mem);
    fwrite(text, 1, len, out);
    ir_dump_end(text);
    free(text);
}

const char *cc_ir_pass;

/* -fpass=NAME: the one pass on every function, the IR text as the output */
static void run_one_pass(struct ir_unit *u, FILE *out)
{
    ir_opt_begin_unit();
    if (out) ir_write_header(out, u->source);
    for (int k = 0; k < u->nfuncs; k++) {
        ir_run_pass(u->funcs[k], cc_ir_pass);
        if (out) ir_write_func(out, u->funcs[k]);
        for (struct ir_func *clone; (clone = ir_opt_next_clone());) {
            ir_run_pass(clone, cc_ir_pass);
            if (out) ir_write_func(out, clone);
        }
    }
    if (out && u->data) ir_write_data(out, u->data);
}

bool cc_compile_ir_unit(struct ir_unit *u, FILE *out)
{
    jmp_buf jb;
    jmp_buf *save = cc_error_jmp, *save_abort = cc_abort_jmp;
    cc_error_jmp = cc_abort_jmp = &jb;
    bool ok = false;
    if (!setjmp(jb)) {
        if (cc_ir_pass) {
            run_one_pass(u, out);
        } else {
            begin_unit(out, u->source);
            for (int k = 0; k < u->nfuncs; k++) back_end_ir(u->funcs[k], out);
            if (out && u->data && !cc_nerrors) fputs(u->data, out);
            ir_dump_end(u->data);
        }
        ok = cc_nerrors == 0;
    }
    cc_error_jmp = save;
    cc_abort_jmp = save_abort;
    return ok;
}

bool cc_compile_ir(const char *path, FILE *out)
{
    struct ir_unit u;
    types_init();
    return ir_read_file(path, &u) && cc_compile_ir_unit(&u, out);
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
        begin_unit(out, src_name);
        /* in the order of the definitions, which C code writes callees first in: the
         * pass "inline" can only copy a function compiled before its caller (tu.globals
         * is in the order of first declarations, where a header's prototypes put the
         * exported functions before the static helpers they call) */
        struct obj **defs = cc_alloc(sizeof *defs * (size_t)(tu.nbodies + 1));
        for (struct obj *g = tu.globals; g; g = g->next)
            if (g->name && g->is_func && g->body && g->body_order > 0 && g->body_order <= tu.nbodies)
                defs[g->body_order - 1] = g;
        for (int k = 0; k < tu.nbodies; k++)
            if (defs[k]) back_end(defs[k], out);
        end_unit(out);
        ok = cc_nerrors == 0;
    }
done:
    cc_error_jmp = save;
    cc_abort_jmp = save_abort;
    return ok;
}
