#!/usr/bin/env bash
# bench/run.sh - build the zl-run benchmarks and time them under qemu-riscv64
# and zl-run side by side.  Run by `make bench` (BUILD=build by default).
#
#   bash bench/run.sh                 all benchmarks, default iteration counts
#   bash bench/run.sh cmark sort      only these
#   bash bench/run.sh cmark=100       with an iteration count (argv[1]); the
#                                     expected-checksum self-check then is off
#   bash bench/run.sh loop            only the RV128 vs RV64 loop comparison
# Environment:
#   BUILD           build folder (default: build); binaries go to $BUILD/bench/
#   ZL_RUN          emulator to test (default: $BUILD/bin/zl-run)
#   BENCH_REPS      timed runs per program and emulator, the median is kept (default 5);
#                   the RV128/RV64 loops (about 1 s each) run 3 x BENCH_REPS times
#   BENCH_TIMEOUT   seconds before one run is killed (default 300)
#   BENCH_RV32=0    skip the rv32 cross-check section
#
# For every program: the output under zl-run must equal the output under qemu
# (a mismatch is reported loudly and no ratio is printed for it).  Ratio =
# qemu_seconds / zl_seconds (0.25 means zl-run is 4x slower than qemu).
# Times are CPU seconds (user + system) of the emulator process: on a shared
# machine wall-clock time mostly measures the other users.  MIPS = instructions
# from `zl-run --stats` / zl-run's median time.
# Native: on an x86-64 host each program is also built for the host by cc -O2 from the
# same sources (tests/lib/guest/build.sh, "host"), timed in the same rounds, and its
# output must equal qemu's; "of native" = native_seconds / zl_seconds (0.33 means zl-run
# takes 3x the native time).
# Exit status: 0 when every benchmark is correct under qemu and under zl-run
# (or zl-run is absent), 1 otherwise.
set -u
export LC_ALL=C
cd "$(dirname "$0")/.." || exit 1

BUILD=${BUILD:-build}
OUT=$BUILD/bench
ZL=${ZL_RUN:-$BUILD/bin/zl-run}
REPS=${BENCH_REPS:-5}
TIMEOUT=${BENCH_TIMEOUT:-300}
QEMU64=qemu-riscv64
QEMU32=qemu-riscv32
TARGET_RATIO=0.25           # zl-run at least a quarter of qemu's speed
TARGET_RV128=1.5            # RV128 no slower than 1.5x RV64
ALL_BENCHES="cmark sha256 sieve sort queens nbody dmat"
BENCH_CFLAGS=(-Ibench/src -ffp-contract=off)   # (we run from the repo root)
RV32_ITERS=3

case "${1:-}" in
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
esac

# -------------------------------------------------------------- helpers
# run_timed OUT ERR CMD... : runs CMD with stdout/stderr to files; sets RC, SECS
# (CPU seconds, user + system, of CMD and its children) and WALL (elapsed seconds)
run_timed() {
    local out=$1 err=$2 tf; shift 2
    tf=$(mktemp)
    local TIMEFORMAT='%R %U %S'
    { time timeout "$TIMEOUT" "$@" >"$out" 2>"$err" </dev/null; } 2>"$tf"
    RC=$?
    read -r WALL SECS < <(awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$tf")
    rm -f "$tf"
}

# median of the arguments
median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { if (NR) printf "%.3f", (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }


ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }   # A / B
geomean() { printf '%s\n' "$@" | awk '{ s += log($1); n++ } END { printf "%.3f", exp(s / n) }'; }

rc_text() {   # describe a non-zero exit status
    case $1 in
        124) echo "timed out after ${TIMEOUT}s" ;;
        126|127) echo "could not be executed (status $1)" ;;
        *) if [ "$1" -gt 128 ]; then echo "killed by signal $(( $1 - 128 ))"; else echo "exit status $1"; fi ;;
    esac
}

banner() { printf '\n==== %s ====\n' "$*"; }

# ---------------------------------------------------------------- tools
source tests/lib/need.sh
need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu ||
    { echo "bench: riscv64-linux-gnu-gcc is not available; cannot build the benchmarks" >&2; exit 1; }
