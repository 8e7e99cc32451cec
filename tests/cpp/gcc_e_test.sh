#!/usr/bin/env bash
# Differential test of the preprocessor's -E output (tests/cpp/pp_e_test, the printer
# zl-cc -E uses) against `gcc -E`: every tests/cpp/corpus/*.c is preprocessed by both,
# with line markers and with -P, and the outputs must be byte-identical.  Options for a
# file can be given in a first-line comment: /* cpp-flags: -Ifoo -DX=1 */.
# Budget: about 1 s (two gcc runs per file).
set -u
BUILD=${BUILD:-build}
drv=$BUILD/tests/cpp/pp_e_test
. tests/lib/need.sh
if ! need_pkg gcc gcc; then
    echo "SKIP gcc_e: gcc could not be installed"; exit 0
fi
if [ ! -x "$drv" ]; then
    echo "FAIL gcc_e: $drv not built"; exit 1
fi
cd tests/cpp/corpus || exit 1
export SOURCE_DATE_EPOCH=1700000000 LC_ALL=C TZ=UTC
tmp=$(mktemp -d /tmp/zl-gcc-e-XXXXXX); trap 'rm -rf "$tmp"' EXIT
for f in *.c; do
    flags=$(sed -n '1s|.*cpp-flags: *\(.*\) \*/.*|\1|p' "$f")
    for mode in markers P; do
        m=""; [ $mode = P ] && m=-P
        # shellcheck disable=SC2086
        gcc -std=gnu11 -E -undef -nostdinc $m $flags "$f" > "$tmp/gcc.out" 2> "$tmp/gcc.err"
        grc=$?
        # shellcheck disable=SC2086
        "$OLDPWD/$drv" -E $m -fixed-time=$SOURCE_DATE_EPOCH $flags "$f" > "$tmp/zl.out" 2> "$tmp/zl.err"
        zrc=$?
        name="gcc_e_${f%.c}_$mode"
        if [ $grc -ne 0 ] && [ $zrc -eq 0 ] || [ $grc -eq 0 ] && [ $zrc -ne 0 ]; then
            echo "FAIL $name: exit status gcc $grc, ours $zrc"; sed 's/^/# /' "$tmp/zl.err" | head -5
        elif cmp -s "$tmp/gcc.out" "$tmp/zl.out"; then
            echo "PASS $name"
        else
            echo "FAIL $name: output differs from gcc -E (- gcc, + ours)"
            diff "$tmp/gcc.out" "$tmp/zl.out" | head -20 | sed 's/^/# /'
        fi
    done
done
