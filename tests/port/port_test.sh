#!/usr/bin/env bash
# zl-port (docs/ports.md): the classifier on made-up logs; small packages of our own
# (tests/port/pkg: a 64-bit assumption, a build that fails; with recipes/hang a test
# suite that never ends) and a recipe that fixes the assumption (recipes/width); bad
# input; zlib from the corpus end to end (build, test under zl-run, report) at -m64 and
# -m128.
set -u
BUILD=${BUILD:-build}
ZL_BIN=${ZL_BIN:-$(pwd)/$BUILD/bin}
PORT=$ZL_BIN/zl-port
HERE=$(cd "$(dirname "$0")" && pwd)
CORPUS=${CORPUS:-/work/shared/corpus}
scale=${ZL_TIME_SCALE:-1}
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
export TMPDIR=$t/tmp; mkdir -p "$TMPDIR"

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; [ -z "${3:-}" ] || sed 's/^/# /' "$3" | head -20; }
# has NAME FILE PATTERN...: every grep -E pattern is in FILE
has() {
    local name=$1 file=$2 p; shift 2
    for p in "$@"; do
        grep -qE -- "$p" "$file" || { fail "$name" "no /$p/ in $(basename "$file")" "$file"; return 1; }
    done
    pass "$name"
}
# leftovers(): zl-port's scratch directories still in TMPDIR
leftovers() { find "$TMPDIR" -mindepth 1 -maxdepth 1 -name 'zl-port.*' | wc -l; }

[ -x "$PORT" ] || { echo "FAIL zl-port: $PORT not built"; exit 1; }

# --- the classifier --------------------------------------------------------------------
cls() {  # NAME EXPECTED-REGEX LOG64-TEXT LOG128-TEXT ST64 ST128
    printf '%b' "$3" >"$t/l64"; printf '%b' "$4" >"$t/l128"
    local got
    got=$("$PORT" --classify "$t/l64" "$t/l128" "$5" "$6" 2>&1)
    if [[ $got =~ $2 ]]; then pass "classify_$1"; else echo "FAIL classify_$1: got '$got'"; fi
}
cls width_error '^64-bit assumption: .*#error.* at src/x\.h:12$' "" \
    "In file included from a.c:3:\nsrc/x.h:12:6: error: #error Invalid POINTER_WIDTH\n" ok fail
cls both_fail '^toolchain: fails at -m64 too at t\.c:9$' "t.c:9: bad\n" "t.c:9: bad\n" fail fail
cls syscall '^toolchain: zl-run: .*unimplemented' "" "zl-run: ./t: unimplemented system call 999\nt.c:3: x\n" ok fail
cls option '^toolchain: zl-cc: error: unrecognized command-line option .-shared.$' \
    "" "compiling\nzl-cc: error: unrecognized command-line option '-shared'\nlater.c:4: y\n" ok fail
cls crash '^64-bit assumption: zl-run: \./t: misaligned atomic access' "" \
    "zl-run: ./t: misaligned atomic access to 0x8 at pc 0x100\n" ok fail
cls crash_mid_line '^64-bit assumption: zl-run: \./f: segmentation fault: writing' "" \
    "Overflow tests :   2 high address detected : zl-run: ./f: segmentation fault: writing protected address 0x10 at pc 0x26d0e\n" ok fail
cls assert_line '^64-bit assumption: .*Assertion.* at test/a\.c:77$' "" \
    "a: test/a.c:77: main: Assertion \`n == 8' failed.\n" ok fail
cls timeout128 '^64-bit assumption: times out at -m128 only' "" "zl-port: timed out\n" ok timeout
cls timeout_both '^toolchain: times out at -m64 too' "" "" timeout timeout
cls m64_itself '^toolchain: fails at -m64 \(no width difference' "" "x.c:1: error: y\n" base fail
cls no_m64 '^unclassified: no -m64 result' "" "x.c:1: z\n" skip fail
cls passed '^none$' "" "" ok ok

# --- a package with a 64-bit assumption, without and with its recipe -------------------
"$PORT" --recipes "$HERE/recipes" --no-recipe -o "$t/out/width" "$HERE/pkg/width" >"$t/width.err" 2>&1
rc=$?
[ $rc -eq 1 ] && pass width_exit_status || fail width_exit_status "exit $rc, not 1" "$t/width.err"
r=$t/out/width/report.md
if [ -f "$r" ]; then
    has width_report "$r" '^# zl-port: width$' '^\| -m64 \| ok \| [0-9]+ \| ok \| 1 \| 0 \|' \
        '^\| -m128 \| ok \| [0-9]+ \| fail \| 0 \| 1 \|' \
        '^- -m128 tests \(fail\): 64-bit assumption: .* at hash\.c:[0-9]+$'
    # the test program ran as a RISC-V program of each width (under zl-run)
    has width_ran_under_zl_run "$t/out/width/m128/test.log" '^long: 16 bytes$'
    has width_ran_m64 "$t/out/width/m64/test.log" '^long: 8 bytes$' '^fnv1a ok$'
else
    fail width_report "no report" "$t/width.err"
