/* The RV64 interpreter: one compilation of interp_tmpl.h. */
#define XLEN 64
#include "exec/interp_tmpl.h"
