#!/usr/bin/env bash
# zl-readelf (script test, PASS/FAIL/SKIP lines).
#
#  1. ELF32/ELF64: the output of zl-readelf -h, -S, -l, -s, -r, -d, each with and without
#     -W, is identical to riscv64-linux-gnu-readelf's for objects made by GNU as/gcc,
#     executables made by GNU ld and by zl-ld (static, static PIE, rv32, rv64), and (-h -S
#     -l -d only: zl-readelf does not print symbol versions) a shared library.
#  2. ELFCLASS128 (objects and executables linked by zl-ld, from build/tests/ld/rv128_test
#     make DIR): the header, 32-digit addresses, the 64/64 r_info split, 128-bit
#     relocation names.
#  3. Bad input: missing file, not ELF, truncated -> "zl-readelf: Error: FILE: reason",
#     exit status 1 (corrupted input in bulk: tests/ld/robust_test.c).
# Budget: about 5 s.
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
BUILD=${BUILD:-build}
BIN=${ZL_BIN:-$ROOT/$BUILD/bin}
. tests/lib/need.sh

RD=$BIN/zl-readelf
LD=$BIN/zl-ld
for t in zl-readelf zl-ld; do
    if [ ! -x "$BIN/$t" ]; then
        make -s BUILD="$BUILD" "$BUILD/bin/$t" >/dev/null 2>&1
    fi
done
if [ ! -x "$RD" ] || [ ! -x "$LD" ]; then
    echo "FAIL readelf: cannot build zl-readelf/zl-ld"
    exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; }

