/* The RV128 interpreter: one compilation of exec_tmpl.h. */
#define XLEN 128
#include "run/exec_tmpl.h"
