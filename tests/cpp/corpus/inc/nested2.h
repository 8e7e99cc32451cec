n2 __INCLUDE_LEVEL__












n2_far __LINE__
