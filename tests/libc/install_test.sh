#!/usr/bin/env bash
# `make install` (issue: zlibc installs into the sysroot layout zl-cc searches by default):
# install into a temporary prefix, then build a program that uses stdio, math and time
# zones with the installed zl-cc at every XLEN — no -I/-L options, but the -lm -lpthread …
# that build systems add — and run it with the
# installed zl-run.  Budget: ~10 s of CPU.
set -u
cd "${ZL_ROOT:-.}"
BUILD=${BUILD:-build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if ! make -s BUILD="$BUILD" install PREFIX="$tmp/prefix" >"$tmp/make.log" 2>&1; then
    echo "FAIL install: make install: $(grep -m1 -E 'error|Error|No such' "$tmp/make.log")"; exit 1
fi
cat >"$tmp/p.c" <<'C'
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(void)
{
    setenv("TZ", "UTC", 1);
    tzset();
    time_t t = 86400;
    struct tm tm;
    localtime_r(&t, &tm);
    char b[32];
    strftime(b, sizeof b, "%F %Z", &tm);
    printf("%s %.6f %.6Lf %d\n", b, sqrt(2.0), expl(1.0L), (int)(sizeof(long) * 8));
    return 0;
}
C
for x in 128 64 32; do
    # (the link names build systems add resolve to the installed empty archives)
    if ! "$tmp/prefix/bin/zl-cc" -m$x -o "$tmp/p$x" "$tmp/p.c" -lm -lpthread -lrt -ldl -lutil \
            -lresolv -lcrypt -lxnet >"$tmp/err" 2>&1; then
        echo "FAIL install rv$x: installed zl-cc: $(head -1 "$tmp/err")"; continue
    fi
    got=$("$tmp/prefix/bin/zl-run" "$tmp/p$x" 2>&1)
    want="1970-01-02 UTC 1.414214 2.718282 $([ $x = 32 ] && echo 32 || echo $x)"
    if [ "$got" = "$want" ]; then echo "PASS install rv$x"
    else echo "FAIL install rv$x: '$got', want '$want'"; fi
done
# the systemd binfmt.d file names the installed zl-run and claims rv128 only
conf=$tmp/prefix/lib/binfmt.d/zl-run.conf
if [ "$(grep -c ':zl-riscv128:M::' "$conf" 2>/dev/null)" = 1 ] && [ "$(wc -l < "$conf")" = 1 ] &&
   grep -q ":$tmp/prefix/bin/zl-run:FP\$" "$conf"; then
    echo "PASS install binfmt.d"
else
    echo "FAIL install binfmt.d: $(head -c 200 "$conf" 2>&1)"
fi
# a man page per installed tool
n=0; for t in "$tmp"/prefix/bin/zl-*; do [ -f "$tmp/prefix/share/man/man1/${t##*/}.1" ] || n=$((n + 1)); done
[ $n = 0 ] && echo "PASS install man pages" || echo "FAIL install man pages: $n tools without one"
