#define FROM_PRE1 pre1
pre1_text __FILE__ __INCLUDE_LEVEL__
