#!/usr/bin/env bash
# Csmith differential test of zl-cc.
#   rv64: riscv64-linux-gnu-gcc -O2 (glibc) vs zl-cc -m64 -O2 (zlibc); both run under
#         zl-run and must print the same checksum.
#   rv128: no other compiler exists (and Csmith's L constants change meaning in LP128), so
#         zl-cc -m128 -O0 and -O2 (zlibc) must print the same checksum.
# In `make check`: a fixed batch (seeds 1 2 3 5 8, each known to finish in well under a
# second under zl-run). Long runs: `make csmith N=1000 [SEED=first]` sets CSMITH_N /
# CSMITH_SEED: N consecutive seeds starting at SEED (programs whose GCC build does not
# finish within the timeout are skipped, as Csmith programs may legitimately loop long).
set -u
. "$ZL_ROOT/tests/cc/lib.sh"
. "$ZL_ROOT/tests/lib/need.sh"
cct_require_zlcc cc/csmith
if ! need_pkg csmith csmith libcsmith-dev || [ ! -f /usr/include/csmith/csmith.h ]; then
    echo "FAIL cc/csmith: csmith / libcsmith-dev not available"; exit 1
fi
if ! need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu; then
    echo "FAIL cc/csmith: riscv64-linux-gnu-gcc not available"; exit 1
fi
GCC=riscv64-linux-gnu-gcc
CSI=/usr/include/csmith
TMO=${CSMITH_TIMEOUT:-10}
if [ -n "${CSMITH_N:-}" ]; then
    first=${CSMITH_SEED:-1}
    seeds=$(seq "$first" $((first + CSMITH_N - 1)))
else
    seeds="1 2 3 5 8"
fi
CSMITH_OPTS="--max-funcs 4 --max-block-depth 3"
T=$(mktemp -d /tmp/cc-csmith.XXXXXX)
trap 'rm -rf "$T"' EXIT
status=0

checksum() { # exe -> prints the checksum line or a reason
    local out
    out=$(timeout "$TMO" "$ZLRUN" "$1" 2>/dev/null)
    local rc=$?
    if [ $rc -eq 124 ]; then echo "TIMEOUT"; return; fi
    echo "$out" | grep -m1 '^checksum = ' || echo "no checksum (exit $rc)"
}

for s in $seeds; do
    src=$T/p$s.c
    # (csmith writes platform.info into the current directory: run it in the temp dir)
    if ! (cd "$T" && csmith --seed "$s" $CSMITH_OPTS -o "$src" >/dev/null 2>&1); then
        echo "FAIL cc/csmith/$s: csmith failed"; status=1; continue
    fi
    # ---- rv64: gcc vs zl-cc -m64
    id=cc/csmith/$s@m64
    if ! $GCC -O2 -static -w -I"$CSI" -o "$T/g$s" "$src" -lm 2>"$T/err"; then
        echo "FAIL $id: gcc failed: $(head -n1 "$T/err")"; status=1
    else
        ref=$(checksum "$T/g$s")
        if [ "$ref" = TIMEOUT ]; then
            echo "SKIP $id: the gcc build runs longer than ${TMO}s"
        elif ! timeout $((120 * ${ZL_TIME_SCALE:-1})) "$ZLCC" -m64 -O2 -w -I"$CSI" -o "$T/z$s" "$src" -lm >"$T/err" 2>&1; then
            echo "FAIL $id: zl-cc -m64: $(grep -m1 -E '[Ee]rror|fatal|internal' "$T/err" || head -n1 "$T/err")"; status=1
        else
            got=$(checksum "$T/z$s")
            if [ "$got" = "$ref" ]; then echo "PASS $id"
            else echo "FAIL $id: gcc $ref, zl-cc $got"; status=1; fi
        fi
    fi
    # ---- rv128: zl-cc -O0 vs -O2
    id=cc/csmith/$s@m128
    r=()
    for o in -O0 -O2; do
        if ! timeout $((120 * ${ZL_TIME_SCALE:-1})) "$ZLCC" -m128 $o -w -I"$CSI" -o "$T/x$s$o" "$src" >"$T/err" 2>&1; then
            r+=("compile $o failed: $(grep -m1 -E '[Ee]rror|fatal|internal' "$T/err" || head -n1 "$T/err")")
        else
            r+=("$(checksum "$T/x$s$o")")
        fi
    done
    if [ "${r[0]}" = TIMEOUT ] && [ "${r[1]}" = TIMEOUT ]; then
        echo "SKIP $id: runs longer than ${TMO}s at -O0 and -O2"
    elif [ "${r[0]}" = "${r[1]}" ] && [ "${r[0]#checksum}" != "${r[0]}" ]; then
        echo "PASS $id"
    else
        echo "FAIL $id: -O0: ${r[0]}; -O2: ${r[1]}"; status=1
    fi
    rm -f "$T"/g"$s" "$T"/z"$s"* "$T"/x"$s"*
done
exit $status
