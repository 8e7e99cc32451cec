pre2_text FROM_PRE1 CMD
