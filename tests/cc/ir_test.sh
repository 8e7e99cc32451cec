#!/usr/bin/env bash
# The IR text (docs/cc.md, "IR text"):
#  - golden: tests/cc/ir/NAME.ir through one pass (zl-cc -x ir -fpass=PASS -S) must give
#    tests/cc/ir/NAME.PASS.expected exactly;
#  - bad: each tests/cc/ir/bad/NAME.ir names its error in a line "; ERROR: LINE: TEXT";
#    zl-cc must print "NAME.ir:LINE: error: TEXT...", exit 1 and write no output;
#  - options: -fdump-ir=STAGE[=stderr] and -fpass=NAME, accepted and refused; a dump in
#    SSA form (stage gvn: phis) read back at -O0 and -O2;
#  - round trip: every program of tests/cc/progs dumped at -fdump-ir=lower, read back
#    with -x ir, gives the assembly of the direct compile (-O2), each program at one of
#    -m128, -m64 and -m32 in turn (CC_IR_ALL=1: at all three).
# Environment: CC_IR_ONLY (a glob of program names, default all), CC_IR_MODELS
# (default "128 64 32"), CC_IR_ALL.
set -u
. "$ZL_ROOT/tests/cc/lib.sh"
cct_require_zlcc cc/ir
T=$(mktemp -d /tmp/cc-ir.XXXXXX)
trap 'rm -rf "$T"' EXIT
tmo=$((30 * ${ZL_TIME_SCALE:-1}))
IRDIR=$CCT_DIR/ir

for want in "$IRDIR"/*.*.expected; do
    [ -f "$want" ] || continue
    base=${want##*/}; base=${base%.expected}
    name=${base%.*}; pass=${base##*.}
    id=cc/ir/$name.$pass
    xlen=$(sed -n 's/^target rv\([0-9]*\).*/\1/p' "$IRDIR/$name.ir")
    if ! timeout "$tmo" "$ZLCC" -m"$xlen" -x ir -fpass="$pass" -S -o "$T/out" "$IRDIR/$name.ir" 2>"$T/err"; then
        echo "FAIL $id: $(head -n1 "$T/err")"
    elif ! cmp -s "$want" "$T/out"; then
        echo "FAIL $id: $(cct_first_diff "$want" "$T/out")"
    else
        echo "PASS $id"
    fi
done

for bad in "$IRDIR"/bad/*.ir; do
    [ -f "$bad" ] || continue
    n=${bad##*/}
    id=cc/ir/bad/${n%.ir}
    spec=$(sed -n 's/^; ERROR: //p' "$bad")
    want="$n:${spec%%: *}: error: ${spec#*: }"
    rm -f "$T/bad.s"
    (cd "$IRDIR/bad" && timeout "$tmo" "$ZLCC" -m64 -S -o "$T/bad.s" "$n") >"$T/out" 2>"$T/err"
    rc=$?
    if [ -z "$spec" ]; then
        echo "FAIL $id: no '; ERROR: LINE: TEXT' line"
    elif [ "$rc" != 1 ]; then
        echo "FAIL $id: exit status $rc, want 1: $(head -n1 "$T/err")"
    elif ! grep -qF "$want" "$T/err"; then
        echo "FAIL $id: want '$want', got '$(head -n1 "$T/err")'"
    elif [ -e "$T/bad.s" ]; then
        echo "FAIL $id: an output file was written"
    else
        echo "PASS $id"
    fi
done

# the options: unknown stages and passes are errors; STAGE=stderr; a -O0 dump has no
# -O1 pass in it
opt_case() {   # ID WANT_RC GREP_IN_STDERR ARGS...
    local id=$1 want=$2 pat=$3 rc
    shift 3
    (cd "$T" && timeout "$tmo" "$ZLCC" "$@") >"$T/out" 2>"$T/err"
    rc=$?
    if [ "$rc" != "$want" ]; then
        echo "FAIL cc/ir/opt/$id: exit status $rc, want $want: $(head -n1 "$T/err")"
    elif ! grep -q -- "$pat" "$T/err"; then
        echo "FAIL cc/ir/opt/$id: no '$pat' on stderr"
    else
        echo "PASS cc/ir/opt/$id"
    fi
}
printf 'int f(int x) { return x * 8; }\n' >"$T/f.c"
opt_case bad-stage 1 "unknown IR stage" -S -fdump-ir=nosuch f.c
opt_case bad-pass 1 "unknown IR pass" -x ir -fpass=nosuch -S f.c
opt_case stderr 0 "shl.4s %1 #3" -m64 -O1 -S -fdump-ir=fold=stderr f.c
opt_case missing 1 "No such file" -x ir -S nosuch.ir
# a signed add is marked no-overflow (`s`), except with -fwrapv or on unsigned types
printf 'int f(int x) { return x + 5; }\nunsigned g(unsigned x) { return x + 5; }\n' >"$T/f.c"
opt_case nsw 0 "= add.4s %1 #5" -m64 -O1 -S -fdump-ir=fold=stderr f.c
if (cd "$T" && "$ZLCC" -m64 -O1 -S -fwrapv -fdump-ir=fold=stderr f.c 2>&1 >/dev/null | grep -q 'add.4s'); then
    echo "FAIL cc/ir/opt/wrapv: an add marked s with -fwrapv"
