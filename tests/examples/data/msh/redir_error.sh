# Failed redirections: the command does not run, the status is non-zero (its value
# differs between shells, so it is not printed).
cat < no-such-input.txt 2>/dev/null || echo "redirect failed"
echo ok > no-such-dir/out.txt 2>/dev/null || echo "create failed"
echo still running > ok.txt && cat ok.txt
