#warning hello from the preprocessor
#warning and a second one
int x;
