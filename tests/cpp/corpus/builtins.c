/* Predefined and built-in macros (dates from SOURCE_DATE_EPOCH). */
__FILE__ __LINE__ __BASE_FILE__ __FILE_NAME__ __INCLUDE_LEVEL__
__STDC__ __STDC_VERSION__ __STDC_HOSTED__
__DATE__ __TIME__
__COUNTER__ __COUNTER__ __COUNTER__
#define C __COUNTER__
C C
#define S(x) #x
#define XS(x) S(x)
XS(__LINE__) S(__FILE__) XS(__COUNTER__)
#ifdef __FILE__
file_defined
#endif
#if defined(__LINE__) && defined __COUNTER__ && defined __DATE__
builtins_defined
#endif
#undef __STDC_HOSTED__
__STDC_HOSTED__
