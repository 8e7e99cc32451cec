#!/usr/bin/env bash
# zl-audit end to end: fixture corpus (exact findings and positions, recall/precision
# against the "want:" markers), output formats, options, exit status, robustness.
# Budget: a few seconds.
set -u
AUDIT="$ZL_BIN/zl-audit"
FIX=tests/audit/fixtures
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }
check() { if eval "$2"; then pass "$1"; else fail "$1" "${3:-$2}"; fi; }

if [ ! -x "$AUDIT" ]; then echo "FAIL build: $AUDIT missing"; exit 1; fi
source tests/lib/need.sh
need_pkg python3 python3 || { echo "SKIP audit: python3 is needed for the report checks"; exit 0; }

# 1. fixture corpus: exact output, every rule (the opt-in ones too: section 4 checks
# the default set)
"$AUDIT" --rules=all "$FIX" >"$T/out" 2>"$T/err"; rc=$?
if diff -u tests/audit/expected.txt "$T/out" >"$T/diff"; then pass fixtures_exact
else fail fixtures_exact "output differs from tests/audit/expected.txt: $(head -c 600 "$T/diff" | tr '\n' '|')"; fi
check fixtures_exit_1 "[ $rc -eq 1 ]" "exit status $rc, want 1"
check fixtures_no_stderr "[ ! -s '$T/err' ]" "stderr: $(head -c 300 "$T/err")"

# 2. every marked line found, nothing unmarked: recall and precision on the corpus
python3 - "$FIX" "$T/out" >"$T/rp" <<'PY'
import re, sys, glob, collections
want = collections.Counter()
for f in glob.glob(sys.argv[1] + "/**/*.[ch]", recursive=True):
    for n, l in enumerate(open(f, encoding="utf-8"), 1):
        m = re.search(r"want: ([a-z0-9 -]+?) \*/", l)
        if m:
            for r in m.group(1).split():
                want[(f, n, r)] += 1
got = collections.Counter()
for l in open(sys.argv[2]):
    m = re.match(r"(.*?):(\d+):(\d+): warning: .* \[([a-z0-9-]+)\]$", l.strip())
    got[(m.group(1), int(m.group(2)), m.group(4))] += 1
tp = sum((want & got).values())
print("recall %d/%d precision %d/%d" % (tp, sum(want.values()), tp, sum(got.values())))
rules = collections.Counter(k[2] for k in want.elements())
print("rules " + " ".join("%s=%d" % kv for kv in sorted(rules.items())))
sys.exit(0 if want == got else 1)
PY
rp=$?
check corpus_recall_precision "[ $rp -eq 0 ]" "$(cat "$T/rp")"
echo "# $(head -1 "$T/rp")"
nrules=$("$AUDIT" --list-rules | grep -c '^[a-z]')
check every_rule_has_fixtures "[ \$(sed -n 2p '$T/rp' | wc -w) -eq $((nrules + 1)) ]" "$(sed -n 2p "$T/rp")"

# 3. formats: JSON and SARIF validated structurally
"$AUDIT" --rules=all --format=json "$FIX" >"$T/j.json"
python3 tests/audit/check_report.py json "$T/j.json" >"$T/jv"
check json_valid "grep -q '^ok $(wc -l <tests/audit/expected.txt)$' '$T/jv'" "$(cat "$T/jv")"
"$AUDIT" --rules=all --format=sarif "$FIX" >"$T/s.sarif"
python3 tests/audit/check_report.py sarif "$T/s.sarif" >"$T/sv"
check sarif_valid "grep -q '^ok $(wc -l <tests/audit/expected.txt)$' '$T/sv'" "$(cat "$T/sv")"
mkdir -p "$T/sp ace"; printf 'void *f(void *p) { return (void *)(u64)p; }\n' >"$T/sp ace/x y.c"
(cd "$T" && "$AUDIT" --rules=all --format=sarif "sp ace" >s2.sarif)
check sarif_uri_encoded "grep -q '\"uri\": \"sp%20ace/x%20y.c\"' '$T/s2.sarif' && python3 tests/audit/check_report.py sarif '$T/s2.sarif' >/dev/null"

