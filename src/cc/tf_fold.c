/* Constant folding of long double (binary128) in the compiler uses libzlrt's own soft-float,
 * src/cc/rt/tf.c, compiled here for the host under cc_tf_* names (as tests/cc/unit/tf_test
 * does with zl__* names), so static initializers get exactly the bits the same arithmetic
 * gives at run time, with no second binary128 implementation.  Prototypes: cc.h. */
#define ZL_TF_HOST 1
#define __addtf3 cc_tf_add
#define __subtf3 cc_tf_sub
#define __multf3 cc_tf_mul
#define __divtf3 cc_tf_div
#define __negtf2 cc_tf_neg
#define __eqtf2 cc_tf_eq
#define __netf2 cc_tf_ne
#define __lttf2 cc_tf_lt
#define __letf2 cc_tf_le
#define __gttf2 cc_tf_gt
#define __getf2 cc_tf_ge
#define __unordtf2 cc_tf_unord
#define __extenddftf2 cc_tf_from_double
#define __extendsftf2 cc_tf_from_float
#define __trunctfdf2 cc_tf_to_double
#define __trunctfsf2 cc_tf_to_float
#define __fixtfsi cc_tf_fixsi
#define __fixtfdi cc_tf_fixdi
#define __fixtfti cc_tf_fixti
#define __fixunstfsi cc_tf_fixunssi
#define __fixunstfdi cc_tf_fixunsdi
#define __fixunstfti cc_tf_fixunsti
#define __floatsitf cc_tf_floatsi
#define __floatditf cc_tf_floatdi
#define __floattitf cc_tf_floatti
#define __floatunsitf cc_tf_floatunsi
#define __floatunditf cc_tf_floatundi
#define __floatuntitf cc_tf_floatunti
#include "cc/rt/tf.c"
