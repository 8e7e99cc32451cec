int g_data = 5; static int s_data = 3; int g_bss; static int s_bss; int comm;
const int g_ro = 7; extern int ext; __attribute__((weak)) int wfun(void){return 1;}
extern int wund(void) __attribute__((weak)); extern int wobj __attribute__((weak));
static int sfun(void){return s_data+s_bss;} int f(void){ return sfun()+ext+g_ro+(wund?wund():0)+wobj;}
__attribute__((weak)) int wvar = 3; char big[100];
