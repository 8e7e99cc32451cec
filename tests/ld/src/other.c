/* Archive member that nothing references: must not be linked. */
int other_member_marker(void)
{
    return 42;
}
