#!/usr/bin/env bash
# rv128 end to end with our own tools only (no other toolchain has RV128): a program
# assembled by zl-as and linked by zl-ld, as ET_EXEC and as a static PIE, runs under
# zl-run.  It exercises a writev with __ptr_t iovec slots, 128-bit li/shift/add, an LQ of
# a .octa, and reports whether its code runs above 2^64 (a static PIE does, §10.1).
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
BUILD=${BUILD:-build}
case $BUILD in /*) BIN=${ZL_BIN:-$BUILD/bin} ;; *) BIN=${ZL_BIN:-$ROOT/$BUILD/bin} ;; esac
for t in zl-as zl-ld zl-run; do
    [ -x "$BIN/$t" ] || { echo "FAIL rv128_run: $BIN/$t missing"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
common='hello from rv128
fedcba98765432100123456789abcdef'
if ! "$BIN/zl-as" tests/as/rv128_prog.s -o "$tmp/p.o" 2>"$tmp/err"; then
    echo "FAIL rv128_run.as: $(head -3 "$tmp/err" | tr '\n' ' ')"; exit 0
fi
# run NAME EXPECTED-LAST-LINE LD-OPTIONS…
run() {
    local name=$1 where=$2; shift 2
    if ! "$BIN/zl-ld" "$@" "$tmp/p.o" -o "$tmp/$name" 2>"$tmp/err"; then
        echo "FAIL rv128_run.$name: zl-ld: $(head -3 "$tmp/err" | tr '\n' ' ')"; return
    fi
    local out rc
    out=$("$BIN/zl-run" "$tmp/$name" 2>&1); rc=$?
    if [ $rc -eq 0 ] && [ "$out" = "$common
$where" ]; then
        echo "PASS rv128_run.$name"
    else
        echo "FAIL rv128_run.$name: status $rc, output: $(printf '%s' "$out" | tr '\n' '|')"
    fi
}
run exec low.
run pie high -pie
