const char *greet(void) { return "hello"; }
