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
# one program: prints its PASS/FAIL/SKIP line; status 1 on a failure
one() {
    local src=$1 n id gap libs d grc zrc
    n=${src##*/}; n=${n%.c}
    case $n in g_conv_*|g_fconv_*|g_divmod_*) ;; g_*) [ -n "${CC_GCCDIFF_ALL:-}" ] || return 0 ;; esac
    id=cc/gcc-diff/$n
    if grep -q '^// GCCDIFF: no' "$src"; then return 0; fi
    gap=$(cct_gap "$n" 64)
    if [ -n "$gap" ]; then echo "SKIP $id: known gap: $gap"; return 0; fi
    libs=$(sed -n 's|^// GCCDIFF-LIBS: ||p' "$src")
    d=$T/$n; mkdir -p "$d"
    # shellcheck disable=SC2086
    if ! $GCC -O1 -static -w -o "$d/g" "$src" $libs 2>"$d/err"; then
        echo "FAIL $id: gcc: $(head -n1 "$d/err")"; return 1
    fi
    timeout $((10 * ${ZL_TIME_SCALE:-1})) "$ZLRUN" "$d/g" >"$d/gout" 2>/dev/null
    grc=$?
    if ! timeout $((60 * ${ZL_TIME_SCALE:-1})) "$ZLCC" -m64 -O1 -w -o "$d/z" "$src" >"$d/err" 2>&1; then
        echo "FAIL $id: zl-cc: $(grep -m1 -E '[Ee]rror|fatal|internal' "$d/err" || head -n1 "$d/err")"; return 1
    fi
    timeout $((10 * ${ZL_TIME_SCALE:-1})) "$ZLRUN" "$d/z" >"$d/zout" 2>/dev/null
    zrc=$?
    if ! cmp -s "$d/gout" "$d/zout"; then
        echo "FAIL $id: $(cct_first_diff "$d/gout" "$d/zout")"; return 1
    elif [ $grc != $zrc ]; then
        echo "FAIL $id: exit status gcc $grc, zl-cc $zrc"; return 1
    fi
    echo "PASS $id"
    rm -rf "$d"
}
# two programs at a time (the machine's two cores; each program is one process at a time)
export -f one cct_gap cct_first_diff
export T GCC ZLCC ZLRUN CCT_PROGS
printf '%s\n' "$CCT_PROGS"/*.c | xargs -r -P 2 -n 1 bash -c 'one "$1"' _ | sort -k2
