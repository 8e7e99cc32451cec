#!/usr/bin/env bash
# zlibc tests (docs/libc.md).  Each tests/libc/src/t_*.c is built three times with the
# Debian RISC-V cross gcc: against zlibc for rv64 and rv32 (the sysroot of `make libc`; the rv64
# library itself is compiled by zl-cc, so this is also a zl-cc/GCC interoperability test) and
# against glibc (-static, rv64).  All three run under zl-run; the zlibc outputs must equal
# glibc's byte for byte (the programs print only results that the C standard or POSIX fix,
# in width-neutral types).  Also: the rv128 build of libc/arch/riscv (crt1, syscall,
# setjmp) assembled by zl-as and run statically and as a static PIE.
# Budget: ~30 s of CPU (compiles dominate).  Nothing is written to the repository.
set -u
cd "${ZL_ROOT:-.}"
BUILD=${BUILD:-build}
ZL_BIN=${ZL_BIN:-$PWD/$BUILD/bin}
source tests/lib/need.sh
source tests/libc/lib.sh
if ! need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu; then
    echo "SKIP libc: riscv64-linux-gnu-gcc is not installed and cannot be installed"
    exit 0
fi
# t_time reads the zone files of the tzdata package (installed here if missing: need_file
# says so on stderr).
have_tzdata=1
need_file /usr/share/zoneinfo/America/New_York tzdata || have_tzdata=
# t_wchar's glibc reference needs the host's C.UTF-8 locale files (Debian: libc-bin, which
# every Debian system has).
wchar_skip=
if [ ! -e /usr/lib/locale/C.utf8/LC_CTYPE ] && [ ! -e /usr/lib/locale/C.UTF-8/LC_CTYPE ]; then
    wchar_skip="the host has no C.UTF-8 locale for the glibc reference"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! make -s BUILD="$BUILD" libc libc-asm128 >"$tmp/make.log" 2>&1; then
    echo "FAIL libc build: $(grep -m1 -E 'error|Error' "$tmp/make.log")"
    exit 1
fi
SYS=$BUILD/lib/zl
GCC=riscv64-linux-gnu-gcc
RUN="$ZL_BIN/zl-run"

# rv128 with zl-cc: zlibc built by `make libc128`, each program compiled by zl-cc -m128
# and compared with the same glibc output.  t_string and t_printf are left out: their
# strto*/ll cases are LP64 values (long long is 128-bit under LP128).
ZLCC="$ZL_BIN/zl-cc"
have128=
if [ ! -x "$ZLCC" ]; then
    echo "SKIP libc rv128 programs: $ZLCC is not built yet"
elif ! make -s BUILD="$BUILD" LIBC_CC_128="$ZLCC -m128" libc128 >"$tmp/make128.log" 2>&1; then
    echo "FAIL libc128 build (zl-cc): $(grep -m1 -E 'error' "$tmp/make128.log")"
else
    have128=1
fi

