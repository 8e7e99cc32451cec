#include "inc/once.h"
once_link_after
