#!/usr/bin/env bash
# Thread-local storage (docs/cc.md "Thread-local storage", docs/abi.md 3.10):
# - tests/cc/tls/main.c + other.c by zl-cc at -m128/-m64/-m32, -O0 and -O2, static and
#   static PIE, run under zl-run against zlibc: values, writes, addresses, alignment (the
#   program says "FAILED ..." and exits 1 for a wrong one); the tp offsets it prints must
#   equal the linker's STT_TLS symbol values (an executable's are offsets in PT_TLS);
# - the code: local-exec for objects defined in the unit, initial-exec for extern ones;
#   .tdata/.tbss flags and STT_TLS symbols in the object; zlibc's errno thread-local;
# - GCC interop (rv64 and rv32): riscv64-linux-gnu-gcc -O2 -c with -fno-pic (IE for
#   extern), -fPIE and -fpic (general-dynamic, zlibc's __tls_get_addr) for one unit, zl-cc
#   for the other, in both directions, linked by zl-cc/zl-ld against zlibc; run under zl-run
#   and qemu-riscv64/32 with the same output;
# - every case of tests/cc/tls/bad.txt: the located error, status 1, no object.
set -u
. "$ZL_ROOT/tests/cc/lib.sh"
. "$ZL_ROOT/tests/lib/need.sh"
cct_require_zlcc cc/tls
T=$(mktemp -d /tmp/cc-tls.XXXXXX)
trap 'rm -rf "$T"' EXIT
tmo=$((30 * ${ZL_TIME_SCALE:-1}))
D=$CCT_DIR/tls
READELF=$ZL_BIN/zl-readelf

