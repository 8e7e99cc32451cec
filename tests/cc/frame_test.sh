#!/usr/bin/env bash
# The frame-pointer chain (docs/abi.md 3.6, tests/cc/frame_chain.c) at every XLEN with
# zl-cc, and the same program built by GCC -O0 on rv64 as the oracle for the layout;
# slots beyond s0's 12-bit reach (tests/cc/progs/frame_far_slots.c), reached from sp
# where nothing moves it.
# Budget: ~5 s of CPU.
set -u
. "${ZL_ROOT:-.}/tests/cc/lib.sh"
cct_require_zlcc frame
T=$(mktemp -d /tmp/cc-frame.XXXXXX)
trap 'rm -rf "$T"' EXIT
src=$CCT_DIR/frame_chain.c
want="106 107"
for x in 128 64 32; do
    for o in -O0 "-O1 -fno-omit-frame-pointer" "-O2 -fno-omit-frame-pointer"; do
        id=frame/chain@m$x${o// /}
        # shellcheck disable=SC2086
        if ! "$ZLCC" -m$x $o -o "$T/p" "$src" >"$T/err" 2>&1; then
            echo "FAIL $id: build: $(head -1 "$T/err")"; continue
        fi
        got=$("$ZLRUN" "$T/p" 2>&1)
        if [ "$got" = "$want" ]; then echo "PASS $id"; else echo "FAIL $id: '$got', want '$want'"; fi
    done
done
. "$ZL_ROOT/tests/lib/need.sh"
if need_pkg riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu; then
    if riscv64-linux-gnu-gcc -O0 -static -o "$T/g" "$src" 2>"$T/err"; then
        got=$("$ZLRUN" "$T/g" 2>&1)
        if [ "$got" = "$want" ]; then echo "PASS frame/chain-gcc-oracle"
        else echo "FAIL frame/chain-gcc-oracle: GCC's program prints '$got', want '$want'"; fi
    else
        echo "FAIL frame/chain-gcc-oracle: gcc: $(head -1 "$T/err")"
    fi
else
    echo "FAIL frame/chain-gcc-oracle: riscv64-linux-gnu-gcc cannot be installed"
fi
# Slots beyond s0's 12-bit reach: from sp, which no alloca or VLA moves in far_slots
# (no li/add of a large offset), and from s0 in far_slots_vla, whose VLA moves sp.
far=$CCT_DIR/progs/frame_far_slots.c
for x in 128 64 32; do
    id=frame/far-slots@m$x
    if ! "$ZLCC" -m$x -O1 -S -o "$T/far.s" "$far" >"$T/err" 2>&1; then
        echo "FAIL $id: build: $(head -1 "$T/err")"; continue
    fi
    fn() { awk -v f="$1" '$0 == f ":" { on = 1 } on { print } on && /^\t\.size/ { exit }' "$T/far.s"; }
    if fn far_slots | grep -q 'li t2'; then echo "FAIL $id: far_slots reaches a slot through li t2"
    elif ! fn far_slots | grep -qE $'^\taddi [a-z0-9]+, sp, [0-9]+$'; then echo "FAIL $id: far_slots addresses no slot from sp"
    elif ! fn far_slots_vla | grep -qE $'^\tadd [a-z0-9]+, s0, t2$'; then echo "FAIL $id: far_slots_vla reaches no far slot from s0 (its VLA moves sp)"
    else echo "PASS $id"; fi
done
# Nothing is stored below sp: RISC-V has no red zone, and a signal frame may be written
# there at any instruction (rv32 builds a double constant in memory: it moves sp first).
cat >"$T/below.c" <<'SRC'
double scale(double x, int n) { return n > 0 ? x * 3.25 + 1e300 : x - 0.1; }
float half(float x) { return x * 0.5f; }
int main(void) { return scale(half(2.0f), 1) > 0 ? 0 : 1; }
SRC
for x in 128 64 32; do
    for o in -O0 -O2; do
        id=frame/nothing-below-sp@m$x$o
        if ! "$ZLCC" -m$x $o -S -o "$T/below.s" "$T/below.c" >"$T/err" 2>&1; then
            echo "FAIL $id: build: $(head -1 "$T/err")"; continue
        fi
        if bad=$(grep -E -- '-[0-9]+\(sp\)' "$T/below.s"); then echo "FAIL $id: an access below sp: $(echo "$bad" | head -1)"
        elif ! "$ZLCC" -m$x $o -o "$T/below" "$T/below.c" >"$T/err" 2>&1 || ! "$ZLRUN" "$T/below"; then
            echo "FAIL $id: the program does not build or run"
        else echo "PASS $id"; fi
    done
done
# Without a frame pointer (-fomit-frame-pointer, the default from -O1, as GCC): functions
# that call and have frames of a few bytes and of 1.6 KiB reach everything from sp and
# leave s0 alone; -fno-omit-frame-pointer keeps it.  (A frame beyond sp's 12-bit reach
# keeps s0: far_slots above.)
cat >"$T/nofp.c" <<'SRC'
#include <stdio.h>
__attribute__((noinline)) static int sum(const int *p, int n) { int s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }
__attribute__((noinline)) static int big(int n) {
    int buf[400];
    for (int i = 0; i < 400; i++) buf[i] = i * n;
    int a = sum(buf, 400);
    return a + sum(buf + 100, 10);
}
__attribute__((noinline)) static int small(int x) { int v[4] = {x, x + 1, x + 2, x + 3}; return sum(v, 4) + x; }
int main(void) { printf("%d %d\n", big(3), small(5)); return 0; }
SRC
for x in 128 64 32; do
    for o in -O1 -O2 "-O0 -fomit-frame-pointer" "-O2 -fno-omit-frame-pointer"; do
        id=frame/no-frame-pointer@m$x${o// /}
        # shellcheck disable=SC2086
        if ! "$ZLCC" -m$x $o -S -o "$T/nofp.s" "$T/nofp.c" >"$T/err" 2>&1 ||
            ! "$ZLCC" -m$x $o -o "$T/nofp" "$T/nofp.c" >"$T/err" 2>&1; then
            echo "FAIL $id: build: $(head -1 "$T/err")"; continue
        fi
        fn() { awk -v f="$1" '$0 == f ":" { on = 1 } on { print } on && /^\t\.size/ { exit }' "$T/nofp.s"; }
        uses_s0=no
        fn big | grep -q 's0' && uses_s0=yes
        fn small | grep -q 's0' && uses_s0=yes
        want_s0=no
        case $o in *no-omit*) want_s0=yes ;; esac
        got=$("$ZLRUN" "$T/nofp" 2>&1)
        if [ "$got" != "242535 31" ]; then echo "FAIL $id: prints '$got', want '242535 31'"
        elif [ "$uses_s0" != "$want_s0" ]; then echo "FAIL $id: s0 used: $uses_s0, want $want_s0"
        else echo "PASS $id"; fi
    done
done
# Sibling calls (-foptimize-sibling-calls, the default from -O2, as GCC): `return f(x)`
# leaves through the epilogue and `tail`; never when a local's address reaches the callee
# (tests/cc/progs/opt_tailcall.c runs them).
cat >"$T/sib.c" <<'SRC'
long g(long x);
long h(const long *p);
long f(long x) { return g(x + 1); }
long e(long x) { long l = x; return h(&l); }
SRC
for x in 128 64 32; do
    for o in -O2 -O1 "-O1 -foptimize-sibling-calls" "-O2 -fno-optimize-sibling-calls"; do
        id=frame/sibcall@m$x${o// /}
        # shellcheck disable=SC2086
        if ! "$ZLCC" -m$x $o -S -o "$T/sib.s" "$T/sib.c" >"$T/err" 2>&1; then
            echo "FAIL $id: build: $(head -1 "$T/err")"; continue
        fi
        fn() { awk -v f="$1" '$0 == f ":" { on = 1 } on { print } on && /^\t\.size/ { exit }' "$T/sib.s"; }
        want=call
        case $o in -O2|*-foptimize*) want=tail ;; esac
        got=call
        fn f | grep -q $'^\ttail g$' && got=tail
        if [ "$got" != "$want" ]; then echo "FAIL $id: f calls g by $got, want $want"
        elif fn e | grep -q 'tail'; then echo "FAIL $id: e tail-calls h, which reads e's local"
        else echo "PASS $id"; fi
    done
done
