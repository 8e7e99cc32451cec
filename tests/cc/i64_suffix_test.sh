#!/usr/bin/env bash
# zl-cc's i64/ui64 integer-constant suffixes (docs/cc.md "Integer constants"), in the
# compiler and in #if, at every XLEN: tests/cc/i64/ok.c must compile and run (exit 0);
# every spelling in tests/cc/i64/bad.txt must be rejected both as a constant and in #if.
set -u
. "$ZL_ROOT/tests/cc/lib.sh"
cct_require_zlcc cc/i64
T=$(mktemp -d /tmp/cc-i64.XXXXXX)
trap 'rm -rf "$T"' EXIT
tmo=$((30 * ${ZL_TIME_SCALE:-1}))
for x in 128 64 32; do
    id=cc/i64/ok@m$x
    if ! timeout "$tmo" "$ZLCC" -m$x -O1 -Wall -Werror -o "$T/ok$x" "$CCT_DIR/i64/ok.c" >"$T/err" 2>&1; then
        echo "FAIL $id: $(head -n1 "$T/err")"
    elif ! timeout "$tmo" "$ZLRUN" "$T/ok$x"; then
        echo "FAIL $id: exit status $?"
    else
        echo "PASS $id"
    fi
done
while read -r c; do
    for form in const if; do
        if [ $form = const ]; then printf 'int x = sizeof(%s);\n' "$c" >"$T/b.c"
        else printf '#if %s\n#endif\nint x;\n' "$c" >"$T/b.c"; fi
        id="cc/i64/bad/$c/$form"
        if "$ZLCC" -m128 -c -o "$T/b.o" "$T/b.c" >"$T/err" 2>&1; then
            echo "FAIL $id: accepted"
        elif ! grep -q 'error:' "$T/err"; then
            echo "FAIL $id: no error message: $(head -n1 "$T/err")"
        else
            echo "PASS $id"
        fi
    done
done <"$CCT_DIR/i64/bad.txt"
