#include <math.h>
#include <stdio.h>

int count_words(int argc, char **argv);

int main(int argc, char **argv)
{
    int n = count_words(argc, argv);
    printf("%d words, long is %d bytes (cmake: %d), sqrt %.3f\n", n, (int)sizeof(long),
           SIZEOF_LONG, sqrt((double)n));
    return sizeof(long) == SIZEOF_LONG ? 0 : 1;
}
