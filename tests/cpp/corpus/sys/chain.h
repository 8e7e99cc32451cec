chain_sys
#include_next <chain.h>
