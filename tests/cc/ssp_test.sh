#!/usr/bin/env bash
# zl-cc -fstack-protector[-strong|-all] (docs/cc.md): which functions get a canary (GCC's
# choice per level), that an overrun of a local buffer is caught by zlibc's
# __stack_chk_fail (SIGABRT, "stack smashing detected") at every XLEN, and that protected
# functions still return every kind of value (programs of tests/cc/progs at -all).
# Budget: ~15 s of CPU.
set -u
. "${ZL_ROOT:-.}/tests/cc/lib.sh"
cct_require_zlcc ssp
T=$(mktemp -d /tmp/cc-ssp.XXXXXX)
trap 'rm -rf "$T"' EXIT

cat >"$T/levels.c" <<'C'
int ints(int i) { int a[4] = {1, 2, 3, 4}; return a[i & 3]; }
int chars(int i) { char b[16] = "abcdefghijklmno"; return b[i & 15]; }
int small(int i) { char b[4] = "abc"; return b[i & 3]; }
int addr(int *p) { int x = *p; int *q = &x; return *q + 1; }
int plain(int a, int b) { return a * b + 1; }
C
protected() { # level -> the names of protected functions, sorted
    "$ZLCC" -m64 -O1 $1 -S -o - "$T/levels.c" |
        awk '/^[a-z]+:$/ { f = substr($1, 1, length($1) - 1) } /__stack_chk_guard/ { p[f] = 1 }
             END { for (f in p) print f }' | sort | tr '\n' ' '
}
check_level() { # flag expected
    local got
    got=$(protected "$1")
    if [ "$got" = "$2" ]; then echo "PASS ssp/levels ${1:-none}"
    else echo "FAIL ssp/levels ${1:-none}: protected '$got', want '$2'"; fi
}
check_level "" ""
check_level -fstack-protector "chars "
check_level -fstack-protector-strong "addr chars ints small "
check_level -fstack-protector-all "addr chars ints plain small "
check_level "-fstack-protector-all -fno-stack-protector" ""

if echo __SSP_STRONG__ | "$ZLCC" -fstack-protector-strong -E -x c - 2>/dev/null | grep -qx 2; then
    echo "PASS ssp/macro __SSP_STRONG__"
else
    echo "FAIL ssp/macro: __SSP_STRONG__ is not 2 with -fstack-protector-strong"
fi

cat >"$T/smash.c" <<'C'
#include <stdio.h>
#include <string.h>
static int copy(const char *s) { char b[8]; strcpy(b, s); return puts(b); }
int main(int argc, char **argv) { copy(argc > 1 ? argv[1] : "ok"); return 0; }
C
long=$(printf 'A%.0s' $(seq 200))
for x in 128 64 32; do
    id=ssp/smash@m$x
    if ! "$ZLCC" -m$x -O1 -fstack-protector -o "$T/smash$x" "$T/smash.c" >"$T/err" 2>&1; then
        echo "FAIL $id: build: $(head -1 "$T/err")"; continue
    fi
    out=$("$ZLRUN" "$T/smash$x" 2>&1); rc=$?
    if [ $rc -ne 0 ] || [ "$out" != ok ]; then
        echo "FAIL $id: short input: exit $rc, output '$out'"; continue
    fi
    rc=$( { "$ZLRUN" "$T/smash$x" "$long" >"$T/out" 2>&1; echo $?; } 2>/dev/null)
    if [ $rc -eq 134 ] && grep -q 'stack smashing detected' "$T/out"; then echo "PASS $id"
    else echo "FAIL $id: overrun: exit $rc (want 134, SIGABRT), output: $(head -c 200 "$T/out")"; fi
done

# Protected functions return ints, doubles, structs and long doubles intact.
for p in struct_pass float_arith longdouble varargs many_args recursion; do
    for x in 128 64; do
        id=ssp/progs/$p@m$x
        want=$CCT_PROGS/$p.expected
        [ -f "$want" ] || want=$CCT_PROGS/$p.$(cct_model_of $x).expected
        if ! "$ZLCC" -m$x -O1 -w -fstack-protector-all -o "$T/p" "$CCT_PROGS/$p.c" >"$T/err" 2>&1; then
            echo "FAIL $id: build: $(head -1 "$T/err")"; continue
        fi
        if "$ZLRUN" "$T/p" >"$T/out" 2>&1 && cmp -s "$T/out" "$want"; then echo "PASS $id"
        else echo "FAIL $id: output differs from $(basename "$want")"; fi
    done
done
