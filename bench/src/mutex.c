/* The cost of an uncontended pthread mutex lock + unlock, as a multiple of one iteration
 * of a plain loop doing the same arithmetic: argv[1] = "plain" or "mutex".  Another
 * thread exists (and has ended) so that the C library takes its multithreaded paths. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define ITERS 50000000u

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static volatile unsigned long counter;

static void *nothing(void *arg) { return arg; }

int main(int argc, char **argv)
{
    int with_mutex = argc > 1 && !strcmp(argv[1], "mutex");
    pthread_t t;
    if (pthread_create(&t, NULL, nothing, NULL) || pthread_join(t, NULL)) return 1;
    for (unsigned i = 0; i < ITERS; i++) {
        if (with_mutex) pthread_mutex_lock(&lock);
        counter = counter + i;
        if (with_mutex) pthread_mutex_unlock(&lock);
    }
    printf("%lu\n", counter);
    return 0;
}