# 4. options
"$AUDIT" --rules=config-64bit,width-test "$FIX" >"$T/r1"
check rules_select "! grep -v '\[\(config-64bit\|width-test\)\]' '$T/r1' && grep -q config-64bit '$T/r1'"
"$AUDIT" --rules=-format-u64-ll "$FIX" >"$T/r2"
check rules_exclude "! grep -q format-u64-ll '$T/r2' && grep -q llong-64 '$T/r2'"
# opt-in rules (width-test, do-div-long, int-ptr-64, config-64bit, ptr-cast-64,
# compat-one-width, typedef-ll-64, struct-size-literal): not in the default set, added by
# +ID, listed as opt-in
OPTIN='\[\(width-test\|do-div-long\|int-ptr-64\|config-64bit\|ptr-cast-64\|compat-one-width\|typedef-ll-64\|struct-size-literal\)\]$'
"$AUDIT" "$FIX" >"$T/dflt"
check optin_not_default "grep -v '$OPTIN' tests/audit/expected.txt | cmp -s - '$T/dflt' && [ \$(grep -c '$OPTIN' tests/audit/expected.txt) -gt 3 ]"
# width-no-branch, the always-wrong part of width-test, is in the default set
check nobranch_default "grep -q 'nobranch.c:25:3: .*\[width-no-branch\]\$' '$T/dflt' && ! grep -q 'width-test\]\$' '$T/dflt'"
"$AUDIT" --rules=+do-div-long,+width-test,+int-ptr-64,+config-64bit,+ptr-cast-64,+compat-one-width,+typedef-ll-64,+struct-size-literal "$FIX" >"$T/plus"
check optin_plus_adds "cmp -s '$T/plus' tests/audit/expected.txt"
"$AUDIT" --rules=+width-test,+ptr-cast-64,-llong-64 "$FIX" >"$T/minus"
check optin_plus_minus "! grep -q 'do-div-long\|llong-64' '$T/minus' && grep -q width-test '$T/minus' && grep -q ptr-cast-64 '$T/minus' && grep -q format-u64-ll '$T/minus'"
check optin_listed "[ \$(\"\$AUDIT\" --list-rules | grep -c '^[a-z0-9-]* (opt-in: --rules=+[a-z0-9-]*)\$') -eq 8 ]"
"$AUDIT" --rules=no-such-rule "$FIX" >/dev/null 2>"$T/e3"; rc=$?
check rules_unknown_exit_2 "[ $rc -eq 2 ] && grep -q 'unknown rule' '$T/e3'"
"$AUDIT" --rules=all -j1 "$FIX" >"$T/j1"; "$AUDIT" --rules=all --jobs 4 "$FIX" >"$T/j4"; "$AUDIT" --rules=all -j3 "$FIX" >"$T/j3"
check jobs_deterministic "cmp -s '$T/j1' '$T/j4' && cmp -s '$T/j1' '$T/j3' && cmp -s '$T/j1' tests/audit/expected.txt"
"$AUDIT" --exclude='*/drivers' --exclude='*/width.c' "$FIX" >"$T/ex"
check exclude_glob "! grep -q 'drivers/\|width.c' '$T/ex' && grep -q 'kernel/casts.c' '$T/ex' && grep -q 'zl_ioctl.h' '$T/ex'"
"$AUDIT" "$FIX/drivers/clean.c" >"$T/c"; rc=$?
check clean_exit_0 "[ $rc -eq 0 ] && [ ! -s '$T/c' ]" "exit $rc"
"$AUDIT" "$T/does-not-exist" >/dev/null 2>"$T/e4"; rc=$?
check missing_path_exit_2 "[ $rc -eq 2 ] && grep -q 'does-not-exist: No such file' '$T/e4'"
"$AUDIT" --bogus "$FIX" >/dev/null 2>&1; rc=$?
check bad_option_exit_2 "[ $rc -eq 2 ]"
"$AUDIT" --rules=all -o "$T/report.txt" --summary "$FIX" 2>"$T/sum"; rc=$?
check output_file "[ $rc -eq 1 ] && cmp -s '$T/report.txt' tests/audit/expected.txt && ! ls '$T'/report.txt.tmp* 2>/dev/null"
check summary_by_rule_and_dir "grep -q '^by rule:' '$T/sum' && grep -q '^  kernel ' '$T/sum' && grep -q '^  ptr-cast-64 ' '$T/sum' && grep -q '^hottest files:' '$T/sum'"
"$AUDIT" -o /nonexistent-dir/r.txt "$FIX" >/dev/null 2>&1; rc=$?
check output_unwritable_exit_2 "[ $rc -eq 2 ]"
check suppressed_counted "grep -q '(3 suppressed' '$T/sum'" "$(head -1 "$T/sum")"

