/* The RV128 translator: one compilation of jit_tmpl.h (with jit_ops128.h). */
#define XLEN 128
#include "exec/jit_tmpl.h"