fi
"$PORT" --recipes "$HERE/recipes" -o "$t/out/width" "$HERE/pkg/width" >"$t/width2.err" 2>&1
rc=$?
r=$t/out/width/report.md
if [ $rc -eq 0 ] && [ -f "$r" ]; then
    has width_recipe_fixes "$r" '^- recipe: recipes/width \(1 patch\(es\): width\.patch\)' \
        '^\| -m128 \| ok \| [0-9]+ \| ok \| 1 \| 0 \|' '^none$'
    # zl-audit on the unpatched sources reports the assumption width.patch names
    has width_audit_recall "$r" \
        '^- zl-audit findings: 1 \(typedef-ll-64 1\); confirmed 64-bit assumptions reported: 1/1$' \
        '^  - hash\.c:5 \(width\.patch\): reported, typedef-ll-64 at hash\.c:5$'
    has width_audit_txt "$t/out/width/audit.txt" '^hash\.c:5:1: warning: .*\[typedef-ll-64\]$'
else
    fail width_recipe_fixes "exit $rc" "$t/width2.err"
fi

# --- bad input ----------------------------------------------------------------------------
printf 'not a tar archive\n' >"$t/junk.tar.gz"
"$PORT" -o "$t/out/junk" "$t/junk.tar.gz" >"$t/junk.err" 2>&1; rc=$?
if [ $rc -eq 2 ] && grep -q '^zl-port: .*junk\.tar\.gz: not a tar archive' "$t/junk.err" && [ ! -e "$t/out/junk" ]; then
    pass bad_tarball
else
    fail bad_tarball "exit $rc" "$t/junk.err"
fi
"$PORT" "$t/no/such/pkg.tar.gz" >"$t/nx.err" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q '^zl-port: .*no such file or directory' "$t/nx.err" && pass missing_package ||
    fail missing_package "exit $rc" "$t/nx.err"
"$PORT" --frobnicate x >"$t/opt.err" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q "^zl-port: unknown option '--frobnicate'" "$t/opt.err" && pass bad_option ||
    fail bad_option "exit $rc" "$t/opt.err"

"$PORT" -o "$t/out/badbuild" "$HERE/pkg/badbuild" >"$t/bb.err" 2>&1; rc=$?
r=$t/out/badbuild/report.md
if [ $rc -eq 1 ] && [ -f "$r" ]; then
    has failing_build "$r" '^\| -m64 \| fail \| [0-9]+ \| skip \|' '^\| -m128 \| fail \| [0-9]+ \| skip \|' \
        '^- -m128 build \(fail\): toolchain: fails at -m64 too at broken\.c:2$'
else
    fail failing_build "exit $rc" "$t/bb.err"
fi

# a test suite that never ends: bounded by --timeout, reported; one width is enough
t0=$SECONDS
"$PORT" -m128 --timeout $((3 * scale)) --recipes "$HERE/recipes" --name hang -o "$t/out/hang" "$HERE/pkg/width" \
    >"$t/hang.err" 2>&1; rc=$?
secs=$((SECONDS - t0)); r=$t/out/hang/report.md
if [ $rc -eq 1 ] && [ -f "$r" ] && [ $secs -lt $((30 * scale)) ]; then
    has hanging_tests "$r" '^\| -m128 \| ok \| [0-9]+ \| timeout \|' '^- -m128 tests \(timeout\): ' &&
        has hanging_tests_log "$t/out/hang/m128/test.log" "^zl-port: timed out after $((3 * scale)) s"
else
    fail hanging_tests "exit $rc after $secs s" "$t/hang.err"
fi

# interrupted: no output directory, no scratch directory left
"$PORT" -m128 --timeout 60 --recipes "$HERE/recipes" --name hang -o "$t/out/killed" "$HERE/pkg/width" \
    >"$t/kill.err" 2>&1 &
pid=$!
for _ in $(seq 50); do grep -q 'tests:' "$t/kill.err" 2>/dev/null && break; sleep 0.2; done
sleep 1; kill -TERM $pid; wait $pid; rc=$?
sleep 0.5
if [ $rc -ne 0 ] && [ ! -e "$t/out/killed" ] && [ "$(leftovers)" -eq 0 ]; then
    pass interrupted_leaves_nothing
else
    fail interrupted_leaves_nothing "exit $rc, output $(ls -d "$t/out/killed" 2>/dev/null), $(leftovers) scratch dirs" "$t/kill.err"
fi
[ "$(leftovers)" -eq 0 ] && pass no_scratch_left || fail no_scratch_left "$(leftovers) in $TMPDIR"

# --- a real package end to end: zlib from the corpus, with ports/zlib ----------------------
z=$(ls "$CORPUS"/zlib_*.orig.tar.* 2>/dev/null | head -1)
if [ -z "$z" ]; then
    echo "SKIP zlib_end_to_end no zlib tarball in $CORPUS (set CORPUS)"
else
    "$PORT" -o "$t/out/zlib" "$z" >"$t/zlib.err" 2>&1; rc=$?
    r=$t/out/zlib/report.md
    if [ $rc -eq 0 ] && [ -f "$r" ]; then
        has zlib_end_to_end "$r" '^# zl-port: zlib$' '^- recipe: ports/zlib ' '^- build system: configure$' \
            '^\| -m64 \| ok \| [0-9]+ \| ok \| 1 \| 0 \|' '^\| -m128 \| ok \| [0-9]+ \| ok \| 1 \| 0 \|' '^none$'
        has zlib_tests_ran "$t/out/zlib/m128/test.log" '\*\*\* zlib test OK \*\*\*' '\*\*\* zlib 64-bit test OK \*\*\*'
    else
        fail zlib_end_to_end "exit $rc" "$t/zlib.err"
    fi
fi
