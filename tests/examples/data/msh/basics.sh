# Quoting, pipelines, redirections, exit status, cd: run by msh and by sh, same output.
echo plain   words    'single  "quoted"  $HOME'   "double 'quoted' \"esc\" \$ \\"
echo back\ slash\ escaped a\'b a\"b
echo "status before: $?"
printf 'b\na\nc\na\n' | sort | tr a-z A-Z
printf 'one\ntwo\nthree\n' > out.txt
cat < out.txt
echo appended >> out.txt
wc -l < out.txt
sort -r < out.txt > sorted.txt; cat sorted.txt
grep -c o out.txt text.txt
cat text.txt | grep -i fox | sort | wc -l
false; echo "after false: $?"
true && echo "and-then ran"
false && echo "never printed"
false || echo "or-else ran"
true || echo "never printed either"
sh -c 'exit 7'; echo "status ${?}"
no-such-command-xyz 2>/dev/null; echo "not found: $?"
cat no-such-file 2>/dev/null; echo "cat failed: $?"
mkdir -p sub/dir && cd sub/dir && echo inside > here.txt && cd ../.. && cat sub/dir/here.txt
cd no-such-dir 2>/dev/null || echo "cd failed"; pwd | grep -c sub
echo to-stderr 1>&2 2>/dev/null
echo "stderr to stdout" 2>&1
sh -c 'echo from-sh 1>&2' 2>&1 | tr a-z A-Z
echo "multi
line string"
echo unset:[$ZL_SURELY_UNSET]:["$ZL_SURELY_UNSET"]:
echo "$ZL_TEST_VAR" ${ZL_TEST_VAR}x
echo a \
  continued
printf 'x\ny\n' | cat | cat | cat | cat | wc -c
echo last; exit 3
echo not reached
