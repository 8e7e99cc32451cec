#!/usr/bin/env bash
# make ports: zl-port on every package of the corpus (docs/ports.md), one after the other;
# reports in $BUILD/ports/NAME/report.md and a summary table in $BUILD/ports/summary.md
# (with zl-audit's findings on each package and its recall on the recipes' confirmed
# 64-bit assumptions).
# Env: BUILD (build dir), CORPUS (the tarballs), PORTS (names to run; default: all),
# ZL_PORT_TIMEOUT (seconds per test suite, default 900).
set -u
BUILD=${BUILD:-build}
CORPUS=${CORPUS:-/work/shared/corpus}
PORT=$BUILD/bin/zl-port
out=$BUILD/ports
mkdir -p "$out"
[ -d "$CORPUS" ] || { echo "ports: $CORPUS: no corpus directory (set CORPUS)" >&2; exit 2; }
rc=0
rows=()
for tarball in "$CORPUS"/*.orig.tar.*; do
    name=$(basename "$tarball"); name=${name%%_*}
    if [ -n "${PORTS:-}" ] && ! [[ " $PORTS " == *" $name "* ]]; then continue; fi
    t0=$SECONDS
    "$PORT" --timeout "${ZL_PORT_TIMEOUT:-900}" -o "$out/$name" "$tarball" || rc=1
    # the report's rows "| -mX | build | s | tests | passed | failed | s |", named
    while IFS= read -r row; do
        rows+=("| $name | ${row#| } |")
    done < <(grep -E '^\| -m(64|128) \|' "$out/$name/report.md" 2>/dev/null ||
             echo "| - | no report | | | | | |")
    # "- zl-audit findings: N (rules); confirmed 64-bit assumptions reported: K/M"
    audit=$(sed -n 's/^- zl-audit findings: \([0-9]*\).*reported: \([0-9]*\/[0-9]*\)$/\1 findings, recall \2/p' \
            "$out/$name/report.md" 2>/dev/null)
    rows+=("| $name | all | | | | | | $((SECONDS - t0)) s wall | ${audit:-} |")
done
{
    echo "| package | width | build | build s | tests | passed | failed | test s (all: wall) | zl-audit |"
    echo "|---|---|---|---|---|---|---|---|---|"
    printf '%s\n' "${rows[@]}"
} >"$out/summary.md"
cat "$out/summary.md"
exit $rc
