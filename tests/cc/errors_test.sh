#!/usr/bin/env bash
# zl-cc goes on after an error, as GCC does (docs/cc.md "Errors"): every error of
# tests/cc/errors/recover.c with GCC's line, column and text (compared with the host gcc,
# C locale), exit status 1 and no output; a block left open at the end of the file is one
# error per block; redeclarations are errors with a note at the earlier declaration
# (tests/cc/errors/previous.c); errors found while lowering (jumps into a VLA's scope) are
# reported for every function; -fmax-errors=N and -Wfatal-errors stop with GCC's message, and warnings
# made errors count towards the limit.
set -u
. "$ZL_ROOT/tests/cc/lib.sh"
cct_require_zlcc cc/errors
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
dir=tests/cc/errors
# the diagnostics and GCC's closing line, nothing else (no source lines, no "In function")
pick() { grep -E '^[^ ]+:[0-9]+:[0-9]+: (error|warning|note): |^compilation terminated'; }

# GCC's names of the basic types, translated to zl-cc's ('long int' is 'long')
names() {
    sed -e 's/long long unsigned int/unsigned long long/g; s/long unsigned int/unsigned long/g' \
        -e 's/short unsigned int/unsigned short/g; s/long long int/long long/g' \
        -e 's/long int/long/g; s/short int/short/g'
}
# same NAME FILE OPTIONS...: zl-cc and gcc print the same diagnostics in the same order
same() {
    local name=$1 src=$2; shift 2
    LC_ALL=C gcc -c "$@" -o "$tmp/g.o" "$src" 2>&1 | pick | names > "$tmp/want"
    "$ZLCC" -c "$@" -o "$tmp/z.o" "$src" 2>&1 | pick > "$tmp/got"
    if [ -s "$tmp/want" ] && diff "$tmp/want" "$tmp/got" > "$tmp/d"; then
        echo "PASS cc/errors/$name ($(wc -l < "$tmp/want") lines)"
    else
        echo "FAIL cc/errors/$name: $(grep '^[<>]' "$tmp/d" | head -n 4 | tr '\n' ' ')"
    fi
}
same recover $dir/recover.c
same recover-m64 $dir/recover.c -m64
# (warnings zl-cc does not implement are off)
same recover-wall $dir/recover.c -Wall -Wno-unused-but-set-variable -Wno-return-type
same max-errors $dir/recover.c -fmax-errors=4
same max-errors-0 $dir/recover.c -fmax-errors=0
same fatal-errors $dir/recover.c -Wfatal-errors
same fatal-errors-first $dir/recover.c -fmax-errors=5 -Wfatal-errors
same werror-counts $dir/werror.c -Wall -Werror -fmax-errors=2
same previous $dir/previous.c
same previous-m32 $dir/previous.c -m32
same vla-jump $dir/vla_jump.c

"$ZLCC" -c -o "$tmp/r.o" $dir/recover.c > /dev/null 2>&1; rc=$?
if [ $rc = 1 ] && [ ! -e "$tmp/r.o" ]; then echo "PASS cc/errors/status"
else echo "FAIL cc/errors/status: exit status $rc, output $(ls "$tmp/r.o" 2>/dev/null)"; fi

n=$("$ZLCC" -c -o "$tmp/e.o" $dir/eof.c 2>&1 | grep -c '^tests/cc/errors/eof.c:6:[0-9]*: error: expected declaration or statement at end of input$')
[ "$n" = 3 ] && echo "PASS cc/errors/eof-blocks" || echo "FAIL cc/errors/eof-blocks: $n errors, want 3"

"$ZLCC" -fmax-errors=-1 -c -o "$tmp/x.o" $dir/werror.c > "$tmp/out" 2>&1; rc=$?
if [ $rc = 1 ] && grep -qx "zl-cc: error: argument to '-fmax-errors=' should be a non-negative integer" "$tmp/out"; then
    echo "PASS cc/errors/max-errors-value"
else
    echo "FAIL cc/errors/max-errors-value: status $rc $(head -c 200 "$tmp/out")"
fi
"$ZLCC" -Wall -Werror -fmax-errors=2 -c -o "$tmp/x.o" $dir/werror.c > "$tmp/out" 2>&1
if ! grep -q 'warnings being treated as errors' "$tmp/out"; then echo "PASS cc/errors/terminated-quiet"
else echo "FAIL cc/errors/terminated-quiet: the driver's closing line after the limit"; fi

# mode attributes GCC rejects: the same errors on the same lines (GCC places them at the
# start of the declaration, zl-cc at the mode's name, so columns are not compared)
nocol() { sed -E 's/^([^:]+:[0-9]+):[0-9]+:/\1:/'; }
LC_ALL=C gcc -c -o "$tmp/g.o" $dir/mode.c 2>&1 | pick | nocol > "$tmp/want"
"$ZLCC" -c -o "$tmp/m.o" $dir/mode.c 2>&1 | pick | nocol > "$tmp/got"
if [ -s "$tmp/want" ] && [ ! -e "$tmp/m.o" ] && diff "$tmp/want" "$tmp/got" > "$tmp/d"; then
    echo "PASS cc/errors/mode ($(wc -l < "$tmp/want") lines)"
else
    echo "FAIL cc/errors/mode: $(grep '^[<>]' "$tmp/d" | head -n 4 | tr '\n' ' ')"
fi
