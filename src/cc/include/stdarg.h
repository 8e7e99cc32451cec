/* <stdarg.h> for zl-cc (C11 7.16).  va_list is a pointer into the argument save area
 * (docs/abi.md §3.3; the RISC-V psABI for lp64d/ilp32d). */
#ifndef __ZLCC_STDARG_H
#define __ZLCC_STDARG_H
typedef __builtin_va_list va_list;
#define va_start(ap, last) __builtin_va_start(ap, last)
#define va_arg(ap, type) __builtin_va_arg(ap, type)
#define va_end(ap) __builtin_va_end(ap)
#define va_copy(dst, src) __builtin_va_copy(dst, src)
#ifndef __GNUC_VA_LIST
#define __GNUC_VA_LIST 1
typedef __builtin_va_list __gnuc_va_list;
#endif
#endif