need_pkg "$QEMU64" qemu-user ||
    { echo "bench: $QEMU64 is not available; cannot run the reference" >&2; exit 1; }
need_pkg "$QEMU32" qemu-user || true
source tests/lib/guest/build.sh

# ------------------------------------------------------------ selection
declare -A ITERS=()
SELECTED=()
LOOP_ONLY=0
for arg in "$@"; do
    name=${arg%%=*}
    [ "$arg" = loop ] && { LOOP_ONLY=1; continue; }
    case " $ALL_BENCHES " in *" $name "*) ;; *) echo "bench: unknown benchmark '$name' (have: $ALL_BENCHES)" >&2; exit 2 ;; esac
    SELECTED+=("$name")
    [ "$arg" != "$name" ] && ITERS[$name]=${arg#*=}
done
[ ${#SELECTED[@]} -eq 0 ] && [ $LOOP_ONLY = 0 ] && read -r -a SELECTED <<<"$ALL_BENCHES"

mkdir -p "$OUT/logs"
RESULTS=$OUT/results.txt
FAILED=0                    # set to 1 by any failure; the exit status
ZL_OK=1                     # zl-run present and executable
BUILT=()                    # benchmarks that built for rv64
declare -A QT=() ZT=() ZI=() IT=() NT=() STATUS=()   # qemu s, zl-run s, zl instructions, interp s, native s, status
NATIVE_OK=0                 # the host can run the native builds (x86-64)
[ "$(uname -m)" = x86_64 ] && NATIVE_OK=1
ZL_ENGINE_NAME=${ZL_RUN_ENGINE:-jit on x86-64}

# ------------------------------------------------------------- header
print_header() {
    banner "zl-run benchmarks  $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
    echo "host:    $(uname -m), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "qemu:    $($QEMU64 --version | head -n1)"
    echo "gcc:     $($GUEST_CC --version | head -n1)"
    if [ $NATIVE_OK = 1 ]; then
        echo "native:  $($GUEST_HOST_CC --version | head -n1), $GUEST_CFLAGS_COMMON $GUEST_ARCH_host ${BENCH_CFLAGS[*]}"
    else
        echo "native:  none (the host build is for x86-64 hosts; this is $(uname -m))"
    fi
    echo "flags:   $GUEST_CFLAGS_COMMON $GUEST_ARCH_rv64 ${BENCH_CFLAGS[*]}"
    if [ ! -e "$ZL" ]; then
        ZL_OK=0
        echo "zl-run:  NOT FOUND at $ZL -- printing qemu timings only (no ratios)"
    elif [ ! -x "$ZL" ]; then
        ZL_OK=0
        echo "zl-run:  $ZL is not executable -- printing qemu timings only (no ratios)"
    else
        echo "zl-run:  $ZL"
    fi
    echo "method:  CPU time (user+sys), median of $REPS runs each, qemu and zl-run alternating"
}

# ---------------------------------------------------------------- build
build_all() {
    banner "build ($OUT)"
    for b in "${SELECTED[@]+"${SELECTED[@]}"}"; do
        if guest_build rv64 "$OUT/$b" "bench/src/$b.c" "${BENCH_CFLAGS[@]}" 2>"$OUT/logs/$b.build"; then
            BUILT+=("$b")
            printf '  %-8s ok\n' "$b"
        else
            printf '  %-8s BUILD FAILED:\n' "$b"; sed 's/^/      /' "$OUT/logs/$b.build"
        fi
        if [ $NATIVE_OK = 1 ] && ! guest_build host "$OUT/$b.native" "bench/src/$b.c" "${BENCH_CFLAGS[@]}" \
                2>"$OUT/logs/$b.native.build"; then
            printf '  %-8s native BUILD FAILED:\n' "$b"; sed 's/^/      /' "$OUT/logs/$b.native.build"
        fi
        if [ "${BENCH_RV32:-1}" != 0 ]; then
            guest_build rv32 "$OUT/$b.rv32" "bench/src/$b.c" "${BENCH_CFLAGS[@]}" 2>"$OUT/logs/$b.rv32.build" ||
                { printf '  %-8s rv32 BUILD FAILED:\n' "$b"; sed 's/^/      /' "$OUT/logs/$b.rv32.build"; }
        fi
    done
    # The RV128/RV64 loop pair is encoded from the instruction table by bench/loopgen.c.
    if ${HOST_CC:-cc} -O2 -std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE -Iinclude -Isrc -Itests bench/loopgen.c \
            "$BUILD/lib/libzl.a" -lm -o "$OUT/loopgen" 2>"$OUT/logs/loopgen.build" &&
        "$OUT/loopgen" "$OUT"; then
        printf '  %-8s ok\n' "loop128/64"
    else
        printf '  %-8s BUILD FAILED:\n' "loopgen"; sed 's/^/      /' "$OUT/logs/loopgen.build"
    fi
}

# ---------------------------------------------------------------- timing
# timed_match LABEL LOG CMD... : one timed run of CMD (in time_one: uses its $b, $L, $rep)
# whose stdout must equal the reference output $L.ref; prints the run's line, returns 1
# (and sets FAILED) when it failed or printed something else
timed_match() {
    local label=$1 log=$2; shift 2
    run_timed "$log.out" "$log.err" "$@"
    printf '  run %d  %-6s %8.3f s CPU %8.3f s wall\n' "$rep" "$label" "$SECS" "$WALL"
    if [ $RC -ne 0 ] || ! cmp -s "$log.out" "$L.ref"; then
        echo "  !!! $label: $b failed or its output differs from qemu's ($(rc_text $RC))"
        FAILED=1; return 1
    fi
}

# time_one NAME: correctness + best-of-REPS timings under qemu and zl-run
time_one() {
    local b=$1 exe=$OUT/$1 L=$OUT/logs/$1
    local qts=() zts=() its=() nts=() zok=$ZL_OK iok=$ZL_OK qok=1 nok=0 ztried=0 rep n
    [ $NATIVE_OK = 1 ] && [ -x "$exe.native" ] && nok=1
    local args=()
    [ -n "${ITERS[$b]:-}" ] && args=("${ITERS[$b]}")
    banner "$b${args:+ (iterations ${args[0]})}"
    for ((rep = 1; rep <= REPS; rep++)); do
        # qemu: the reference output is the first run's; later runs must match it
        if [ $qok = 1 ]; then
            run_timed "$L.qemu.out" "$L.qemu.err" "$QEMU64" "$exe" "${args[@]}"
            if [ $RC -ne 0 ] || ! grep -q ': result ok$' "$L.qemu.out"; then
                if [ $RC -ne 0 ]; then n=$(rc_text $RC); else n="its self-check failed"; fi
                echo "  !!! qemu: $b FAILED ($n); output:"
                sed 's/^/      /' "$L.qemu.out" "$L.qemu.err" | tail -n 20
                qok=0; FAILED=1
            elif [ $rep = 1 ]; then
                cp "$L.qemu.out" "$L.ref"
                sed 's/^/  | /' "$L.ref"
            elif ! cmp -s "$L.qemu.out" "$L.ref"; then
                echo "  !!! qemu: $b output differs between runs (not deterministic)"
                diff "$L.ref" "$L.qemu.out" | sed 's/^/      /' | head -n 20
                qok=0; FAILED=1
            fi
            [ $qok = 1 ] && qts+=("$SECS")
            printf '  run %d  qemu   %8.3f s CPU %8.3f s wall\n' "$rep" "$SECS" "$WALL"
        fi
        [ $qok = 1 ] || zok=0
        # zl-run: same binary, same arguments; stdout must equal qemu's
        if [ $zok = 1 ]; then
            ztried=1
            run_timed "$L.zl.out" "$L.zl.err" "$ZL" "$exe" "${args[@]}"
            if [ $RC -ne 0 ]; then
                echo "  !!! zl-run: $b FAILED ($(rc_text $RC)); stderr:"
                tail -n 20 "$L.zl.err" | sed 's/^/      /'
                zok=0; FAILED=1
            elif ! cmp -s "$L.zl.out" "$L.ref"; then
                echo "  !!! zl-run: $b OUTPUT MISMATCH against qemu (diff qemu zl-run):"
                diff "$L.ref" "$L.zl.out" | sed 's/^/      /' | head -n 20
                zok=0; FAILED=1
            else
                zts+=("$SECS")
            fi
            printf '  run %d  zl-run %8.3f s CPU %8.3f s wall\n' "$rep" "$SECS" "$WALL"
        fi
        # the host build of the same source, for the ratios to native
        [ $qok = 1 ] || nok=0
        [ $nok = 1 ] && { timed_match native "$L.native" "$exe.native" "${args[@]}" && nts+=("$SECS") || nok=0; }
        # the interpreter, for the engines' side-by-side ratios
        [ $zok = 1 ] || iok=0
        [ $iok = 1 ] && { timed_match interp "$L.interp" "$ZL" --engine=interp "$exe" "${args[@]}" && its+=("$SECS") || iok=0; }
    done
    [ $iok = 1 ] && IT[$b]=$(median "${its[@]}")
    [ $nok = 1 ] && NT[$b]=$(median "${nts[@]}")
    # one more zl-run with --stats for the instruction count (not timed)
    if [ $zok = 1 ]; then
        run_timed "$L.stats.out" "$L.stats.err" "$ZL" --stats "$exe" "${args[@]}"
        n=$(sed -n 's/^zl-run: instructions: *\([0-9][0-9]*\).*/\1/p' "$L.stats.err" | tail -n1)
        if [ $RC -ne 0 ] || ! cmp -s "$L.stats.out" "$L.ref"; then
            echo "  !!! zl-run --stats: $b failed or its output differs ($(rc_text $RC)); no MIPS"
        elif [ -z "$n" ]; then
            echo "  note: zl-run --stats printed no 'zl-run: instructions: N' line; no MIPS"
        else
            ZI[$b]=$n
            echo "  zl-run --stats: $n instructions"
        fi
    fi
    QT[$b]=$(median "${qts[@]}")
    if [ $qok = 0 ]; then STATUS[$b]="QEMU FAILED"
    elif [ $ZL_OK = 0 ]; then STATUS[$b]="qemu only"
    elif [ $zok = 1 ]; then STATUS[$b]="ok"; ZT[$b]=$(median "${zts[@]}")
    elif [ $ztried = 1 ]; then STATUS[$b]="ZL-RUN FAILED"
    else STATUS[$b]="not run"; fi
}

# ----------------------------------------------------------------- table
print_table() {
    banner "results: ratio = qemu_time / zl_time (1.0 = as fast as qemu; target >= $TARGET_RATIO)"
    echo "zl-run: the default engine ($ZL_ENGINE_NAME); interp: zl-run --engine=interp"
    echo "of native: native_time / engine_time (1.0 = as fast as the host build of the same source)"
    printf '%-10s %8s %8s %8s %7s %7s %8s %8s %7s %7s  %s\n' benchmark "qemu s" "native s" "zl-run s" \
        ratio "of nat" "zl MIPS" "interp s" ratio "of nat" status
    printf '%-10s %8s %8s %8s %7s %7s %8s %8s %7s %7s  %s\n' ---------- ------ -------- -------- \
        ----- ------ ------- -------- ----- ------ ------
    local b q nat z i t r rn ri rin m cr verdict ratios=() iratios=() nratios=() inratios=()
    for b in "${BUILT[@]}"; do
        q=${QT[$b]:-} nat=${NT[$b]:-} z=${ZT[$b]:-} i=${ZI[$b]:-} t=${IT[$b]:-}
        r='-' rn='-' m='-' ri='-' rin='-'
        if [ -n "$z" ]; then
            [ -n "$q" ] && { r=$(ratio "$q" "$z"); ratios+=("$r"); }
            [ -n "$nat" ] && { rn=$(ratio "$nat" "$z"); nratios+=("$rn"); }
            [ -n "$i" ] && m=$(awk -v i="$i" -v z="$z" 'BEGIN { printf "%.1f", i / z / 1e6 }')
        fi
        if [ -n "$t" ]; then
            [ -n "$q" ] && { ri=$(ratio "$q" "$t"); iratios+=("$ri"); }
            [ -n "$nat" ] && { rin=$(ratio "$nat" "$t"); inratios+=("$rin"); }
        fi
        printf '%-10s %8s %8s %8s %7s %7s %8s %8s %7s %7s  %s\n' "$b" "${q:--}" "${nat:--}" "${z:--}" \
            "$r" "$rn" "$m" "${t:--}" "$ri" "$rin" "${STATUS[$b]}"
    done
    echo
    if [ ${#ratios[@]} -gt 0 ]; then
        echo "geometric mean ratio (${#ratios[@]} of ${#BUILT[@]} benchmarks): $(geomean "${ratios[@]}")x of qemu's speed"
        [ ${#nratios[@]} -gt 0 ] &&
            echo "  of native (${#nratios[@]} benchmarks): $(geomean "${nratios[@]}")x of the host build's speed"
        if [ ${#iratios[@]} -gt 0 ]; then
            echo "  interpreter (--engine=interp): $(geomean "${iratios[@]}")x of qemu's speed"
            [ ${#inratios[@]} -gt 0 ] &&
                echo "  interpreter of native: $(geomean "${inratios[@]}")x of the host build's speed"
        fi
        if [ -n "${ZT[cmark]:-}" ] && [ -n "${QT[cmark]:-}" ]; then
            cr=$(ratio "${QT[cmark]}" "${ZT[cmark]}")
            verdict=$(awk -v r="$cr" -v t="$TARGET_RATIO" 'BEGIN { print (r >= t) ? "MET" : "NOT MET" }')
            echo "CoreMark-style (cmark) ratio: ${cr}x   target >= ${TARGET_RATIO}x: $verdict"
        fi
    elif [ $ZL_OK = 0 ]; then
        echo "no ratios: zl-run not found at $ZL (build it with 'make', then rerun 'make bench')"
    else
        echo "no ratios: zl-run produced no correct result"
    fi
}

# ------------------------------------------------- rv32 cross-check
# Correctness only: each program built for rv32 (ilp32d) must print exactly
# what the rv64 build prints, at a small iteration count, under
# qemu-riscv32 and under zl-run.
rv32_check() {
    local b L line what exe
    [ "${BENCH_RV32:-1}" = 0 ] && return 0
    banner "rv32 cross-check (correctness only, $RV32_ITERS iterations)"
    if ! command -v "$QEMU32" >/dev/null 2>&1; then
        echo "  $QEMU32 not available; skipped"; return 0
    fi
    for b in "${BUILT[@]}"; do
        [ -x "$OUT/$b.rv32" ] || { printf '  %-8s no rv32 build\n' "$b"; continue; }
        L=$OUT/logs/$b.rv32
        run_timed "$L.ref" "$L.ref.err" "$QEMU64" "$OUT/$b" "$RV32_ITERS"
        line=""
        for what in qemu zl; do
            [ $what = zl ] && [ $ZL_OK = 0 ] && continue
            if [ $what = qemu ]; then exe=$QEMU32; else exe=$ZL; fi
            run_timed "$L.$what.out" "$L.$what.err" "$exe" "$OUT/$b.rv32" "$RV32_ITERS"
            if [ $RC -ne 0 ]; then
                line+="  ${what/zl/zl-run}: FAILED ($(rc_text $RC))"; FAILED=1
            elif ! cmp -s "$L.$what.out" "$L.ref"; then
                line+="  ${what/zl/zl-run}: OUTPUT DIFFERS from rv64"; FAILED=1
            else
                line+="  ${what/zl/zl-run}: ok"
            fi
        done
        printf '  %-8s%s\n' "$b" "$line"
    done
}

# ------------------------------------ RV128 vs RV64 loop comparison
# $BUILD/bench/loop128 and $BUILD/bench/loop64 are the same loop built for
# RV128 and RV64 (provided separately; only zl-run can run RV128).  Both run
# under `zl-run --engine=interp --stats` (the translator does not handle RV128, so
# both run in the interpreter, whose per-XLEN specialisation this measures);
# instructions per second are compared.
# Target: RV128 no slower than 1.5x RV64, i.e. IPS(RV64) / IPS(RV128) <= 1.5.
rv128_vs_rv64() {
    banner "RV128 vs RV64 loop, both interpreted (target: RV128 no slower than ${TARGET_RV128}x)"
    local l128=$OUT/loop128 l64=$OUT/loop64
    if [ ! -e "$l128" ] || [ ! -e "$l64" ]; then
        echo "  skipped: $l128 and/or $l64 not present yet"; return 0
    fi
    if [ $ZL_OK = 0 ]; then
        echo "  skipped: zl-run not found at $ZL"; return 0
    fi
    # the two alternate, so a burst of load from another user hits both
    local name rep ips64='' ips128='' t64=() t128=() n64='' n128='' fast64='' fast128=''
    for ((rep = 1; rep <= 3 * REPS; rep++)); do
        for name in loop64 loop128; do
            run_timed "$OUT/logs/$name.out" "$OUT/logs/$name.err" "$ZL" --engine=interp --stats "$OUT/$name"
            if [ $RC -ne 0 ]; then
                echo "  !!! zl-run: $name FAILED ($(rc_text $RC))"
                tail -n 10 "$OUT/logs/$name.err" | sed 's/^/      /'
                FAILED=1; return 0
            fi
            local n
            n=$(sed -n 's/^zl-run: instructions: *\([0-9][0-9]*\).*/\1/p' "$OUT/logs/$name.err" | tail -n1)
            if [ -z "$n" ]; then
                echo "  !!! zl-run --stats printed no instruction count for $name"; return 0
            fi
            if [ $name = loop64 ]; then t64+=("$SECS"); n64=$n; else t128+=("$SECS"); n128=$n; fi
        done
    done
    local t ips
    echo "  $((3 * REPS)) runs each, alternating; median CPU time (fastest run in brackets)"
    for name in loop64 loop128; do
        if [ $name = loop64 ]; then t=$(median "${t64[@]}") n=$n64; else t=$(median "${t128[@]}") n=$n128; fi
        ips=$(awk -v n="$n" -v t="$t" 'BEGIN { printf "%.0f", n / t }')
        local fast
        if [ $name = loop64 ]; then fast=$(printf '%s\n' "${t64[@]}" | sort -g | head -n1)
        else fast=$(printf '%s\n' "${t128[@]}" | sort -g | head -n1); fi
        printf '  %-8s %14s instructions %9.3f s (%.3f s) %10.1f MIPS\n' "$name" "$n" "$t" "$fast" \
            "$(awk -v i="$ips" 'BEGIN { print i / 1e6 }')"
        if [ $name = loop64 ]; then fast64=$fast; else fast128=$fast; fi
        if [ $name = loop64 ]; then ips64=$ips; else ips128=$ips; fi
    done
    local slow verdict
    slow=$(awk -v a="$ips64" -v b="$ips128" 'BEGIN { printf "%.3f", a / b }')
    verdict=$(awk -v s="$slow" -v t="$TARGET_RV128" 'BEGIN { print (s <= t) ? "MET" : "NOT MET" }')
    echo "  RV128/RV64 instructions-per-second ratio: $(awk -v a="$ips64" -v b="$ips128" 'BEGIN { printf "%.3f", b / a }')"
    echo "  RV128 slowdown vs RV64: ${slow}x   target <= ${TARGET_RV128}x: $verdict"
    echo "  (fastest runs: $(awk -v a="$fast128" -v b="$fast64" 'BEGIN { printf "%.3f", a / b }')x)"
}

# The report goes to the terminal and to $RESULTS.
report() {
    local b
    print_header
    build_all
    if [ $LOOP_ONLY = 0 ] || [ ${#SELECTED[@]} -gt 0 ]; then
        for b in "${BUILT[@]}"; do time_one "$b"; done
        print_table
        rv32_check
    fi
    rv128_vs_rv64
    echo
    echo "logs and outputs: $OUT/logs/   this report: $RESULTS"
    return $FAILED
}
report 2>&1 | tee "$RESULTS"
exit "${PIPESTATUS[0]}"
