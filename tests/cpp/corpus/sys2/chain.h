chain_sys2 __FILE__
#define SYSMAC(x) ((x) + 1)
SYSMAC(2)
