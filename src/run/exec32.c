/* The RV32 interpreter: one compilation of exec_tmpl.h. */
#define XLEN 32
#include "run/exec_tmpl.h"
