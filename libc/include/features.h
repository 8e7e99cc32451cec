#ifndef _ZL_FEATURES_H
#define _ZL_FEATURES_H
/* zlibc declares every interface it has whatever feature-test macros are set, so this
 * header only gives the data-model configuration; it exists for programs that include it. */
#include <bits/zl_config.h>
#endif
