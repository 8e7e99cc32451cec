#!/usr/bin/env bash
# zl-size (script test, PASS/FAIL lines).
#  1. ELF32/ELF64 inputs made by riscv64-linux-gnu-gcc (objects, archives, a static glibc
#     program, a shared library) and by zl-cc -m64/-m32: output and exit status identical
#     to riscv64-linux-gnu-size's for each option set below.
#  2. ELFCLASS128 objects from zl-cc -m128: the Berkeley sums agree with the section table.
#  3. Bad input: missing, directory, empty, garbage, truncated -> message, exit 1.
# Budget: about 5 s.
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
. tests/lib/binutils.sh
bu_tool size cc
SZ=$BIN/zl-size

# ------------------------------------------------------------------ 1. GNU comparison
OPTS=("" "-A" "-B" "-d" "-o" "-x" "-t" "-A -x" "-A -o" "-t -o" "-t -x" "--format=sysv"
    "--format=berkeley" "--radix=16" "--radix=8" "--totals -d")
if bu_gnu_inputs; then
    bu_zl_inputs || fail "size inputs" "zl-cc could not compile the samples"
    all=()
    for f in "${GNU_FILES[@]}" "${ZL_FILES[@]}"; do all+=("$(basename "$f")"); done
    for opts in "${OPTS[@]}"; do
        bu_same "size gnu" riscv64-linux-gnu-size "$SZ" "$opts" "${all[*]}" syms64.o lib32.a
    done
else
    fail "size gnu" "cannot install riscv64 gcc/binutils"
fi

# ------------------------------------------------------------------ 2. ELFCLASS128
# Berkeley text/data/bss against the sums of zl-size -A over the alloc sections that
# zl-readelf shows (text: AX or A without W; data: WA PROGBITS; bss: WA NOBITS).
if [ -f "$tmp/z128.o" ] && bu_tool readelf; then
    for f in z128.o z128b.o; do
        t=0 d=0 b=0
        while read -r _ _ type _ _ size _ flags _; do
            case $flags in *A*) ;; *) continue ;; esac
            if [[ $flags == *X* || $flags != *W* ]]; then t=$((t + 0x$size))
            elif [ "$type" = NOBITS ]; then b=$((b + 0x$size))
            else d=$((d + 0x$size)); fi
        done < <("$BIN/zl-readelf" -SW "$tmp/$f" | grep -E '^  \[ *[0-9]+\] ' | sed 's/\[ */[/')
        want="$t $d $b"
        got=$(bu_run "$SZ" "$f" | awk 'NR == 2 { print $1, $2, $3 }')
        if [ -n "$want" ] && [ "$want" = "$got" ]; then pass "size rv128 $f"
        else fail "size rv128 $f" "want '$want' got '$got'"; fi
    done
    out=$(bu_run "$SZ" -A -x z128.o)
    if printf '%s\n' "$out" | grep -qE '^\.text +0x[0-9a-f]+ +0x0$' &&
        printf '%s\n' "$out" | grep -qE '^Total +0x[0-9a-f]+$'; then pass "size rv128 -A"
    else fail "size rv128 -A" "$out"; fi
else
    fail "size rv128" "zl-cc -m128 failed"
fi

# ------------------------------------------------------------------ 3. bad input
bu_bad size
