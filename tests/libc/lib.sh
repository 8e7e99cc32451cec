# Shared by the tests/libc/*_test.sh scripts (sourced; bash): building a test program with
# the Debian RISC-V cross gcc against zlibc (the sysroot of `make libc`).
# Needs: BUILD (build directory).
ZLIBC_SYS=$BUILD/lib/zl
ZLIBC_GCC=riscv64-linux-gnu-gcc

# zlibc_gcc_build XLEN SRC OUT [CFLAGS...]: compile SRC for rv64 or rv32 with zlibc's
# headers and link it with crt1.o and libc.a.  rv64 takes GCC's -lgcc; at rv32 Debian's
# cross gcc has no libgcc, and libzlrt (zl-cc's runtime, src/cc/rt) stands in for it.
zlibc_gcc_build() {
    local x=$1 src=$2 out=$3 a rt
    shift 3
    if [ "$x" = 64 ]; then a="-march=rv64gc -mabi=lp64d"; rt=-lgcc
    else a="-march=rv32gc -mabi=ilp32d"; rt=$ZLIBC_SYS/rv32/lib/libzlrt.a; fi
    $ZLIBC_GCC $a -std=c11 -O2 -w -nostdinc -isystem "$($ZLIBC_GCC -print-file-name=include)" \
        -I"$ZLIBC_SYS/rv$x/include" -fno-builtin -ffreestanding "$@" -c "$src" -o "$out.o" &&
    $ZLIBC_GCC $a -static -nostdlib -o "$out" "$ZLIBC_SYS/rv$x/lib/crt1.o" "$out.o" \
        "$ZLIBC_SYS/rv$x/lib/libc.a" $rt
}

# zlibc_check_run ID EXE BUILD-COMMAND...: runs the build command, then EXE under zl-run;
# prints PASS ID if both succeed (exit status 0), else FAIL ID with the first error or the
# lines of the program's output that contain FAILED; a line "skipped ..." of the program
# becomes a SKIP line.  Needs: ZL_BIN, tmp (a scratch
# directory), tmo (the time limit of one run, in seconds).
zlibc_check_run() {
    local id=$1 exe=$2 rc
    shift 2
    if ! "$@" >"$tmp/err" 2>&1; then
        echo "FAIL $id: $(grep -m1 'error' "$tmp/err" || head -n1 "$tmp/err")"
        return
    fi
    timeout "$tmo" "$ZL_BIN/zl-run" "$exe" >"$tmp/out" 2>&1
    rc=$?
    if [ $rc -ne 0 ]; then
        echo "FAIL $id: exit status $rc: $(grep FAILED "$tmp/out" | tr '\n' ';' | head -c 300)"
    else
        echo "PASS $id"
        # checks the program could not make here ("skipped <what>: <why>") are said so
        grep '^skipped ' "$tmp/out" | sed "s|^skipped |SKIP $id: |"
    fi
}
