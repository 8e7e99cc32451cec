#!/usr/bin/env bash
# zl-cc's -Wall/-Wextra unused warnings against GCC's: tests/cc/warn/unused.c must give
# the same "file:line:col: warning: text [-Wname]" lines as the host gcc (C locale), and
# the -W switches must act on them (-Wno-unused-variable, -Werror=unused-parameter).
set -u
. "$ZL_ROOT/tests/cc/lib.sh"
cct_require_zlcc cc/warnings
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
src=tests/cc/warn/unused.c
pick() { grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error): ' | sed -E 's/ \[-W(error=)?/ [-W/' | sort; }
LC_ALL=C gcc -c -Wall -Wextra -o "$tmp/g.o" "$src" 2>&1 | pick > "$tmp/want"
for x in 128 64; do
    "$ZLCC" -m$x -c -Wall -Wextra -o "$tmp/z.o" "$src" 2>&1 | pick > "$tmp/got"
    if [ -s "$tmp/want" ] && diff "$tmp/want" "$tmp/got" > "$tmp/d"; then
        echo "PASS cc/warnings/unused@m$x ($(wc -l < "$tmp/want") warnings)"
    else
        echo "FAIL cc/warnings/unused@m$x: $(grep '^[<>]' "$tmp/d" | head -n 4 | tr '\n' ' ')"
    fi
done
n=$("$ZLCC" -c -Wall -o "$tmp/z.o" "$src" 2>&1 | grep -c 'unused-parameter')
[ "$n" = 0 ] && echo "PASS cc/warnings/param-needs-wextra" || echo "FAIL cc/warnings/param-needs-wextra: $n"
n=$("$ZLCC" -c -Wall -Wextra -Wno-unused-variable -o "$tmp/z.o" "$src" 2>&1 | grep -c 'unused variable')
[ "$n" = 0 ] && echo "PASS cc/warnings/wno-unused-variable" || echo "FAIL cc/warnings/wno-unused-variable: $n"
"$ZLCC" -c -Wall -Wextra -Werror=unused-parameter -o "$tmp/z.o" "$src" > "$tmp/out" 2>&1; rc=$?
if [ $rc = 1 ] && grep -q "error: unused parameter 'a' \[-Werror=unused-parameter\]" "$tmp/out" &&
   grep -q "warning: unused variable 'x' \[-Wunused-variable\]" "$tmp/out" && [ ! -e "$tmp/z.o" ]; then
    echo "PASS cc/warnings/werror-one"
else
    echo "FAIL cc/warnings/werror-one: status $rc $(head -n 3 "$tmp/out" | tr '\n' ' ')"
fi
n=$("$ZLCC" -c -o "$tmp/z.o" "$src" 2>&1 | grep -c 'warning')
[ "$n" = 0 ] && echo "PASS cc/warnings/off-by-default" || echo "FAIL cc/warnings/off-by-default: $n"
