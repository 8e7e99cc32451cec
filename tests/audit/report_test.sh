#!/usr/bin/env bash
# src/audit/linux_report.py (make audit-linux's report writer) on a small synthetic tree:
# a kept sample whose rows are no longer all reported, the precision lines (plain ratio,
# estimate weighted by each rule's findings, per rule), no duplicated lines on a second
# run, and a fresh stratified draw of AUDIT_SAMPLE_SIZE rows.  Budget: under a second.
set -u
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }
source tests/lib/need.sh
need_pkg python3 python3 || { echo "SKIP report: python3 is needed"; exit 0; }

mkdir -p "$T/linux-source-6.1/a"
printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 9\n' >"$T/linux-source-6.1/Makefile"
for i in 1 2 3 4 5 6 7 8 9 10; do echo "line $i" ; done >"$T/linux-source-6.1/a/x.c"
python3 - "$T/r.json" <<'PY'
import json, sys
fs = [{"file": "linux-source-6.1/a/x.c", "line": i, "column": 1, "rule": r, "message": "m", "fix": "f"}
      for i, r in [(1, "r-a"), (2, "r-a"), (3, "r-a"), (4, "r-a"), (5, "r-a"), (6, "r-a"),
                   (7, "r-a"), (8, "r-a"), (9, "r-b"), (10, "r-b")]]
json.dump({"findings": fs, "summary": {"files": 1, "files_with_findings": 1, "suppressed": 0,
           "by_rule": {"r-a": 8, "r-b": 2}}}, open(sys.argv[1], "w"))
PY
cat >"$T/old.md" <<'EOF2'
<!-- sample begin -->
| # | finding | rule | code | verdict | why |
|---:|---|---|---|---|---|
| 1 | `a/x.c:1:1` | `r-a` | `line 1` | TP | yes |
| 2 | `a/x.c:2:1` | `r-a` | `line 2` | FP | no |
| 3 | `a/x.c:9:1` | `r-b` | `line 9` | TP | yes |
| 4 | `a/x.c:10:1` | `r-b` | `line 10` | FP | no |
| 5 | `a/x.c:77:1` | `r-b` | `gone` | FP | no |

**Precision: 2 of 5 true positives (40%).**

**Precision: 2 of 5 true positives (40%).**
<!-- sample end -->
EOF2
run() { python3 src/audit/linux_report.py "$T/r.json" "$1" 1 1000 1.0 "$T" 1.0 0.5; }
run "$T/old.md" >"$T/new.md" 2>"$T/err"
sec=$(sed -n '/sample begin/,/sample end/p' "$T/new.md")
if grep -q '`a/x.c:77:1`.*(no longer reported)' <<<"$sec"; then pass report_marks_gone_rows
else fail report_marks_gone_rows "$(head -c 300 <<<"$sec")"; fi
if [ "$(grep -c '^\*\*Precision' <<<"$sec")" = 1 ] && grep -q '2 of 4 true positives (50%)' <<<"$sec"; then
    pass report_one_precision_line_without_gone_rows
else fail report_one_precision_line_without_gone_rows "$(grep Precision <<<"$sec")"; fi
# r-a: 1/2 over 8 findings, r-b: 1/2 over 2 -> 50.0%; per rule both 1/2
if grep -q 'covers): \*\*50.0%\*\*' <<<"$sec" && grep -q '`r-a` 1/2, `r-b` 1/2' <<<"$sec"; then
    pass report_weighted_and_per_rule
else fail report_weighted_and_per_rule "$(grep -E 'Estimated|Per rule' <<<"$sec")"; fi
run "$T/new.md" >"$T/new2.md"
if cmp -s "$T/new.md" "$T/new2.md"; then pass report_rerun_is_stable
else fail report_rerun_is_stable "$(diff "$T/new.md" "$T/new2.md" | head -c 300)"; fi
printf '# no sample\n' >"$T/none.md"
AUDIT_SAMPLE_SIZE=6 AUDIT_SAMPLE_SEED=7 run "$T/none.md" >"$T/drawn.md"
rows=$(sed -n '/sample begin/,/sample end/p' "$T/drawn.md" | grep -c '^| [0-9]* | `a/x.c:.*| unchecked |')
nb=$(sed -n '/sample begin/,/sample end/p' "$T/drawn.md" | grep -c '`r-b` | .*unchecked')
if [ "$rows" = 6 ] && [ "$nb" -ge 2 ]; then pass report_draws_stratified_sample
else fail report_draws_stratified_sample "rows $rows, r-b rows $nb"; fi
