#!/usr/bin/env bash
# zl-cc's -Wall/-Wextra warnings against GCC's: tests/cc/warn/unused.c (-Wunused-variable,
# -Wunused-parameter), unused_function.c (-Wunused-function) and sign_compare.c
# (-Wsign-compare) must give the same "file:line:col: warning: text [-Wname]" lines as the
# host gcc (C locale), and the -W switches must act on them.
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

# -Wunused-function: GCC's warnings, lines, columns and order (no sorting)
src=tests/cc/warn/unused_function.c
first() { grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error): '; }
LC_ALL=C gcc -c -Wall -o "$tmp/g.o" "$src" 2>&1 | first > "$tmp/want"
"$ZLCC" -c -Wall -o "$tmp/z.o" "$src" 2>&1 | first > "$tmp/got"
if [ -s "$tmp/want" ] && diff "$tmp/want" "$tmp/got" > "$tmp/d"; then
    echo "PASS cc/warnings/unused-function ($(wc -l < "$tmp/want") warnings)"
else
    echo "FAIL cc/warnings/unused-function: $(grep '^[<>]' "$tmp/d" | head -n 4 | tr '\n' ' ')"
fi
# count WANT NAME OPTIONS...: WANT lines of "[-Wunused-function]" or "[-Werror=unused-function]"
count() {
    local want=$1 name=$2; shift 2
    local n
    n=$("$ZLCC" -c "$@" -o "$tmp/z.o" "$src" 2>&1 | grep -c 'unused-function\]')
    [ "$n" = "$want" ] && echo "PASS cc/warnings/$name" || echo "FAIL cc/warnings/$name: $n warnings, want $want"
}
count 0 unused-function-needs-wall
count 0 wno-unused-function -Wall -Wno-unused-function
count 0 wno-unused -Wall -Wno-unused
count 7 wunused -Wunused
count 7 wunused-function -Wunused-function
"$ZLCC" -c -Werror=unused-function -o "$tmp/z.o" "$src" > "$tmp/out" 2>&1; rc=$?
if [ $rc = 1 ] && grep -q "error: 'u1' defined but not used \[-Werror=unused-function\]" "$tmp/out" &&
   grep -q "warning: 'c2' used but never defined$" "$tmp/out" && [ ! -e "$tmp/z.o" ]; then
    echo "PASS cc/warnings/werror-unused-function"
else
    echo "FAIL cc/warnings/werror-unused-function: status $rc $(head -n 3 "$tmp/out" | tr '\n' ' ')"
fi

# -Wsign-compare: GCC's warnings with GCC's type names translated to zl-cc's
src=tests/cc/warn/sign_compare.c
names() {
    sed -e 's/long long unsigned int/unsigned long long/g; s/long unsigned int/unsigned long/g' \
        -e 's/short unsigned int/unsigned short/g; s/long long int/long long/g' \
        -e 's/long int/long/g; s/short int/short/g'
}
LC_ALL=C gcc -c -Wsign-compare -o "$tmp/g.o" "$src" 2>&1 | first | names > "$tmp/want"
for x in 128 64; do
    "$ZLCC" -m$x -c -Wsign-compare -o "$tmp/z.o" "$src" 2>&1 | first > "$tmp/got"
    if [ -s "$tmp/want" ] && diff "$tmp/want" "$tmp/got" > "$tmp/d"; then
        echo "PASS cc/warnings/sign-compare@m$x ($(wc -l < "$tmp/want") warnings)"
    else
        echo "FAIL cc/warnings/sign-compare@m$x: $(grep '^[<>]' "$tmp/d" | head -n 4 | tr '\n' ' ')"
    fi
done
n=$("$ZLCC" -c -Wextra -o "$tmp/z.o" "$src" 2>&1 | grep -c '\[-Wsign-compare\]')
[ "$n" = "$(wc -l < "$tmp/want")" ] && echo "PASS cc/warnings/sign-compare-wextra" || echo "FAIL cc/warnings/sign-compare-wextra: $n"
n=$("$ZLCC" -c -Wall -o "$tmp/z.o" "$src" 2>&1 | grep -c 'sign-compare')
[ "$n" = 0 ] && echo "PASS cc/warnings/sign-compare-not-wall" || echo "FAIL cc/warnings/sign-compare-not-wall: $n"
n=$("$ZLCC" -c -Wextra -Wno-sign-compare -o "$tmp/z.o" "$src" 2>&1 | grep -c 'sign-compare')
[ "$n" = 0 ] && echo "PASS cc/warnings/wno-sign-compare" || echo "FAIL cc/warnings/wno-sign-compare: $n"
# the data model decides: long (128 bits at LP128) holds every unsigned __int64
printf 'int f(long l, unsigned __int64 u) { return l < u; }\n' > "$tmp/lp.c"
a=$("$ZLCC" -m128 -c -Wsign-compare -o "$tmp/z.o" "$tmp/lp.c" 2>&1 | grep -c 'sign-compare')
b=$("$ZLCC" -m64 -c -Wsign-compare -o "$tmp/z.o" "$tmp/lp.c" 2>&1 | grep -c "'long' and 'unsigned long' \[-Wsign-compare\]")
[ "$a$b" = 01 ] && echo "PASS cc/warnings/sign-compare-lp128" || echo "FAIL cc/warnings/sign-compare-lp128: m128 $a m64 $b"
