/* The RV64 translator: one compilation of jit_tmpl.h. */
#define XLEN 64
#include "exec/jit_tmpl.h"