else
    echo "PASS cc/ir/opt/wrapv"
fi
if [ "$(cd "$T" && "$ZLCC" -m64 -O1 -S -fdump-ir=fold=stderr f.c 2>&1 >/dev/null | grep -c 'add.4s')" = 1 ]; then
    echo "PASS cc/ir/opt/nsw-unsigned"
else
    echo "FAIL cc/ir/opt/nsw-unsigned: want exactly one add.4s (int, not unsigned)"
fi
# a condition `x != 0` / `x == 0` tests x itself: the comparison inside
# __builtin_expect (`(n + 1 <= 1u) != 0`) is the branch, not a 0/1 value tested again
printf 'int f(long n) { if (__builtin_expect(((unsigned long)n + 1 <= 1u) != 0, 0)) return 3; return (n < 5) == 0 ? 4 : 6; }\n' >"$T/f.c"
(cd "$T" && "$ZLCC" -m64 -O0 -S -fdump-ir=lower=stderr f.c) 2>"$T/err" >/dev/null
if grep -qE 'slt|xor' "$T/err" || [ "$(grep -c 'bcmp' "$T/err")" != 2 ]; then
    echo "FAIL cc/ir/opt/cond-ne-zero: want two bcmp and no slt/xor in: $(grep -E 'slt|xor|bcmp|br ' "$T/err" | tr '\n' ';')"
else
    echo "PASS cc/ir/opt/cond-ne-zero"
fi
# a condition made of ?: and comma parts (Lua's luaV_fastgeti) branches on each part:
# no 0/1 value is made and tested
printf 'int g(int *p, int k) { int *s; if (!p ? (s = 0, 0) : (s = p + k, (long)(*s != 0))) return *s; return -1; }\n' >"$T/f.c"
(cd "$T" && "$ZLCC" -m64 -O0 -S -fdump-ir=lower=stderr f.c) 2>"$T/err" >/dev/null
if grep -qE 'slt|xor|seqz|snez' "$T/err"; then
    echo "FAIL cc/ir/opt/cond-parts: a 0/1 value is made: $(grep -E 'slt|xor|seqz|snez|br |bcmp' "$T/err" | tr '\n' ';')"
else
    echo "PASS cc/ir/opt/cond-parts"
fi
# a switch: five or more cases spanning at most 8 values per case are a jump table, at
# every level; sparse cases are a binary search (here 8 cases: 3 comparisons on the way
# to any of them, at most 4 in all)
printf 'int d(int x) { switch (x) { case 1: return 4; case 2: return 9; case 3: return 1; case 5: return 7; case 8: return 3; } return 0; }\n' >"$T/f.c"
for o in -O0 -O2; do
    (cd "$T" && "$ZLCC" -m64 $o -S -fdump-ir=lower=stderr f.c) 2>"$T/err" >/dev/null
    if grep -q 'jtab %[0-9]* table(@[0-9]*, @[0-9]*, @[0-9]*, @[0-9]*, @[0-9]*, @[0-9]*, @[0-9]*, @[0-9]*)' "$T/err"; then
        echo "PASS cc/ir/opt/switch-table$o"
    else
        echo "FAIL cc/ir/opt/switch-table$o: no 8-entry jtab in: $(grep -E 'jtab|bcmp' "$T/err" | tr '\n' ';')"
    fi
done
printf 'int s(int x) { switch (x) { case 1: return 4; case 20: return 9; case 300: return 1; case 4000: return 7; case 50000: return 3; case 600000: return 2; case 7000000: return 5; case 80000000: return 6; } return 0; }\n' >"$T/f.c"
(cd "$T" && "$ZLCC" -m64 -O0 -S -fdump-ir=lower=stderr f.c) 2>"$T/err" >/dev/null
if grep -q 'jtab' "$T/err" || [ "$(grep -c 'bcmp' "$T/err")" != 11 ] || [ "$(grep -c 'bcmp.*#2 ' "$T/err")" != 3 ]; then
    echo "FAIL cc/ir/opt/switch-search: want 3 bcmp < and 8 bcmp == and no jtab in: $(grep -E 'jtab|bcmp' "$T/err" | tr '\n' ';')"
else
    echo "PASS cc/ir/opt/switch-search"
