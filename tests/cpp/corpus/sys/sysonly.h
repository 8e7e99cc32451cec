#pragma GCC system_header
sysonly
#include "sysrel.h"
