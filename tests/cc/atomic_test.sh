#!/usr/bin/env bash
# The instructions zl-cc emits for atomics (single-threaded runs cannot show atomicity):
# `zl-cc -S` of _Atomic operators and 1-/2-byte builtins at each XLEN must show the AMO,
# LR/SC and fence instructions docs/cc.md ("Atomics") describes, and accesses without a
# lock-free instruction must be diagnosed.  ~1 s.
set -u
. "$ZL_ROOT/tests/cc/lib.sh"
cct_require_zlcc cc/atomic
T=$(mktemp -d /tmp/cc-atomic.XXXXXX)
trap 'rm -rf "$T"' EXIT
status=0

# asm_has ID XLEN 'C source' REGEX...: every extended regex matches the -O1 assembly
asm_has() {
    local id=$1 x=$2 src=$3; shift 3
    printf '%s\n' "$src" >"$T/a.c"
    if ! "$ZLCC" -m"$x" -O1 -S -o "$T/a.s" "$T/a.c" >"$T/err" 2>&1; then
        echo "FAIL cc/atomic/$id@m$x: $(head -n1 "$T/err")"; status=1; return
    fi
    for re in "$@"; do
        if ! grep -Eq "$re" "$T/a.s"; then
            echo "FAIL cc/atomic/$id@m$x: no match for /$re/ in the assembly"; status=1; return
        fi
    done
    echo "PASS cc/atomic/$id@m$x"
}

# asm_lacks ID XLEN 'C source' REGEX: the regex does not match
asm_lacks() {
    local id=$1 x=$2 src=$3 re=$4
    printf '%s\n' "$src" >"$T/a.c"
    if ! "$ZLCC" -m"$x" -O1 -S -o "$T/a.s" "$T/a.c" >"$T/err" 2>&1; then
        echo "FAIL cc/atomic/$id@m$x: $(head -n1 "$T/err")"; status=1; return
    fi
    if grep -Eq "$re" "$T/a.s"; then
        echo "FAIL cc/atomic/$id@m$x: /$re/ matches the assembly"; status=1; return
    fi
    echo "PASS cc/atomic/$id@m$x"
}

# rejects ID XLEN 'C source' 'message part': compile error mentioning the message
rejects() {
    local id=$1 x=$2 src=$3 msg=$4
    printf '%s\n' "$src" >"$T/a.c"
    rm -f "$T/a.o"
    if "$ZLCC" -m"$x" -c -o "$T/a.o" "$T/a.c" >"$T/err" 2>&1; then
        echo "FAIL cc/atomic/$id@m$x: accepted"; status=1; return
    fi
    if [ -e "$T/a.o" ] || ! grep -q "a.c:[0-9]*:[0-9]*: error: .*$msg" "$T/err"; then
        echo "FAIL cc/atomic/$id@m$x: $(head -n1 "$T/err")"; status=1; return
    fi
    echo "PASS cc/atomic/$id@m$x"
}

NL=$'\n'
for x in 128 64 32; do
    # read-modify-write on a register-sized or smaller integer: one AMO, no loop
    asm_has inc-amo $x '_Atomic int a; int f(void) { return a++; }' 'amoadd\.w\.aqrl'
    asm_lacks inc-no-lr $x '_Atomic int a; int f(void) { return ++a; }' 'lr\.w'
    asm_has opassign-amo $x "_Atomic unsigned a;${NL}void f(unsigned v) { a &= v; a |= 1; a ^= v; a -= v; }" \
        'amoand\.w\.aqrl' 'amoor\.w\.aqrl' 'amoxor\.w\.aqrl' 'amoadd\.w\.aqrl'
    asm_has ptr-amo $x 'int *_Atomic p; void f(void) { p += 3; p--; }' 'amoadd\.[wdq]\.aqrl'
    # loads and stores: fences on both sides
    asm_has load-store $x '_Atomic int a; int f(void) { a = 5; return a; }' \
        'fence rw,rw' 'sw .*' 'lw .*'
    # other compound operators, floating point, _Bool: compare-and-swap loop
    asm_has cas-loop $x '_Atomic int a; void f(int v) { a *= v; a <<= 2; }' 'lr\.w\.aqrl' 'sc\.w\.aqrl' 'mulw?'
    asm_has cas-float $x '_Atomic float a; void f(void) { a += 1.5f; }' 'lr\.w\.aqrl' 'sc\.w\.aqrl' 'fadd\.s'
    # floating-point arithmetic in the loop: a failed iteration's exception flags are discarded
    asm_has cas-fflags $x '_Atomic int a; void f(double d) { a += d; }' 'frflags' 'fsflags'
    asm_lacks cas-int-no-fflags $x '_Atomic int a; void f(int v) { a *= v; }' 'flags'
    # 1- and 2-byte objects: LR/SC on the aligned word with a mask
    asm_has sub-word $x "_Atomic short h; _Atomic char c; _Atomic _Bool b;${NL}void f(void) { h++; c -= 2; b = !b; }" \
        'andi a5, a5, -4' 'lr\.w\.aqrl' 'sc\.w\.aqrl'
    asm_has builtin-byte $x "char c; short s;${NL}int f(void) { return __atomic_fetch_or(&c, 1, 5) + __sync_val_compare_and_swap(&s, 1, 2) + __atomic_test_and_set(&c, 5); }" \
        'lr\.w\.aqrl' 'sc\.w\.aqrl'
    asm_lacks no-libatomic $x "char c; _Atomic short s; int f(void) { s++; return __atomic_add_fetch(&c, 1, 5); }" 'call'
    # a 4-byte _Atomic struct: aligned to 4, read and assigned as one word between fences
    asm_has struct-word $x "struct P { short a, b; };${NL}_Atomic struct P s; struct P t;${NL}void f(void) { s = t; t = s; }${NL}_Static_assert(_Alignof(_Atomic struct P) == 4, \"align\");" \
        'fence rw,rw' 'sw ' 'lw '
    # no lock-free instruction: diagnosed, no libatomic call
    rejects struct $x "struct S { int a, b, c; };${NL}_Atomic struct S s, t;${NL}void f(void) { s = t; }" 'no lock-free instruction'
done
for x in 64 32; do
    rejects int128-builtin $x "__int128 d;${NL}void f(void) { __atomic_fetch_add(&d, 1, 5); }" 'no lock-free instruction on rv'
done
asm_has q-amo 128 '_Atomic __int128 q; void f(void) { q += 7; }' 'amoadd\.q\.aqrl'
asm_has d-amo 64 '_Atomic long long q; void f(void) { q -= 7; }' 'amoadd\.d\.aqrl'
asm_has ld-cas 128 '_Atomic long double x; void f(void) { x *= 3; }' 'lr\.q\.aqrl' 'sc\.q\.aqrl' '__multf3'
rejects llong 32 "_Atomic long long q;${NL}void f(void) { q++; }" 'no lock-free instruction on rv32'
rejects double 32 "_Atomic double q;${NL}double f(void) { return q; }" 'no lock-free instruction on rv32'
rejects ldouble 64 "_Atomic long double q;${NL}void f(void) { q = 1; }" 'no lock-free instruction on rv64'
exit $status
