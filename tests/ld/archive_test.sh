#!/usr/bin/env bash
# ELFCLASS128 members in archives made by the host's binutils `ar` (script test).
#
# `ar rcs` stores ELFCLASS128 objects but indexes none of their symbols (bfd does not know
# the class), `ar rcS` writes no index, `ar rcT` makes a thin archive.  zl-ld scans members
# that an index does not name, so all three must give the same executable as linking the
# member directly, and an archive member nobody references must stay out.
# Budget: about 1 s.
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
BUILD=${BUILD:-build}
BIN=${ZL_BIN:-$ROOT/$BUILD/bin}
. tests/lib/need.sh

if ! need_pkg ar binutils; then
    echo "SKIP archive128: the host ar (binutils) is not available"
    exit 0
fi
LD=$BIN/zl-ld
T=$BUILD/tests/ld/rv128_test
[ -x "$LD" ] || make -s BUILD="$BUILD" "$BUILD/bin/zl-ld" >/dev/null 2>&1
[ -x "$T" ] || make -s BUILD="$BUILD" "$T" >/dev/null 2>&1
if [ ! -x "$LD" ] || [ ! -x "$T" ]; then
    echo "FAIL archive128: cannot build zl-ld or $T"
    exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! "$T" make "$tmp" >"$tmp/log" 2>&1; then
    echo "FAIL archive128: rv128_test make: $(head -2 "$tmp/log" | tr '\n' '|')"
    exit 0
fi
# an extra member that nothing references
cp "$tmp/ah.o" "$tmp/unused.o"

if ! "$LD" -o "$tmp/direct" "$tmp/a.o" "$tmp/b.o" 2>"$tmp/err"; then
    echo "FAIL archive128_direct: $(head -2 "$tmp/err" | tr '\n' '|')"
    exit 0
fi
for mode in rcs rcS rcT; do
    lib=$tmp/lib_$mode.a
    (cd "$tmp" && ar $mode "$lib" b.o unused.o) >/dev/null 2>&1
    if [ ! -f "$lib" ]; then
        echo "FAIL archive128_$mode: ar $mode failed"
        continue
    fi
    if "$LD" -o "$tmp/via_$mode" "$tmp/a.o" "$lib" 2>"$tmp/err" &&
        cmp -s "$tmp/direct" "$tmp/via_$mode"; then
        echo "PASS archive128_$mode"
    else
        echo "FAIL archive128_$mode: $(head -2 "$tmp/err" | tr '\n' '|') output differs from the direct link"
    fi
done
# -L/-l search finds the archive too
cp "$tmp/lib_rcS.a" "$tmp/libm128.a"
if "$LD" -o "$tmp/via_l" "$tmp/a.o" -L"$tmp" -lm128 2>"$tmp/err" &&
    cmp -s "$tmp/direct" "$tmp/via_l"; then
    echo "PASS archive128_search"
else
    echo "FAIL archive128_search: $(head -2 "$tmp/err" | tr '\n' '|')"
fi
if "$LD" -o "$tmp/x" "$tmp/a.o" -L"$tmp" -lnonexistent 2>"$tmp/err"; then
    echo "FAIL archive128_missing_lib: linked without the library"
elif grep -q "cannot find -lnonexistent" "$tmp/err"; then
    echo "PASS archive128_missing_lib"
else
    echo "FAIL archive128_missing_lib: $(head -1 "$tmp/err")"
fi
