

#include "nested2.h"
n1_after
