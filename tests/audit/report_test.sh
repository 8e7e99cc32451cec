#!/usr/bin/env bash
# src/audit/linux_report.py (make audit-linux's report writer) on a small synthetic tree:
# a kept sample whose rows are no longer all reported, the precision lines (plain ratio,
# estimate weighted by each rule's findings, per rule), no duplicated lines on a second
# run, and a fresh stratified draw of AUDIT_SAMPLE_SIZE rows; the per-rule sample (drawn
# apart from the sample, verdicts kept and counted); the TU-mode section (--tu):
# written without touching the rest, drawn from the [tu] findings per rule, kept with its
# verdicts by a rerun and by a token run; linux_ccdb.py on "make -n" output.  Budget:
# under a second.
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
| 4 | `a/x.c:10:1` | `r-b` | `line 10` | FP | no (no longer reported) |
| 5 | `a/x.c:77:1` | `r-b` | `gone` | FP | no |

**Precision: 2 of 5 true positives (40%).**

**Precision: 2 of 5 true positives (40%).**
<!-- sample end -->
EOF2
run() { python3 src/audit/linux_report.py "$T/r.json" "$1" 1 1000 1.0 "$T" 1.0 0.5; }
run "$T/old.md" >"$T/new.md" 2>"$T/err"
sec=$(sed -n '/<!-- sample begin/,/<!-- sample end/p' "$T/new.md")
if grep -q '`a/x.c:77:1`.*(no longer reported)' <<<"$sec"; then pass report_marks_gone_rows
else fail report_marks_gone_rows "$(head -c 300 <<<"$sec")"; fi
# a row marked by an earlier run whose finding is reported again loses the mark
if grep -q '^| 4 | `a/x.c:10:1` | `r-b` | `line 10` | FP | no |$' <<<"$sec"; then pass report_unmarks_live_rows
else fail report_unmarks_live_rows "$(grep 'x.c:10:1' <<<"$sec")"; fi
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
rows=$(sed -n '/<!-- sample begin/,/<!-- sample end/p' "$T/drawn.md" | grep -c '^| [0-9]* | `a/x.c:.*| unchecked |')
nb=$(sed -n '/<!-- sample begin/,/<!-- sample end/p' "$T/drawn.md" | grep -c '`r-b` | .*unchecked')
if [ "$rows" = 6 ] && [ "$nb" -ge 2 ]; then pass report_draws_stratified_sample
else fail report_draws_stratified_sample "rows $rows, r-b rows $nb"; fi

# the per-rule sample: more findings of each rule the sample judged fewer than 5 of, none
# of them in the sample; its verdicts are kept and counted, also together with the sample's
rsec=$(sed -n '/rule sample begin/,/rule sample end/p' "$T/drawn.md")
dsec=$(sed -n '/<!-- sample begin/,/<!-- sample end/p' "$T/drawn.md")
dup=0
for k in $(grep -o 'x.c:[0-9]*:1' <<<"$rsec"); do grep -q "$k\`" <<<"$dsec" && dup=1; done
if [ "$(grep -c '| unchecked |' <<<"$rsec")" = 4 ] && [ $dup = 0 ]; then
    pass report_rule_sample_disjoint
else fail report_rule_sample_disjoint "dup $dup: $(head -c 300 <<<"$rsec")"; fi
sed -i '/rule sample begin/,/rule sample end/{s/| unchecked | |/| TP | ok |/}' "$T/drawn.md"
sed -i '/rule sample begin/,/rule sample end/{0,/| TP | ok |/s//| FP | no |/}' "$T/drawn.md"
run "$T/drawn.md" >"$T/drawn2.md"
rsec=$(sed -n '/rule sample begin/,/rule sample end/p' "$T/drawn2.md")
if grep -q '^\*\*Precision: 3 of 4 true positives (75%) in the per-rule sample.\*\*' <<<"$rsec" &&
   grep -q '^Per rule (TP/judged): `r-a` 3/4.' <<<"$rsec" &&
   grep -q '^Both samples together, per rule (TP/judged): `r-a` 3/4.' <<<"$rsec"; then
    pass report_rule_sample_kept_and_counted