# One program, in files of its own under $tmp/NAME: the glibc reference, then zlibc at
# rv64 and rv32 (cross gcc) and at rv128 (zl-cc), each compared with the reference.  Two
# programs run at a time (the machine's two cores); the lines are printed in order after.
check_prog() {
    local src=$1 name x d first arg
    name=$(basename "$src" .c)
    if [ "$name" = t_time ] && [ -z "$have_tzdata" ]; then
        echo "SKIP t_time: /usr/share/zoneinfo is missing and tzdata cannot be installed"
        return
    fi
    if [ "$name" = t_wchar ] && [ -n "$wchar_skip" ]; then
        echo "SKIP t_wchar: $wchar_skip"
        return
    fi
    mkdir -p "$tmp/$name"
    if ! $GCC -std=gnu11 -O2 -w -static -o "$tmp/$name/glibc" "$src" -lm 2>"$tmp/$name/glibc.err"; then
        echo "FAIL $name: glibc build: $(head -1 "$tmp/$name/glibc.err")"
        return
    fi
    mkdir -p "$tmp/$name/wd-glibc"
    (cd "$tmp/$name/wd-glibc" && "$RUN" "$tmp/$name/glibc" >"$tmp/$name/glibc.out" 2>&1)
    echo "exit $?" >>"$tmp/$name/glibc.out"
    for x in 64 32; do
        if ! zlibc_gcc_build $x "$src" "$tmp/$name/zl$x" 2>"$tmp/$name/zl$x.err"; then
            echo "FAIL $name rv$x: build: $(grep -m1 -E 'error|undefined' "$tmp/$name/zl$x.err")"
            continue
        fi
        mkdir -p "$tmp/$name/wd-$x"
        (cd "$tmp/$name/wd-$x" && "$RUN" "$tmp/$name/zl$x" >"$tmp/$name/zl$x.out" 2>&1)
        echo "exit $?" >>"$tmp/$name/zl$x.out"
        if [ "$x" = 32 ] && ! cmp -s "$tmp/$name/glibc.out" "$tmp/$name/zl$x.out" &&
           (cd "$tmp/$name/wd-$x" && "$RUN" --strace "$tmp/$name/zl$x" 2>&1 >/dev/null) |
               grep -q '^[0-9]* waitid(.*= -1 ENOSYS'; then
            # waitpid on rv32 needs waitid (riscv32 Linux has no wait4).
            echo "SKIP $name rv32: zl-run answers ENOSYS to the rv32 waitid call"
            continue
        fi
        if cmp -s "$tmp/$name/glibc.out" "$tmp/$name/zl$x.out"; then
            echo "PASS $name rv$x ($(wc -l <"$tmp/$name/zl$x.out") lines identical to glibc)"
        else
            d=$(diff "$tmp/$name/glibc.out" "$tmp/$name/zl$x.out" | grep -c '^[<>]')
            first=$(diff "$tmp/$name/glibc.out" "$tmp/$name/zl$x.out" | grep -m2 '^[<>]' | tr '\n' ' ')
            echo "FAIL $name rv$x: $d differing lines vs glibc; first: $first"
            [ -n "${ZL_LIBC_KEEP:-}" ] && cp "$tmp/$name/glibc.out" "$tmp/$name/zl$x.out" "$ZL_LIBC_KEEP/" 2>/dev/null
        fi
    done
    [ -n "$have128" ] || return
    case $name in t_string|t_printf) return ;; esac
    arg=; [ "$name" = t_malloc ] && arg=4000   # interpreted 128-bit code: fewer rounds
    if ! "$ZLCC" -m128 -O1 -nostdinc -isystem "$BUILD/lib/zl/include" -I"$SYS/rv128/include" \
            -c "$src" -o "$tmp/$name/zl128.o" 2>"$tmp/$name/zl128.err" ||
       ! "$ZL_BIN/zl-ld" -o "$tmp/$name/zl128" "$SYS/rv128/lib/crt1.o" "$tmp/$name/zl128.o" \
            "$SYS/rv128/lib/libc.a" $(ls "$SYS/rv128/lib/libzlrt.a" 2>/dev/null) 2>>"$tmp/$name/zl128.err"; then
        echo "FAIL $name rv128: build: $(grep -m1 -E 'error|undefined' "$tmp/$name/zl128.err")"
        return
    fi
    mkdir -p "$tmp/$name/wd-128"
    (cd "$tmp/$name/wd-128" && "$RUN" "$tmp/$name/zl128" $arg >"$tmp/$name/zl128.out" 2>&1)
    echo "exit $?" >>"$tmp/$name/zl128.out"
    if cmp -s "$tmp/$name/glibc.out" "$tmp/$name/zl128.out"; then
        echo "PASS $name rv128 ($(wc -l <"$tmp/$name/zl128.out") lines identical to glibc)"
    else
        first=$(diff "$tmp/$name/glibc.out" "$tmp/$name/zl128.out" | grep -m2 '^[<>]' | tr '\n' ' ')
        echo "FAIL $name rv128: differs from glibc; first: $first"
        [ -n "${ZL_LIBC_KEEP:-}" ] && cp "$tmp/$name/glibc.out" "$tmp/$name/zl128.out" "$ZL_LIBC_KEEP/" 2>/dev/null
    fi
}
export -f check_prog zlibc_gcc_build
export tmp SYS GCC RUN ZLCC have128 have_tzdata wchar_skip BUILD ZL_BIN ZLIBC_SYS ZLIBC_GCC
export ZL_LIBC_KEEP=${ZL_LIBC_KEEP:-}
mkdir -p "$tmp/res"
n=0
for src in tests/libc/src/t_*.c; do
    n=$((n + 1))
    printf '%03d %s\n' "$n" "$src"
done > "$tmp/work"
xargs -P 2 -L 1 bash -c 'check_prog "$1" > "$tmp/res/$0"' < "$tmp/work"
cat "$tmp"/res/*
if [ "$(ls "$tmp/res" | wc -l)" != "$n" ]; then
    echo "FAIL libc runner: $(ls "$tmp/res" | wc -l) results for $n programs"
fi

# rv128: the assembly parts, with zl-as/zl-ld, run by zl-run (exit status argc + 2 = 5).
if "$ZL_BIN/zl-as" -m128 tests/libc/asm128_main.s -o "$tmp/m128.o" 2>"$tmp/as.err"; then
    for mode in no-pie pie; do
        if "$ZL_BIN/zl-ld" -$mode -o "$tmp/a128-$mode" "$BUILD/obj/libc128/arch/crt1.o" \
                "$BUILD/obj/libc128/arch/syscall.o" "$BUILD/obj/libc128/arch/setjmp.o" "$tmp/m128.o" 2>"$tmp/ld.err"; then
            out=$("$RUN" "$tmp/a128-$mode" a b)
            rc=$?
            if [ "$rc" = 5 ] && [ "$out" = "hello rv128!" ]; then
                echo "PASS rv128 asm crt1/syscall/setjmp ($mode)"
            else
                echo "FAIL rv128 asm ($mode): exit $rc, output '$out'"
            fi
        else
            echo "FAIL rv128 asm link ($mode): $(head -1 "$tmp/ld.err")"
        fi
    done
else
    echo "FAIL rv128 asm: $(head -1 "$tmp/as.err")"
fi
