/* The version of every ZettaLinux tool, and the first line of each --version in GNU's form
 * "NAME (PACKAGE) VERSION".  zl-port (a script) and the man pages take the number from
 * here too (Makefile). */
#ifndef ZL_COMMON_VERSION_H
#define ZL_COMMON_VERSION_H

#define ZL_VERSION "0.1"
#define ZL_VERSION_LINE(tool) tool " (ZettaLinux) " ZL_VERSION

#endif
