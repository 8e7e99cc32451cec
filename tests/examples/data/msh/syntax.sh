echo before the error
echo one | | cat
echo never reached
