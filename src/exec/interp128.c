/* The RV128 interpreter: one compilation of interp_tmpl.h. */
#define XLEN 128
#include "exec/interp_tmpl.h"