else fail report_rule_sample_kept_and_counted "$(grep -E 'Precision|Per rule|Both' <<<"$rsec")"; fi

# TU mode: a report whose findings carry "mode"; r-a has 3 [tu] findings, r-b 1
python3 - "$T/tu.json" <<'PY'
import json, sys
fs = [{"file": "/abs/linux-source-6.1/a/x.c", "line": i, "column": 1, "rule": r, "mode": m,
       "message": "m", "fix": "f"}
      for i, r, m in [(1, "r-a", "token"), (2, "r-a", "tu"), (3, "r-a", "tu"), (4, "r-a", "tu"),
                      (9, "r-b", "tu"), (10, "r-b", "token")]]
json.dump({"findings": fs, "errors": ["e"], "summary": {"files": 1, "files_with_findings": 1,
           "suppressed": 0, "by_rule": {"r-a": 4, "r-b": 2}}}, open(sys.argv[1], "w"))
PY
cp "$T/new.md" "$T/tu-old.md"
runtu() { python3 src/audit/linux_report.py --tu "$T/tu.json" "$1" 7 0 2.0 "$T" 3.0 0.5; }
AUDIT_TU_SAMPLE_PER_RULE=2 runtu "$T/tu-old.md" >"$T/tu1.md"
tsec=$(sed -n '/tu sample begin/,/tu sample end/p' "$T/tu1.md")
na=$(grep -c '`r-a` | .*unchecked' <<<"$tsec"); nb=$(grep -c '`r-b` | .*unchecked' <<<"$tsec")
if [ "$na" = 2 ] && [ "$nb" = 1 ] && ! grep -q 'x.c:1:1\|x.c:10:1' <<<"$tsec" &&
   grep -q '| `r-a` | 1 | 3 |' "$T/tu1.md" && grep -q '| compile commands | 7 files |' "$T/tu1.md"; then
    pass report_tu_draws_tu_findings_per_rule
else fail report_tu_draws_tu_findings_per_rule "r-a $na r-b $nb: $(head -c 300 <<<"$tsec")"; fi
# the held-out sample: the [tu] findings the first sample left, another seed
hsec=$(sed -n '/tu heldout begin/,/tu heldout end/p' "$T/tu1.md")
hrow=$(grep '| unchecked |' <<<"$hsec" | grep -o 'x.c:[0-9]*:1')
if [ "$(grep -c '| unchecked |' <<<"$hsec")" = 1 ] && grep -q '`r-a` | .*unchecked' <<<"$hsec" &&
   [ -n "$hrow" ] && ! grep -q "$hrow" <<<"$tsec"; then
    pass report_tu_heldout_disjoint
else fail report_tu_heldout_disjoint "$(head -c 300 <<<"$hsec")"; fi
# the second held-out sample: none of the findings the two before it hold
AUDIT_TU_SAMPLE_PER_RULE=1 AUDIT_TU_HELDOUT_PER_RULE=1 runtu "$T/tu-old.md" >"$T/tu1b.md"
s1=$(sed -n '/tu sample begin/,/tu sample end/p' "$T/tu1b.md")
h1=$(sed -n '/tu heldout begin/,/tu heldout end/p' "$T/tu1b.md")
h2=$(sed -n '/tu heldout2 begin/,/tu heldout2 end/p' "$T/tu1b.md")
h2row=$(grep '| unchecked |' <<<"$h2" | grep -o 'x.c:[0-9]*:1')
if [ "$(grep -c '| unchecked |' <<<"$h2")" = 1 ] && [ -n "$h2row" ] &&
   ! grep -q "$h2row" <<<"$s1" && ! grep -q "$h2row" <<<"$h1" &&
   [ "$(grep -c '| unchecked |' <<<"$h1")" = 1 ]; then
    pass report_tu_heldout2_disjoint