# check_offsets ID EXE OUT: every "off NAME N" line of OUT must match NAME's st_value.
check_offsets() {
    local id=$1 exe=$2 out=$3 name off val bad=
    "$READELF" -s "$exe" >"$T/syms" 2>&1 || { echo "FAIL $id: zl-readelf -s failed"; return 1; }
    while read -r _ name off; do
        val=$(awk -v n="$name" '$4 == "TLS" && $8 == n { print $2; exit }' "$T/syms")
        if [ -z "$val" ]; then bad="$bad $name:no-STT_TLS-symbol"
        elif [ $((16#$val)) -ne "$off" ]; then bad="$bad $name:tp+$off,st_value=0x$val"; fi
    done < <(grep '^off ' "$out")
    [ -z "$bad" ] || { echo "FAIL $id: tp offsets differ from the linker's:$bad"; return 1; }
    grep -q '^off ' "$out" || { echo "FAIL $id: the program printed no offsets"; return 1; }
}

# run_check ID EXE: runs EXE under zl-run; PASS if it exits 0 with "tls: ok" and its
# offsets agree with the symbol table.  Leaves the output in $T/ID.out.
run_check() {
    local id=$1 exe=$2 o="$T/${1//\//_}.out"
    timeout "$tmo" "$ZLRUN" "$exe" >"$o" 2>&1
    local rc=$?
    if [ $rc -ne 0 ] || ! grep -q '^tls: ok$' "$o"; then
        echo "FAIL $id: exit status $rc: $(grep -m3 -e FAILED -e rror "$o" | tr '\n' ';')"
        return 1
    fi
    check_offsets "$id" "$exe" "$o" && echo "PASS $id"
}

for x in 128 64 32; do
    for opt in -O0 -O2; do
        for link in static static-pie; do
            id=cc/tls/run@m$x$opt/$link
            lf=; [ $link = static-pie ] && lf="-static-pie -fPIE"
            if ! timeout "$tmo" "$ZLCC" -m$x $opt $lf -Wall -Werror -o "$T/t" "$D/main.c" "$D/other.c" >"$T/err" 2>&1; then
                echo "FAIL $id: $(head -n1 "$T/err")"
                continue
            fi
            run_check "$id" "$T/t"
        done
    done
    # the models in the code and the object's sections and symbols
    id=cc/tls/code@m$x
    if ! "$ZLCC" -m$x -O2 -S -o "$T/m.s" "$D/main.c" 2>"$T/err" ||
       ! "$ZLCC" -m$x -O2 -S -o "$T/o.s" "$D/other.c" 2>>"$T/err" ||
       ! "$ZLCC" -m$x -O2 -c -o "$T/m.o" "$D/main.c" 2>>"$T/err"; then
        echo "FAIL $id: $(head -n1 "$T/err")"
    else
        why=
        grep -q 'lui [a-z0-9]*, %tprel_hi(t_int)' "$T/m.s" || why="$why no local-exec for t_int;"
        grep -q 'add [a-z0-9]*, [a-z0-9]*, tp, %tprel_add(t_long)' "$T/m.s" || why="$why no %tprel_add for t_long;"
        grep -q 'la.tls.ie [a-z0-9]*, o_int' "$T/m.s" || why="$why no initial-exec for extern o_int;"
        grep -q 'tprel_hi(o_' "$T/m.s" && why="$why local-exec used for an extern object;"
        grep -q 'la.tls.ie [a-z0-9]*, t_int' "$T/o.s" || why="$why other.c: no initial-exec for t_int;"
        "$READELF" -W -S -s -r "$T/m.o" >"$T/ro" 2>&1
        grep -Eq '\.tdata +PROGBITS.* WAT ' "$T/ro" || why="$why .tdata not PROGBITS WAT;"
        grep -Eq '\.tbss +NOBITS.* WAT ' "$T/ro" || why="$why .tbss not NOBITS WAT;"
        grep -Eq ' TLS +GLOBAL +DEFAULT +[0-9]+ t_int$' "$T/ro" || why="$why t_int not a defined STT_TLS;"
        grep -Eq ' TLS +GLOBAL +DEFAULT +UND o_int$' "$T/ro" || why="$why o_int not an undefined STT_TLS;"
        for r in R_RISCV_TPREL_HI20 R_RISCV_TPREL_ADD R_RISCV_TPREL_LO12_I R_RISCV_TLS_GOT_HI20; do
            grep -q "$r" "$T/ro" || why="$why no $r;"
        done
        if [ -n "$why" ]; then echo "FAIL $id:$why"; else echo "PASS $id"; fi
    fi
    # zlibc's errno is thread-local
    id=cc/tls/errno@m$x
    printf '#include <errno.h>\nint main(void) { errno = 0; return errno; }\n' >"$T/e.c"
    if ! "$ZLCC" -m$x -o "$T/e" "$T/e.c" >"$T/err" 2>&1; then
        echo "FAIL $id: $(head -n1 "$T/err")"
    elif ! "$READELF" -s "$T/e" | grep -Eq ' TLS +LOCAL +DEFAULT +[0-9]+ errno_value$'; then
        echo "FAIL $id: errno_value is not an STT_TLS symbol of the executable"
    elif ! timeout "$tmo" "$ZLRUN" "$T/e"; then
        echo "FAIL $id: exit status $?"
    else
        echo "PASS $id"
    fi
done

# GCC interop: one unit from the cross gcc, the other from zl-cc, linked by zl-ld.
if need_cross_oracles cc/tls/gcc; then
    GCC=riscv64-linux-gnu-gcc
    for x in 64 32; do
        a=RV_MARCH_$x; a=${!a}
        gflags="$a -std=c11 -O2 -w -nostdinc -isystem $($GCC -print-file-name=include) -I$ZL_BIN/../lib/zl/rv$x/include -fno-builtin -ffreestanding"
        for pic in -fno-pic -fPIE -fpic; do
            for gunit in other main; do
                zunit=main; [ $gunit = main ] && zunit=other
                id=cc/tls/gcc@rv$x$pic/gcc-$gunit
                if ! $GCC $gflags $pic -c -o "$T/g.o" "$D/$gunit.c" >"$T/err" 2>&1 ||
                   ! "$ZLCC" -m$x -O2 -c -o "$T/z.o" "$D/$zunit.c" >>"$T/err" 2>&1 ||
                   ! "$ZLCC" -m$x -o "$T/gz" "$T/z.o" "$T/g.o" >>"$T/err" 2>&1; then
                    echo "FAIL $id: $(grep -m1 -i error "$T/err" || head -n1 "$T/err")"
                    continue
                fi
                run_check "$id" "$T/gz" >"$T/res"
                if grep -q '^PASS' "$T/res"; then
                    timeout "$tmo" qemu-riscv$x "$T/gz" >"$T/qemu.out" 2>&1
                    if ! cmp -s "$T/qemu.out" "$T/${id//\//_}.out"; then
                        echo "FAIL $id: output differs from qemu-riscv$x's: $(diff "$T/qemu.out" "$T/${id//\//_}.out" | head -n3 | tr '\n' ';')"
                        continue
                    fi
                fi
                cat "$T/res"
            done
        done
    done
fi

# bad input: located errors, status 1, no object
n=0
while IFS='|' read -r src want; do
    case $src in '#'*|'') continue ;; esac
    n=$((n + 1))
    id=cc/tls/bad/$n
    printf '%s\n' "$src" >"$T/b.c"
    rm -f "$T/b.o"
    "$ZLCC" -m128 -c -o "$T/b.o" "$T/b.c" >"$T/err" 2>&1
    rc=$?
    if [ $rc -ne 1 ]; then echo "FAIL $id: status $rc for: $src"
    elif [ -e "$T/b.o" ]; then echo "FAIL $id: an object was written for: $src"
    elif ! head -n1 "$T/err" | grep -qF "b.c:1:$want"; then
        echo "FAIL $id: expected 'b.c:1:$want', got: $(head -n1 "$T/err")"
    else echo "PASS $id"; fi
done <"$D/bad.txt"
