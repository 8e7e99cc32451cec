/* a test that never ends */
int main(void) { volatile int x = 0; for (;;) x++; }
