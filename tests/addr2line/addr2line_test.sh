#!/usr/bin/env bash
# zl-addr2line (script test, PASS/FAIL lines).
#  1. rv64/rv32 inputs made by riscv64-linux-gnu-gcc -g (static programs at -O0 and -O2,
#     with inlining; objects at -O2, DWARF 4 and DWARF 2) and by zl-cc -g -m64/-m32
#     (programs and objects): output and exit status identical to
#     riscv64-linux-gnu-addr2line's for each option set, over every instruction of the
#     sample's functions (tests/addr2line/lines.c, lines2.c), a sample of the others,
#     addresses outside every section and symbol names; addresses from stdin too.
#     binutils-riscv64-linux-gnu and gcc-riscv64-linux-gnu are installed with apt-get
#     when missing (tests/lib/need.sh says so).
#  2. ELFCLASS128 (zl-cc -g -m128): 32-digit addresses, and each function's entry maps
#     to the same function, file and line as in the -m64 build of the same sources.
#  3. Bad input: missing, directory, empty, garbage, truncated files; .debug_line and
#     .debug_info with broken headers, truncated programs and garbage: a message, exit
#     status 1, never a crash.
#  4. The use it is for: the pc of a crash that zl-run reports, at -m32, -m64 and -m128,
#     maps to the faulting line.
# Budget: about 20 s (most of it compiling the inputs).
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
. tests/lib/binutils.sh
bu_tool addr2line cc run
. tests/addr2line/lines.sh
A2L=$BIN/zl-addr2line

# addresses FILE: every instruction of the sample's functions, every 61st other one
addresses() {
    riscv64-linux-gnu-objdump -d "$tmp/$1" | awk '
        /^[0-9a-f]+ <.*>:$/ { p = $2 ~ /^<(main|twice|sq|helper|add)>:$/; next }
        /^ +[0-9a-f]+:/ { sub(":", "", $1); if (p || ++n % 61 == 1) print $1 }'
}

OPTS=("" "-f" "-a" "-p" "-s" "-a -f -p" "-f -i" "-a -p -f -i -s" "-C -f" "--functions --inlines --pretty-print")
EXTRA="0 1 4 0x10 ffffffff main twice helper nosuchsym"

# ------------------------------------------------------------------ 1. GNU comparison
gnu_ok=1
need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu || gnu_ok=0
need_pkg riscv64-linux-gnu-addr2line binutils-riscv64-linux-gnu || gnu_ok=0
if [ $gnu_ok = 1 ]; then
    cc=riscv64-linux-gnu-gcc
    r32="-march=rv32imac -mabi=ilp32"
    # shellcheck disable=SC2086
    { $cc -g -O0 -static $SRC -o "$tmp/g0" &&
        $cc -g -O2 -static $SRC -o "$tmp/g2" &&
        $cc -g -O2 -c "$ONE" -o "$tmp/g2.o" &&
        $cc -g -gdwarf-4 -O2 -c "$ONE" -o "$tmp/g2d4.o" &&
        $cc -g -gdwarf-2 -O1 -c "$ONE" -o "$tmp/g1d2.o" &&
        $cc -g -O2 $r32 -c "$ONE" -o "$tmp/g32.o" &&
        "$BIN/zl-cc" -g -m64 $SRC -o "$tmp/z64" &&
        "$BIN/zl-cc" -g -m32 $SRC -o "$tmp/z32" &&
        "$BIN/zl-cc" -g -m64 -c "$ONE" -o "$tmp/z64.o" &&
        "$BIN/zl-cc" -g -m32 -c "$ONE" -o "$tmp/z32.o"; } ||
        fail "addr2line inputs" "could not compile the samples"
    for f in g0 g2 g2.o g2d4.o g1d2.o g32.o z64 z32 z64.o z32.o; do
        [ -f "$tmp/$f" ] || continue
        mapfile -t addrs < <(addresses "$f")
        bad=""
        for o in "${OPTS[@]}"; do
            # shellcheck disable=SC2086
            if ! cmp -s <(run riscv64-linux-gnu-addr2line -e "$f" $o "${addrs[@]}" $EXTRA) \
                <(run "$A2L" -e "$f" $o "${addrs[@]}" $EXTRA); then
                # shellcheck disable=SC2086
                bad+=" '$o': $(diff <(run riscv64-linux-gnu-addr2line -e "$f" $o "${addrs[@]}" $EXTRA) \
                    <(run "$A2L" -e "$f" $o "${addrs[@]}" $EXTRA) | sed -n 2p)"
            fi
        done
        if [ -z "$bad" ]; then pass "addr2line gnu $f"; else fail "addr2line gnu $f" "differs:$bad"; fi
    done
    # addresses on stdin, and section-relative offsets (-j) in an object
    for f in g2 z64; do
        printf '%s\n' $(addresses "$f" | head -40) main "" > "$tmp/stdin"
        if cmp -s <(run riscv64-linux-gnu-addr2line -a -f -e "$f") <(run "$A2L" -a -f -e "$f"); then
            pass "addr2line gnu stdin $f"
        else fail "addr2line gnu stdin $f" "$(diff <(run riscv64-linux-gnu-addr2line -a -f -e "$f") <(run "$A2L" -a -f -e "$f") | head -3)"; fi
        : > "$tmp/stdin"
    done
    for f in g2.o z64.o; do
        o="-j .text -a -f 0 2 8 0x12 0x30 0x1000"
        # shellcheck disable=SC2086
        if cmp -s <(run riscv64-linux-gnu-addr2line -e "$f" $o) <(run "$A2L" -e "$f" $o) &&
            cmp -s <(run riscv64-linux-gnu-addr2line -e "$f" -j .nosuch 0) <(run "$A2L" -e "$f" -j .nosuch 0); then
            pass "addr2line gnu -j $f"
        else
            # shellcheck disable=SC2086
            fail "addr2line gnu -j $f" "$(diff <(run riscv64-linux-gnu-addr2line -e "$f" $o) <(run "$A2L" -e "$f" $o) | head -3)"
        fi
    done
