/* Code behind an integer constant condition that is false is not compiled, at every -O
 * level, so it may call functions that exist nowhere: libtommath's MP_HAS() feature
 * switches (sizeof of a stringized macro) and `if (0)` debugging hooks rely on GCC doing
 * this even at -O0.  Linking fails if any of these calls survives. */
void not_in_any_library(void);
int also_missing(int);

#define STR_(x) #x
#define STR(x) STR_(x)
#define HAS(name) (sizeof(STR(name##_ENABLED)) == 1)
#define FEATURE_ENABLED

static int calls;

int main(void)
{
    if (0) not_in_any_library();
    if (HAS(OTHER)) not_in_any_library();          /* "OTHER_ENABLED": not defined */
    if (!HAS(FEATURE)) also_missing(1);            /* FEATURE_ENABLED is defined, empty */
    if (HAS(FEATURE)) calls++;
    while (0) not_in_any_library();
    for (; 1 == 2;) also_missing(2);
    if (sizeof(long) == 3 && also_missing(3)) calls += 10;
    if (1) calls++;
    else not_in_any_library();
    int r = 0;
    if (calls == 2) goto ok;
    if (0) {
    ok:                                            /* a label keeps its block alive */
        r = calls == 2 ? 0 : 1;
    }
    return calls == 2 ? r : 1;
}
