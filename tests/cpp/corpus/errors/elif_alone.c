#elif 1
