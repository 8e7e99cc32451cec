#!/usr/bin/env bash
# The whole programs of examples/ (wc, sort, grep, sha256sum, jsonpp, msh, sparsecp,
# echoserv/echocli), built three ways and run on the same inputs:
#
#   native  host $CC, run directly; its output is checked against a reference: the host
#           tool (LC_ALL=C sort/grep/sha256sum, wc up to spacing, sh for msh scripts), a
#           golden file (tests/examples/data/json/*.out, *.err) or computed expectations
#           (sparse copy layout, echo transcript).
#   rv64    riscv64-linux-gnu-gcc -static (glibc), run under zl-run: stdout (and stderr
#           where the program's messages are its own) and exit status identical to native.
#   rv128   zl-cc -m128 with zlibc, run under zl-run: identical to native likewise.
#
# Lines: "PASS <variant>/<case>", "FAIL <variant>/<case>: reason".  A program a variant
# cannot build fails once, as "<variant>/build/<prog>: <why, first error>", and its cases
# are not run for that variant (they would only repeat that reason).
# Budget: about 10 s of CPU (builds included); every run has a 20 s timeout.
set -u
. tests/lib/need.sh

ROOT=${ZL_ROOT:-$(pwd)}
ZL_BIN=${ZL_BIN:-$ROOT/build/bin}
DATA=$ROOT/tests/examples/data
SRCDIR=$ROOT/examples
PROGS="wc sort grep sha256sum jsonpp msh sparsecp echoserv echocli"
ZLRUN=$ZL_BIN/zl-run

tmp=$(mktemp -d /tmp/zl-examples-XXXXXX)
bgpids=()
cleanup() {
    for p in "${bgpids[@]}"; do kill "$p" 2>/dev/null; done
    rm -rf "$tmp"
}
trap cleanup EXIT

# ---- building ---------------------------------------------------------------------------

VARIANTS=()
declare -A built   # built[variant/prog]=1

# build VARIANT PROG COMPILER-COMMAND...  (the command gets "-o OUT SRC" appended)
build() {
    local v=$1 p=$2; shift 2
    local log=$tmp/$v/build-$p.log
    if "$@" -o "$tmp/$v/bin/$p" "$SRCDIR/$p.c" > "$log" 2>&1; then
        built[$v/$p]=1
    else
        local first
        first=$(grep -m1 -E 'error|undefined|cannot|fatal' "$log" || head -n1 "$log")
        echo "FAIL $v/build/$p: $(basename "$1"): cannot compile $p.c: ${first:-no message}"
        sed 's/^/# /' "$log" | head -n 8
    fi
}

CFLAGS_COMMON="-std=c11 -O2 -Wall -Wextra -Werror"

