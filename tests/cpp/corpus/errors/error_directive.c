#error stop here
