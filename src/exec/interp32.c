/* The RV32 interpreter: one compilation of interp_tmpl.h. */
#define XLEN 32
#include "exec/interp_tmpl.h"