# 5. robustness: binary, unterminated, huge line, deep tree, empty, odd names
R="$T/rob"; mkdir -p "$R"
head -c 20000 /dev/urandom >"$R/bin.c"; printf 'int x;\0\0\0 (u64)p' >>"$R/bin.c"
printf 'void *f(void *p) { u64 a = (u64)p; /* never closed\n' >"$R/ucomment.c"
printf 'char *s = "never closed\nvoid *g(void *p) { return (void *)(u64)p; }\n' >"$R/ustring.c"
printf "char c = 'x\n#if BITS_PER_LONG == 64\n#endif\n" >"$R/uchar.h"
: >"$R/empty.c"
python3 -c "import sys; sys.stdout.write('int a = ' + '1 + ' * 2500000 + '1; void *h(void *p) { return (void *)(u64)p; }\n')" >"$R/huge.c"
d="$R/deep"; for i in $(seq 1 200); do d="$d/d"; done; mkdir -p "$d"; printf '#ifdef CONFIG_64BIT\n#endif\n' >"$d/deep.h"
printf '\\' >"$R/backslash.c"; printf '#' >"$R/hash.h"; printf '/' >"$R/slash.c"
printf 'a\\\n' >"$R/splice_eof.c"
"$AUDIT" --rules=all "$R" >"$T/rob.out" 2>"$T/rob.err"; rc=$?
check robust_exit "[ $rc -eq 1 ]" "exit $rc: $(head -c 300 "$T/rob.err")"
check robust_binary_note "grep -q 'bin.c: note: binary file' '$T/rob.err'"
check robust_unterminated_comment "grep -q 'ucomment.c:1:28: warning: pointer cast' '$T/rob.out' && grep -q 'ucomment.c:1:36: warning: unterminated comment' '$T/rob.err'"
check robust_unterminated_string "grep -q 'ustring.c:2:27: warning: pointer made' '$T/rob.out' && grep -q 'ustring.c:1:11: warning: missing terminating' '$T/rob.err'"
check robust_huge_line "grep -q 'huge.c:1:100000[0-9][0-9]:.*ptr-cast-64' '$T/rob.out'"
check robust_deep_tree "grep -q 'deep/d/d.*/deep.h:1:8:.*config-64bit' '$T/rob.out'"
check robust_tiny_files "! grep -q 'backslash.c\|hash.h\|slash.c\|splice_eof.c\|empty.c' '$T/rob.out'"
printf 'void *f(void *p) { return (void *)(u64)p; }\n' | "$AUDIT" /dev/stdin >"$T/dev.out" 2>"$T/dev.err"; rc=$?
check robust_not_regular "[ $rc -eq 2 ] && grep -q 'not a regular file' '$T/dev.err'" "exit $rc"
printf '#if BITS_PER_LONG == 64\nint x;\n#ifdef CONFIG_64BIT\nint y;\n' >"$T/uif.h"
"$AUDIT" --rules=all "$T/uif.h" >"$T/uif.out" 2>"$T/uif.err"; rc=$?
check robust_unterminated_if "[ $rc -eq 1 ] && grep -q 'uif.h:1:5:.*width-test' '$T/uif.out' && grep -q 'uif.h:3:8:.*config-64bit' '$T/uif.out'" "exit $rc"
printf 'int x;\n' >"$T/unreadable.c"; chmod 000 "$T/unreadable.c"
if [ "$(id -u)" != 0 ]; then asuser=""
elif command -v setpriv >/dev/null; then asuser="setpriv --reuid=65534 --regid=65534 --clear-groups"; chmod 755 "$T"
else asuser=none; fi
if [ "$asuser" = none ]; then echo "SKIP robust_unreadable running as root without setpriv"
else
    $asuser "$AUDIT" "$T/unreadable.c" >/dev/null 2>"$T/unr.err"; rc=$?
    check robust_unreadable "[ $rc -eq 2 ] && grep -q 'zl-audit: error: .*unreadable.c: Permission denied' '$T/unr.err'" "exit $rc: $(cat "$T/unr.err")"
fi

