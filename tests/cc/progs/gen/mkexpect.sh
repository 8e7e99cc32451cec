#!/usr/bin/env bash
# Derives the expected outputs of tests/cc/progs from real compilers (see ../README.md).
# Run from the repository root after `make` (needs build/bin/zl-run, the zlibc sysroot in
# build/lib/zl and riscv64-linux-gnu-gcc):
#   bash tests/cc/progs/gen/mkexpect.sh [NAME...]      (default: every program)
# For each program NAME.c:
#   lp64   riscv64-linux-gnu-gcc -O2 -static (glibc), run under zl-run
#   z64    riscv64-linux-gnu-gcc -O0 with zlibc: must equal lp64 (checks zlibc against glibc
#          and that the output does not depend on the optimisation level)
#   ilp32  riscv64-linux-gnu-gcc -march=rv32gc -mabi=ilp32d -O1 with zlibc; for
#          generated programs using __int128 (GCC has none on rv32): the gen.sh emu32
#          variant on rv64, and for the others the emu32 variant must agree with the real one
#          Hand-written programs that GCC cannot build for rv32 (long double needs libgcc's
#          soft-float routines) say "// ILP32: as-lp64": their output does not depend on the
#          data model, so the ilp32 expectation is the lp64 output.
#   lp128  generated programs: the gen.sh emu128 variant on rv64 (glibc);
#          hand-written programs: a "// LP128: same" line means the program does not
#          depend on the data model beyond what LP64 and ILP32 share (lp64 must equal
#          ilp32 and lp128 is that output); "// LP128: manual" means NAME.lp128.expected
#          was written by hand from docs/abi.md and is kept; "// LP128: as-lp64" means the
#          output depends only on whether long is as wide as long long and pointers (it is
#          in LP128 and LP64, not in ILP32), so lp128 is the lp64 output.
# The exit status must be 0, or N for a program containing "// EXIT: N".
set -u
ROOT=$(pwd)
P=$ROOT/tests/cc/progs
RUN=$ROOT/build/bin/zl-run
BUILD=${BUILD:-build}
. "$ROOT/tests/libc/lib.sh"     # zlibc_gcc_build: GCC against zlibc (libzlrt stands in for rv32 libgcc)
GCC=riscv64-linux-gnu-gcc
T=$(mktemp -d /tmp/cc-mkexpect.XXXXXX)
trap 'rm -rf "$T"' EXIT
bash "$P/gen/gen.sh" emu128 "$T/emu128"
bash "$P/gen/gen.sh" emu32 "$T/emu32"
WARN="-w"
status=0

runexe() { # exe outfile -> prints exit status
    timeout 20 "$RUN" "$1" > "$2" 2>&1
    echo $?
}

one() {
    local n=$1 src=$P/$1.c d=$T/$1
    mkdir -p "$d"
    local want=0
    if grep -q '^// EXIT: ' "$src"; then want=$(sed -n 's|^// EXIT: \([0-9]*\).*|\1|p' "$src"); fi
    # lp64, glibc
    $GCC -O2 -static $WARN -o "$d/g64" "$src" 2>"$d/err" || { echo "$n: gcc lp64 failed: $(head -3 "$d/err")"; return 1; }
    local s; s=$(runexe "$d/g64" "$d/lp64")
    [ "$s" = "$want" ] || { echo "$n: lp64 exit $s, want $want"; return 1; }
    # rv64 with zlibc at -O0
    zlibc_gcc_build 64 "$src" "$d/r64" -O0 2>"$d/err" ||
        { echo "$n: gcc with zlibc (rv64) failed: $(head -3 "$d/err")"; return 1; }
    s=$(runexe "$d/r64" "$d/z64")
    cmp -s "$d/lp64" "$d/z64" && [ "$s" = "$want" ] || { echo "$n: zlibc rv64 output or exit ($s) differs from glibc lp64"; return 1; }
    # ilp32
    local real32=0
    if zlibc_gcc_build 32 "$src" "$d/r32" -O1 -fno-tree-loop-distribute-patterns 2>"$d/err"; then
        real32=1
        s=$(runexe "$d/r32" "$d/ilp32")
        [ "$s" = "$want" ] || { echo "$n: ilp32 exit $s, want $want"; return 1; }
    fi
    case $n in
    g_*)
        $GCC -O1 -static $WARN -o "$d/e128" "$T/emu128/$n.c" 2>"$d/err" || { echo "$n: emu128 failed"; return 1; }
        s=$(runexe "$d/e128" "$d/lp128"); [ "$s" = 0 ] || { echo "$n: emu128 exit $s"; return 1; }
        $GCC -O1 -static $WARN -o "$d/e32" "$T/emu32/$n.c" 2>"$d/err" || { echo "$n: emu32 failed"; return 1; }
        s=$(runexe "$d/e32" "$d/emu32"); [ "$s" = 0 ] || { echo "$n: emu32 exit $s"; return 1; }
        if [ $real32 = 1 ]; then
            cmp -s "$d/ilp32" "$d/emu32" || { echo "$n: emu32 differs from real ilp32"; return 1; }
        else
            cp "$d/emu32" "$d/ilp32"
        fi ;;
    *)
        if [ $real32 = 0 ] && grep -q "^// ILP32: as-lp64" "$src"; then
            cp "$d/lp64" "$d/ilp32"; real32=1
        fi
        # "// ILP32: manual": GCC's rv32 output is not the one zl-cc must give (predefined
        # macros GCC lacks, such as _ILP32); NAME.ilp32.expected was written by hand
        if grep -q "^// ILP32: manual" "$src"; then
            [ -f "$P/$n.ilp32.expected" ] || { echo "$n: ILP32 manual but no $n.ilp32.expected"; return 1; }
            cp "$P/$n.ilp32.expected" "$d/ilp32"
        fi
        [ $real32 = 1 ] || { echo "$n: gcc ilp32 failed: $(head -3 "$d/err")"; return 1; }
        if grep -q '^// LP128: manual' "$src"; then
            [ -f "$P/$n.lp128.expected" ] || { echo "$n: LP128 manual but no $n.lp128.expected"; return 1; }
            cp "$P/$n.lp128.expected" "$d/lp128"
        elif grep -q "^// LP128: as-lp64" "$src"; then
            cp "$d/lp64" "$d/lp128"
        elif grep -q "^// LP128: same" "$src"; then
            cmp -s "$d/lp64" "$d/ilp32" || { echo "$n: LP128: same, but lp64 and ilp32 outputs differ"; return 1; }
            cp "$d/lp64" "$d/lp128"
        else
            echo "$n: no '// LP128:' line"; return 1
        fi ;;
    esac
    if cmp -s "$d/lp64" "$d/ilp32" && cmp -s "$d/lp64" "$d/lp128"; then
        cp "$d/lp64" "$P/$n.expected"
        rm -f "$P/$n.lp64.expected" "$P/$n.ilp32.expected"
        grep -q '^// LP128: manual' "$src" || rm -f "$P/$n.lp128.expected"
    else
        rm -f "$P/$n.expected"
        cp "$d/lp64" "$P/$n.lp64.expected"
        cp "$d/ilp32" "$P/$n.ilp32.expected"
        cp "$d/lp128" "$P/$n.lp128.expected"
    fi
    rm -rf "$d"
    return 0
}

if [ $# -gt 0 ]; then names=("$@"); else
    names=(); for f in "$P"/*.c; do b=${f##*/}; names+=("${b%.c}"); done
fi
for n in "${names[@]}"; do
    one "$n" || status=1
done
exit $status
