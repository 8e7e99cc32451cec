#!/usr/bin/env bash
# zl-run --strace in strace(1)'s conventions: errno names with their texts, the mode of
# open only when it creates, padding members left out, "= ?" after exit_group, the
# "+++ exited with N +++" / "+++ killed by SIG +++" line, -o FILE (and -A, which an
# execve continues with), ZL_RUN_STRACE_FILE; at rv64 (glibc) and rv128 (zlibc).
set -u
. tests/lib/need.sh
need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu libc6-dev-riscv64-cross ||
    { echo "FAIL strace_setup: no cross compiler"; exit 1; }
tmp=$(mktemp -d /tmp/zl-strace-XXXXXX)
trap 'rm -rf "$tmp"' EXIT
Z=$ZL_BIN/zl-run
riscv64-linux-gnu-gcc -O1 -static -o "$tmp/p64" tests/run/strace/prog.c ||
    { echo "FAIL strace_setup: gcc"; exit 1; }
"$ZL_BIN/zl-cc" -m128 -O1 -o "$tmp/p128" tests/run/strace/prog.c ||
    { echo "FAIL strace_setup: zl-cc"; exit 1; }
has() {   # ID FILE PATTERN (extended regex, one line must match)
    if grep -qE "$3" "$2"; then echo "PASS $1"
    else echo "FAIL $1: no line matching '$3'"; grep -v '^child$' "$2" | tail -n 3 | sed 's/^/# /'; fi
}
for x in 64 128; do
    (cd "$tmp" && "$Z" --strace -o "$tmp/log$x" "./p$x" > "$tmp/out$x" 2>"$tmp/err$x"); rc=$?
    [ $rc = 3 ] && grep -qx child "$tmp/out$x" && [ ! -s "$tmp/err$x" ] &&
        echo "PASS strace_o_file@$x" || echo "FAIL strace_o_file@$x: status $rc, stderr '$(head -c 200 "$tmp/err$x")'"
    has "strace_errno_text@$x" "$tmp/log$x" \
        '^[0-9]+ openat\(AT_FDCWD, "/nonexistent/zl", O_RDONLY\|O_CLOEXEC\) = -1 ENOENT \(No such file or directory\)$'
    has "strace_st_mode@$x" "$tmp/log$x" '^[0-9]+ (newfstatat|fstat)\(0, .*st_mode=(S_IF[A-Z]+\|)?0[0-7]{3}, '
    if grep -q '__pad\|__unused' "$tmp/log$x"; then echo "FAIL strace_no_padding@$x"; else echo "PASS strace_no_padding@$x"; fi
    has "strace_exec_appends@$x" "$tmp/log$x" '^[0-9]+ write\(1, "child\\n", 6\) = 6$'
    has "strace_exit_question@$x" "$tmp/log$x" '^[0-9]+ exit_group\(3\) = \?$'
    has "strace_exited_with@$x" "$tmp/log$x" '^[0-9]+ \+\+\+ exited with 3 \+\+\+$'
    (cd "$tmp" && "$Z" --strace "./p$x" die > /dev/null 2>"$tmp/die$x") 2>/dev/null
    has "strace_killed_by@$x" "$tmp/die$x" '^[0-9]+ \+\+\+ killed by SIGSEGV \+\+\+$'
done
# -A appends to what is there; without it the file is replaced; the variable sets the file
echo previous > "$tmp/a.log"
"$Z" --strace -A -o "$tmp/a.log" "$tmp/p64" child > /dev/null
head -n 1 "$tmp/a.log" | grep -qx previous && grep -q 'exited with 3' "$tmp/a.log" &&
    echo "PASS strace_append" || echo "FAIL strace_append"
"$Z" --strace -o "$tmp/a.log" "$tmp/p64" child > /dev/null
! grep -qx previous "$tmp/a.log" && echo "PASS strace_truncate" || echo "FAIL strace_truncate"
ZL_RUN_STRACE=1 ZL_RUN_STRACE_FILE="$tmp/env.log" "$Z" "$tmp/p64" child > /dev/null
has strace_env_file "$tmp/env.log" 'exited with 3'
out=$("$Z" --strace -o /nonexistent/dir/log "$tmp/p64" 2>&1); rc=$?
[ $rc = 1 ] && [ "${out#zl-run: -o /nonexistent/dir/log: }" != "$out" ] &&
    echo "PASS strace_bad_file" || echo "FAIL strace_bad_file: $rc '$out'"
