__thread int tv = 1; __thread int tb; static __thread int stv;
int sd = 1; int sb; static int ssb; short arr[3] = {1,2,3};
extern int main(void);
int use(void){ return tv+tb+stv+sd+sb+ssb+arr[1]; }
const char *str(void){ return "hello"; }
int (*ifp)(void) = use;
int main(void){ return use(); }
void _start(void){ main(); for(;;); }
