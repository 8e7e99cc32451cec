chain_first __INCLUDE_LEVEL__
#if __has_include_next(<chain.h>)
#include_next <chain.h>
#endif
chain_first_end
