/* tests/cc minimal runtime: <stdio.h> (output to stdout only). */
#ifndef ZLRT_STDIO_H
#define ZLRT_STDIO_H
#include "_zlrt.h"
#include <stdarg.h>

#define EOF (-1)

int printf(const char *fmt, ...) ZLRT_PRINTF(1, 2);
int sprintf(char *buf, const char *fmt, ...) ZLRT_PRINTF(2, 3);
int snprintf(char *buf, size_t size, const char *fmt, ...) ZLRT_PRINTF(3, 4);
int vprintf(const char *fmt, va_list ap);
int vsprintf(char *buf, const char *fmt, va_list ap);
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int putchar(int c);
int puts(const char *s);

#endif