fi
# volatile accesses carry the `v` mark (members and bit-fields of a volatile struct,
# the words of a wide value too), and loadreuse keeps every one of them
printf 'volatile struct { int a; int b:3; } s;\nvolatile __int128 w;\nint h(void) { return s.a + s.a + s.b + s.b + (int)w + (int)w; }\n' >"$T/f.c"
(cd "$T" && "$ZLCC" -m64 -O2 -S -fdump-ir=lower=stderr -o f.s f.c) 2>"$T/err" >/dev/null
if [ "$(grep -c 'load.4v\|load.8v' "$T/err")" != 8 ] || [ "$(grep -c 'l[wd]	\|l[wd] ' "$T/f.s")" != 8 ]; then
    echo "FAIL cc/ir/opt/volatile: want 8 volatile loads in the IR and the assembly: $(grep -c 'load.4v\|load.8v' "$T/err"), $(grep -c 'l[wd]	\|l[wd] ' "$T/f.s")"
else
    echo "PASS cc/ir/opt/volatile"
fi
# functions are compiled in the order of their definitions, so a static helper defined
# before its caller is inlined even when the caller's prototype (a header's) comes first
printf 'int api(int x);\nstatic int helper(int x) { return x * 3 + 1; }\nint api(int x) { return helper(x) + 2; }\n' >"$T/f.c"
(cd "$T" && "$ZLCC" -m64 -O2 -S -fdump-ir=inline=stderr f.c) 2>"$T/err" >/dev/null
if awk '/^function "api"/,/^end/' "$T/err" | grep -q 'call callee "helper"' || ! grep -q '^function "api"' "$T/err"; then
    echo "FAIL cc/ir/opt/definition-order: helper is not inlined into api"
else
    echo "PASS cc/ir/opt/definition-order"
fi
printf 'int f(int x) { return x * 8; }\n' >"$T/f.c"
rm -f "$T"/f.c.*.ir
(cd "$T" && "$ZLCC" -m64 -O0 -S -fdump-ir=fold -fdump-ir=unreachable f.c) 2>/dev/null
if grep -q '^function' "$T/f.c.unreachable.ir" 2>/dev/null && ! grep -q '^function' "$T/f.c.fold.ir" 2>/dev/null; then
    echo "PASS cc/ir/opt/O0-stages"
else
    echo "FAIL cc/ir/opt/O0-stages: at -O0 unreachable runs and fold does not"
fi

# a dump taken in SSA form (between the passes ssa and ssa_out: phis) reads back and
# compiles at -O0 (out of SSA form first) and -O2, at every XLEN
for x in 128 64 32; do
    rm -f "$T"/opt_ssa.c.gvn.ir
    (cd "$T" && timeout "$tmo" "$ZLCC" -m$x -O2 -S -fdump-ir=gvn -o ssa.s "$CCT_PROGS/opt_ssa.c") >/dev/null 2>&1
    if ! grep -q '= phi from(' "$T/opt_ssa.c.gvn.ir" 2>/dev/null; then
        echo "FAIL cc/ir/opt/ssa-dump@m$x: no phi in the gvn stage's dump"
        continue
    fi
    for o in -O0 -O2; do
        if (cd "$T" && timeout "$tmo" "$ZLCC" -m$x $o -S -o ssa_read.s opt_ssa.c.gvn.ir) >/dev/null 2>"$T/err"; then
            echo "PASS cc/ir/opt/ssa-dump$o@m$x"
        else
            echo "FAIL cc/ir/opt/ssa-dump$o@m$x: $(head -n1 "$T/err")"
        fi
    done
done

# one program at one XLEN; prints its PASS/FAIL line
round_trip() {
    local x=$1 src=$2 n d id
    n=${src##*/}; n=${n%.c}
    d=$T/rt.$n.$x
    id=cc/ir/roundtrip/$n@m$x
    mkdir -p "$d"
    if ! (cd "$d" && timeout "$tmo" "$ZLCC" -m"$x" -O2 -S -fdump-ir=lower -o direct.s "$src" >err 2>&1); then
        echo "SKIP $id: does not compile directly"
    elif ! (cd "$d" && timeout "$tmo" "$ZLCC" -m"$x" -O2 -S -o read.s "$n.c.lower.ir" >err 2>&1); then
        echo "FAIL $id: -x ir: $(head -n1 "$d/err")"
    elif ! cmp -s "$d/direct.s" "$d/read.s"; then
        echo "FAIL $id: $(cct_first_diff "$d/direct.s" "$d/read.s")"
    else
        echo "PASS $id"
    fi
    rm -rf "$d"
}
export -f round_trip cct_first_diff
export T ZLCC tmo
# By default each program is tried at one XLEN, the three taken in turn (make check's
# budget); CC_IR_ALL=1 tries every program at every XLEN of CC_IR_MODELS.
models=(${CC_IR_MODELS:-128 64 32})
i=0
for src in "$CCT_PROGS"/${CC_IR_ONLY:-*}.c; do
    [ -f "$src" ] || continue
    if [ "${CC_IR_ALL:-0}" = 1 ]; then
        for x in "${models[@]}"; do printf '%s %s\n' "$x" "$src"; done
    else
        printf '%s %s\n' "${models[i % ${#models[@]}]}" "$src"
    fi
    i=$((i + 1))
done | xargs -r -P 2 -n 2 bash -c 'round_trip "$1" "$2"' _ | sort -k2
