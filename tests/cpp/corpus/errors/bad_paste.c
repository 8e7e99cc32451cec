#define cat(a,b) a##b
cat(+,-)
