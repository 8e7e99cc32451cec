/* System-call numbers for libc/arch/riscv/clone.S and unmapexit.S, from the generated
 * <zl/uapi.h> (the assembly is not built with the generated headers). */
#include "zl_libc.h"

ZL_HIDDEN const long __zl_nr_clone = __NR_clone;
ZL_HIDDEN const long __zl_nr_exit = __NR_exit;
ZL_HIDDEN const long __zl_nr_munmap = __NR_munmap;
