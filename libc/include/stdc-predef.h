#ifndef _ZL_STDC_PREDEF_H
#define _ZL_STDC_PREDEF_H
/* What the implementation promises (C11 6.10.8.2): wchar_t holds ISO 10646 code points
 * (UTF-32 in every locale), and float/double are IEC 60559 (RISC-V F and D). */
#ifndef __STDC_ISO_10646__
#define __STDC_ISO_10646__ 201206L
#endif
#ifndef __STDC_IEC_559__
#define __STDC_IEC_559__ 1
#endif
#endif