else fail report_tu_heldout2_disjoint "$(head -c 300 <<<"$h2")"; fi
# everything outside the TU section is the old file
if [ "$(sed '/<!-- tu begin -->/,$d' "$T/tu1.md")" = "$(cat "$T/tu-old.md")" ]; then
    pass report_tu_keeps_the_rest
else fail report_tu_keeps_the_rest "$(diff <(sed '/<!-- tu begin -->/,$d' "$T/tu1.md") "$T/tu-old.md" | head -c 300)"; fi
# judge the rows, rerun in TU mode and in token mode: verdicts and precision kept
sed -i '/tu sample begin/,/tu sample end/{s/| unchecked | |/| TP | ok |/}' "$T/tu1.md"
sed -i '0,/| `r-a` | `line [0-9]*` | TP | ok |/s//| `r-a` | `x` | FP | no |/' "$T/tu1.md"
sed -i '/tu heldout begin/,/tu heldout end/{s/| unchecked | |/| TP | ok |/}' "$T/tu1.md"
runtu "$T/tu1.md" >"$T/tu2.md"
run "$T/tu2.md" >"$T/tu3.md"
if grep -q '^\*\*Precision: 2 of 3 `\[tu\]` findings true (67%).\*\*' "$T/tu3.md" &&
   grep -q '^\*\*Precision: 1 of 1 held-out `\[tu\]` findings true (100%).\*\*' "$T/tu3.md" &&
   grep -q 'Per rule (TP/judged): `r-a` 1/2, `r-b` 1/1.' "$T/tu3.md" &&
   [ "$(grep -c 'tu begin' "$T/tu3.md")" = 1 ] && grep -q 'sample begin' "$T/tu3.md"; then
    pass report_tu_section_kept_by_both_modes
else fail report_tu_section_kept_by_both_modes "$(sed -n '/tu sample begin/,/tu end/p' "$T/tu3.md" | head -c 400)"; fi

# linux_ccdb.py: the compiler commands of kbuild's "make -n" lines, one entry per .c file
cat >"$T/maken.txt" <<'EOF2'
make[1]: Entering directory '/o'
set -e;  echo '  CC      kernel/fork.o'; gcc -Wp,-MMD,kernel/.fork.o.d -nostdinc -I../src/include -D__KERNEL__ -DKBUILD_BASENAME='"fork"' -c -o kernel/fork.o ../src/kernel/fork.c  ; ./tools/objtool/objtool --orc kernel/fork.o; scripts/basic/fixdep kernel/.fork.o.d kernel/fork.o 'gcc -c' > kernel/.fork.o.cmd
  gcc -E -o x.i ../src/x.c
set -e; gcc -D__KERNEL__ -c -o kernel/fork.o ../src/kernel/fork.c
  gcc -D__KERNEL__ -c -o gen.o ./gen.c
  gcc -Wp,-MMD,scripts/.p.o.d -O2 -c -o scripts/p.o ../src/scripts/p.c
gcc -c -o a.o ../src/a.S
echo 'unbalanced "quote
EOF2
mkdir -p "$T/src/kernel" "$T/o" && : >"$T/src/kernel/fork.c"
python3 src/audit/linux_ccdb.py "$T/o" -D__x86_64__ <"$T/maken.txt" >"$T/db.json" 2>"$T/dberr"
if python3 - "$T/db.json" "$T/o" <<'PY'
import json, sys
db = json.load(open(sys.argv[1]))
assert len(db) == 1, db
e = db[0]
assert e["directory"] == sys.argv[2] and e["file"] == "../src/kernel/fork.c", e
assert e["arguments"][0] == "gcc" and e["arguments"][-2:] == ["-D__x86_64__", "../src/kernel/fork.c"], e
assert '-DKBUILD_BASENAME="fork"' in e["arguments"] and "-Wp,-MMD,kernel/.fork.o.d" in e["arguments"], e
PY
then pass ccdb_from_make_n; else fail ccdb_from_make_n "$(head -c 400 "$T/db.json") $(cat "$T/dberr")"; fi
