#include "nonexistent.h"
