/* Integer-constant suffixes, shared by #if evaluation (expr.c) and the compiler's constant
 * parser (src/cc/literal.c), so that both accept exactly the same spellings. */
#include "cpp/cpp.h"

bool cpp_int_suffix(const char *s, const char *end, struct cpp_intsuf *out)
{
    struct cpp_intsuf r = {false, 0, false};
    while (s < end) {
        if ((*s == 'u' || *s == 'U') && !r.uns) {
            r.uns = true;
            s++;
        } else if ((*s == 'l' || *s == 'L') && !r.lng && !r.i64) {
            /* ll and LL, never lL */
            r.lng = s + 1 < end && s[1] == *s ? 2 : 1;
            s += r.lng;
        } else if ((*s == 'i' || *s == 'I') && !r.lng && !r.i64 && end - s >= 3 && s[1] == '6' &&
                   s[2] == '4') {
            r.i64 = true;
            s += 3;
            if (s < end) return false; /* i64 ends the suffix (iu64, i64u are not spellings) */
        } else {
            return false;
        }
    }
    *out = r;
    return true;
}
