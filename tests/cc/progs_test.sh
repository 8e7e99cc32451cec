#!/usr/bin/env bash
# tests/cc/progs: every program compiled by zl-cc at -m128, -m64 and -m32 (with zlibc)
# and run under zl-run; stdout and the exit
# status must match NAME.expected (or NAME.lp128/lp64/ilp32.expected) and "// EXIT: N".
# A line "// OPT: -On" in a program sets its optimisation level (for a test of a pass of
# a level other than CC_PROGS_OPT's).
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
# One program at one model; prints its PASS/FAIL/SKIP line.  Two run at a time (the
# machine's two cores), each in files of its own; the lines are printed in order after.
check_one() {
    local x=$1 src=$2 model n id gap want wantrc exe rc opt=$OPT
    model=$(cct_model_of "$x")
    n=${src##*/}; n=${n%.c}
    id="cc/progs/$n@m$x"
    gap=$(cct_gap "$n" "$x")
    if [ -n "$gap" ]; then
        echo "SKIP $id: known gap: $gap"
        return
    fi
    want=$CCT_PROGS/$n.expected
    [ -f "$want" ] || want=$CCT_PROGS/$n.$model.expected
    if [ ! -f "$want" ]; then
        echo "FAIL $id: no $n.expected or $n.$model.expected"; return
    fi
    wantrc=0
    if grep -q '^// EXIT: ' "$src"; then wantrc=$(sed -n 's|^// EXIT: \([0-9]*\).*|\1|p' "$src"); fi
    if grep -q '^// OPT: ' "$src"; then opt=$(sed -n 's|^// OPT: \(-O[0-9s]\).*|\1|p' "$src"); fi
    exe=$T/$n.$x
    # shellcheck disable=SC2086
    if ! timeout $((60 * ${ZL_TIME_SCALE:-1})) "$ZLCC" -m"$x" $opt -o "$exe" "$src" >"$exe.err" 2>&1; then
        echo "FAIL $id: compile: $(grep -m1 -E '[Ee]rror|fatal|internal' "$exe.err" || head -n1 "$exe.err")"
        return
    fi
    timeout $((10 * ${ZL_TIME_SCALE:-1})) "$ZLRUN" "$exe" >"$exe.out" 2>"$exe.stderr"
    rc=$?
    if ! cmp -s "$want" "$exe.out"; then
        echo "FAIL $id: $(cct_first_diff "$want" "$exe.out") (exit $rc)"
    elif [ "$rc" != "$wantrc" ]; then
        echo "FAIL $id: exit status $rc, want $wantrc $(head -c 120 "$exe.stderr" | tr '\n' ' ')"
    else
        echo "PASS $id"
    fi
    rm -f "$exe" "$exe.err" "$exe.out" "$exe.stderr"
}
export -f check_one cct_model_of cct_gap cct_first_diff
export T OPT ZLCC ZLRUN CCT_PROGS

mkdir -p "$T/res"
i=0
for x in $MODELS; do
    for src in "$CCT_PROGS"/$ONLY.c; do
        [ -f "$src" ] || continue
        i=$((i + 1))
        printf '%05d %s %s\n' "$i" "$x" "$src"
    done
done > "$T/work"
xargs -P 2 -L 1 bash -c 'check_one "$1" "$2" > "$T/res/$0"' < "$T/work"
cat "$T"/res/* 2>/dev/null
if [ "$(cat "$T"/res/* 2>/dev/null | grep -c .)" != "$i" ]; then
    echo "FAIL cc/progs/runner: $(cat "$T"/res/* 2>/dev/null | grep -c .) results for $i programs"; exit 1
fi
! grep -q '^FAIL ' "$T"/res/*
