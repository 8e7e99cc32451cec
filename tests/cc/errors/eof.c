/* blocks left open at the end of the file: one error each */
void f(int a)
{
    if (a) {
        while (a) {
            a--;
