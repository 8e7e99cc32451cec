_Pragma(1)
