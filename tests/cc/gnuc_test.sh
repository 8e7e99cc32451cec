#!/usr/bin/env bash
# GNU C extensions of zl-cc beyond what progs_test.sh checks with tests/cc/progs/gnuc_*.c:
# the symbol sizes of objects whose flexible array member is initialized (as riscv64
# gcc's), gcc's errors for initializing one outside a static object's own struct
# (tests/cc/gnuc/flex_errors.c, compared with the host gcc), and over-aligned locals
# (progs/gnuc_align_locals.c) at -O0 and -O2.
set -u
. "$ZL_ROOT/tests/cc/lib.sh"
cct_require_zlcc cc/gnuc
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
dir=$ZL_ROOT/tests/cc/gnuc

# flexible array member: the ELF symbol sizes include the elements, at each XLEN
# (name=size at -m128, -m64, -m32; long long and pointers are 16 bytes at -m128)
cat > "$tmp/flex.c" <<'SRC'
struct W { int n; int a[]; };
struct S { int n; char s[]; };
struct D { char c; double d[]; };
struct L { short k; long long v[]; };
struct P { char c; void *p[]; };
struct W gw = {4, {1, 2, 3, 4}};
struct W ge = {7};
struct S gs = {1, "abc"};
struct D gd = {'d', {1.5, -2.25}};
struct L gl = {3, {1, -1, 2}};
struct P gp = {1, {&gw, &gs}};
SRC
for x in 128:gw=20,ge=4,gs=8,gd=24,gl=64,gp=48 64:gw=20,ge=4,gs=8,gd=24,gl=32,gp=24 \
         32:gw=20,ge=4,gs=8,gd=24,gl=32,gp=12; do
    m=${x%%:*} want=${x#*:}
    if ! "$ZLCC" -m$m -S -o "$tmp/flex.s" "$tmp/flex.c" 2> "$tmp/err"; then
        echo "FAIL cc/gnuc/flex-size@m$m: $(head -n 1 "$tmp/err")"
        continue
    fi
    got=$(awk '$1 == ".size" { sub(/,$/, "", $2); printf "%s%s=%s", sep, $2, $3; sep = "," }' "$tmp/flex.s")
    if [ "$got" = "$want" ]; then echo "PASS cc/gnuc/flex-size@m$m"
    else echo "FAIL cc/gnuc/flex-size@m$m: got $got, want $want"; fi
done

# the errors, line, column and text as the host gcc's; exit status 1 and no object
pick() { grep -E '^[^ ]+:[0-9]+:[0-9]+: (error|warning): '; }
LC_ALL=C gcc -c -o "$tmp/g.o" "$dir/flex_errors.c" 2>&1 | pick > "$tmp/want"
"$ZLCC" -c -o "$tmp/z.o" "$dir/flex_errors.c" 2> "$tmp/zerr"; rc=$?
pick < "$tmp/zerr" > "$tmp/got"
if [ ! -s "$tmp/want" ]; then
    echo "FAIL cc/gnuc/flex-errors: the host gcc gave no errors"
elif [ $rc -ne 1 ] || [ -e "$tmp/z.o" ]; then
    echo "FAIL cc/gnuc/flex-errors: exit status $rc (want 1, no object)"
elif diff "$tmp/want" "$tmp/got" > "$tmp/d"; then
    echo "PASS cc/gnuc/flex-errors ($(wc -l < "$tmp/want") errors)"
else
    echo "FAIL cc/gnuc/flex-errors: $(grep '^[<>]' "$tmp/d" | head -n 4 | tr '\n' ' ')"
fi

# over-aligned automatic objects (stack slots rounded up within their slack, docs/cc.md
# "Code generation"): tests/cc/progs/gnuc_align_locals.c at the optimisation levels
# progs_test.sh does not use, at each XLEN
prog=$ZL_ROOT/tests/cc/progs/gnuc_align_locals
for opt in -O0 -O2; do
    for m in 128 64 32; do
        name=cc/gnuc/align-locals@m$m$opt
        if ! "$ZLCC" $opt -m$m -o "$tmp/al" "$prog.c" 2> "$tmp/err"; then
            echo "FAIL $name: $(head -n 1 "$tmp/err")"
            continue
        fi
        "$ZLRUN" "$tmp/al" > "$tmp/al.out" 2>&1
        if cmp -s "$tmp/al.out" "$prog.expected"; then echo "PASS $name"
        else echo "FAIL $name: $(cct_first_diff "$prog.expected" "$tmp/al.out")"; fi
    done
done

# a packed bit-field that runs over five bytes does not fit an RV32 register: a located
# "unsupported" error, no object (RV64 and RV128 read it: progs/gnuc_pragma_pack.c)
printf '#pragma pack(1)\nstruct S { int a : 30; int b : 31; };\n#pragma pack()\nint f(struct S *s) { return s->b; }\n' > "$tmp/pk.c"
rm -f "$tmp/pk.o"
"$ZLCC" -m32 -c -o "$tmp/pk.o" "$tmp/pk.c" 2> "$tmp/err"
rc=$?
if [ $rc -eq 1 ] && [ ! -e "$tmp/pk.o" ] && grep -q 'pk.c:2:[0-9]*: error: unsupported: a packed bit-field over 5 bytes' "$tmp/err"; then
    echo "PASS cc/gnuc/pack-straddle-rv32"
else
    echo "FAIL cc/gnuc/pack-straddle-rv32: exit $rc: $(head -n 1 "$tmp/err")"
fi

# malformed #pragma pack: a located warning, as GCC gives, and the pragma ignored
for t in 'pack(' 'pack' 'pack(push' 'pack(3)' 'pack(push,,1)' 'pack(99999999999999)' 'pack(1,2)' 'pack(-1)'; do
    printf '#pragma %s\nstruct S { char a; int b; };\nint s[sizeof(struct S) == 8 ? 1 : -1];\n' "$t" > "$tmp/pw.c"
    if "$ZLCC" -m64 -c -o "$tmp/pw.o" "$tmp/pw.c" 2> "$tmp/err" && grep -q 'pw.c:1:[0-9]*: warning: .*pragma pack\|pw.c:1:[0-9]*: warning: alignment must be' "$tmp/err"; then
        echo "PASS cc/gnuc/pack-malformed/$t"
    else
        echo "FAIL cc/gnuc/pack-malformed/$t: $(head -n 1 "$tmp/err")"
    fi
done
