#include <string.h>

int count_words(int argc, char **argv)
{
    int n = 0;
    for (int i = 1; i < argc; i++) n += strlen(argv[i]) > 0;
    return n;
}
