#!/usr/bin/env bash
# TLS relocations in zl-as and zl-ld at every XLEN (docs/abi.md 3.10, docs/ld.md "TLS"):
# - tests/ld/tls/tls_asm.S (%tprel_hi/%tprel_add/%tprel_lo in I and S form, with addends and
#   against a local symbol, %tls_ie_pcrel_hi + %pcrel_lo, la.tls.ie) assembled by zl-as at
#   -m128/-m64/-m32: the object's relocations, section flags and symbol types, the XLEN's
#   GOT load (lq/ld/lw); linked by zl-ld with tls_main.c (zl-cc, zlibc) and run under
#   zl-run: the assembly reaches the objects the compiler does;
# - rv64/rv32: the same source assembled by GNU as (-mno-relax) disassembles the same as
#   zl-as's object, and GNU's object linked by zl-ld runs right, as under qemu;
# - bad input: a TLS relocation against an ordinary symbol (same file: zl-as refuses it;
#   other file, ordinary or STT_TLS outside a TLS section: zl-ld refuses it), an ordinary
#   relocation against a TLS symbol, an undefined TLS symbol: an error naming
#   the symbol, status 1, no output, never a crash.
set -u
ROOT=${ZL_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$ROOT" || exit 1
BUILD=${BUILD:-build}
case $BUILD in /*) BIN=${ZL_BIN:-$BUILD/bin} ;; *) BIN=${ZL_BIN:-$ROOT/$BUILD/bin} ;; esac
. "$ROOT/tests/lib/need.sh"
CC=$BIN/zl-cc AS=$BIN/zl-as LD=$BIN/zl-ld RUN=$BIN/zl-run READELF=$BIN/zl-readelf OBJDUMP=$BIN/zl-objdump
for t in "$CC" "$AS" "$LD" "$RUN" "$READELF" "$OBJDUMP"; do
    [ -x "$t" ] || { echo "FAIL ld/tls: $t missing"; exit 1; }
done
D=$ROOT/tests/ld/tls
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tmo=$((30 * ${ZL_TIME_SCALE:-1}))

# run_ok ID EXE: PASS if EXE exits 0 under zl-run saying "tls asm: ok"
run_ok() {
    timeout "$tmo" "$RUN" "$2" >"$tmp/out" 2>&1
    local rc=$?
    if [ $rc -ne 0 ] || ! grep -q '^tls asm: ok$' "$tmp/out"; then
        echo "FAIL $1: exit status $rc: $(grep -m3 -e FAILED -e rror "$tmp/out" | tr '\n' ';')"
        return 1
    fi
    echo "PASS $1"
}

for x in 128 64 32; do
    case $x in 128) load=lq ;; 64) load=ld ;; 32) load=lw ;; esac
    id=ld/tls/asm-object@rv$x
    if ! "$CC" -m$x -c -o "$tmp/a$x.o" "$D/tls_asm.S" >"$tmp/err" 2>&1; then
        echo "FAIL $id: $(head -n1 "$tmp/err")"
        continue
    fi
    "$READELF" -W -S -s -r "$tmp/a$x.o" >"$tmp/ro" 2>&1
    "$OBJDUMP" -d "$tmp/a$x.o" >"$tmp/dis" 2>&1
    why=
    for r in R_RISCV_TPREL_HI20 R_RISCV_TPREL_ADD R_RISCV_TPREL_LO12_I R_RISCV_TPREL_LO12_S \
             R_RISCV_TLS_GOT_HI20 R_RISCV_PCREL_LO12_I; do
        grep -q " $r " "$tmp/ro" || why="$why no $r;"
    done
    grep -Eq 'R_RISCV_TPREL_LO12_S +[0-9a-f]+ +a_bss \+ c$' "$tmp/ro" || why="$why no a_bss+12 addend on the S form;"
    grep -Eq '\.tdata +PROGBITS .* WAT ' "$tmp/ro" || why="$why .tdata not PROGBITS WAT;"
    grep -Eq '\.tbss +NOBITS .* WAT ' "$tmp/ro" || why="$why .tbss not NOBITS WAT;"
    grep -Eq ' TLS +GLOBAL +DEFAULT +[0-9]+ a_le$' "$tmp/ro" || why="$why a_le not STT_TLS;"
    grep -Eq ' TLS +GLOBAL +DEFAULT +UND c_var$' "$tmp/ro" || why="$why undefined c_var not STT_TLS;"
    [ "$(grep -c "auipc" "$tmp/dis")" -ge 3 ] || why="$why fewer than 3 auipc;"
    [ "$(grep -A1 auipc "$tmp/dis" | grep -Ec "	$load	a[05],0\(a[05]\)")" -eq 3 ] || why="$why not 3 $load of GOT slots;"
    if [ -n "$why" ]; then echo "FAIL $id:$why"; else echo "PASS $id"; fi
    id=ld/tls/asm-run@rv$x
    if ! "$CC" -m$x -o "$tmp/a$x" "$D/tls_main.c" "$tmp/a$x.o" >"$tmp/err" 2>&1; then
        echo "FAIL $id: $(head -n1 "$tmp/err")"
    else
        run_ok "$id" "$tmp/a$x"
    fi
done

# GNU as: the same object, and zl-ld links it
if need_cross_oracles ld/tls/gnu; then
    for x in 64 32; do
        a=RV_MARCH_$x; a=${!a}
        id=ld/tls/gnu-as-same@rv$x
        if ! riscv64-linux-gnu-gcc $a -mno-relax -c -o "$tmp/g$x.o" "$D/tls_asm.S" >"$tmp/err" 2>&1; then
            echo "FAIL $id: $(head -n1 "$tmp/err")"
            continue
        fi
        for f in g a; do
            riscv64-linux-gnu-objdump -dr -s -j .text -j .tdata "$tmp/$f$x.o" | tail -n +4 >"$tmp/$f.dis"
        done
        if ! cmp -s "$tmp/g.dis" "$tmp/a.dis"; then
            echo "FAIL $id: $(diff "$tmp/g.dis" "$tmp/a.dis" | head -n4 | tr '\n' ';')"
        else
            echo "PASS $id"
        fi
        id=ld/tls/gnu-as-run@rv$x
        if ! "$CC" -m$x -o "$tmp/g$x" "$D/tls_main.c" "$tmp/g$x.o" >"$tmp/err" 2>&1; then
            echo "FAIL $id: $(head -n1 "$tmp/err")"
        elif run_ok "$id" "$tmp/g$x" >"$tmp/res"; then
            timeout "$tmo" qemu-riscv$x "$tmp/g$x" >"$tmp/qemu.out" 2>&1
            if cmp -s "$tmp/qemu.out" "$tmp/out"; then cat "$tmp/res"
            else echo "FAIL $id: qemu-riscv$x's output differs: $(head -n2 "$tmp/qemu.out" | tr '\n' ';')"; fi
        else
            cat "$tmp/res"
        fi
    done
fi

# bad input
start=$'\t.globl _start\n_start:\n'
tprel=$'\tlui a0, %tprel_hi(plain)\n\tadd a0, a0, tp, %tprel_add(plain)\n\tsw a0, %tprel_lo(plain)(a0)\n\tla.tls.ie a1, plain\n'
tbss=$'\t.section .tbss,"awT",@nobits\ntv:\t.zero 4\n'
# bad_as ID SRC MESSAGE: zl-as must refuse SRC with MESSAGE, status 1, no object
bad_as() {
    printf '%s' "$2" >"$tmp/b.s"
    rm -f "$tmp/b.o"
    "$AS" -m$x -o "$tmp/b.o" "$tmp/b.s" >"$tmp/err" 2>&1
    local rc=$?
    if [ $rc -ne 1 ]; then echo "FAIL $1: status $rc: $(head -n2 "$tmp/err" | tr '\n' ';')"
    elif [ -e "$tmp/b.o" ]; then echo "FAIL $1: an object was written"
    elif ! grep -qF "$3" "$tmp/err"; then echo "FAIL $1: no '$3' in: $(head -n2 "$tmp/err" | tr '\n' ';')"
    else echo "PASS $1"; fi
}
# bad_ld ID MESSAGE SRC...: the sources assemble; zl-ld must refuse them likewise
bad_ld() {
    local id=$1 msg=$2 objs=() i=0
    shift 2
    for s in "$@"; do
        i=$((i + 1))
        printf '%s' "$s" >"$tmp/b$i.s"
        "$AS" -m$x -o "$tmp/b$i.o" "$tmp/b$i.s" >"$tmp/err" 2>&1 ||
            { echo "FAIL $id: zl-as: $(head -n1 "$tmp/err")"; return; }
        objs+=("$tmp/b$i.o")
    done
    rm -f "$tmp/b.out"
    "$LD" -m elf${x}lriscv -o "$tmp/b.out" "${objs[@]}" >"$tmp/err" 2>&1
    local rc=$?
    if [ $rc -ne 1 ]; then echo "FAIL $id: status $rc: $(head -n2 "$tmp/err" | tr '\n' ';')"
    elif [ -e "$tmp/b.out" ]; then echo "FAIL $id: an output was written"
    elif ! grep -qF "$msg" "$tmp/err"; then echo "FAIL $id: no '$msg' in: $(head -n2 "$tmp/err" | tr '\n' ';')"
    else echo "PASS $id"; fi
}
for x in 128 64 32; do
    bad_as ld/tls/bad/as-plain-local@rv$x "$start$tprel"$'\t.data\nplain:\t.word 1\n'"$tbss" \
        "\`plain' is accessed as a thread-local object but is defined in .data, not in a TLS section"
    bad_ld ld/tls/bad/ld-plain-object@rv$x "non-TLS definition of \`plain' mismatches a TLS reference" \
        "$start$tprel$tbss" $'\t.data\n\t.globl plain\n\t.type plain, @object\nplain:\t.word 1\n'
    bad_ld ld/tls/bad/ld-tls-outside-tls-section@rv$x \
        "relocation R_RISCV_TPREL_HI20 against \`plain': the symbol is not a thread-local variable" \
        "$start$tprel$tbss" $'\t.data\n\t.globl plain\n\t.type plain, @tls_object\nplain:\t.word 1\n'
    bad_ld ld/tls/bad/ld-got-outside-tls-section@rv$x \
        "relocation R_RISCV_TLS_GOT_HI20 against \`plain': the symbol is not a thread-local variable" \
        "$start$tprel$tbss" $'\t.data\n\t.globl plain\n\t.type plain, @tls_object\nplain:\t.word 1\n'
    bad_ld ld/tls/bad/ld-tls-with-pcrel@rv$x \
        "relocation R_RISCV_PCREL_HI20 against \`tv': a thread-local symbol cannot be used with this relocation" \
        "$start"$'\tlla a0, tv\n\t.section .tbss,"awT",@nobits\n\t.globl tv\n\t.type tv, @tls_object\ntv:\t.zero 4\n'
    bad_ld ld/tls/bad/ld-undefined@rv$x "undefined reference to \`nowhere'" \
        "$start"$'\tla.tls.ie a1, nowhere\n'"$tbss"
done
