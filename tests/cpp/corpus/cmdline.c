/* cpp-flags: -include inc/pre1.h -include inc/pre2.h -DCMD=5 -DEMPTY= -DONE -DFN(a)=a+1 -UNOPE */
/* -include, -D and -U as zl-cc passes them. */
main FROM_PRE1 CMD [EMPTY] ONE FN(2) __INCLUDE_LEVEL__ __FILE__ __BASE_FILE__
#ifdef NOPE
bad
#endif
