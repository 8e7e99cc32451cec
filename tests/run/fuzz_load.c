/* libFuzzer target: the ELF loader and the interpreter on arbitrary input.  A loadable
 * input is run for a bounded number of instructions with system calls stopping the
 * hart; nothing may crash, leak or touch memory outside the guest's mappings. */
#include <stdlib.h>
#include <string.h>

#include "run/proc.h"
#include "run/procfs.h"

static int stop(struct hart *h) { (void)h; return 1; }
static const struct hart_ops ops = { stop };

int LLVMFuzzerTestOneInput(const u8 *data, size_t size);
int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
    struct task *p = calloc(1, sizeof *p);
    if (!p) return 0;
    p->proc->opt.no_random = true;
    char *argv[] = { "fuzz", NULL }, *envp[] = { NULL };
    char err[256];
    if (proc_load_image(p, "fuzz", data, size, argv, envp, err, sizeof err) == 0) {
        p->hart.ops = &ops;
        p->hart.insn_limit = 20000;
        for (int k = 0; k < 4 && hart_run(&p->hart) == RUN_TRAP; k++)
            p->hart.pc += 2;               /* step over the trap and go on a little */
        hart_destroy(&p->hart);
    }
    procfs_destroy(p);          /* what the loader noted for /proc/self/maps */
    mm_destroy(&p->proc->mm);
    free(p);
    return 0;
}