else
    fail "addr2line gnu" "cannot install riscv64 gcc/binutils"
fi

# ------------------------------------------------------------------ 2. ELFCLASS128
# shellcheck disable=SC2086
if "$BIN/zl-cc" -g -m128 $SRC -o "$tmp/z128" && "$BIN/zl-cc" -g -m64 $SRC -o "$tmp/z64b" &&
    "$BIN/zl-cc" -g -m128 -c "$ONE" -o "$tmp/z128.o"; then
    # func at file:line of every function's entry, by name, in both classes
    same=1 detail=""
    for fn in main twice sq helper; do
        a=$(run "$A2L" -f -p -e z128 "$fn") b=$(run "$A2L" -f -p -e z64b "$fn")
        case $a in "$fn at $ROOT/tests/addr2line/lines"*.c:[0-9]*) ;; *) same=0 ;; esac
        [ "$a" = "$b" ] || { same=0; detail+=" [$a] vs [$b]"; }
    done
    if [ $same = 1 ]; then pass "addr2line rv128 functions"; else fail "addr2line rv128 functions" "$detail"; fi
    # every address of main: the same lines as at -m64, in order
    lines() {
        local v n base i args=()
        read -r v n < <("$BIN/zl-readelf" -s "$tmp/$1" | awk '$8 == "main" {print $2, $3}')
        base=$((16#${v: -15}))
        for ((i = 0; i < n; i += 2)); do args+=("$(printf '%x' $((base + i)))"); done
        run "$A2L" -e "$1" "${args[@]}" | uniq
    }
    if [ "$(lines z128)" = "$(lines z64b)" ] && [ -n "$(lines z128)" ]; then
        pass "addr2line rv128 lines"
    else fail "addr2line rv128 lines" "$(diff <(lines z128) <(lines z64b) | head -4)"; fi
    out=$(run "$A2L" -a -e z128 main)
    if printf '%s\n' "$out" | grep -qE '^0x[0-9a-f]{32}$' && [ "${out##*rc=}" = 0 ]; then
        pass "addr2line rv128 -a"
    else fail "addr2line rv128 -a" "$out"; fi
    out=$(run "$A2L" -f -s -e z128.o 0 0x1000)
    if printf '%s\n' "$out" | grep -qE '^lines\.c:[0-9]+$' &&
        printf '%s\n' "$out" | grep -qx '??:0' && [ "${out##*rc=}" = 0 ]; then
        pass "addr2line rv128 object"
    else fail "addr2line rv128 object" "$out"; fi
else
    fail "addr2line rv128" "zl-cc -m128 -g failed"
fi

# ------------------------------------------------------------------ 3. bad input
bu_bad addr2line -e
# corrupt FILE SECTION OFFSET BYTES OUT: $tmp/OUT, a copy of FILE with BYTES (printf
# escapes) written at OFFSET inside SECTION
corrupt() {
    local f=$1 sec=$2 at=$3 bytes=$4 out=$5 off
    off=$(sect_off "$f" "$sec")
    cp "$tmp/$f" "$tmp/$out"
    printf "$bytes" | dd of="$tmp/$out" bs=1 seek=$((0x$off + at)) conv=notrunc status=none
}
# an executable: no relocations to undo the damage done to .debug_info
"$BIN/zl-cc" -g -m64 $SRC -o "$tmp/zb"
corrupt zb .debug_line 0 '\xf5\xff\xff\xff' bl_reserved
corrupt zb .debug_line 0 '\xff\xff\x00\x00' bl_length
corrupt zb .debug_line 4 '\x09\x00' bl_version
corrupt zb .debug_line 6 '\xff\xff\x00\x00' bl_hdrlen
corrupt zb .debug_line 14 '\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00' bl_header
# the first opcode of the first program (zl-as's: DW_LNE_set_address)
prog=$((10 + $(od -An -tu4 -j $((0x$(sect_off zb .debug_line) + 6)) -N4 "$tmp/zb")))
corrupt zb .debug_line $prog '\x00\xff\xff\x03' bl_extlen
corrupt zb .debug_line $prog '\x00\x12\x02' bl_addrlen
corrupt zb .debug_line $prog "$(head -c 64 "$BIN/zl-addr2line" | od -An -v -tx1 | tr -s ' \n' ' ' | sed 's/ *$//; s/ /\\x/g')" bl_garbage
corrupt zb .debug_info 0 '\xff\xff\x00\x00' bi_length
corrupt zb .debug_info 4 '\x07\x00' bi_version
corrupt zb .debug_info 6 '\xff\xff\x00\x00' bi_abbrev
corrupt zb .debug_info 11 '\x7f' bi_code
corrupt zb .debug_info 12 '\xff\xff\x00\x00' bi_stmt
for f in bl_reserved bl_length bl_version bl_hdrlen bl_header bl_extlen bl_addrlen bl_garbage \
    bi_length bi_version bi_abbrev bi_code bi_stmt; do
    out=$(run "$A2L" -f -e "$f" 0 8 0x20)
    [ -n "${SHOW_BAD:-}" ] && printf "%s\n" "$out" >&2
    rc=${out##*rc=}
    # a clean error: one "zl-addr2line: FILE: ..." message and status 1; at worst (garbage
    # that still decodes) an answer and status 0; never a signal
    if { [ "$rc" = 1 ] && printf '%s\n' "$out" | grep -q "^zl-addr2line: $f: "; } ||
        { [ "$rc" = 0 ] && [ "$f" = bl_garbage ]; }; then
        pass "addr2line bad $f"
    else fail "addr2line bad $f" "$(printf '%s' "$out" | head -3 | tr '\n' '|')"; fi
done
# truncated files: every 97th length of an object; the reader never crashes
"$BIN/zl-cc" -g -m64 -c "$ONE" -o "$tmp/zb.o"
crash=""
size=$(stat -c %s "$tmp/zb.o")
for ((n = 64; n < size; n += 97)); do
    head -c $n "$tmp/zb.o" > "$tmp/cut"
    out=$(run "$A2L" -e cut 0 8)
    rc=${out##*rc=}
    [ "$rc" -lt 2 ] || crash+=" $n:rc=$rc"
done
if [ -z "$crash" ]; then pass "addr2line bad truncated objects"; else fail "addr2line bad truncated objects" "$crash"; fi

# ------------------------------------------------------------------ 4. a crash pc
cat > "$tmp/crash.c" <<'EOF'
int *p;

static int deref(int *q)
{
    return *q + 1;      /* line 5: the fault */
}

int main(void)
{
    return deref(p);
}
EOF
for m in 32 64 128; do
    "$BIN/zl-cc" -g -m$m "$tmp/crash.c" -o "$tmp/crash$m" 2>/dev/null
    pc=$("$BIN/zl-run" "$tmp/crash$m" 2>&1 | sed -n 's/.* at pc \(0x[0-9a-f]*\).*/\1/p')
    out=$(run "$A2L" -e "crash$m" -f -p -s "$pc")
    if [ -n "$pc" ] && [ "$out" = "deref at crash.c:5
rc=0" ]; then
        pass "addr2line crash pc -m$m"
    else fail "addr2line crash pc -m$m" "pc '$pc': $(printf '%s' "$out" | tr '\n' '|')"; fi
done
