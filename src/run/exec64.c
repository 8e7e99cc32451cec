/* The RV64 interpreter: one compilation of exec_tmpl.h. */
#define XLEN 64
#include "run/exec_tmpl.h"
