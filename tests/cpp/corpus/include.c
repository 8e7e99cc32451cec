/* cpp-flags: -Iinc -isystem sys -isystem sys2 */
/* #include forms, search order, #include_next, #pragma once, guards, computed names,
 * system headers (line marker flag 3), __INCLUDE_LEVEL__ and __FILE__. */
#include "q.h"
#include <q.h>
start __INCLUDE_LEVEL__ __FILE__
#include "guarded.h"
#include "guarded.h"
#include <once.h>
#include "inc/once.h"
#include "once_link.h"
#define HDR <angle.h>
#include HDR
#define STR(x) #x
#define XSTR(x) STR(x)
#define NAME q.h
#include XSTR(NAME)
#include <chain.h>
#include <sysonly.h>
#if __has_include_next(<chain.h>)
bad_main_has_next
#endif
#include "empty.h"
after_empty __LINE__
#include "nested1.h"
end __INCLUDE_LEVEL__ __LINE__