# ------------------------------------------------------------------ 1. GNU comparison
if need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu &&
    need_pkg riscv64-linux-gnu-readelf binutils-riscv64-linux-gnu; then
    CC=riscv64-linux-gnu-gcc
    RE=riscv64-linux-gnu-readelf
    S=tests/ld/src
    G=tests/lib/guest
    files=()
    for class in rv64 rv32; do
        if [ $class = rv64 ]; then M="-march=rv64gc -mabi=lp64d"; else M="-march=rv32imac -mabi=ilp32"; fi
        CF="-O2 -ffreestanding -fcommon -ffunction-sections $M"
        $CC $CF -fno-pie -I$G -c $G/start.S -o "$tmp/start_$class.o" &&
            $CC $CF -fno-pie -c $S/prog.c -o "$tmp/prog_$class.o" &&
            $CC $CF -fno-pie -c $S/lib.c -o "$tmp/lib_$class.o" &&
            $CC $CF -fPIE -c $S/prog.c -o "$tmp/progpie_$class.o" &&
            $CC $CF -fPIE -c $S/lib.c -o "$tmp/libpie_$class.o" &&
            $CC $CF -fPIE -c $S/start_pie.S -o "$tmp/startpie_$class.o" || continue
        E=elf64lriscv
        [ $class = rv32 ] && E=elf32lriscv
        riscv64-linux-gnu-ld -m $E "$tmp/start_$class.o" "$tmp/prog_$class.o" \
            "$tmp/lib_$class.o" -o "$tmp/gnu_$class" 2>/dev/null &&
            files+=("$tmp/gnu_$class")
        "$LD" "$tmp/start_$class.o" "$tmp/prog_$class.o" "$tmp/lib_$class.o" \
            -o "$tmp/zl_$class" && files+=("$tmp/zl_$class")
        "$LD" -pie "$tmp/startpie_$class.o" "$tmp/progpie_$class.o" "$tmp/libpie_$class.o" \
            -o "$tmp/zlpie_$class" && files+=("$tmp/zlpie_$class")
        files+=("$tmp/prog_$class.o")
        [ $class = rv64 ] && files+=("$tmp/progpie_$class.o")
    done
    printf '__thread int t; int x; int f(void){return t + x;}\n' >"$tmp/tls.c"
    $CC -O2 -fPIC -c "$tmp/tls.c" -o "$tmp/tls_pic.o" && files+=("$tmp/tls_pic.o")
    SL=/usr/riscv64-linux-gnu/lib
    for f in "$SL/crt1.o"; do
        [ -f "$f" ] && files+=("$f")
    done
    for f in "${files[@]}"; do
        bad=""
        for w in "" -W; do
            # all options at once (both tools print them in the same order); on a
            # difference, find the options that differ
            if ! diff <("$RD" -h -S -l -d -r -s $w "$f" 2>&1) \
                <($RE -h -S -l -d -r -s $w "$f" 2>&1) >/dev/null; then
                for opt in -h -S -l -s -r -d; do
                    diff <("$RD" $opt $w "$f" 2>&1) <($RE $opt $w "$f" 2>&1) >/dev/null ||
                        bad="$bad $opt$w"
                done
                [ -z "$bad" ] && bad=" (combined options$w)"
            fi
        done
        n=$(basename "$f")
        if [ -z "$bad" ]; then
            pass "match_gnu_$n"
        else
            fail "match_gnu_$n" "output differs for:$bad"
        fi
    done
    if [ -f "$SL/libc.so.6" ]; then
        bad=""
        for w in "" -W; do
            diff <("$RD" -h -S -l -d $w "$SL/libc.so.6" 2>&1) \
                <($RE -h -S -l -d $w "$SL/libc.so.6" 2>&1) >/dev/null || bad="$bad -hSld$w"
        done
        [ -z "$bad" ] && pass match_gnu_libc.so.6 || fail match_gnu_libc.so.6 "differs for:$bad"
    fi
    # archives (regular and thin): every member as "File: ARCHIVE(MEMBER)"
    if [ -f "$tmp/prog_rv64.o" ] && [ -f "$tmp/lib_rv64.o" ]; then
        (cd "$tmp" && ar rcs libx.a prog_rv64.o lib_rv64.o && ar rcT libthin.a prog_rv64.o lib_rv64.o)
        for a in libx.a libthin.a; do
            if diff <("$RD" -h -S -s -r -W "$tmp/$a" 2>&1) <($RE -h -S -s -r -W "$tmp/$a" 2>&1) \
                >/dev/null; then
                pass "match_gnu_$a"
            else
                fail "match_gnu_$a" "output for an archive differs"
            fi
        done
    fi
    # several files: "File: NAME" headers, combined options in GNU's order
    if [ ${#files[@]} -ge 2 ] &&
        diff <("$RD" -lhS "${files[0]}" "${files[1]}" 2>&1) \
            <($RE -lhS "${files[0]}" "${files[1]}" 2>&1) >/dev/null; then
        pass match_gnu_multi_file
    else
        fail match_gnu_multi_file "output for two files with -lhS differs"
    fi
else
    echo "SKIP match_gnu: the GNU RISC-V toolchain is not available"
fi

# ------------------------------------------------------------------ 2. ELFCLASS128
T=$BUILD/tests/ld/rv128_test
[ -x "$T" ] || make -s BUILD="$BUILD" "$T" >/dev/null 2>&1
if [ ! -x "$T" ]; then
    fail elf128 "cannot build $T"
elif ! "$T" make "$tmp" >"$tmp/mk.log" 2>&1; then
    fail elf128 "rv128_test make failed: $(head -2 "$tmp/mk.log" | tr '\n' '|')"
else
    h=$("$RD" -h "$tmp/prog")
    if echo "$h" | grep -q "Class:                             ELF128" &&
        echo "$h" | grep -q "Size of this header:               96 (bytes)" &&
        echo "$h" | grep -q "Size of program headers:           112 (bytes)" &&
        echo "$h" | grep -q "Size of section headers:           112 (bytes)" &&
        echo "$h" | grep -q "Type:                              EXEC (Executable file)"; then
        pass elf128_header
    else
        fail elf128_header "unexpected -h output"
    fi
    # r_info = sym << 64 | type: R_RISCV_128 (0xc0) with a non-zero symbol half
    r=$("$RD" -rW "$tmp/a.o" | awk '$3=="R_RISCV_128"{print $2; exit}')
    if [ ${#r} -eq 32 ] && [ "${r:16}" = "00000000000000c0" ] &&
        [ "${r:0:16}" != "0000000000000000" ] &&
        "$RD" -rW "$tmp/a.o" | grep -q "R_RISCV_ADD128" &&
        "$RD" -rW "$tmp/a.o" | grep -q "R_RISCV_SUB128"; then
        pass elf128_relocs
    else
        fail elf128_relocs "R_RISCV_128 info '$r'"
    fi
    v=$("$RD" -sW "$tmp/progh" | awk '$8=="msg"{print $2}')
    if [ ${#v} -eq 32 ] && [ "${v:0:12}" = "000000000001" ]; then
        pass elf128_symbols_above_2_64
    else
        fail elf128_symbols_above_2_64 "msg = '$v'"
    fi
    l=$("$RD" -lW "$tmp/progh" | awk '$1=="LOAD"{print $3; exit}')
    if [ "$l" = "0x00000000000100000000000000000000" ]; then
        pass elf128_segments
    else
        fail elf128_segments "first LOAD at '$l'"
    fi
    if "$RD" -dW "$tmp/progp" | grep -q "(RELACOUNT)" &&
        "$RD" -rW "$tmp/progp" | grep -q "R_RISCV_RELATIVE" &&
        "$RD" -h "$tmp/progp" | grep -q "DYN (Position-Independent Executable file)"; then
        pass elf128_pie
    else
        fail elf128_pie "PIE dynamic section or relocations missing"
    fi
    ok=1
    for w in "" -W; do
        "$RD" -h -S -l -s -r -d $w "$tmp/prog" "$tmp/a.o" "$tmp/progp" >/dev/null 2>"$tmp/err" || ok=0
        [ -s "$tmp/err" ] && ok=0
    done
    [ $ok = 1 ] && pass elf128_all_options || fail elf128_all_options "an option failed"
fi

# ------------------------------------------------------------------ 3. bad input
"$RD" -h "$tmp/does-not-exist" >/dev/null 2>"$tmp/err"
rc=$?
if [ $rc -eq 1 ] && grep -q "^zl-readelf: Error: $tmp/does-not-exist: No such file or directory" "$tmp/err"; then
    pass error_missing_file
else
    fail error_missing_file "rc=$rc $(cat "$tmp/err")"
fi
echo "hello" >"$tmp/text"
"$RD" -a "$tmp/text" >/dev/null 2>"$tmp/err"
rc=$?
if [ $rc -eq 1 ] && grep -q "^zl-readelf: Error: $tmp/text: not an ELF file" "$tmp/err"; then
    pass error_not_elf
else
    fail error_not_elf "rc=$rc $(cat "$tmp/err")"
fi
src=$tmp/prog
[ -f "$src" ] || src=$LD
head -c 200 "$src" >"$tmp/trunc"
"$RD" -a "$tmp/trunc" >/dev/null 2>"$tmp/err"
rc=$?
if [ $rc -eq 1 ] && grep -q "^zl-readelf: Error: $tmp/trunc: " "$tmp/err"; then
    pass error_truncated
else
    fail error_truncated "rc=$rc $(cat "$tmp/err")"
fi