setup_variant() {
    mkdir -p "$tmp/$1/bin" "$tmp/$1/work" "$tmp/$1/out"
    cp "$DATA"/*.txt "$tmp/$1/work/"
    VARIANTS+=("$1")
}

setup_variant native
for p in $PROGS; do build native "$p" ${CC:-cc} $CFLAGS_COMMON; done

if need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu libc6-dev-riscv64-cross; then
    setup_variant rv64
    if [ ! -x "$ZLRUN" ]; then
        echo "FAIL rv64/build: $ZLRUN is missing (make builds it)"
    else
        for p in $PROGS; do build rv64 "$p" riscv64-linux-gnu-gcc -static $CFLAGS_COMMON; done
    fi
else
    echo "FAIL rv64/build: riscv64-linux-gnu-gcc is not installed and cannot be"
fi

setup_variant rv128
ZLCC=$ZL_BIN/zl-cc
RV128_LIBC=$ZL_BIN/../lib/zl/rv128/lib/libc.a
if [ ! -x "$ZLCC" ]; then
    for p in $PROGS; do echo "FAIL rv128/build/$p: zl-cc is not built ($ZLCC missing)"; done
elif [ ! -f "$RV128_LIBC" ]; then
    for p in $PROGS; do
        echo "FAIL rv128/build/$p: zlibc for rv128 is not built ($(realpath -m "$RV128_LIBC") missing; make libc128 builds it)"
    done
else
    for p in $PROGS; do
        build rv128 "$p" "$ZLCC" -m128 -std=c11 -O1
        # An rv128 pass must come from a 128-bit program: ELFCLASS128 (3), EM_RISCV (243).
        if [ "${built[rv128/$p]:-}" ]; then
            id=$(od -An -tu1 -j4 -N1 "$tmp/rv128/bin/$p" | tr -d ' ')/$(od -An -tu2 -j18 -N2 "$tmp/rv128/bin/$p" | tr -d ' ')
            if [ "$id" != 3/243 ]; then
                echo "FAIL rv128/build/$p: zl-cc -m128 made no ELFCLASS128 RISC-V program (class/machine $id)"
                unset "built[rv128/$p]"
            fi
        fi
    done
fi

# ---- running ----------------------------------------------------------------------------

# run VARIANT PROG ARGS...: the variant's PROG in its work directory, PATH led by the
# variant's programs (msh finds sort, wc, grep there), C locale, 20 s limit.
run() {
    local v=$1 p=$2; shift 2
    local exe=$tmp/$v/bin/$p
    local -a pre=()
    [ "$v" != native ] && pre=("$ZLRUN")
    (cd "$tmp/$v/work" && PATH="$tmp/$v/bin:$PATH" LC_ALL=C ZL_TEST_VAR="v a l" \
        exec timeout $((20 * ${ZL_TIME_SCALE:-1})) "${pre[@]}" "$exe" "$@")
}

# One case: its output file holds stdout, then (with stderr compared) the stderr, then
# "exit N".  $1 = variant, $2 = case name, $3 = stdin file, $4 = 1 to compare stderr,
# rest = program and arguments.
run_case() {
    local v=$1 name=$2 in=$3 errs=$4; shift 4
    local out=$tmp/$v/out/$name
    run "$v" "$@" < "$in" > "$out" 2> "$out.stderr"
    local rc=$?
    if [ "$errs" = 1 ]; then
        echo "--- stderr" >> "$out"
        cat "$out.stderr" >> "$out"
    fi
    echo "exit $rc" >> "$out"
}

# Compares variant v's output of a case with native's.
compare() {
    local v=$1 name=$2
    local a=$tmp/native/out/$name b=$tmp/$v/out/$name
    if cmp -s "$a" "$b"; then
        echo "PASS $v/$name"
        return
    fi
    local why
    why=$(diff "$a" "$b" | head -n 4 | tr '\n' '|')
    if grep -q '^exit 124$' "$b"; then why="timed out ($((20 * ${ZL_TIME_SCALE:-1})) s); $why"; fi
    echo "FAIL $v/$name: output differs from native: ${why:0:300}"
    echo "#   stderr of $v: $(head -c 300 "$b.stderr" | tr '\n' '|')"
}

# Checks the native output against a reference file in the same format.
check_native() {
    local name=$1 ref=$2
    if cmp -s "$ref" "$tmp/native/out/$name"; then
        echo "PASS native/$name"
    else
        echo "FAIL native/$name: differs from the reference: $(diff "$ref" "$tmp/native/out/$name" | head -n 4 | tr '\n' '|')"
    fi
}

# The cases.  case NAME STDIN REFKIND PROG ARGS...; REFKIND is
#   host      the host tool of the same name, same arguments, compared exactly
#   hostws    the host tool, compared with runs of blanks squeezed (wc pads differently)
#   sh        for msh: the host's sh runs the same arguments in a reference directory
#   golden:F  the file F (stdout, "--- stderr", stderr, "exit N"); stderr compared
#   none      no reference for native (covered by a separate check)
CASES=()
case_() { CASES+=("$(printf '%q ' "$@")"); }

T=text.txt; N=nums.txt; TB=table.txt; NL=no_nl.txt; E=/dev/null
case_ wc-default      $T   hostws wc
case_ wc-files        $E   hostws wc $T $TB $NL
case_ wc-l            $T   host   wc -l
case_ wc-w            $TB  host   wc -w
case_ wc-c            $N   host   wc -c
case_ wc-lc-files     $E   hostws wc -l -c $T $NL
case_ wc-lc-binary    $E   hostws wc -l -c rand.bin
case_ wc-binary       $E   none   wc rand.bin   # coreutils 9 counts words differently from POSIX
case_ wc-missing      $E   hostws wc $T missing.txt
case_ sort-plain      $T   host sort
case_ sort-files      $E   host sort $T $NL $N
case_ sort-r          $E   host sort -r $T
case_ sort-n          $E   host sort -n $N
case_ sort-rn         $E   host sort -rn $N
case_ sort-un         $E   host sort -un $N
case_ sort-u          $E   host sort -u $N
case_ sort-k2         $E   host sort -k2 $T
case_ sort-k2-k1r     $E   host sort -k2,2 -k1,1r $T
case_ sort-t-k3n      $E   host sort -t: -k3n $TB
case_ sort-t-k3-k1    $E   host sort -t: -k3,3n -k1,1 $TB
case_ sort-t-u-k4n    $E   host sort -t: -u -k4,4n $TB
case_ sort-t-k7-k1r   $E   host sort -t: -k7,7 -k1,1r $TB
case_ sort-t-k3nr     $E   host sort -t: -k3,3nr $TB
case_ sort-big-k1n    $E   host sort -n -k1,1 -k2 big.txt
case_ sort-big-u-k2   $E   host sort -u -t' ' -k2,2 big.txt
case_ sort-badkey     $E   none sort -k0 $T
case_ grep-fixed      $E   host grep fox $T
case_ grep-i          $E   host grep -i fox $T
case_ grep-c-files    $E   host grep -c -i fox $T $TB
case_ grep-vn         $E   host grep -v -n a $T
case_ grep-E-uid      $E   host grep -n -E '^[a-z]+:x:[0-9]{4}:' $TB
case_ grep-E-alt      $E   host grep -E 'bash$|sh$' $TB
case_ grep-backref    $E   host grep '\(a\)\1' $T
case_ grep-class      $E   host grep '[[:upper:]][[:lower:]]*' $T
case_ grep-ivc        $E   host grep -i -v -c o $T $NL
case_ grep-empty-c    $E   host grep -c '^$' $T
case_ grep-interval   $E   host grep 'x\{3\}' $T
case_ grep-E-num      $E   host grep -E '^-?[0-9]+$' $N
case_ grep-stdin      $TB  host grep -n nologin
case_ grep-nomatch    $E   host grep nomatch $T
case_ grep-badre      $E   host grep -E 'a(' $T
case_ grep-missing    $E   host grep fox $T missing.txt
case_ grep-q          $E   host grep -q fox $T
case_ grep-q-none     $E   host grep -q nomatch $T
case_ grep-q-missing  $E   host grep -q fox missing.txt $T
case_ grep-big        $E   host grep -c -E 'w(1|2)[0-9] [a-c]' big.txt
case_ sha-abc         $E   host sha256sum abc.txt
case_ sha-sizes       $E   host sha256sum empty.bin s1.bin s55.bin s56.bin s63.bin s64.bin s65.bin s119.bin s120.bin rand.bin
case_ sha-stdin       $T   host sha256sum
case_ sha-escaped     $E   host sha256sum 'back\slash.txt'
case_ sha-missing     $E   host sha256sum abc.txt missing.txt
for f in "$DATA"/json/*.json; do
    b=$(basename "$f" .json)
    case_ "json-$b" "$f" "golden:$DATA/json/$b" jsonpp
done
for f in "$DATA"/msh/*.sh; do
    b=$(basename "$f" .sh)
    case_ "msh-$b" $E sh msh "$f"
done
case_ msh-stdin-script "$DATA/msh/status.sh" sh msh
case_ msh-c-pipeline  $T   sh msh -c 'sort -r | grep -n -i the | wc -l; grep -c fox text.txt'
case_ msh-c-exit      $E   sh msh -c 'false || exit 42'
case_ msh-c-syntax    $E   sh msh -c 'echo start; > ; echo no'
case_ msh-c-quote     $E   sh msh -c "echo 'unterminated"

# Inputs generated here (deterministic).
gen_inputs() {
    local w=$1
    printf 'abc' > "$w/abc.txt"
    : > "$w/empty.bin"
    printf 'x' > "$w/back\\slash.txt"
    awk 'BEGIN { x = 12345; for (i = 0; i < 300000; i++) { x = (x * 1103515245 + 12345) % 2147483648;
                 printf "%c", int(x / 65536) % 256 } }' > "$w/rand.bin" 2>/dev/null
    for n in 1 55 56 63 64 65 119 120; do head -c $n "$w/rand.bin" > "$w/s$n.bin"; done
    awk 'BEGIN { x = 7; for (i = 0; i < 20000; i++) { x = (x * 69069 + 1) % 4294967296;
                 printf "%d w%d %s\n", x % 100000, i % 97, substr("abcdefghij", 1 + x % 10) } }' > "$w/big.txt"
}
gen_inputs "$tmp/native/work"
for v in "${VARIANTS[@]}"; do [ "$v" != native ] && cp "$tmp/native/work"/*.bin "$tmp/native/work"/*.txt "$tmp/$v/work/"; done

# Runs every case for one variant.
run_cases() {
    local v=$1 c
    for c in "${CASES[@]}"; do
        eval "set -- $c"
        local name=$1 in=$2 ref=$3 p=$4
        [ "${built[$v/$p]:-}" ] || continue
        [ "$in" = /dev/null ] || [ "${in:0:1}" = / ] || in=$DATA/$in
        local errs=0
        case $ref in golden:*) errs=1 ;; esac
        run_case "$v" "$name" "$in" "$errs" "${@:4}"
    done
}

# The native references.
mkdir -p "$tmp/ref/out"
reference() {
    local c
    for c in "${CASES[@]}"; do
        eval "set -- $c"
        local name=$1 in=$2 ref=$3 p=$4
        [ "${built[native/$p]:-}" ] || continue
        [ "$in" = /dev/null ] || [ "${in:0:1}" = / ] || in=$DATA/$in
        shift 4
        local r=$tmp/ref/out/$name
        case $ref in
        host|hostws)
            (cd "$tmp/native/work" && LC_ALL=C "$p" "$@") < "$in" > "$r" 2>/dev/null
            echo "exit $?" >> "$r"
            if [ "$ref" = hostws ]; then
                sed -E 's/[[:blank:]]+/ /g; s/^ //' "$r" > "$r.ws"
                sed -E 's/[[:blank:]]+/ /g; s/^ //' "$tmp/native/out/$name" > "$tmp/native/out/$name.ws"
                if cmp -s "$r.ws" "$tmp/native/out/$name.ws"; then echo "PASS native/$name"
                else echo "FAIL native/$name: differs from host $p: $(diff "$r.ws" "$tmp/native/out/$name.ws" | head -n 4 | tr '\n' '|')"; fi
                continue
            fi
            check_native "$name" "$r" ;;
        sh)
            rm -rf "$tmp/ref/work"; mkdir -p "$tmp/ref/work"; cp "$tmp/native/work"/*.txt "$tmp/ref/work/"
            (cd "$tmp/ref/work" && PATH="$tmp/native/bin:$PATH" LC_ALL=C ZL_TEST_VAR="v a l" \
                timeout $((20 * ${ZL_TIME_SCALE:-1})) sh "$@") < "$in" > "$r" 2>/dev/null
            echo "exit $?" >> "$r"
            check_native "$name" "$r" ;;
        golden:*)
            local g=${ref#golden:}
            { [ -f "$g.out" ] && cat "$g.out"; echo "--- stderr"; cat "$g.err"; } > "$r"
            check_native "$name" "$r" ;;
        none) ;;
        esac
    done
}

# sparsecp: a 6 GiB file with data at 0, across the 4 GiB line, near 5 GiB, and a hole
# at its end; plus an ordinary file with zero blocks inside.  Output: sparsecp -v, then
# the copy's size, whether it stayed sparse, and the bytes at each data region.  The data
# sits in four 4096-byte blocks (one at 0, two across 4 GiB, one near 5 GiB): 16384
# bytes written, with SEEK_DATA or with zero-block skipping alike.
sparse_case() {
    local v=$1 w=$tmp/$1/work out=$tmp/$1/out/sparse-6g
    [ "${built[$v/sparsecp]:-}" ] || return
    rm -f "$w/sparse.src" "$w/sparse.dst"
    printf 'head of the file' > "$w/sparse.src"
    printf 'data across the 4 GiB line' | dd of="$w/sparse.src" bs=1 seek=$((4 * 1024 * 1024 * 1024 - 5)) conv=notrunc status=none
    printf 'data near 5 GiB' | dd of="$w/sparse.src" bs=1 seek=$((5 * 1024 * 1024 * 1024 + 777)) conv=notrunc status=none
    truncate -s 6G "$w/sparse.src"
    run "$v" sparsecp -v sparse.src sparse.dst > "$out" 2> "$out.stderr"
    echo "exit $?" >> "$out"
    {
        echo "size $(stat -c %s "$w/sparse.dst" 2>&1)"
        local kb
        kb=$(du -k "$w/sparse.dst" 2>/dev/null | cut -f1)
        [ -n "$kb" ] && [ "$kb" -le 1024 ] && echo "sparse yes" || echo "sparse no (${kb:-?} KiB allocated)"
        for r in 0:16 $((4 * 1024 * 1024 * 1024 - 5)):26 $((5 * 1024 * 1024 * 1024 + 777)):15 $((6 * 1024 * 1024 * 1024 - 8)):8; do
            echo "at ${r%:*}: $(dd if="$w/sparse.dst" bs=1 skip=${r%:*} count=${r#*:} status=none 2>&1 | od -An -c | tr -s ' ' | tr -d '\n')"
        done
    } >> "$out"
    rm -f "$w/sparse.src" "$w/sparse.dst"

    out=$tmp/$v/out/sparse-zeroblocks
    { head -c 10000 "$w/rand.bin"; head -c 40960 /dev/zero; head -c 5000 "$w/rand.bin"; } > "$w/zb.src"
    run "$v" sparsecp -v zb.src zb.dst > "$out" 2> "$out.stderr"
    echo "exit $?" >> "$out"
    cmp -s "$w/zb.src" "$w/zb.dst" && echo "copy identical" >> "$out" || echo "copy differs" >> "$out"
    out=$tmp/$v/out/sparse-missing
    run "$v" sparsecp missing.src x.dst > "$out" 2> "$out.stderr"
    echo "exit $?" >> "$out"
    [ -e "$w/x.dst" ] && echo "x.dst left behind" >> "$out"
}

sparse_reference() {
    local r=$tmp/ref/out
    [ "${built[native/sparsecp]:-}" ] || return
    cat > "$r/sparse-6g" <<EOF
sparse.src -> sparse.dst: 6442450944 bytes, 16384 bytes written
exit 0
size 6442450944
sparse yes
at 0: $(printf 'head of the file' | od -An -c | tr -s ' ' | tr -d '\n')
at $((4 * 1024 * 1024 * 1024 - 5)): $(printf 'data across the 4 GiB line' | od -An -c | tr -s ' ' | tr -d '\n')
at $((5 * 1024 * 1024 * 1024 + 777)): $(printf 'data near 5 GiB' | od -An -c | tr -s ' ' | tr -d '\n')
at $((6 * 1024 * 1024 * 1024 - 8)): $(head -c 8 /dev/zero | od -An -c | tr -s ' ' | tr -d '\n')
EOF
    check_native sparse-6g "$r/sparse-6g"
    # Blocks of 4096 from 0: [0,12288) holds data up to 10000; [12288,49152) zero;
    # [49152,53248) holds data from 50960; [53248,55960) data.
    printf 'zb.src -> zb.dst: 55960 bytes, %d bytes written\nexit 0\ncopy identical\n' \
        $((12288 + 4096 + 55960 - 53248)) > "$r/sparse-zeroblocks"
    check_native sparse-zeroblocks "$r/sparse-zeroblocks"
    printf 'exit 1\n' > "$r/sparse-missing"
    check_native sparse-missing "$r/sparse-missing"
}

# echoserv/echocli: the server writes its port to a file, the client sends lines.
echo_case() {
    local v=$1 w=$tmp/$1/work out=$tmp/$1/out/echo
    [ "${built[$v/echoserv]:-}" ] && [ "${built[$v/echocli]:-}" ] || return
    rm -f "$w/port"
    run "$v" echoserv -p port > "$w/serv.out" 2> "$w/serv.err" &
    local spid=$!
    bgpids+=("$spid")
    local i
    for i in $(seq 200); do [ -s "$w/port" ] && break; sleep 0.05; done
    if [ ! -s "$w/port" ]; then
        echo "FAIL $v/echo: the server announced no port in 10 s: $(head -c 200 "$w/serv.err")"
        kill "$spid" 2>/dev/null; wait "$spid" 2>/dev/null
        return
    fi
    { printf 'hello\n\nworld with  spaces\n'; head -c 3000 "$DATA/text.txt"; printf 'last line without newline'; } > "$w/echo.in"
    run "$v" echocli "$(cat "$w/port")" < "$w/echo.in" > "$out" 2> "$out.stderr"
    echo "client exit $?" >> "$out"
    wait "$spid"
    echo "server exit $?" >> "$out"
    cat "$w/serv.out" >> "$out"
    run "$v" echocli 0 > /dev/null 2>&1
    echo "bad port exit $?" >> "$out"
}

echo_reference() {
    local r=$tmp/ref/out/echo w=$tmp/native/work
    [ -f "$tmp/native/out/echo" ] || return
    local bytes=$(( $(wc -c < "$w/echo.in") + 1 ))
    {
        sed 's/^/echo: /' "$w/echo.in"; echo
        echo "$(( $(wc -l < "$w/echo.in") + 1 )) lines, $bytes bytes echoed"
        echo "client exit 0"; echo "server exit 0"
        echo "served 1 client, $bytes bytes"
        echo "bad port exit 1"
    } > "$r"
    check_native echo "$r"
}

for v in "${VARIANTS[@]}"; do
    run_cases "$v"
    sparse_case "$v"
    echo_case "$v"
done
reference
sparse_reference
echo_reference
for v in "${VARIANTS[@]}"; do
    [ "$v" = native ] && continue
    for f in "$tmp/native/out"/*; do
        case $f in *.stderr|*.ws) continue ;; esac
        name=$(basename "$f")
        [ -f "$tmp/$v/out/$name" ] || continue   # its program did not build (said above)
        compare "$v" "$name"
    done
done
exit 0
