/* does not compile: an undeclared identifier */
int broken(void) { return undeclared_thing; }
