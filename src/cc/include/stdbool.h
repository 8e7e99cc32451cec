/* <stdbool.h> for zl-cc (C11 7.18) */
#ifndef __ZLCC_STDBOOL_H
#define __ZLCC_STDBOOL_H
#define bool _Bool
#define true 1
#define false 0
#define __bool_true_false_are_defined 1
#endif
