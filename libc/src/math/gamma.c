#include "dd.h"
