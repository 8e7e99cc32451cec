#!/usr/bin/env bash
# One author for the kernel's values in zlibc: every name of abi/flags.abi and
# abi/ioctl.abi reaches libc's headers through the generated bits/abi_SET.h (zl-abigen),
# so none may be defined by hand in libc/include or libc/src; and the values a program
# sees are glibc's (tests/libc/consts/values.c built against glibc is the oracle).
set -u
. tests/lib/need.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
tmo=$((20 * ${ZL_TIME_SCALE:-1}))

# The names the spec owns.
awk '/^[ \t]*#/||/^[ \t]*$/{next} $1=="flags"||$1=="enum"{k=$1;next} $1=="end"{next}
     k=="flags"&&$1=="bit"{print $3;next} k=="flags"&&$1=="field"{print $4;next}
     k=="enum"{print $2}' abi/flags.abi > "$tmp/names"
awk '$1=="ioctl"{print $3}' abi/ioctl.abi >> "$tmp/names"
sort -u -o "$tmp/names" "$tmp/names"
by_hand() {   # FILE...: "file:line: text" of each #define of a spec name to a value
    grep -nE '^[[:space:]]*#[[:space:]]*define[[:space:]]+[A-Z_][A-Z0-9_]*[[:space:]]+[-(0-9]' "$@" |
        awk -v names="$tmp/names" 'BEGIN { while ((getline n < names) > 0) own[n] = 1 }
            { t = $0; sub(/^[^#]*#[ \t]*define[ \t]+/, "", t); split(t, w, /[ \t(]/)
              if (w[1] in own) print }'
}
hits=$(by_hand $(find libc/include libc/src -name '*.[ch]'))
if [ -z "$hits" ]; then echo "PASS libc_constants_generated"
else
    echo "FAIL libc_constants_generated: include the generated bits/abi_SET.h instead"
    echo "$hits" | sed 's/^/# /'
fi
printf '#define SA_RESTART 0x10000000\n' > "$tmp/planted.h"
if [ -n "$(by_hand "$tmp/planted.h")" ]; then echo "PASS libc_constants_check_not_vacuous"
else echo "FAIL libc_constants_check_not_vacuous"; fi

# The generated headers are current: the libc sysroot's copy equals what zl-abigen writes.
if "$ZL_BIN/zl-abigen" --spec abi --out "$tmp/gen" &&
   diff -r "$tmp/gen/include/bits" "$BUILD/gen/include/bits" >"$tmp/d" 2>&1 &&
   for x in 32 64 128; do
       for f in "$tmp"/gen/include/bits/*.h; do
           cmp -s "$f" "$BUILD/lib/zl/rv$x/include/bits/${f##*/}" || { echo "rv$x: ${f##*/}"; exit 1; }
       done
   done >"$tmp/d" 2>&1; then
    echo "PASS libc_constants_current"
else
    echo "FAIL libc_constants_current: $(head -c 300 "$tmp/d" | tr '\n' ';')"
fi

# A name two sets share (SIGCHLD: a signal and clone's exit signal) is spelt alike in both
# headers: all of them together compile without a redefinition warning.
for f in "$BUILD"/gen/include/bits/abi_*.h; do echo "#include <bits/${f##*/}>"; done > "$tmp/all.c"
if cc -Werror -fsyntax-only -I"$BUILD/gen/include" "$tmp/all.c" 2>"$tmp/err"; then echo "PASS libc_constants_no_redefinition"
else echo "FAIL libc_constants_no_redefinition: $(grep -m1 -E 'error|warning' "$tmp/err")"; fi

# Values: zlibc at every XLEN against glibc at rv64 (SO_RCVTIMEO/SO_SNDTIMEO are the
# time64 _NEW options at rv32, as in glibc's rv32 ABI).
src=tests/libc/consts/values.c
need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu libc6-dev-riscv64-cross || exit 1
if riscv64-linux-gnu-gcc -static -O1 -o "$tmp/glibc" "$src" 2>"$tmp/err" &&
   timeout "$tmo" "$ZL_BIN/zl-run" "$tmp/glibc" >"$tmp/want"; then
    for x in 32 64 128; do
        id=libc_constants_values_rv$x
        if ! "$ZL_BIN/zl-cc" -m$x -O1 -o "$tmp/z$x" "$src" 2>"$tmp/err"; then
            echo "FAIL $id: $(head -n1 "$tmp/err")"; continue
        fi
        timeout "$tmo" "$ZL_BIN/zl-run" "$tmp/z$x" >"$tmp/got$x" 2>&1
        if [ "$x" = 32 ]; then
            sed -e 's/^SO_RCVTIMEO 66$/SO_RCVTIMEO 20/' -e 's/^SO_SNDTIMEO 67$/SO_SNDTIMEO 21/' \
                "$tmp/got$x" > "$tmp/g"; mv "$tmp/g" "$tmp/got$x"
        fi
        if diff "$tmp/want" "$tmp/got$x" >"$tmp/d"; then echo "PASS $id"
        else echo "FAIL $id: $(grep '^[<>]' "$tmp/d" | head -n 6 | tr '\n' ';')"; fi
    done
else
    echo "FAIL libc_constants_glibc_oracle: $(head -n1 "$tmp/err")"
fi
