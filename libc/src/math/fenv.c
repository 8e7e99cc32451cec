/* <fenv.h> over fcsr (libc/arch/riscv/fenv.S: __zl_fcsr). */
#include "zl_libc.h"
#include <fenv.h>

unsigned __zl_fcsr(unsigned set, unsigned mask);

int feclearexcept(int e) { __zl_fcsr(0, (unsigned)e & FE_ALL_EXCEPT); return 0; }
int feraiseexcept(int e) { __zl_fcsr((unsigned)e & FE_ALL_EXCEPT, (unsigned)e & FE_ALL_EXCEPT); return 0; }
int fetestexcept(int e) { return (int)(__zl_fcsr(0, 0) & (unsigned)e & FE_ALL_EXCEPT); }
int fegetexceptflag(fexcept_t *f, int e) { *f = __zl_fcsr(0, 0) & (unsigned)e & FE_ALL_EXCEPT; return 0; }
int fesetexceptflag(const fexcept_t *f, int e)
{
    unsigned m = (unsigned)e & FE_ALL_EXCEPT;
    __zl_fcsr(*f & m, m);
    return 0;
}
int fegetround(void) { return (int)(__zl_fcsr(0, 0) >> 5 & 7); }
int fesetround(int r)
{
    if (r < 0 || r > 3)
        return -1;
    __zl_fcsr((unsigned)r << 5, 0xe0);
    return 0;
}
int fegetenv(fenv_t *env) { *env = __zl_fcsr(0, 0); return 0; }
int fesetenv(const fenv_t *env)
{
    __zl_fcsr(env == FE_DFL_ENV ? 0 : *env, 0xff);
    return 0;
}
int feholdexcept(fenv_t *env)
{
    *env = __zl_fcsr(0, FE_ALL_EXCEPT);
    return 0;
}
int feupdateenv(const fenv_t *env)
{
    unsigned raised = __zl_fcsr(0, 0) & FE_ALL_EXCEPT;
    fesetenv(env);
    feraiseexcept((int)raised);
    return 0;
}
