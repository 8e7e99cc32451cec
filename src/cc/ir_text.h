/* The IR as text: writing it (ir_write.c), reading it back (ir_read.c) and the
 * -fdump-ir=STAGE dumps (ir_dump.c).  The format is described in docs/cc.md. */
#ifndef ZL_CC_IR_TEXT_H
#define ZL_CC_IR_TEXT_H

#include "cc/ir.h"

void ir_write_str(FILE *out, const char *s);   /* quoted, C escapes */
void ir_write_ins(FILE *out, struct ir_ins *i);
void ir_write_func(FILE *out, struct ir_func *f);
void ir_write_header(FILE *out, const char *src_name);
void ir_write_data(FILE *out, const char *asm_text);

/* A whole IR file: its functions in order, the static data as assembly text. */
struct ir_unit {
    const char *source;
    struct ir_func **funcs;
    int nfuncs;
    const char *data;
};
/* false after reporting "path:line: error: ..." on stderr */
bool ir_read_file(const char *path, struct ir_unit *u);
bool ir_read_text(const char *name, char *text, size_t len, struct ir_unit *u);  /* text is changed */

/* compile.c: the functions of u through the back end (or -fpass) onto out */
bool cc_compile_ir_unit(struct ir_unit *u, FILE *out);

/* -fdump-ir=STAGE[=stderr]: false for an unknown stage */
bool ir_dump_request(const char *spec);
bool ir_dump_active(void);
void ir_dump_begin(const char *src_name);
void ir_dump_stage(struct ir_func *f, const char *stage);
void ir_dump_end(const char *data_text);

#endif
