# Exit status of the last command is the shell's status at end of input.
printf 'data\n' > f.txt
grep -q nomatch f.txt
echo "grep: $?"
sh -c 'kill -TERM $$'
echo "killed: $?"
grep nomatch f.txt
