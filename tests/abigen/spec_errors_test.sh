#!/usr/bin/env bash
# abigen: malformed specification lines are reported as "abi/FILE:LINE: error: ..." and
# nothing is written; `make` stops when the specification is bad.  Also: the committed
# docs/syscalls.md is what the specification generates, and generation is reproducible.
# (script test, PASS/FAIL lines; about 2 s)
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
BUILD=${BUILD:-build}
BIN=${ZL_BIN:-$ROOT/$BUILD/bin}
GEN=$BIN/zl-abigen
if [ ! -x "$GEN" ]; then
    echo "FAIL abigen_present: $GEN is not built"
    exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# bad NAME FILE EXPECTED-MESSAGE LINE...: append LINE... to a fresh copy of abi/FILE, run
# the generator there and expect "abi/FILE:N: error: EXPECTED-MESSAGE" (N = the line
# number of the first appended line; of the second with "@+1 ", of the last with "@last ").
bad() {
    local name=$1 file=$2 want=$3
    shift 3
    rm -rf "$tmp/w"
    mkdir -p "$tmp/w"
    cp -r abi "$tmp/w/abi"
    local first=$(( $(wc -l < "$tmp/w/abi/$file") + 1 ))
    printf '%s\n' "$@" >> "$tmp/w/abi/$file"
    local line=$first
    case $want in
    "@last "*) line=$(wc -l < "$tmp/w/abi/$file"); want=${want#@last } ;;
    "@+1 "*) line=$((first + 1)); want=${want#@+1 } ;;
    esac
    local out rc
    out=$(cd "$tmp/w" && "$GEN" --spec abi --out out 2>&1)
    rc=$?
    local expect="abi/$file:$line: error: $want"
    if [ $rc -eq 0 ]; then
        echo "FAIL $name: the generator accepted the bad line"
    elif ! grep -qF -- "$expect" <<<"$out"; then
        echo "FAIL $name: wanted '$expect', got: $(head -n 3 <<<"$out" | tr '\n' '|')"
    elif [ -e "$tmp/w/out" ]; then
        echo "FAIL $name: output was written despite the error"
    else
        echo "PASS $name"
    fi
}

bad unknown_kind syscalls.abi "unknown argument kind 'frobnicate'" \
    "990 frob * int x:frobnicate"
bad duplicate_number syscalls.abi "number 63 is already used by read" \
    "63 read_again * ssize fd:fd"
bad too_many_registers syscalls.abi "big needs 8 argument registers on rv32 (at most 6)" \
    "990 big * int a:off b:off c:off d:off"
bad unknown_flag_set syscalls.abi "x: unknown flag/enum set 'nosuchset'" \
    "990 f * int x:flags(nosuchset)"
bad missing_length syscalls.abi "buf: length argument 'len' does not exist" \
    "990 g * int buf:in(len)"
bad handler_shape syscalls.abi "handler read is shared with read" \
    "990 read_twin=read * ssize fd:fd"
bad bad_personality syscalls.abi "bad personality list '16'" \
    "990 h 16 int"
bad struct_missing_in_pers syscalls.abi "st: stat is not defined for rv32" \
    "990 k * int st:sout(stat)"
bad pointer_result syscalls.abi "a result cannot be of pointer kind 'path'" \
    "990 p * path"
bad unknown_member_type process.abi "@+1 unknown type 'bogus_t'" \
    "struct broken" "    bogus_t x" "end"
bad missing_end process.abi "@last missing 'end' for the block opened at line" \
    "struct unterminated" "    int x"
bad bad_scalar types.abi "impossible size/alignment 3/2 for rv32" \
    "scalar odd signed 3/2 4/4 4/4"
bad host_with_pointer process.abi "@+1 host_ptr has host= but member p holds a user address" \
    "struct host_ptr host=\"struct timespec\"" "    ptr p" "end"
bad self_contained process.abi "loop contains itself" \
    "struct loop" "    struct loop inner" "end"
bad union_needs_keyword process.abi "@+1 'timespec' is a struct: write 'struct timespec'" \
    "struct wrong" "    timespec t" "end"
bad bad_array process.abi "@+1 bad array length in 'x[1/2]' (N, or N/N/N for rv32/rv64/rv128)" \
    "struct arr" "    int x[1/2]" "end"
bad control_char syscalls.abi "control character in the line" \
    "$(printf '990 ctl * int\001')"

# make stops when the specification is bad (the library is not built)
rm -rf "$tmp/w" "$tmp/b"
mkdir -p "$tmp/w"
cp -r abi "$tmp/w/abi"
echo "990 frob * int x:frobnicate" >> "$tmp/w/abi/syscalls.abi"
if make -s BUILD="$tmp/b" ABI_DIR="$tmp/w/abi" ZL_ABIGEN="$GEN" "$tmp/b/lib/libzl-abi.a" \
        >"$tmp/make.log" 2>&1; then
    echo "FAIL make_stops: make succeeded with a bad specification"
elif ! grep -qF "$tmp/w/abi/syscalls.abi:" "$tmp/make.log" || [ -e "$tmp/b/gen/.stamp" ] ||
        [ -e "$tmp/b/lib/libzl-abi.a" ]; then
    echo "FAIL make_stops: $(head -n 3 "$tmp/make.log" | tr '\n' '|')"
else
    echo "PASS make_stops"
fi

# docs/syscalls.md is committed: it must be exactly what the specification generates
if ! "$GEN" --spec abi --docs "$tmp/syscalls.md" 2>"$tmp/err"; then
    echo "FAIL docs_current: $(head -n 3 "$tmp/err" | tr '\n' '|')"
elif ! cmp -s docs/syscalls.md "$tmp/syscalls.md"; then
    echo "FAIL docs_current: docs/syscalls.md is out of date; run 'make abi-docs'"
else
    echo "PASS docs_current"
fi

# the same specification gives the same files
"$GEN" --spec abi --out "$tmp/g1" && "$GEN" --spec abi --out "$tmp/g2"
if diff -r "$tmp/g1" "$tmp/g2" >/dev/null; then
    echo "PASS reproducible"
else
    echo "FAIL reproducible: two runs differ"
fi
