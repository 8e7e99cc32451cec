/* The RV32 translator: one compilation of jit_tmpl.h. */
#define XLEN 32
#include "exec/jit_tmpl.h"
