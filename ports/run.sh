#!/usr/bin/env bash
# make ports: zl-port on every package of the corpus (docs/ports.md), one after the other;
# reports in $BUILD/ports/NAME/report.md and a summary table in $BUILD/ports/summary.md.
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
    rows+=("$(sed -nE 's/^\| -m(64|128) \|/-m\1/p' "$out/$name/report.md" 2>/dev/null |
        awk -v n="$name" -v s=$((SECONDS - t0)) '{ printf "%s%s", (NR > 1 ? " " : ""), $0 }
            END { printf "|%s|%s s\n", n, s }')")
done
{
    echo "| package | width: build, build s, tests, passed, failed, test s | wall |"
    echo "|---|---|---|"
    for r in "${rows[@]}"; do
        IFS='|' read -r widths name secs <<<"$r"
        echo "| $name | $widths | $secs |"
    done
} >"$out/summary.md"
cat "$out/summary.md"
exit $rc
