#!/usr/bin/env bash
# Differential test against GCC on rv64: each program of tests/cc/progs is compiled
#   (a) by riscv64-linux-gnu-gcc -O1 -static (glibc), and
#   (b) by zl-cc -m64 -O1 with zlibc;
# both run under zl-run and must give identical output and exit status, so a difference is
# zl-cc's or zlibc's (the ABI between zl-cc and GCC objects is abi_interop_test.sh's).
# Subset (CPU budget ~1 minute): every hand-written program and the generated g_conv_*,
# g_fconv_* and g_divmod_* ones; CC_GCCDIFF_ALL=1 runs all (the others are checked at -m64
# by progs_test.sh against the output GCC gave when the expectations were made). A program opts out with a line
# "// GCCDIFF: no <reason>"; a line "// GCCDIFF-LIBS: -lx" adds libraries to the GCC link
# (GCC 12 calls libatomic for 1- and 2-byte atomics; zl-cc inlines them). KNOWN_GAPS entries (NAME or NAME@64) are reported as SKIP.
set -u
. "$ZL_ROOT/tests/cc/lib.sh"
. "$ZL_ROOT/tests/lib/need.sh"
cct_require_zlcc cc/gcc-diff
if ! need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu; then
    echo "FAIL cc/gcc-diff: riscv64-linux-gnu-gcc not available"; exit 1
fi
GCC=riscv64-linux-gnu-gcc
T=$(mktemp -d /tmp/cc-gccdiff.XXXXXX)
trap 'rm -rf "$T"' EXIT
status=0
for src in "$CCT_PROGS"/*.c; do
    n=${src##*/}; n=${n%.c}
    case $n in g_conv_*|g_fconv_*|g_divmod_*) ;; g_*) [ -n "${CC_GCCDIFF_ALL:-}" ] || continue ;; esac
    id=cc/gcc-diff/$n
    if grep -q '^// GCCDIFF: no' "$src"; then continue; fi
    gap=$(cct_gap "$n" 64)
    if [ -n "$gap" ]; then echo "SKIP $id: known gap: $gap"; continue; fi
    libs=$(sed -n 's|^// GCCDIFF-LIBS: ||p' "$src")
    # shellcheck disable=SC2086
    if ! $GCC -O1 -static -w -o "$T/g" "$src" $libs 2>"$T/err"; then
        echo "FAIL $id: gcc: $(head -n1 "$T/err")"; status=1; continue
    fi
    timeout $((10 * ${ZL_TIME_SCALE:-1})) "$ZLRUN" "$T/g" >"$T/gout" 2>/dev/null
    grc=$?
    if ! timeout $((60 * ${ZL_TIME_SCALE:-1})) "$ZLCC" -m64 -O1 -w -o "$T/z" "$src" >"$T/err" 2>&1; then
        echo "FAIL $id: zl-cc: $(grep -m1 -E '[Ee]rror|fatal|internal' "$T/err" || head -n1 "$T/err")"; status=1; continue
    fi
    timeout $((10 * ${ZL_TIME_SCALE:-1})) "$ZLRUN" "$T/z" >"$T/zout" 2>/dev/null
    zrc=$?
    if ! cmp -s "$T/gout" "$T/zout"; then
        echo "FAIL $id: $(cct_first_diff "$T/gout" "$T/zout")"; status=1
    elif [ $grc != $zrc ]; then
        echo "FAIL $id: exit status gcc $grc, zl-cc $zrc"; status=1
    else
        echo "PASS $id"
    fi
done
exit $status