# 6. fixes: fix-it lines, JSON replacements, SARIF fixes, --apply, and the result compiles
FX=tests/audit/fixit
"$AUDIT" --rules=all --fixits "$FX/lp64.c" >"$T/fx.out"
check fixit_lines "[ \$(grep -c '^fix-it:\"tests/audit/fixit/lp64.c\":{[0-9]*:[0-9]*-[0-9]*:[0-9]*}:\".*\"$' '$T/fx.out') -eq 8 ] && grep -qx 'fix-it:\"tests/audit/fixit/lp64.c\":{29:22-29:24}:\">=\"' '$T/fx.out'" "$(grep -c fix-it "$T/fx.out") fix-it lines"
check fixit_not_by_default "! \"$AUDIT\" '$FX/lp64.c' | grep -q '^fix-it:'"
"$AUDIT" --rules=all --format=json "$FX/lp64.c" >"$T/fx.json"
check fixit_json "[ \$(grep -o '\"replacement\": {' '$T/fx.json' | wc -l) -eq 8 ] && python3 tests/audit/check_report.py json '$T/fx.json' >/dev/null"
"$AUDIT" --rules=all --format=sarif "$FX/lp64.c" >"$T/fx.sarif"
check fixit_sarif "python3 tests/audit/check_report.py sarif '$T/fx.sarif' | grep -qx 'fixes 8'"
mkdir -p "$T/apply"; cp "$FX/lp64.c" "$T/apply/lp64.c"; chmod 640 "$T/apply/lp64.c"
"$AUDIT" --rules=all --apply "$T/apply/lp64.c" >/dev/null 2>"$T/apply.err"; rc=$?
diff "$FX/lp64.c" "$T/apply/lp64.c" >"$T/apply.diff"
check apply_result "[ $rc -eq 1 ] && cmp -s '$T/apply.diff' '$FX/lp64.c.diff' && grep -q 'applied 8 fixes' '$T/apply.err'" "exit $rc: $(diff "$FX/lp64.c.diff" "$T/apply.diff" | head -c 300)"
check apply_atomic "[ \$(ls -A '$T/apply' | wc -l) -eq 1 ] && [ \$(stat -c %a '$T/apply/lp64.c') = 640 ]" "$(ls -A "$T/apply")"
if command -v cc >/dev/null; then
    check apply_compiles "cc -std=c11 -Wall -Wextra -Werror -o '$T/apply/a.out' '$T/apply/lp64.c' && '$T/apply/a.out' | grep -q '^64 64 2$'"
else echo "SKIP apply_compiles no host cc"; fi
"$AUDIT" "$T/apply/lp64.c" >"$T/after" 2>&1; rc=$?
check apply_clears_findings "[ $rc -eq 0 ] && [ ! -s '$T/after' ]" "exit $rc: $(head -c 300 "$T/after")"
# 7. struct-size-literal's layouts are the compilers': each size and offset its messages
# on lib/struct_size.c state is asserted against the host cc (LP64) and zl-cc (LP128)
python3 - "$FIX/lib/struct_size.c" "$T/out" "$T/lay64.c" "$T/lay128.c" <<'PY'
import re, sys
src = open(sys.argv[1]).read()
defs = "".join(l + "\n" for l in src[:src.index("/* look-alikes")].splitlines()
               if re.match(r"(struct|union) \w+ \{.*\};", l))
a64, a128 = [], []
for l in open(sys.argv[2]):
    if "struct_size.c" not in l or "[struct-size-literal]" not in l:
        continue
    m = re.search(r"(\d+) is the LP64 size of '((?:struct|union) \w+)', which is (\d+) under LP128", l)
    if m:
        a64.append("sizeof(%s) == %s" % (m[2], m[1])); a128.append("sizeof(%s) == %s" % (m[2], m[3]))
    m = re.search(r"(\d+) is the LP64 size of the first .* (\d+) under LP128 \(use (offsetof\(.*\))\)", l)
    if m:
        a64.append("%s == %s" % (m[3], m[1])); a128.append("%s == %s" % (m[3], m[2]))
    m = re.search(r"the members of '((?:struct|union) \w+)' \((\d+) with its padding\)", l)
    if m:
        a64.append("sizeof(%s) == %s" % (m[1], m[2]))
for path, asserts in ((sys.argv[3], a64), (sys.argv[4], a128)):
    with open(path, "w") as f:
        f.write("typedef __SIZE_TYPE__ size_t;\n#define offsetof(T, m) __builtin_offsetof(T, m)\n" + defs)
        f.writelines("_Static_assert(%s, \"%s\");\n" % (x, x) for x in asserts)

PY
nas=$(grep -c _Static_assert "$T/lay64.c")
if command -v cc >/dev/null; then
    check layout_lp64_cc "[ $nas -ge 10 ] && cc -std=c11 -fsyntax-only '$T/lay64.c'" "$nas assertions: $(cc -std=c11 -fsyntax-only "$T/lay64.c" 2>&1 | head -c 300)"
else echo "SKIP layout_lp64_cc no host cc"; fi
if [ -x "$ZL_BIN/zl-cc" ]; then
    check layout_lp128_zlcc "[ \$(grep -c _Static_assert '$T/lay128.c') -ge 8 ] && '$ZL_BIN/zl-cc' -m128 -fsyntax-only '$T/lay128.c'" "$("$ZL_BIN/zl-cc" -m128 -fsyntax-only "$T/lay128.c" 2>&1 | head -c 300)"
else echo "SKIP layout_lp128_zlcc no zl-cc"; fi
exit 0
