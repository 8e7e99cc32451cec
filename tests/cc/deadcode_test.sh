#!/usr/bin/env bash
# Code behind a false integer constant condition is not compiled at any -O level
# (tests/cc/deadcode/feature.c calls functions that exist nowhere there): it must
# compile, link and run at every XLEN, at -O0 and -O2, as it does with gcc.
set -u
. "$ZL_ROOT/tests/cc/lib.sh"
cct_require_zlcc cc/deadcode
T=$(mktemp -d /tmp/cc-deadcode.XXXXXX)
trap 'rm -rf "$T"' EXIT
tmo=$((30 * ${ZL_TIME_SCALE:-1}))
src=$CCT_DIR/deadcode/feature.c
if ${CC:-cc} -O0 -o "$T/host" "$src" 2>"$T/err" && "$T/host"; then
    echo "PASS cc/deadcode/host-gcc-O0"
else
    echo "FAIL cc/deadcode/host-gcc-O0: the host compiler disagrees: $(head -n1 "$T/err")"
fi
for x in 128 64 32; do
    for o in -O0 -O2; do
        id=cc/deadcode/feature@m$x$o
        if ! timeout "$tmo" "$ZLCC" -m$x $o -o "$T/f" "$src" >"$T/err" 2>&1; then
            echo "FAIL $id: $(grep -m1 'error' "$T/err")"
        elif ! timeout "$tmo" "$ZLRUN" "$T/f"; then
            echo "FAIL $id: exit status $?"
        else
            echo "PASS $id"
        fi
    done
done
