#!/usr/bin/env bash
# tests/cc/progs: every program compiled by zl-cc at -m128, -m64 and -m32 (with zlibc)
# and run under zl-run; stdout and the exit
# status must match NAME.expected (or NAME.lp128/lp64/ilp32.expected) and "// EXIT: N".
# One line per program and model: "PASS cc/progs/NAME@m128" ...
# Programs listed in tests/cc/progs/KNOWN_GAPS are reported as SKIP with the reason.
# Environment: CC_PROGS_OPT (default -O1), CC_PROGS_MODELS (default "128 64 32"),
# CC_PROGS_ONLY (a glob of program names, default all).
set -u
. "$ZL_ROOT/tests/cc/lib.sh"
cct_require_zlcc cc/progs
OPT=${CC_PROGS_OPT:--O1}
MODELS=${CC_PROGS_MODELS:-128 64 32}
ONLY=${CC_PROGS_ONLY:-*}
T=$(mktemp -d /tmp/cc-progs.XXXXXX)
trap 'rm -rf "$T"' EXIT
status=0

for x in $MODELS; do
    model=$(cct_model_of "$x")
    for src in "$CCT_PROGS"/$ONLY.c; do
        [ -f "$src" ] || continue
        n=${src##*/}; n=${n%.c}
        id="cc/progs/$n@m$x"
        gap=$(cct_gap "$n" "$x")
        if [ -n "$gap" ]; then
            echo "SKIP $id: known gap: $gap"
            continue
        fi
        want=$CCT_PROGS/$n.expected
        [ -f "$want" ] || want=$CCT_PROGS/$n.$model.expected
        if [ ! -f "$want" ]; then
            echo "FAIL $id: no $n.expected or $n.$model.expected"; status=1; continue
        fi
        wantrc=0
        if grep -q '^// EXIT: ' "$src"; then wantrc=$(sed -n 's|^// EXIT: \([0-9]*\).*|\1|p' "$src"); fi
        exe=$T/$n.$x
        # shellcheck disable=SC2086
        if ! timeout $((60 * ${ZL_TIME_SCALE:-1})) "$ZLCC" -m"$x" $OPT -o "$exe" "$src" >"$T/err" 2>&1; then
            echo "FAIL $id: compile: $(grep -m1 -E '[Ee]rror|fatal|internal' "$T/err" || head -n1 "$T/err")"
            status=1; continue
        fi
        timeout $((10 * ${ZL_TIME_SCALE:-1})) "$ZLRUN" "$exe" >"$T/out" 2>"$T/stderr"
        rc=$?
        if ! cmp -s "$want" "$T/out"; then
            echo "FAIL $id: $(cct_first_diff "$want" "$T/out") (exit $rc)"
            status=1
        elif [ "$rc" != "$wantrc" ]; then
            echo "FAIL $id: exit status $rc, want $wantrc $(head -c 120 "$T/stderr" | tr '\n' ' ')"
            status=1
        else
            echo "PASS $id"
        fi
        rm -f "$exe"
    done
done
exit $status
