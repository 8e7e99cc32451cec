/* zl-cc: C compiler driver entry point (driver.c). */
#include "cc/cc.h"

int cc_driver_main(int argc, char **argv);

int main(int argc, char **argv) { return cc_driver_main(argc, argv); }
