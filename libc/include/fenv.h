#ifndef _ZL_FENV_H
#define _ZL_FENV_H
#include <bits/zl_config.h>
__ZL_BEGIN
/* RISC-V fcsr: flags in bits 4:0, rounding mode in bits 7:5. */
#define FE_INEXACT 0x01
#define FE_UNDERFLOW 0x02
#define FE_OVERFLOW 0x04
#define FE_DIVBYZERO 0x08
#define FE_INVALID 0x10
#define FE_ALL_EXCEPT 0x1f
#define FE_TONEAREST 0
#define FE_TOWARDZERO 1
#define FE_DOWNWARD 2
#define FE_UPWARD 3
typedef unsigned int fexcept_t;
typedef unsigned int fenv_t;
#define FE_DFL_ENV ((const fenv_t *)-1)
int feclearexcept(int);
int fegetexceptflag(fexcept_t *, int);
int feraiseexcept(int);
int fesetexceptflag(const fexcept_t *, int);
int fetestexcept(int);
int fegetround(void);
int fesetround(int);
int fegetenv(fenv_t *);
int feholdexcept(fenv_t *);
int fesetenv(const fenv_t *);
int feupdateenv(const fenv_t *);
__ZL_END
#endif
