/* -fdump-ir=STAGE: the IR of every function as it leaves a point of the pipeline
 * (lower, each pass of ir_opt.c, final), in the text ir_read.c reads.  As gcc's
 * -fdump-tree-NAME, each stage goes to a file named after the source in the current
 * directory, SRC.STAGE.ir (foo.c.lower.ir); STAGE=stderr writes to standard error. */
#include "cc/ir_text.h"

#include <errno.h>
#include <string.h>

enum { MAX_DUMPS = 16 };

static struct dump {
    const char *stage;
    bool to_stderr;
    FILE *f;
} dumps[MAX_DUMPS];
static int ndumps;

static bool known_stage(const char *s)
{
    return !strcmp(s, "lower") || !strcmp(s, "final") || ir_pass_known(s);
}

bool ir_dump_request(const char *spec)
{
    const char *eq = strchr(spec, '=');
    char stage[64];
    snprintf(stage, sizeof stage, "%.*s", (int)(eq ? (size_t)(eq - spec) : strlen(spec)), spec);
    if (!known_stage(stage) || (eq && strcmp(eq + 1, "stderr")) || ndumps == MAX_DUMPS) return false;
    for (int k = 0; k < ndumps; k++)
        if (!strcmp(dumps[k].stage, stage)) return true;
    dumps[ndumps].stage = strdup(stage);   /* outlives the per-file arena */
    dumps[ndumps++].to_stderr = eq != NULL;
    return true;
}

bool ir_dump_active(void) { return ndumps > 0; }

void ir_dump_begin(const char *src_name)
{
    const char *base = strrchr(src_name, '/');
    base = base ? base + 1 : src_name;
    for (int k = 0; k < ndumps; k++) {
        struct dump *d = &dumps[k];
        if (d->to_stderr) {
            d->f = stderr;
        } else {
            size_t n = strlen(base) + strlen(d->stage) + 6;
            char *path = cc_alloc(n);
            snprintf(path, n, "%s.%s.ir", base, d->stage);
            d->f = fopen(path, "w");
            if (!d->f) {
                fprintf(stderr, "zl-cc: error: cannot write %s: %s\n", path, strerror(errno));
                continue;
            }
        }
        ir_write_header(d->f, src_name);
    }
}

void ir_dump_stage(struct ir_func *f, const char *stage)
{
    for (int k = 0; k < ndumps; k++)
        if (dumps[k].f && !strcmp(dumps[k].stage, stage)) ir_write_func(dumps[k].f, f);
}

void ir_dump_end(const char *data_text)
{
    for (int k = 0; k < ndumps; k++) {
        struct dump *d = &dumps[k];
        if (!d->f) continue;
        if (data_text) ir_write_data(d->f, data_text);
        if (d->f != stderr) fclose(d->f);
        else fflush(d->f);
        d->f = NULL;
    }
}
