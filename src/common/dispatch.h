/* Threaded dispatch.  The interpreter jumps from one pre-decoded instruction straight to
 * the next handler ("computed goto"), which gcc and clang both support as an extension.
 * It is the only compiler extension the project uses besides __int128 (<zl/types.h>),
 * and it is used only through these macros. */
#ifndef ZL_DISPATCH_H
#define ZL_DISPATCH_H

#if !defined(__GNUC__)
#error "zl-run's interpreter needs computed goto (gcc or clang)"
#endif

#define ZL_LABEL(l) (&&l)                /* address of a handler label */
#define ZL_JUMP(p)  goto *(p)            /* jump to a handler address  */

#define ZL_LIKELY(x)   __builtin_expect(!!(x), 1)
#define ZL_UNLIKELY(x) __builtin_expect(!!(x), 0)

#endif
