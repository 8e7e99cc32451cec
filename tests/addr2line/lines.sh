# Sourced (after tests/lib/binutils.sh) by the tests of zl-addr2line, zl-objdump -l/-S and
# zl-readelf -wl, which share the sample program tests/addr2line/lines.c + lines2.c:
#   SRC, ONE            the sample's two sources, its first one
#   run TOOL ARGS...    TOOL ARGS run in $tmp with stdin from $tmp/stdin (empty unless a
#                       test fills it): stdout+stderr, then "rc=N"; a GNU tool's name in
#                       its messages ("riscv64-linux-gnu-addr2line:") becomes zl-'s
#   sect_off FILE NAME  the file offset (hex) of section NAME of $tmp/FILE
SRC="$ROOT/tests/addr2line/lines.c $ROOT/tests/addr2line/lines2.c"
ONE=$ROOT/tests/addr2line/lines.c
: > "$tmp/stdin"
run() {
    local t=$1; shift
    (cd "$tmp" && "$t" "$@" < "$tmp/stdin" 2>&1; echo "rc=$?") |
        sed -E 's/^riscv64-linux-gnu-([a-z0-9]+):/zl-\1:/'
}
sect_off() {
    "$BIN/zl-readelf" -S -W "$tmp/$1" | awk -v s="$2" '$2 == s {print $5} $3 == s {print $6}' | head -1
}
