#!/usr/bin/env bash
# The link names build systems use (-lm -lpthread -lrt -ldl -lutil -lresolv -lcrypt -lxnet)
# resolve at every XLEN (docs/libc.md, "Build per XLEN"): they are empty archives next to
# libc.a, as in musl.  Each must be a valid archive for the host's ar, and a program using
# sqrt and sin, linked by zl-cc with all of them, must run under zl-run.
set -u
cd "${ZL_ROOT:-.}"
BUILD=${BUILD:-build}
ZL_BIN=${ZL_BIN:-$PWD/$BUILD/bin}
names="m pthread rt dl util resolv crypt xnet"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tmo=$((60 * ${ZL_TIME_SCALE:-1}))
cat >"$tmp/p.c" <<'C'
#include <math.h>
#include <stdio.h>
int main(void)
{
    volatile double x = 2.0;
    printf("%.6f %.6f\n", sqrt(x), sin(x));
    return 0;
}
C
for x in 128 64 32; do
    lib=$BUILD/lib/zl/rv$x/lib
    bad=
    for n in $names; do
        if [ ! -f "$lib/lib$n.a" ]; then bad="$bad lib$n.a missing;"
        elif ! members=$(ar t "$lib/lib$n.a" 2>&1) || [ -n "$members" ]; then
            bad="$bad lib$n.a is not an empty archive for ar ($members);"
        fi
    done
    if [ -n "$bad" ]; then echo "FAIL libc/linknames/ar@rv$x:$bad"; else echo "PASS libc/linknames/ar@rv$x"; fi
    id=libc/linknames/link@rv$x
    if ! timeout "$tmo" "$ZL_BIN/zl-cc" -m$x -o "$tmp/p$x" "$tmp/p.c" $(printf -- '-l%s ' $names) >"$tmp/err" 2>&1; then
        echo "FAIL $id: $(head -n1 "$tmp/err")"
    elif ! got=$(timeout "$tmo" "$ZL_BIN/zl-run" "$tmp/p$x" 2>&1) || [ "$got" != "1.414214 0.909297" ]; then
        echo "FAIL $id: output '$got'"
    else
        echo "PASS $id"
    fi
done
