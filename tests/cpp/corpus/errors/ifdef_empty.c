#ifdef
#endif
