#!/usr/bin/env bash
# zl-as command line: diagnostics in GNU format (every error of a file reported, exit
# status 1, no object left behind), outputs, inputs — script test, PASS/FAIL lines.
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
BUILD=${BUILD:-build}
case $BUILD in /*) BIN=${ZL_BIN:-$BUILD/bin} ;; *) BIN=${ZL_BIN:-$ROOT/$BUILD/bin} ;; esac
AS=$BIN/zl-as
[ -x "$AS" ] || { echo "FAIL cli: $AS missing"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check() { if eval "$2"; then echo "PASS $1"; else echo "FAIL $1: $3"; fi; }

# errors: all of them, GNU format, exit 1, no output file (an old one is removed)
cat >"$tmp/bad.s" <<'X'
	addi a0, a0, 4096
	nop
	lui a0, 0x100000
	frobnicate a0
	beqz a0, 7f
	.word 1 / 0
	slli a0, a0, 64
X
echo old >"$tmp/bad.o"
"$AS" -m64 "$tmp/bad.s" -o "$tmp/bad.o" 2>"$tmp/err"
rc=$?
check errors.status '[ $rc -eq 1 ]' "exit status $rc"
check errors.header 'head -1 "$tmp/err" | grep -q "bad.s: Assembler messages:"' "$(head -1 "$tmp/err")"
n=$(grep -c "^$tmp/bad.s:[0-9]*: Error: " "$tmp/err")
check errors.all '[ "$n" -eq 6 ]' "$n error lines: $(tr '\n' ' ' <"$tmp/err")"
for l in 1 3 4 6 7; do
    check errors.line$l 'grep -q "^$tmp/bad.s:$l: Error: " "$tmp/err"' "no error on line $l"
done
check errors.no_output '[ ! -e "$tmp/bad.o" ]' "the output file exists"

# success: class follows XLEN; default target rv128 (ELFCLASS128, e_flags RVC|double)
printf '\tnop\n' >"$tmp/ok.s"
"$AS" "$tmp/ok.s" -o "$tmp/ok128.o" && "$AS" -m64 "$tmp/ok.s" -o "$tmp/ok64.o" &&
    "$AS" -march=rv32imac "$tmp/ok.s" -o "$tmp/ok32.o"
cls() { od -An -tu1 -j4 -N1 "$1" | tr -d ' '; }
check class.128 '[ "$(cls "$tmp/ok128.o")" = 3 ]' "EI_CLASS $(cls "$tmp/ok128.o")"
check class.64 '[ "$(cls "$tmp/ok64.o")" = 2 ]' "EI_CLASS $(cls "$tmp/ok64.o")"
check class.32 '[ "$(cls "$tmp/ok32.o")" = 1 ]' "EI_CLASS $(cls "$tmp/ok32.o")"
flags128=$(od -An -tu4 -j24 -N4 "$tmp/ok128.o" | tr -d ' ')
check eflags.128 '[ "$flags128" = 5 ]' "e_flags $flags128"
flags32=$(od -An -tu4 -j36 -N4 "$tmp/ok32.o" | tr -d ' ')
check eflags.32 '[ "$flags32" = 1 ]' "e_flags $flags32"

# standard input, several files, .include with -I
mkdir -p "$tmp/inc"
printf '\t.word 7\n' >"$tmp/inc/part.s"
printf '\t.include "part.s"\n' >"$tmp/a.s"
printf '\t.word 8\n' >"$tmp/b.s"
"$AS" -m64 -I "$tmp/inc" "$tmp/a.s" "$tmp/b.s" -o "$tmp/ab.o" 2>"$tmp/err"
rc=$?
check inputs.files '[ $rc -eq 0 ] && [ -s "$tmp/ab.o" ]' "$(tr '\n' ' ' <"$tmp/err")"
printf '\tnop\n' | (cd "$tmp" && "$AS" -m64) && check inputs.stdin '[ -s "$tmp/a.out" ]' "no a.out"

# warnings
printf '\t.warning "careful"\n' >"$tmp/w.s"
"$AS" -m64 "$tmp/w.s" -o "$tmp/w.o" 2>"$tmp/err"
rc=$?
check warn.ok '[ $rc -eq 0 ] && grep -q "w.s:1: Warning: careful" "$tmp/err"' "$(cat "$tmp/err")"
rm -f "$tmp/w.o"
"$AS" -m64 --fatal-warnings "$tmp/w.s" -o "$tmp/w.o" 2>"$tmp/err"
rc=$?
check warn.fatal '[ $rc -eq 1 ] && [ ! -e "$tmp/w.o" ]' "$(cat "$tmp/err")"

# bad options
"$AS" -march=rv64gcv "$tmp/ok.s" -o "$tmp/x.o" 2>"$tmp/err"
rc=$?
check option.march '[ $rc -eq 1 ] && grep -q "not supported" "$tmp/err"' "$(cat "$tmp/err")"
exit 0
